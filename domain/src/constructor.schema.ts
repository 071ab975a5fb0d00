/** Contractors (nhà thầu) and their beneficiaries (the bank accounts they are paid into). */
import { z } from 'zod';
import {
  optionalEmail,
  optionalRef,
  optionalText,
  recordMetaSchema,
  requiredRef,
  requiredText,
  versionSchema,
} from './common.schema.ts';

/** Vietnamese tax codes: 10 digits, or 10 digits + "-" + 3 for branches. */
export const taxCodePattern = /^\d{10}(-\d{3})?$/;
/** Vietnamese bank account numbers: digits only, 6 to 19 of them. */
export const accountNumberPattern = /^\d{6,19}$/;

export const constructorInputSchema = z.object({
  code: requiredText(50),
  name: requiredText(255),
  tax_code: optionalText(14).refine((v) => v == null || taxCodePattern.test(v), {
    error: 'invalid_tax_code',
  }),
  address: optionalText(500),
  phone: optionalText(30),
  email: optionalEmail(),
  constructor_type_id: optionalRef(),
  note: optionalText(2000),
});
export const constructorUpdateSchema = constructorInputSchema.extend({ version: versionSchema });
export const constructorSchema = recordMetaSchema.extend({
  code: z.string(),
  name: z.string(),
  tax_code: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  constructor_type_id: z.number().nullable(),
  constructor_type_name: z.string().nullable().optional(),
  note: z.string().nullable(),
});
export type Constructor = z.infer<typeof constructorSchema>;

export const beneficiaryInputSchema = z.object({
  constructor_id: requiredRef(),
  name: requiredText(255),
  bank_id: requiredRef(),
  account_number: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[\s.-]/g, '') : v),
    z
      .string({ error: 'required' })
      .min(1, { error: 'required' })
      .regex(accountNumberPattern, { error: 'invalid_account_number' }),
  ),
  branch: optionalText(255),
  note: optionalText(1000),
});
export const beneficiaryUpdateSchema = beneficiaryInputSchema.extend({ version: versionSchema });
export const beneficiarySchema = recordMetaSchema.extend({
  constructor_id: z.number(),
  name: z.string(),
  bank_id: z.number(),
  bank_name: z.string().nullable().optional(),
  account_number: z.string(),
  branch: z.string().nullable(),
  note: z.string().nullable(),
  /** The last change of its bank, account number or holder (who, when): a controlled change. */
  account_changed_at: z.string().nullable(),
  account_changed_by: z.string().nullable(),
  /** The holder does not name the contractor as banks print names: a warning (null: not checked). */
  holder_mismatch: z.boolean().nullable(),
});
export type Beneficiary = z.infer<typeof beneficiarySchema>;
