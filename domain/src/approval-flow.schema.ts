/**
 * A company's approval flow and the delegations of deciding (docs/product.md#approval-flows,
 * docs/adr/0084-approval-steps.md, docs/adr/0085-delegation.md): the bodies the API takes and
 * answers, and which of a flow's steps a request of a given amount goes through.
 */
import { z } from 'zod';
import {
  amountField,
  idParam,
  isoDate,
  optionalText,
  recordMetaSchema,
  requiredText,
  versionSchema,
} from './common.schema.ts';
import { compareAmounts } from './money.ts';

export const deciderTypes = ['role', 'department_head', 'user'] as const;
export type DeciderType = (typeof deciderTypes)[number];
/** A flow has at least one step and at most this many. */
export const MAX_FLOW_STEPS = 10;

const optionalId = () =>
  z.preprocess((v) => (v === '' ? null : v), idParam.nullable().optional()) as z.ZodType<
    number | null | undefined
  >;

export const approvalStepInputSchema = z
  .object({
    name: requiredText(100),
    decider_type: z.enum(deciderTypes),
    role_id: optionalId(),
    user_id: optionalId(),
    /** The step applies to a request whose amount is at least this (none: always). */
    min_amount: z.preprocess((v) => (v === '' ? null : v), amountField({ min: 0 }).nullable().optional()),
  })
  .superRefine((s, ctx) => {
    if (s.decider_type === 'role' && !s.role_id)
      ctx.addIssue({ code: 'custom', path: ['role_id'], message: 'required' });
    if (s.decider_type === 'user' && !s.user_id)
      ctx.addIssue({ code: 'custom', path: ['user_id'], message: 'required' });
  });
export type ApprovalStepInput = z.infer<typeof approvalStepInputSchema>;

export const approvalFlowInputSchema = z.object({
  company_id: idParam,
  name: requiredText(255),
  steps: z
    .array(approvalStepInputSchema)
    .min(1, { error: 'required' })
    .max(MAX_FLOW_STEPS, { error: 'too_big' }),
});
export type ApprovalFlowInput = z.infer<typeof approvalFlowInputSchema>;
export const approvalFlowUpdateSchema = approvalFlowInputSchema.extend({ version: versionSchema });

/** A step as stored and answered: what was written, with the names of its role and user. */
export const approvalStepSchema = z.object({
  name: z.string(),
  decider_type: z.enum(deciderTypes),
  role_id: z.number().nullable().optional(),
  role_name: z.string().nullable().optional(),
  user_id: z.number().nullable().optional(),
  user_name: z.string().nullable().optional(),
  min_amount: z.string().nullable().optional(),
});
export type ApprovalStep = z.infer<typeof approvalStepSchema>;

export const approvalFlowSchema = recordMetaSchema.extend({
  company_id: z.number(),
  company_name: z.string().nullable().optional(),
  name: z.string(),
  steps: z.array(approvalStepSchema),
});

/** GET preview/{companyId}?amount=: the steps a request of that amount would go through now. */
export const approvalPreviewQuerySchema = z.object({ amount: amountField({ min: 0 }) });
export const approvalPreviewSchema = z.object({
  flow_id: z.number().nullable(),
  steps: z.array(approvalStepSchema),
});

/** The steps of a flow that a request of `amount` goes through, in order (docs/adr/0084-approval-steps.md). */
export const stepsFor = <S extends { min_amount?: string | null }>(
  steps: readonly S[],
  amount: string,
): S[] => steps.filter((s) => s.min_amount == null || compareAmounts(amount, s.min_amount) >= 0);

export const paymentStepStatuses = ['waiting', 'pending', 'accepted', 'rejected', 'skipped'] as const;
export type PaymentStepStatus = (typeof paymentStepStatuses)[number];

/** One step of a sent request, as it was sent (names and deciders copied) and as it was decided. */
export const paymentStepSchema = z.object({
  no: z.number(),
  name: z.string(),
  decider_type: z.enum(deciderTypes),
  role_id: z.number().nullable(),
  user_id: z.number().nullable(),
  status: z.enum(paymentStepStatuses),
  decided_by: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  on_behalf_of: z.string().nullable(),
  on_behalf_of_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  note: z.string().nullable(),
  /** Decided by a delegate: his delegation's kind and his own title (docs/adr/0088-signature-blocks.md). */
  delegation_kind: z.enum(['deputy', 'authorized']).nullable(),
  delegate_title: z.string().nullable(),
});
export type PaymentStep = z.infer<typeof paymentStepSchema>;

/**
 * How a delegate signs for the delegator (docs/adr/0088-signature-blocks.md): `deputy` — ký thay,
 * a deputy by his own office ("KT. GIÁM ĐỐC" over "PHÓ GIÁM ĐỐC"); `authorized` — thừa ủy quyền
 * ("TUQ. GIÁM ĐỐC").
 */
export const delegationKinds = ['deputy', 'authorized'] as const;
export type DelegationKind = (typeof delegationKinds)[number];

/** POST /api/account/delegation/create: the delegator is the caller. */
export const delegationInputSchema = z
  .object({
    delegate_id: idParam,
    from: isoDate(),
    to: isoDate(),
    note: optionalText(1000),
    /** Default `authorized`. */
    kind: z.enum(delegationKinds).optional(),
    /** The delegate's own title as printed under the delegator's ("Phó giám đốc"). */
    title: optionalText(100),
  })
  .refine((d) => d.from <= d.to, { path: ['to'], message: 'before_from' });

export const delegationSchema = z.object({
  id: z.number(),
  delegator_id: z.number(),
  delegator_name: z.string().nullable(),
  delegate_id: z.number(),
  delegate_name: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  note: z.string().nullable(),
  kind: z.enum(delegationKinds),
  title: z.string().nullable(),
  /** Today is within its dates. */
  active: z.boolean(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type Delegation = z.infer<typeof delegationSchema>;
