/** A plain i18next instance with the app's translations, for unit tests (no React). */
import i18next, { type TFunction } from 'i18next';
import en from '../i18n/en.json' with { type: 'json' };
import vi from '../i18n/vi.json' with { type: 'json' };

export async function testT(lang: 'vi' | 'en'): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: lang,
    resources: { vi: { translation: vi }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
  return instance.t.bind(instance);
}
