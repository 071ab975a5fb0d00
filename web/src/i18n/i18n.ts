/**
 * Vietnamese (default) and English. Only the reader's language is loaded at start: its main file and
 * the contract's words, a chunk each language (docs/adr/0082-first-visit-loads-what-it-shows.md);
 * the app renders once it is there (main.tsx), and switching loads the other before it switches. Keys
 * for an entity follow `resources.<name>.fields.<field>` so generic pages find their labels.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getPreferences } from '../lib/preferences.ts';
import { addLanguage, type Lang } from './add-strings.ts';
import { registerFormats } from './formats.ts';

export type { Lang } from './add-strings.ts';

export const i18n = i18next.createInstance();

const startLanguage: Lang = typeof localStorage === 'undefined' ? 'vi' : getPreferences().langCode;

void i18n.use(initReactI18next).init({
  resources: {},
  lng: startLanguage,
  fallbackLng: 'vi',
  interpolation: { escapeValue: false },
  returnNull: false,
  // the words come from loadLanguage: nothing for i18next to fetch, so it is ready at once
  initAsync: false,
});
registerFormats(i18n);

const mainFiles: Record<Lang, () => Promise<{ default: object }[]>> = {
  vi: () => Promise.all([import('./vi.json'), import('./contract.vi.json')]),
  en: () => Promise.all([import('./en.json'), import('./contract.en.json')]),
};
const loading = new Map<Lang, Promise<void>>();

/** Loads a language's words once (its main files, then whatever the screens added meanwhile). */
export function loadLanguage(lang: Lang): Promise<void> {
  let pending = loading.get(lang);
  if (!pending) {
    pending = mainFiles[lang]().then(
      (files) =>
        addLanguage(
          i18n,
          lang,
          files.map((file) => file.default),
        ),
      (error: unknown) => {
        loading.delete(lang); // a lost chunk: the next attempt fetches it again
        throw error;
      },
    );
    loading.set(lang, pending);
  }
  return pending;
}

/** The start language's words, asked for as the app's script runs; the first render waits for them. */
export const languageReady = loadLanguage(startLanguage);

/**
 * Switches to `lang` once its words are there. Already in it (the app's start, in the reader's
 * language): nothing — i18next would tell every screen's `useTranslation` the language changed, and
 * React would draw the whole first screen a second time, in one blocking task (a phone's first
 * visit of the payment list: ~0.35 s of rendering and ~0.7 s of committing at Lighthouse's 4×).
 */
export async function switchLanguage(lang: Lang): Promise<void> {
  await loadLanguage(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

export const currentLang = (): Lang => (i18n.language === 'en' ? 'en' : 'vi');
