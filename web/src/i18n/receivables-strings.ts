/**
 * The receivables screens' strings (`i18n/receivables.vi|en.json`: customers, their credits, bills
 * and receipts, support tickets, the mail list), kept out of the first bundle
 * (docs/product.md#performance-budgets: 300 KB): each of those resource descriptions and feature modules
 * imports this file, which adds them to i18next before the screen renders — as `payment-strings.ts` does. The
 * statistics dashboard's strings are the reports' (`report.receivables.*`).
 */
import { billing } from '@sitepay/domain/entities/billing.entity';
import { customer } from '@sitepay/domain/entities/customer.entity';
import { ticket } from '@sitepay/domain/entities/ticket.entity';
import { addStringFiles } from './add-strings.ts';
import { addDescribedStrings } from './entity-strings.ts';
import { i18n } from './i18n.ts';
import en from './receivables.en.json';
import vi from './receivables.vi.json';

addStringFiles(i18n, { vi, en });
// the records' field labels, choices and hints, from their descriptions
addDescribedStrings(i18n, [customer, billing, ticket]);

export const receivablesStringsLoaded = true;
