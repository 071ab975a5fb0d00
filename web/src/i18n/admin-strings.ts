/**
 * The users, access history, ability and profile screens' strings (`i18n/admin.vi|en.json`), kept out
 * of the first bundle (docs/product.md#performance-budgets: 300 KB): every module of those screens imports
 * this file, which adds them to i18next before the screen renders — as `payment-strings.ts` does for
 * payments.
 */

import { addStringFiles } from './add-strings.ts';
import en from './admin.en.json';
import vi from './admin.vi.json';
import { i18n } from './i18n.ts';

addStringFiles(i18n, { vi, en });

export const adminStringsLoaded = true;
