/**
 * The VAT invoices of a payment request (docs/adr/0068-payment-invoices.md): the body of a create
 * and an update, the record the API answers, and the one computation of an invoice's VAT and
 * total, which the server stores and the screens show. Amounts are exact decimal strings.
 */
import { z } from 'zod';
import {
  amountField,
  isoDate,
  recordMetaSchema,
  requiredRef,
  requiredText,
  versionSchema,
} from './common.schema.ts';
import { einvoiceCheckCodes } from './einvoice.ts';
import { paymentInvoice } from './entities/payment-invoice.entity.ts';
import { entitySchemas } from './entity-schemas.ts';
import { vatRates } from './invoice-vat.ts';

// the rates and the one computation of an invoice's amounts, without zod for the screens' lists
export { invoiceAmounts, type VatRate, vatPercent, vatRates } from './invoice-vat.ts';

/** A rate as sent: "10" or 10, "kct" or "KCT"; anything else is refused as `invalid`. */
const vatRateField = () =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(vatRates, {
      error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'invalid'),
    }),
  );

const fields = {
  /** Mẫu số ("1"). */
  form: requiredText(11),
  /** Ký hiệu ("C26TAA"). */
  symbol: requiredText(20),
  number: requiredText(20),
  /** Not after today in the business calendar: the server checks it (the screens have no clock of theirs). */
  date: isoDate(),
  /** An MST, a branch's or a CCCD (tax-code.ts), as the entity's field reads it. */
  seller_tax_code: entitySchemas(paymentInvoice).input.shape.seller_tax_code,
  amount_before_vat: amountField({ min: 0 }),
  vat_rate: vatRateField(),
  /** Taken, never read: the server computes both (printed invoices may differ by rounding). */
  vat_amount: amountField({ min: 0 }).optional(),
  total: amountField({ min: 0 }).optional(),
};

export const paymentInvoiceInputSchema = z.object({ payment_id: requiredRef(), ...fields });
export type PaymentInvoiceInput = z.infer<typeof paymentInvoiceInputSchema>;
/** An invoice stays on its request: the update names no request. */
export const paymentInvoiceUpdateSchema = z.object({ ...fields, version: versionSchema });

/**
 * The rates an invoice record may hold: the typed ones, and for an invoice read from XML
 * (docs/adr/0092-einvoice-xml-checks.md) `KHAC` (its lines' rates are others, `KHAC:x%`) or `MIXED`
 * (its lines differ); its lines keep their own rates in `einvoice`.
 */
export const invoiceRecordRates = [...vatRates, 'KHAC', 'MIXED'] as const;

const einvoiceCheckSchema = z.object({
  code: z.enum(einvoiceCheckCodes),
  result: z.enum(['pass', 'warn', 'block']),
  vi: z.string(),
  en: z.string(),
  waived: z.object({ by: z.string(), at: z.string(), reason: z.string() }).nullish(),
});

/** An administrator's waiver of one blocking check of an invoice read from XML. */
export const invoiceWaiveSchema = z.object({
  check: z.enum(einvoiceCheckCodes),
  reason: requiredText(500),
  version: versionSchema,
});

export const paymentInvoiceSchema = recordMetaSchema.extend({
  payment_id: z.number(),
  form: z.string(),
  symbol: z.string(),
  number: z.string(),
  date: z.string(),
  seller_tax_code: z.string(),
  amount_before_vat: z.string(),
  vat_rate: z.enum(invoiceRecordRates),
  vat_amount: z.string(),
  total: z.string(),
  /** `xml`: read from an e-invoice, with what it said and its checks; null: typed. */
  source: z.string().nullish(),
  einvoice: z.record(z.string(), z.unknown()).nullish(),
  checks: z.array(einvoiceCheckSchema).nullish(),
});
export type PaymentInvoice = z.infer<typeof paymentInvoiceSchema>;
