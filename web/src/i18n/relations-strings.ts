/**
 * The words of the view pages' relation sections (a company's projects and constructions, a
 * construction's contracts and payment requests, a contractor's contracts): `relations.vi|en.json`,
 * added by the descriptions that show them, out of the first bundle (docs/product.md#performance-budgets) —
 * as `system-strings.ts` does.
 */
import { addStringFiles } from './add-strings.ts';
import { i18n } from './i18n.ts';
import en from './relations.en.json';
import vi from './relations.vi.json';

addStringFiles(i18n, { vi, en });

export const relationStringsLoaded = true;
