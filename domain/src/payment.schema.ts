/**
 * Payment requests (yêu cầu thanh toán, YCTT) against a contract: the input of the form, the record
 * the API answers, the list query and the workflow calls' bodies. Amounts are exact decimal strings;
 * the server gives `requirement_no` (the next in the contract) and every computed figure.
 */
import { z } from 'zod';
import { paymentStepSchema } from './approval-flow.schema.ts';
import {
  amountField,
  idParam,
  isoDate,
  optionalRef,
  optionalText,
  pagingQuerySchema,
  recordMetaSchema,
  requiredRef,
  requiredText,
  specName,
  versionSchema,
} from './common.schema.ts';
import { contractSummarySchema } from './contract.schema.ts';
import { documentRequirements } from './entities/document-attachment.entity.ts';
import { approvalStatuses, paymentActions } from './payment-workflow.ts';

/**
 * What a payment type means to the rules, by the seeded payment types' codes
 * (`payment_code`, docs/product.md#entities-and-fields): TU advance (tạm ứng), TD progress (theo tiến độ), QT
 * settlement (quyết toán), BH warranty (bảo hành). A type an administrator adds follows the progress rules.
 */
export const paymentKinds = { TU: 'advance', TD: 'progress', QT: 'settlement', BH: 'warranty' } as const;
export type PaymentKind = (typeof paymentKinds)[keyof typeof paymentKinds];
export const paymentKindOf = (code: string | null | undefined): PaymentKind =>
  paymentKinds[(code ?? '').toUpperCase() as keyof typeof paymentKinds] ?? 'progress';

const optionalAmount = () =>
  z.preprocess((v) => (v === '' ? null : v), amountField({ min: 0 }).nullable().optional());

const positiveAmount = () =>
  amountField({ min: 0 }).refine((s) => /[1-9]/.test(s), { error: 'must_be_positive' });

/** Template versions of the printed request (docs/product.md#constants: default v1). */
export const paymentTemplateQuerySchema = z.object({
  template: z
    .string()
    .regex(/^[a-z0-9_-]{1,20}$/i, { error: 'invalid' })
    .default('v1'),
});

const fields = {
  payment_code: requiredText(50),
  transaction_type_id: requiredRef(),
  date: isoDate(),
  amount: positiveAmount(),
  invoice_amount: optionalAmount(),
  settlement_amount: optionalAmount(),
  guarantee_amount: optionalAmount(),
  penalty_amount: optionalAmount(),
  /** The advance this progress or settlement request recovers (tạm ứng thu hồi). */
  advance_recovery: optionalAmount(),
  note: requiredText(2000),
  internal_note: optionalText(2000),
  isPriority: z.boolean().optional(),
  /** SPEC's department and director (head of unit) of the payment form. */
  department_id: specName('department', optionalRef()),
  director_id: specName('director', optionalRef()),
  /** Ids of the document checklist entries the user ticked as attached. */
  attached_documents: z.array(idParam).max(100).optional(),
};

export const paymentInputSchema = z.object({ contract_id: requiredRef(), ...fields });
export type PaymentInput = z.infer<typeof paymentInputSchema>;
/** The contract of a request is fixed at creation: its requirement number belongs to it. */
export const paymentUpdateSchema = z.object({ ...fields, version: versionSchema });

