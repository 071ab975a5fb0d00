/**
 * Reports (docs/product.md#screens-and-routes, docs/product.md#reports-and-exports): one filter set for every
 * report, and the shapes they answer. Amounts are exact decimal strings summed in SQL.
 */
import { z } from 'zod';
import { constructionSelector, idParam, wholeNumber } from './common.schema.ts';

const optionalId = z.preprocess((v) => (v === '' ? undefined : v), idParam.optional());

export const reportQuerySchema = z
  .object({
    /** A date range: payment date for payments, signing date for contracts (ISO, inclusive). */
    from: z.iso.date({ error: 'invalid_date' }).optional(),
    to: z.iso.date({ error: 'invalid_date' }).optional(),
    companyId: optionalId,
    projectId: optionalId,
    /** The top bar's selector; -1 (or absent) is every construction the user may see. */
    constructionId: z.preprocess(
      (v) => (v === '' || v === undefined ? undefined : v),
      constructionSelector.optional(),
    ),
    constructorId: optionalId,
    contractTypeId: optionalId,
    /** highest / smallest: how many contracts. */
    limit: wholeNumber({ min: 1, max: 100 }).optional(),
    /** xlsx: the report as an Excel workbook (its tables, with totals) instead of JSON. */
    format: z.enum(['json', 'xlsx']).optional(),
    /** The workbook's language (else Accept-Language, else Vietnamese). */
    lang: z.enum(['vi', 'en']).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: 'before_from' });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const money = z.string();
const figures = {
  requested: money,
  requested_count: z.number(),
  approved: money,
  approved_count: z.number(),
  paid: money,
  paid_count: z.number(),
  unpaid: money,
  unpaid_count: z.number(),
  overdue: money,
  overdue_count: z.number(),
};
export const paymentFiguresSchema = z.object(figures);
/** The money paid out in the period, by the day it was paid: payments not reversed. */
const paidOut = { paid_out: money, paid_out_count: z.number() };
export type PaymentFigures = z.infer<typeof paymentFiguresSchema>;

export const paymentReportSchema = z.object({
  rows: z.array(
    z.object({
      construction_id: z.number(),
      construction_code: z.string(),
      construction_name: z.string(),
      ...figures,
    }),
  ),
  /**
   * Per month: the requests' figures by their payment date, and `paid_out` — the money paid out that
   * month by the day the bank paid it (the payments not reversed).
   */
  months: z.array(z.object({ month: z.string(), ...figures, ...paidOut })),
  totals: paymentFiguresSchema.extend(paidOut),
});

const contractFigures = {
  contracts: z.number(),
  contract_value: money,
  paid: money,
  remaining: money,
  overdue: money,
  overdue_count: z.number(),
};
export const contractFiguresSchema = z.object(contractFigures);

export const constructorReportSchema = z.object({
  rows: z.array(
    z.object({
      constructor_id: z.number(),
      constructor_code: z.string(),
      constructor_name: z.string(),
      ...contractFigures,
    }),
  ),
  /** With constructorId: that contractor across its constructions. */
  constructions: z.array(
    z.object({
      construction_id: z.number(),
      construction_code: z.string(),
      construction_name: z.string(),
      ...contractFigures,
    }),
  ),
  totals: contractFiguresSchema,
});

export const constructionReportSchema = z.object({
  rows: z.array(
    z.object({
      construction_id: z.number(),
      construction_code: z.string(),
      construction_name: z.string(),
      ...contractFigures,
    }),
  ),
  by_type: z.array(
    z.object({ contract_type_id: z.number(), contract_type_name: z.string(), ...contractFigures }),
  ),
  /** With constructionId: its contracts and its payments month by month. */
  contracts: z.array(
    z.object({
      contract_id: z.number(),
      contract_no: z.string(),
      constructor_name: z.string(),
      signed_date: z.string(),
      ...contractFigures,
    }),
  ),
  months: z.array(z.object({ month: z.string(), ...figures })),
  totals: contractFiguresSchema,
});

export const contractCountSchema = z.object({
  total: z.number(),
  by_status: z.array(z.object({ status: z.string(), count: z.number(), value: money })),
  by_type: z.array(
    z.object({
      contract_type_id: z.number(),
      contract_type_name: z.string(),
      count: z.number(),
      value: money,
    }),
  ),
});
export const contractAnnexCountSchema = z.object({
  contracts: z.number(),
  contracts_with_annexes: z.number(),
  annexes: z.number(),
  annex_value: money,
  increases: z.number(),
  decreases: z.number(),
});
export const contractRankSchema = z.array(
  z.object({
    id: z.number(),
    contract_no: z.string(),
    construction_name: z.string(),
    constructor_name: z.string(),
    signed_date: z.string(),
    contract_value: money,
  }),
);
/** Value buckets in đồng: below 100 M, 100 M – 1 B, 1 – 10 B, 10 B and above. */
export const VALUE_BUCKETS = [
  { key: 'lt_100m', from: null, to: '100000000' },
  { key: '100m_1b', from: '100000000', to: '1000000000' },
  { key: '1b_10b', from: '1000000000', to: '10000000000' },
  { key: 'gte_10b', from: '10000000000', to: null },
] as const;
export const amountDistributionSchema = z.array(
  z.object({
    key: z.string(),
    from: money.nullable(),
    to: money.nullable(),
    count: z.number(),
    value: money,
  }),
);

const countAmount = z.object({ count: z.number(), amount: money });
/** The home page (/about-me): what the user must act on now, and the selected construction's totals. */
export const homeSchema = z.object({
  /** Requests waiting for this user's decision (null: the user decides none). */
  waiting: countAmount.nullable(),
  /** This user's own requests that were rejected and wait to be corrected or withdrawn. */
  rejected: countAmount,
  /** This user's own requests waiting for a decision. */
  mine_waiting: countAmount,
  /**
   * For those who pay (null otherwise): approved requests not paid in full, and of those the partly
   * paid ones; their amount is what remains to pay.
   */
  to_pay: countAmount.nullable(),
  partly_paid: countAmount.nullable(),
  overdue: countAmount,
  /** Unpaid requests falling due this week (Monday to Sunday). */
  due_this_week: countAmount.extend({ from: z.string(), to: z.string() }),
  totals: z.object({
    contracts: z.number(),
    contract_value: money,
    requested: money,
    paid: money,
    remaining: money,
  }),
});
