/**
 * The one way a string file joins the app's words. i18next's own deep merge (`addResourceBundle(…,
 * deep)`) silently leaves out a key named `constructor` (its guard against prototype pollution), and
 * `constructor` is an entity's name: the contractor page's own texts
 * (`resources.constructor.related.contracts.title`) showed as raw keys. Every string file is added
 * here, and what the merge left out is copied in afterwards; the words already there win on a clash,
 * as with the merge (the main files win).
 */
import type { i18n as I18n } from 'i18next';

export type Tree = { [key: string]: string | Tree };

/** Copies into `target` what it does not say yet, level by level (own keys only, `constructor` too). */
export function fillIn(target: Tree, source: Tree) {
  for (const [key, value] of Object.entries(source)) {
    const here = Object.hasOwn(target, key) ? target[key] : undefined;
    if (here === undefined) target[key] = typeof value === 'string' ? value : structuredClone(value);
    else if (typeof here !== 'string' && typeof value !== 'string') fillIn(here, value);
  }
}

/** Adds `strings` to `lang`'s words (a copy: the imported file is never written into). */
export function addStrings(i18n: I18n, lang: 'vi' | 'en', strings: object) {
  const copy = structuredClone(strings) as Tree;
  i18n.addResourceBundle(lang, 'translation', copy, true, false);
  fillIn(i18n.getResourceBundle(lang, 'translation') as Tree, copy);
}

export const LANGUAGES = ['vi', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];
type Contribution = (lang: Lang) => void;
const contributions = new WeakMap<I18n, Contribution[]>();

/**
 * Words beyond a language's main files: added at once to each language whose words are there, and
 * kept, so that a language loaded later gets them too, after its main files and in the order they
 * came — its words are then what they would have been had it been loaded first
 * (docs/adr/0082-first-visit-loads-what-it-shows.md: only the reader's language is loaded at start).
 */
export function contribute(i18n: I18n, add: Contribution) {
  const list = contributions.get(i18n) ?? [];
  contributions.set(i18n, list);
  list.push(add);
  for (const lang of LANGUAGES) if (i18n.hasResourceBundle(lang, 'translation')) add(lang);
}

/** A language's main files: they first (they win on a clash), then every contribution so far. */
export function addLanguage(i18n: I18n, lang: Lang, files: object[]) {
  for (const file of files) addStrings(i18n, lang, file);
  for (const add of contributions.get(i18n) ?? []) add(lang);
}

/** Adds a string file's two languages (each when it is loaded). */
export function addStringFiles(i18n: I18n, files: { vi: object; en: object }) {
  contribute(i18n, (lang) => addStrings(i18n, lang, files[lang]));
}
