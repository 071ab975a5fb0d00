/**
 * Contractors (nhà thầu) and their beneficiaries (the bank accounts they are paid into): schemas from
 * their descriptions (`entities/constructor.entity.ts`, `entities/beneficiary.entity.ts`).
 */
import type { z } from 'zod';
import { beneficiary } from './entities/beneficiary.entity.ts';
import { contractor } from './entities/constructor.entity.ts';
import { entitySchemas } from './entity-schemas.ts';

export { accountNumberPattern } from './entities/beneficiary.entity.ts';

export const {
  input: constructorInputSchema,
  update: constructorUpdateSchema,
  record: constructorSchema,
} = entitySchemas(contractor);
export type Constructor = z.infer<typeof constructorSchema>;

export const {
  input: beneficiaryInputSchema,
  update: beneficiaryUpdateSchema,
  record: beneficiarySchema,
} = entitySchemas(beneficiary);
export type Beneficiary = z.infer<typeof beneficiarySchema>;
