import { z } from 'zod';
import { optionalRef, recordMetaSchema, requiredText, specName, versionSchema } from './common.schema.ts';

export const departmentInputSchema = z.object({
  code: requiredText(50),
  name: requiredText(255),
  /** SPEC's director: the head of the department. */
  director_id: specName('director', optionalRef()),
});
export const departmentUpdateSchema = departmentInputSchema.extend({ version: versionSchema });
export const departmentSchema = recordMetaSchema.extend({
  code: z.string(),
  name: z.string(),
  director_id: z.number().nullable(),
  director_name: z.string().nullable().optional(),
});
export type Department = z.infer<typeof departmentSchema>;
