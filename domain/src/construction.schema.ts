import { z } from 'zod';
import {
  isoDate,
  optionalRef,
  optionalText,
  recordMetaSchema,
  requiredText,
  versionSchema,
} from './common.schema.ts';

export const constructionInputSchema = z.object({
  code: requiredText(50),
  name: requiredText(255),
  address: optionalText(500),
  project_id: optionalRef(),
  start_date: isoDate().nullable().optional(),
  end_date: isoDate().nullable().optional(),
  description: optionalText(2000),
});
export const constructionUpdateSchema = constructionInputSchema.extend({ version: versionSchema });
export const constructionSchema = recordMetaSchema.extend({
  code: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  project_id: z.number().nullable(),
  project_name: z.string().nullable().optional(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  description: z.string().nullable(),
  closed: z.boolean(),
  closed_at: z.string().nullable(),
});
export type Construction = z.infer<typeof constructionSchema>;
/** What the lists and gets answer: the record with its company's name. */
export const constructionRecordSchema = constructionSchema.extend({
  company_name: z.string().nullable().optional(),
});
