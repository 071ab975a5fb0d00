/**
 * The report screens' strings (`i18n/report.vi|en.json`), kept out of the first bundle
 * (docs/product.md#performance-budgets: 300 KB): every module of those screens imports this file, which adds
 * them to i18next before the screen renders — as `payment-strings.ts` does. The home page's few strings are
 * in vi.json / en.json.
 */
import { addStringFiles } from './add-strings.ts';
import { i18n } from './i18n.ts';
import en from './report.en.json';
import vi from './report.vi.json';

addStringFiles(i18n, { vi, en });

export const reportStringsLoaded = true;
