/**
 * Receivables (issue 16, docs/receivables.md): the customers the company bills (the owners and
 * investors of its constructions), their credit notes and limits, the bills with their receipts,
 * support tickets, and the statistics. Amounts are exact decimal strings; the server computes VAT,
 * totals, what is paid, credited and remaining, and a bill's state.
 */
import { z } from 'zod';
import {
  amountField,
  constructionSelector,
  idParam,
  isoDate,
  optionalEmail,
  optionalRef,
  optionalText,
  pagingQuerySchema,
  phoneField,
  rateField,
  recordMetaSchema,
  requiredRef,
  requiredText,
  specName,
  versionSchema,
} from './common.schema.ts';
import { billingStates, vatRates } from './entities/billing.entity.ts';
import { customer } from './entities/customer.entity.ts';
import { ticketPriorities, ticketStates } from './entities/ticket.entity.ts';
import { entitySchemas } from './entity-schemas.ts';

const positiveAmount = () =>
  amountField({ min: 0 }).refine((s) => /[1-9]/.test(s), { error: 'must_be_positive' });
const optionalDate = () => z.preprocess((v) => (v === '' ? undefined : v), isoDate().optional());

// ---------------------------------------------------------------- customers

const customerFields = entitySchemas(customer);

export const customerInputSchema = z.object({
  code: requiredText(50),
  name: requiredText(255),
  /** An MST, a branch's or a CCCD (tax-code.ts), as the entity's field reads it. */
  tax_code: customerFields.input.shape.tax_code,
  address: optionalText(500),
  contact_person: optionalText(255),
  phone: phoneField(false, 30),
  email: optionalEmail(),
  /** The constructions it owns (chủ đầu tư); a construction has at most one customer. */
  construction_ids: z.array(idParam).max(500).optional(),
  /**
   * The company it belongs to; left out: the company of its first construction, else the
   * registering user's. An accountant may name only a company of his scope.
   */
  company_id: optionalRef(),
});
/** A stored tax code that fails may be sent back unchanged: the server checks a changed one (formatErrors). */
export const customerUpdateSchema = customerInputSchema.extend({
  tax_code: customerFields.update.shape.tax_code,
  version: versionSchema,
});

