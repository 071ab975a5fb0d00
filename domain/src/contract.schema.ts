/**
 * Contracts with a contractor for a construction, and their annexes (change orders).
 * The client sends the amount before VAT and the tax; the server computes VAT, the amount incl. VAT
 * and the contract value (amount incl. VAT + annexes) and never takes them from the client.
 */
import { z } from 'zod';
import {
  amountField,
  formerName,
  idParam,
  isoDate,
  optionalRef,
  optionalText,
  pagingQuerySchema,
  rateField,
  recordMetaSchema,
  requiredRef,
  requiredText,
  versionSchema,
} from './common.schema.ts';

const optionalDateOrNull = () => z.preprocess((v) => (v === '' ? null : v), isoDate().nullable().optional());

const optionalAmount = () =>
  z.preprocess((v) => (v === '' ? null : v), amountField({ min: 0 }).nullable().optional());

export const contractInputSchema = z.object({
  contract_no: requiredText(50),
  contract_type_id: requiredRef(),
  construction_id: requiredRef(),
  constructor_id: requiredRef(),
  beneficiary_id: optionalRef(),
  signed_date: isoDate(),
  amount_before_vat: amountField({ min: 0 }),
  tax_id: requiredRef(),
  settlement_amount: optionalAmount(),
  // the warranty retention; its former names (guarantee_*) are still read, as aliases
  // (docs/adr/0069-retention-apart-from-bank-guarantees.md)
  retention_percent: formerName(
    'guarantee_percent',
    z.preprocess((v) => (v === '' ? null : v), rateField({ min: 0, max: 100 }).nullable().optional()),
  ),
  retention_amount: formerName('guarantee_amount', optionalAmount()),
  retention_release_date: formerName('guarantee_release_date', optionalDateOrNull()),
  penalty_amount: optionalAmount(),
  note: optionalText(2000),
});
export type ContractInput = z.infer<typeof contractInputSchema>;
export const contractUpdateSchema = contractInputSchema.extend({ version: versionSchema });

export const contractSchema = recordMetaSchema.extend({
  contract_no: z.string(),
  contract_type_id: z.number(),
  contract_type_name: z.string().nullable().optional(),
  construction_id: z.number(),
  construction_name: z.string().nullable().optional(),
  construction_code: z.string().nullable().optional(),
  constructor_id: z.number(),
  constructor_name: z.string().nullable().optional(),
  constructor_code: z.string().nullable().optional(),
  beneficiary_id: z.number().nullable(),
  beneficiary_name: z.string().nullable().optional(),
  company_id: z.number().nullable(),
  signed_date: z.string(),
  amount_before_vat: z.string(),
  tax_id: z.number(),
  vat_rate: z.string(),
  vat_amount: z.string(),
  amount_vat: z.string(),
  annex_amount: z.string().optional(),
  contract_value: z.string().optional(),
  /** A percentage retention: the amount it is taken from (settlement, else the value with annexes). */
  retention_base: z.string().nullable().optional(),
  /** The retention as it stands now (the percentage of that base, or the fixed amount). */
  retention_effective: z.string().nullable().optional(),
  settlement_amount: z.string().nullable(),
  retention_percent: z.string().nullable(),
  retention_amount: z.string().nullable(),
  retention_release_date: z.string().nullable(),
  penalty_amount: z.string().nullable(),
  note: z.string().nullable(),
});
export type Contract = z.infer<typeof contractSchema>;

export const contractAnnexInputSchema = z.object({
  contract_id: requiredRef(),
  annex_no: requiredText(50),
  note: optionalText(2000),
  amount: amountField(),
  signed_date: isoDate(),
});
export const contractAnnexUpdateSchema = contractAnnexInputSchema
  .omit({ contract_id: true })
  .extend({ version: versionSchema });
export const contractAnnexSchema = recordMetaSchema.extend({
  contract_id: z.number(),
  annex_no: z.string(),
  note: z.string().nullable(),
  amount: z.string(),
  signed_date: z.string(),
});
export type ContractAnnex = z.infer<typeof contractAnnexSchema>;

/** The kinds of bank guarantee (bảo lãnh) a contract may hold: tạm ứng, thực hiện hợp đồng, bảo hành. */
export const guaranteeKinds = ['advance', 'performance', 'warranty'] as const;
export type GuaranteeKind = (typeof guaranteeKinds)[number];

/**
 * A bank guarantee given for a contract: a bank's paper with an amount and an expiry date; it
 * withholds nothing (docs/adr/0069-retention-apart-from-bank-guarantees.md).
 */
export const contractGuaranteeInputSchema = z.object({
  contract_id: requiredRef(),
  kind: z.enum(guaranteeKinds),
  bank_id: requiredRef(),
  guarantee_no: requiredText(50),
  amount: amountField({ min: 0 }),
  issued_date: optionalDateOrNull(),
  expiry_date: isoDate(),
  note: optionalText(2000),
});
export const contractGuaranteeUpdateSchema = contractGuaranteeInputSchema
  .omit({ contract_id: true })
  .extend({ version: versionSchema });
export const contractGuaranteeSchema = recordMetaSchema.extend({
  contract_id: z.number(),
  kind: z.enum(guaranteeKinds),
  bank_id: z.number(),
  bank_name: z.string().nullable().optional(),
  guarantee_no: z.string(),
  amount: z.string(),
  issued_date: z.string().nullable(),
  expiry_date: z.string(),
  note: z.string().nullable(),
  /**
   * Read in lists (docs/adr/0095-bank-guarantees-checked.md): an advance guarantee expired while the
   * contract's advance is not recovered (shown red), and the days left until it expires.
   */
  expired_unrecovered: z.boolean().optional(),
  days_left: z.number().optional(),
});
export type ContractGuarantee = z.infer<typeof contractGuaranteeSchema>;

/** GET /contract-guarantee/expiring: a guarantee expiring within 30 days, with its contract. */
export const expiringGuaranteeSchema = contractGuaranteeSchema.extend({
  contract_no: z.string().nullable(),
  constructor_name: z.string().nullable(),
  construction: z.string().nullable(),
});
export type ExpiringGuarantee = z.infer<typeof expiringGuaranteeSchema>;

/**
 * What a contract's view page shows of its payments (docs/product.md#contracts-and-money: the payable
 * ceiling).
 */
export const contractSummarySchema = z.object({
  contract_value: z.string(),
  ceiling: z.string(),
  requested: z.string(),
  approved: z.string(),
  paid: z.string(),
  remaining: z.string(),
});
export type ContractSummary = z.infer<typeof contractSummarySchema>;

const optionalDate = () => z.preprocess((v) => (v === '' ? undefined : v), isoDate().optional());

/** The contract list's own filters (besides the common paging query and the construction selector). */
export const contractListQuerySchema = pagingQuerySchema.extend({
  constructorId: idParam.optional(),
  companyId: idParam.optional(),
  /** Signing date range, inclusive. */
  from: optionalDate(),
  to: optionalDate(),
});
