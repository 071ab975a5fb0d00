/**
 * The words of the server's refusals (`errors.reasons.<reason>`, reasons.vi|en.json), fetched the
 * first time a refusal arrives rather than with the first bundle (docs/product.md#performance-budgets: 300
 * KB): the API client waits for them before it tells the user, so a refusal is never shown in English for
 * want of its words. Every reason the server sends has words in both files (reasons.test.ts).
 */
import { addStringFiles } from './add-strings.ts';
import { i18n } from './i18n.ts';

let loading: Promise<void> | null = null;

export function loadReasonStrings(): Promise<void> {
  loading ??= Promise.all([import('./reasons.vi.json'), import('./reasons.en.json')]).then(
    ([vi, en]) => {
      addStringFiles(i18n, { vi: vi.default, en: en.default });
    },
    (error: unknown) => {
      loading = null; // a lost chunk: try again with the next refusal
      throw error;
    },
  );
  return loading;
}
