/**
 * Vietnamese (default) and English, bundled: both files are small and switching must be instant.
 * Keys for an entity follow `resources.<name>.fields.<field>` so generic pages find their labels.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getPreferences } from '../lib/preferences.ts';
import contractEn from './contract.en.json';
import contractVi from './contract.vi.json';
import en from './en.json';
import { addEntityStrings } from './entity-strings.ts';
import { registerFormats } from './formats.ts';
import vi from './vi.json';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { vi: { translation: vi }, en: { translation: en } },
  lng: typeof localStorage === 'undefined' ? 'vi' : getPreferences().langCode,
  fallbackLng: 'vi',
  interpolation: { escapeValue: false },
  returnNull: false,
  // resources are bundled: be ready at once, so a notice raised during the first load is translated
  initAsync: false,
});
registerFormats(i18n);

// An area's strings may live in their own files, merged in deep; the main files win on a clash.
for (const [lng, extra] of [
  ['vi', contractVi],
  ['en', contractEn],
] as const)
  i18n.addResourceBundle(lng, 'translation', extra, true, false);
addEntityStrings(i18n);

export type Lang = 'vi' | 'en';
export const currentLang = (): Lang => (i18n.language === 'en' ? 'en' : 'vi');
