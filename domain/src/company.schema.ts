/** A company's schemas, from its description (`entities/company.entity.ts`). */
import type { z } from 'zod';
import { company } from './entities/company.entity.ts';
import { entitySchemas } from './entity-schemas.ts';

export const {
  input: companyInputSchema,
  update: companyUpdateSchema,
  record: companySchema,
} = entitySchemas(company);
export type Company = z.infer<typeof companySchema>;
