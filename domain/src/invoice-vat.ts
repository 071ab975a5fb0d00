/**
 * An invoice's VAT (docs/adr/0068-payment-invoices.md): the rates it is printed with and the one
 * computation of its VAT and total, which the server stores and the screens show. Without zod, so
 * that a screen shows an invoice's amounts without loading the schemas
 * (docs/adr/0114-schemas-loaded-with-the-form.md); `payment-invoice.schema.ts` reads a body with
 * these.
 */
import { paymentInvoice } from './entities/payment-invoice.entity.ts';
import { withVat } from './money.ts';

/**
 * The rates an invoice is printed with: a percentage, or KCT (không chịu thuế: not subject to VAT)
 * and KKKNT (không kê khai, nộp thuế: not declared or paid), which charge none.
 */
export const vatRates = paymentInvoice.fields.vat_rate.choices;
export type VatRate = (typeof vatRates)[number];

/** The percentage a rate charges. */
export const vatPercent = (rate: VatRate): string => (/^\d+$/.test(rate) ? rate : '0');

/**
 * An invoice's VAT, rounded to the whole đồng half away from zero (money.ts), and its total: what
 * the server stores whatever the client sent.
 */
export function invoiceAmounts(amountBeforeVat: string, rate: VatRate) {
  const { vat_amount, amount_vat } = withVat(amountBeforeVat, vatPercent(rate));
  return { vat_amount, total: amount_vat };
}
