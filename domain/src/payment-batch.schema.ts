/**
 * Payment batches (lệnh chi), the bank's file out and the statement back (issue 34;
 * docs/adr/0096-payment-batches-and-bank-files.md, docs/adr/0097-statement-matching.md): the bodies
 * and the answers of /api/payment-batch/* and /api/admin/setting/bank-file-template/*.
 */
import { z } from 'zod';
import {
  amountField,
  idParam,
  optionalRef,
  optionalText,
  pagingQuerySchema,
  requiredRef,
  requiredText,
  versionSchema,
  wholeNumber,
} from './common.schema.ts';

const positiveAmount = () =>
  amountField({ min: 0 }).refine((s) => /[1-9]/.test(s), { error: 'must_be_positive' });

/** O made, A approved, P every line paid, C cancelled. */
export const batchStates = ['O', 'A', 'P', 'C'] as const;
export type BatchState = (typeof batchStates)[number];

/** A batch holds at most this many lines (a bank's bulk file takes a few hundred). */
export const MAX_BATCH_LINES = 500;

export const batchCreateSchema = z.object({
  company_bank_account_id: requiredRef(),
  note: optionalText(500),
  items: z
    .array(z.object({ payment_id: idParam, amount: positiveAmount() }))
    .min(1, { error: 'required' })
    .max(MAX_BATCH_LINES, { error: 'too_many' }),
});
export type BatchCreate = z.infer<typeof batchCreateSchema>;

export const batchLineSchema = z.object({
  id: z.number(),
  line_no: z.number(),
  payment_id: z.number(),
  /** The request's number (YCTT-…). */
  payment_code: z.string(),
  amount: z.string(),
  paid_amount: z.string(),
  paid: z.boolean(),
  /** What remains to pay of the request now. */
  remaining: z.string(),
  payment_status: z.string(),
  constructor_name: z.string().nullable(),
  /** The payee's account, as frozen when the request was sent. */
  bank_name: z.string().nullable(),
  account_number: z.string().nullable(),
  account_holder: z.string().nullable(),
});

export const batchSchema = z.object({
  id: z.number(),
  code: z.string(),
  company_id: z.number().nullable(),
  company_name: z.string().nullable(),
  company_bank_account_id: z.number(),
  /** The account paid from, as its bank and number read. */
  company_bank_account: z.string().nullable(),
  state: z.enum(batchStates),
  total: z.string(),
  line_count: z.number(),
  note: z.string().nullable(),
  version: z.number(),
  created_at: z.string(),
  created_by: z.string(),
  created_by_id: z.number(),
  approved_at: z.string().nullable(),
  approved_by: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancelled_by: z.string().nullable(),
  lines: z.array(batchLineSchema).optional(),
});
export type Batch = z.infer<typeof batchSchema>;

export const batchListQuerySchema = pagingQuerySchema.pick({ page: true, itemsPerPage: true }).extend({
  state: z.enum(batchStates).optional(),
  companyBankAccountId: optionalRef(),
});

export const batchVersionSchema = z.object({ version: versionSchema });

// ---------------------------------------------------------------- the bank's file

/** What a column of the bank's file holds. */
export const bankFileFields = [
  'payee_account',
  'payee_name',
  'bank_bin',
  'bank_name',
  'branch',
  'amount',
  'content',
  'request_code',
  'date',
] as const;
export type BankFileField = (typeof bankFileFields)[number];

/** Date formats a bank's file may want. */
export const bankDateFormats = ['DD/MM/YYYY', 'YYYY-MM-DD', 'DDMMYYYY', 'YYYYMMDD', 'DD-MM-YYYY'] as const;

export const bankFileColumnSchema = z.object({
  field: z.enum(bankFileFields),
  header: requiredText(100),
  /** Amount: a number cell, or text of digits (some portals refuse numbers). */
  amount_as: z.enum(['number', 'text']).optional(),
  date_format: z.enum(bankDateFormats).optional(),
  /** Upper case without diacritics, as banks print names ("CONG TY TNHH AN PHAT"). */
  upper_ascii: z.boolean().optional(),
  /** Cut to this many characters (the bank's length of a transfer's content). */
  max_length: wholeNumber({ min: 1, max: 1000 }).optional(),
});
export type BankFileColumn = z.infer<typeof bankFileColumnSchema>;