export const customerSchema = recordMetaSchema.extend({
  code: z.string(),
  name: z.string(),
  tax_code: z.string().nullable(),
  address: z.string().nullable(),
  contact_person: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  company_id: z.number().nullable(),
  /** The owning company's name (null: an administrator's record of no company). */
  company_name: z.string().nullable().optional(),
  construction_ids: z.array(z.number()),
  constructions: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  /** Over its live bills the caller may see. */
  billed_total: z.string(),
  received_total: z.string(),
  /** billed − received − credit notes (applied or not): negative when the customer is in credit. */
  outstanding: z.string(),
  /** The latest credit limit (kind 'limit'), null without one. */
  credit_limit: z.string().nullable().optional(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerListQuerySchema = z.object({
  constructionId: constructionSelector.optional(),
});

export const customerHistorySchema = z.object({
  changes: z.array(
    z.object({
      id: z.number(),
      action: z.string(),
      changes: z.record(
        z.string(),
        z.object({
          old: z.unknown(),
          new: z.unknown(),
          old_label: z.string().nullable().optional(),
          new_label: z.string().nullable().optional(),
        }),
      ),
      user_name: z.string().nullable(),
      at: z.string(),
    }),
  ),
  billing: z.array(
    z.object({
      at: z.string(),
      kind: z.enum(['bill', 'receipt', 'credit']),
      billing_id: z.number().nullable(),
      number: z.string().nullable(),
      amount: z.string(),
      note: z.string().nullable(),
      user_name: z.string().nullable(),
    }),
  ),
});

// ---------------------------------------------------------------- credit

export const creditKinds = ['note', 'limit'] as const;
const creditFields = {
  kind: z.enum(creditKinds),
  amount: positiveAmount(),
  reason: requiredText(1000),
  credit_date: isoDate(),
  reference: optionalText(100),
};
export const creditInputSchema = z.object({
  customer_id: requiredRef(),
  /** SPEC's billingId: the bill a credit note belongs to (given at creation only). */
  billing_id: specName('billingId', optionalRef()),
  ...creditFields,
});
/**
 * The update carries no billingId, id or rowNumber (docs/product.md#history-customers-and-support):
 * they come from the path and the row.
 */
export const creditUpdateSchema = z.object({ ...creditFields, version: versionSchema });
export const creditSchema = z.object({
  id: z.number(),
  customer_id: z.number(),
  billing_id: z.number().nullable(),
  billing_number: z.string().nullable().optional(),
  kind: z.enum(creditKinds),
  amount: z.string(),
  reason: z.string(),
  credit_date: z.string(),
  reference: z.string().nullable(),
  status: z.string(),
  version: z.number(),
  created_at: z.string(),
  created_by: z.string().nullable().optional(),
});
export type Credit = z.infer<typeof creditSchema>;

// ---------------------------------------------------------------- bills

export { billingStates, vatRates };
export type BillingState = (typeof billingStates)[number];

export const billingInputSchema = z.object({
  customer_id: requiredRef(),
  construction_id: requiredRef(),
  number: requiredText(50),
  bill_date: isoDate(),
  due_date: isoDate(),
  amount: positiveAmount(),
  /** One of `vatRates`, as "8", "8.00" or 8 — read as strictly as every rate (`rateField`). */
  vat_rate: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    rateField()
      .transform(Number)
      .refine((n) => (vatRates as readonly number[]).includes(n), { error: 'invalid_vat_rate' })
      .optional(),
  ),
  note: optionalText(2000),
});
export const billingUpdateSchema = billingInputSchema.extend({ version: versionSchema });

export const billingSchema = recordMetaSchema.extend({
  customer_id: z.number(),
  customer_name: z.string().nullable().optional(),
  construction_id: z.number(),
  construction_name: z.string().nullable().optional(),
  number: z.string(),
  bill_date: z.string(),
  due_date: z.string(),
  amount: z.string(),
  vat_rate: z.number(),
  vat_amount: z.string(),
  total: z.string(),
  paid_amount: z.string(),
  credited_amount: z.string(),
  remaining: z.string(),
  state: z.enum(billingStates),
  overdue_days: z.number(),
  note: z.string().nullable(),
});
export type Billing = z.infer<typeof billingSchema>;

export const billingListQuerySchema = z.object({
  customerId: idParam.optional(),
  state: z.enum(['open', 'paid', 'overdue', 'all']).optional(),
  from: optionalDate(),
  to: optionalDate(),
});

export const receiptInputSchema = z.object({
  amount: positiveAmount(),
  receipt_date: isoDate(),
  reference: optionalText(100),
  note: optionalText(1000),
  /** The bill's version as read: a stale one is refused (409). */
  version: versionSchema.optional(),
});
export const receiptSchema = z.object({
  id: z.number(),
  amount: z.string(),
  receipt_date: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
  user_name: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const billingCheckSchema = z.object({
  id: z.number(),
  number: z.string(),
  total: z.string(),
  paid: z.string(),
  credited: z.string(),
  remaining: z.string(),
  state: z.enum(billingStates),
  overdue_days: z.number(),
  due_date: z.string(),
  receipts: z.array(receiptSchema),
  credits: z.array(creditSchema),
  /** True when the stored paid / credited figures had drifted from the rows and were fixed. */
  fixed: z.boolean(),
});

// ---------------------------------------------------------------- support tickets

export { ticketPriorities, ticketStates };
export type TicketState = (typeof ticketStates)[number];

export const ticketInputSchema = z.object({
  subject: requiredText(500),
  description: optionalText(20000),
  requester_name: requiredText(255),
  requester_email: optionalEmail(),
  state: z.enum(ticketStates).optional(),
  priority: z.enum(ticketPriorities).optional(),
  /** Its company; left out: the creator's. An administrator may choose any, others one of theirs. */
  company_id: optionalRef(),
});
export const ticketUpdateSchema = ticketInputSchema.extend({ version: versionSchema });
export const ticketSchema = recordMetaSchema.extend({
  external_id: z.string().nullable(),
  subject: z.string(),
  description: z.string().nullable(),
  requester_name: z.string(),
  requester_email: z.string().nullable(),
  state: z.enum(ticketStates),
  priority: z.enum(ticketPriorities),
  opened_at: z.string(),
  company_id: z.number().nullable(),
  /** The owning company's name (null: an administrator's record of no company). */
  company_name: z.string().nullable().optional(),
});
export type Ticket = z.infer<typeof ticketSchema>;
export const ticketListQuerySchema = z.object({
  state: z.enum(ticketStates).optional(),
  priority: z.enum(ticketPriorities).optional(),
});
export const ticketImportResultSchema = z.object({
  imported: z.number(),
  updated: z.number(),
  skipped: z.number(),
  errors: z.array(z.object({ line: z.number(), reason: z.string() })),
});

// ---------------------------------------------------------------- statistics

export const statisticsBillingQuerySchema = z.object({
  from: optionalDate(),
  to: optionalDate(),
  customerId: idParam.optional(),
  constructionId: constructionSelector.optional(),
});
const countAmount = z.object({ count: z.number(), amount: z.string() });
export const ageingBuckets = ['0-30', '31-60', '61-90', '90+'] as const;
export const customerStatisticsSchema = z.object({
  total: z.number(),
  by_status: z.object({ active: z.number(), inactive: z.number() }),
  with_outstanding: z.number(),
  top: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), outstanding: z.string() })),
});
export const billingStatisticsSchema = z.object({
  by_state: z.object({ open: countAmount, paid: countAmount, overdue: countAmount }),
  monthly: z.array(z.object({ month: z.string(), billed: z.string(), received: z.string() })),
  ageing: z.array(z.object({ bucket: z.enum(ageingBuckets), count: z.number(), amount: z.string() })),
  total_billed: z.string(),
  total_received: z.string(),
  total_outstanding: z.string(),
});

/** Re-exported for the list screens. */
export const billingPagingQuerySchema = pagingQuerySchema.extend(billingListQuerySchema.shape);
