/**
 * A plain i18next instance with the app's translations, for unit tests (no React): the main files,
 * and those the app adds as they are needed (contract strings, refusals), so a test does not depend
 * on what another test happened to import.
 */
import i18next, { type TFunction } from 'i18next';
import { addStringFiles } from '../i18n/add-strings.ts';
import contractEn from '../i18n/contract.en.json' with { type: 'json' };
import contractVi from '../i18n/contract.vi.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { addEntityStrings } from '../i18n/entity-strings.ts';
import { registerFormats } from '../i18n/formats.ts';
import reasonsEn from '../i18n/reasons.en.json' with { type: 'json' };
import reasonsVi from '../i18n/reasons.vi.json' with { type: 'json' };
import vi from '../i18n/vi.json' with { type: 'json' };

export async function testT(lang: 'vi' | 'en'): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: lang,
    resources: { vi: { translation: structuredClone(vi) }, en: { translation: structuredClone(en) } },
    interpolation: { escapeValue: false },
  });
  registerFormats(instance);
  addStringFiles(instance, { vi: contractVi, en: contractEn });
  addStringFiles(instance, { vi: reasonsVi, en: reasonsEn });
  addEntityStrings(instance);
  return instance.t.bind(instance);
}

/**
 * The app's own instance with the words a signed-in screen has: both languages' main files (the app
 * loads the reader's at start, the other on a switch) and the entities' words (the signed-in routes
 * add them).
 */
export async function appWords() {
  const { i18n, loadLanguage } = await import('../i18n/i18n.ts');
  await Promise.all([loadLanguage('vi'), loadLanguage('en')]);
  addEntityStrings(i18n);
  return i18n;
}
