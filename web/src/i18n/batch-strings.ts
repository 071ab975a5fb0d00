/**
 * The payment batch, bank file template and statement screens' strings (`i18n/batch.vi|en.json`,
 * issue 34), kept out of the first bundle: every module of those screens imports this file.
 */
import { addStringFiles } from './add-strings.ts';
import en from './batch.en.json';
import vi from './batch.vi.json';
import { i18n } from './i18n.ts';

addStringFiles(i18n, { vi, en });

export const batchStringsLoaded = true;
