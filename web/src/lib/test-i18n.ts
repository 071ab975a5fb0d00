/**
 * A plain i18next instance with the app's translations, for unit tests (no React): the main files,
 * and those the app adds as they are needed (contract strings, refusals), so a test does not depend
 * on what another test happened to import.
 */
import i18next, { type TFunction } from 'i18next';
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
  // copies: i18next merges into the objects it is given, and the imported files are shared
  for (const [lng, extra] of [
    ['vi', contractVi],
    ['en', contractEn],
    ['vi', reasonsVi],
    ['en', reasonsEn],
  ] as const)
    instance.addResourceBundle(lng, 'translation', structuredClone(extra), true, false);
  addEntityStrings(instance);
  return instance.t.bind(instance);
}