const templateFields = {
  code: requiredText(50),
  name: requiredText(255),
  bank_id: optionalRef(),
  file_type: z.enum(['xlsx', 'csv']),
  sheet_name: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string()
      .min(1, { error: 'required' })
      .max(31, { error: 'too_long' })
      // Excel refuses these in a sheet's name
      .regex(/^[^\\/?*[\]:]+$/, { error: 'invalid_format' }),
  ),
  /** Lines above the header row (the bank's title, the company's name): one cell each. */
  header_rows: z.array(z.string().max(255)).max(10),
  columns: z.array(bankFileColumnSchema).min(1, { error: 'required' }).max(30),
  is_default: z.boolean().optional(),
};

export const bankFileTemplateInputSchema = z.object(templateFields);
export const bankFileTemplateUpdateSchema = bankFileTemplateInputSchema
  .partial()
  .extend({ version: versionSchema });

export const bankFileTemplateSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  bank_id: z.number().nullable(),
  bank_name: z.string().nullable(),
  file_type: z.enum(['xlsx', 'csv']),
  sheet_name: z.string(),
  header_rows: z.array(z.string()),
  columns: z.array(
    z.object({
      field: z.enum(bankFileFields),
      header: z.string(),
      amount_as: z.enum(['number', 'text']).optional(),
      date_format: z.enum(bankDateFormats).optional(),
      upper_ascii: z.boolean().optional(),
      max_length: z.number().optional(),
    }),
  ),
  is_default: z.boolean(),
  status: z.string(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BankFileTemplate = z.infer<typeof bankFileTemplateSchema>;

/** The template's preview: its header rows, the columns' headers and two example rows, as written. */
export const bankFilePreviewSchema = z.object({
  header_rows: z.array(z.string()),
  headers: z.array(z.string()),
  rows: z.array(z.array(z.union([z.string(), z.number()]))),
});

export const batchExportQuerySchema = z.object({
  template: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,50}$/, { error: 'invalid' })
    .optional(),
});

// ---------------------------------------------------------------- the statement back

export const statementMappingSchema = z.object({
  date_header: requiredText(100),
  reference_header: requiredText(100),
  debit_header: requiredText(100),
  content_header: requiredText(100),
});
export const statementMappingAnswerSchema = z.object({
  date_header: z.string(),
  reference_header: z.string(),
  debit_header: z.string(),
  content_header: z.string(),
  bank_id: z.number(),
  /** False: the generic headers, no mapping saved for this bank. */
  saved: z.boolean(),
});

/** M matched (a payment recorded from it), U unmatched, X dismissed. */
export const statementLineStates = ['M', 'U', 'X'] as const;

export const statementLineSchema = z.object({
  id: z.number(),
  company_bank_account_id: z.number(),
  line_date: z.string(),
  reference: z.string(),
  amount: z.string(),
  content: z.string(),
  state: z.enum(statementLineStates),
  /** Why it is unmatched: `no_code`, `no_batch_line`, `amount_differs`, or the payment's refusal. */
  reason: z.string().nullable(),
  batch_line_id: z.number().nullable(),
  payout_id: z.number().nullable(),
  /** The request the line names or paid, when one is found. */
  payment_id: z.number().nullable(),
  payment_code: z.string().nullable(),
  imported_at: z.string(),
  imported_by: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
  note: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementImportSchema = z.object({
  /** Debit lines read from the file. */
  read: z.number(),
  /** Lines known already (the same statement again): nothing recorded for them. */
  known: z.number(),
  matched: z.number(),
  unmatched: z.number(),
  lines: z.array(statementLineSchema),
});

export const statementLineQuerySchema = z.object({
  state: z.enum(statementLineStates).optional(),
});

/** A person matches an unmatched line to a batch line: the line's amount is recorded on its request. */
export const statementMatchSchema = z.object({ batch_line_id: idParam });
export const statementDismissSchema = z.object({ note: requiredText(500) });

export const statementAccountParamsSchema = z.object({ companyBankAccountId: idParam });
export const bankParamsSchema = z.object({ bankId: idParam });