export const paymentSchema = recordMetaSchema.extend({
  /** The request's own number, YCTT-<year>-<6 digits> (docs/adr/0065-request-numbers.md). */
  code: z.string(),
  contract_id: z.number(),
  contract_no: z.string().nullable().optional(),
  construction_id: z.number(),
  construction_code: z.string().nullable().optional(),
  construction_name: z.string().nullable().optional(),
  constructor_id: z.number(),
  constructor_code: z.string().nullable().optional(),
  constructor_name: z.string().nullable().optional(),
  company_id: z.number().nullable(),
  company_name: z.string().nullable().optional(),
  beneficiary_id: z.number().nullable().optional(),
  beneficiary_name: z.string().nullable().optional(),
  contract_value: z.string().nullable().optional(),
  contract_amount_vat: z.string().nullable().optional(),
  requirement_no: z.number(),
  payment_code: z.string(),
  payment_type_name: z.string().nullable().optional(),
  transaction_type_id: z.number(),
  transaction_type_name: z.string().nullable().optional(),
  /** Debt age in days of the transaction type when the request was written. */
  pay_date: z.number(),
  date: z.string(),
  /** date + pay_date: unpaid after this day, the request is overdue. */
  due_date: z.string(),
  overdue: z.boolean().optional(),
  amount: z.string(),
  /** The sum of its payments not reversed: paid (payment_status P) when it reaches the amount. */
  paid_amount: z.string(),
  invoice_amount: z.string().nullable(),
  settlement_amount: z.string().nullable(),
  guarantee_amount: z.string().nullable(),
  penalty_amount: z.string().nullable(),
  advance_recovery: z.string().nullable(),
  note: z.string(),
  internal_note: z.string().nullable(),
  isPriority: z.boolean(),
  department_id: z.number().nullable(),
  department_name: z.string().nullable().optional(),
  director_id: z.number().nullable(),
  director_name: z.string().nullable().optional(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable().optional(),
  user_full_name: z.string().nullable().optional(),
  approval_status: z.enum(approvalStatuses),
  payment_status: z.enum(['O', 'P']),
  template: z.string(),
  attached_documents: z.array(z.number()),
  /**
   * The account the request pays to, copied from the contract's payee when it is sent (null
   * before): shown, printed and carried by its VietQR code from then on.
   */
  bank_id: z.number().nullable(),
  bank_name: z.string().nullable(),
  account_number: z.string().nullable(),
  account_holder: z.string().nullable(),
  /** The holder does not name the contractor as banks print names: a warning (null: not checked). */
  holder_mismatch: z.boolean().nullable(),
  /**
   * The payee's account changed while the request waited or awaited payment: accept and confirm
   * paid answer 422 `payee_changed` until an approver other than `payee_changed_by` confirms it
   * (`PATCH confirm-payee/{id}`). `payee_previous_*` is the account shown before the change.
   */
  payee_hold: z.boolean(),
  payee_changed_at: z.string().nullable(),
  payee_changed_by: z.string().nullable(),
  payee_previous_bank: z.string().nullable(),
  payee_previous_account: z.string().nullable(),
  payee_previous_holder: z.string().nullable(),
  payee_confirmed_at: z.string().nullable(),
  payee_confirmed_by: z.string().nullable(),
  sent_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  decision_note: z.string().nullable(),
  paid_at: z.string().nullable(),
  paid_by: z.string().nullable(),
  /** Those four people by the full name (the login above goes in a tooltip). */
  decided_by_name: z.string().nullable().optional(),
  paid_by_name: z.string().nullable().optional(),
  payee_changed_by_name: z.string().nullable().optional(),
  payee_confirmed_by_name: z.string().nullable().optional(),
  /**
   * The steps it was sent with, in order, as decided, and the number of the one that decides it now
   * (null: none — no approval flow, or not waiting): docs/adr/0084-approval-steps.md.
   */
  steps: z.array(paymentStepSchema).optional(),
  current_step: z.number().nullable().optional(),
  /** The open payment batch it is in, if any (docs/adr/0096-payment-batches-and-bank-files.md). */
  batch_id: z.number().nullable().optional(),
  batch_code: z.string().nullable().optional(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * `status` of the payment lists: the filters of docs/product.md#payment-requests (`over due` spelt with its
 * space).
 */
export const paymentStatusFilters = [
  'all',
  'open',
  'deactive',
  'deleted',
  'unpaid',
  'paid',
  'over due',
  'overdue',
] as const;

const optionalDate = () => z.preprocess((v) => (v === '' ? undefined : v), isoDate().optional());

export const paymentListQuerySchema = pagingQuerySchema.extend({
  status: z.enum(paymentStatusFilters).optional(),
  approvalStatus: z.enum(approvalStatuses).optional(),
  paymentStatus: z.enum(['O', 'P']).optional(),
  contractId: idParam.optional(),
  constructorId: idParam.optional(),
  companyId: idParam.optional(),
  /** Payment date range, inclusive. */
  from: optionalDate(),
  to: optionalDate(),
  /** Due date range, inclusive (the home page's "due this week"). */
  dueFrom: optionalDate(),
  dueTo: optionalDate(),
  /** Approved, partly paid, not paid in full yet (the home page's card). */
  partlyPaid: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .optional(),
});
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

export const paymentDecisionSchema = z.object({ version: versionSchema, note: optionalText(2000) });
export const paymentRejectSchema = z.object({
  version: versionSchema,
  note: requiredText(2000),
});
/**
 * A payment against an accepted request, as the bank made it (POST payments/{id},
 * docs/adr/0066-payments-as-they-happened.md): the day, the amount (at most what remains), the bank's
 * reference (số UNC / số giao dịch), the company account it was paid from (the company's default
 * when left out) and a note.
 */
export const payoutInputSchema = z.object({
  version: versionSchema,
  paid_date: isoDate(),
  amount: positiveAmount(),
  bank_reference: requiredText(50),
  company_bank_account_id: optionalRef(),
  note: optionalText(2000),
});
export type PayoutInput = z.infer<typeof payoutInputSchema>;
/** require-paid: one payment of what remains, today unless told, with the same optional fields. */
export const requirePaidSchema = z.object({
  version: versionSchema,
  paid_date: isoDate().optional(),
  bank_reference: optionalText(50),
  company_bank_account_id: optionalRef(),
  note: optionalText(2000),
});
/** A payment reversed, with why (by someone other than who recorded it). */
export const payoutReverseSchema = z.object({ reason: requiredText(2000) });
export const payoutSchema = z.object({
  id: z.number(),
  payment_id: z.number(),
  paid_date: z.string(),
  amount: z.string(),
  bank_reference: z.string(),
  company_bank_account_id: z.number().nullable(),
  /** The account paid from, as its bank and number read. */
  company_bank_account: z.string().nullable(),
  note: z.string().nullable(),
  recorded_at: z.string(),
  recorded_by: z.string(),
  recorded_by_id: z.number(),
  reversed_at: z.string().nullable(),
  reversed_by: z.string().nullable(),
  reverse_reason: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const paymentBulkSchema = z.object({
  items: z
    .array(z.object({ id: idParam, version: versionSchema }))
    .min(1)
    .max(200),
  note: optionalText(2000),
});
export const paymentBulkResultSchema = z.array(
  z.object({
    id: z.number(),
    ok: z.boolean(),
    status: z.number(),
    code: z.string().optional(),
    message: z.string().optional(),
    /** Which rule refused this row, and its values: the screens say it in the user's language. */
    reason: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    version: z.number().optional(),
  }),
);

/** A contract's money as payment requests see it: the summary plus the advance and warranty. */
export const paymentContractStatusSchema = z.object({
  contract_id: z.number(),
  summary: contractSummarySchema,
  /** Advances requested (live) minus what progress and settlement requests recovered. */
  advance_requested: z.string(),
  advance_recovered: z.string(),
  advance_outstanding: z.string(),
  /**
   * Warranty retention held back, what warranty requests already ask of it, and from when (bank
   * guarantees withhold nothing: docs/adr/0069-retention-apart-from-bank-guarantees.md).
   */
  retention_amount: z.string(),
  retention_requested: z.string(),
  retention_remaining: z.string(),
  retention_release_date: z.string().nullable(),
  next_requirement_no: z.number(),
  can_request: z.boolean(),
  reasons: z.array(z.object({ code: z.string(), message: z.string() })),
});
export type PaymentContractStatus = z.infer<typeof paymentContractStatusSchema>;

export const paymentStatusSchema = z.object({
  id: z.number(),
  contract_id: z.number(),
  requirement_no: z.number(),
  approval_status: z.enum(approvalStatuses),
  payment_status: z.enum(['O', 'P']),
  status: z.string(),
  version: z.number(),
  amount: z.string(),
  overdue: z.boolean(),
  /** What the caller may do now (a confirmation precedes each: docs/product.md#screens-and-routes). */
  moves: z.array(z.enum(paymentActions)),
  contract: paymentContractStatusSchema,
});

export const paymentHistorySchema = z.object({
  id: z.number(),
  payment_id: z.number(),
  /** The request's number (YCTT-…). */
  code: z.string().nullable().optional(),
  requirement_no: z.number().nullable().optional(),
  contract_no: z.string().nullable().optional(),
  construction_name: z.string().nullable().optional(),
  action: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  note: z.string().nullable(),
  user_name: z.string().nullable(),
  /** Who, by the full name. */
  user_full_name: z.string().nullable().optional(),
  at: z.string(),
  /** A decision's step, and whom a delegate made it for ("X thay Y": docs/adr/0085-delegation.md). */
  step_no: z.number().nullable().optional(),
  step_name: z.string().nullable().optional(),
  on_behalf_of: z.string().nullable().optional(),
  on_behalf_of_name: z.string().nullable().optional(),
});
export type PaymentHistory = z.infer<typeof paymentHistorySchema>;

/**
 * One document of a request's checklist (docs/adr/0094-required-documents.md): `attached` when a
 * file of the request names its code, `received` when ticked on paper, else `missing`; `attached`
 * (the boolean) is true for either of the first two.
 */
export const documentChecklistItemSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.string(),
  quantity: z.number(),
  requirement: z.enum(documentRequirements),
  state: z.enum(['attached', 'received', 'missing']),
  attached: z.boolean(),
  files: z.array(z.object({ id: z.number(), file_name: z.string() })),
  received_by: z.string().nullable(),
  received_at: z.string().nullable(),
});

/** GET /payment-transaction/vietqr/{id}: the transfer code of an accepted, unpaid request. */
export const paymentVietQrSchema = z.object({
  /** The EMVCo text the code holds (domain/src/vietqr.ts). */
  payload: z.string(),
  /** The code as a PNG data URL, ready for an <img>. */
  png: z.string(),
  content: z.string(),
  bin: z.string(),
  bank_name: z.string().nullable(),
  account_number: z.string(),
  account_holder: z.string().nullable(),
  amount: z.string(),
});
export type PaymentVietQr = z.infer<typeof paymentVietQrSchema>;
