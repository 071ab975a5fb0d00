import { z } from 'zod';
import {
  optionalEmail,
  optionalText,
  recordMetaSchema,
  requiredText,
  versionSchema,
} from './common.schema.ts';

/** What a user types to create or edit a company. */
export const companyInputSchema = z.object({
  code: requiredText(50),
  name: requiredText(255),
  tax_code: optionalText(20),
  address: optionalText(500),
  phone: optionalText(30),
  email: optionalEmail(),
  representative: optionalText(255),
  note: optionalText(2000),
});
export type CompanyInput = z.infer<typeof companyInputSchema>;

export const companyUpdateSchema = companyInputSchema.extend({ version: versionSchema });
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;

export const companySchema = recordMetaSchema.extend({
  code: z.string(),
  name: z.string(),
  tax_code: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  representative: z.string().nullable(),
  note: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;
