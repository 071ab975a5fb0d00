/**
 * The payment screens' strings (payment requests, the approval queue, the workflow history), kept
 * out of the first bundle, with the request's field labels from its description: every module of
 * those screens imports this file, which adds them to i18next before the screen renders. The few
 * strings the first bundle needs (the top bar's queue badge, approval and payment status labels)
 * live in vi.json / en.json.
 */
import { payment } from '@sitepay/domain/entities/payment.entity';
import { paymentInvoice } from '@sitepay/domain/entities/payment-invoice.entity';
import { payout } from '@sitepay/domain/entities/payout.entity';
import { addStringFiles } from './add-strings.ts';
import { addDescribedStrings } from './entity-strings.ts';
import { i18n } from './i18n.ts';
import en from './payment.en.json';
import vi from './payment.vi.json';

addStringFiles(i18n, { vi, en });
// the request's, its payments' and its invoices' field labels and choices, from their descriptions;
// the approval queue lists requests under the same words (its own name stays in payment.*.json)
addDescribedStrings(i18n, [payment, payout, paymentInvoice, { ...payment, name: 'approval' }]);

export const paymentStringsLoaded = true;
