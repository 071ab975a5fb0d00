import { z } from 'zod';
import {
  idParam,
  optionalRef,
  optionalText,
  recordMetaSchema,
  requiredText,
  versionSchema,
} from './common.schema.ts';

export const projectInputSchema = z.object({
  code: requiredText(50),
  name: requiredText(255),
  description: optionalText(2000),
  company_id: optionalRef(),
});
export const projectUpdateSchema = projectInputSchema.extend({ version: versionSchema });
export const projectSchema = recordMetaSchema.extend({
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  company_id: z.number().nullable(),
  company_name: z.string().nullable().optional(),
});
export type Project = z.infer<typeof projectSchema>;
export type ProjectInput = z.infer<typeof projectInputSchema>;

export const addConstructionsSchema = z.object({ constructionIds: z.array(idParam).min(1).max(500) });
export const deleteConstructionSchema = z.object({ constructionId: idParam, projectId: idParam.optional() });
export const addProjectsSchema = z.object({
  companyId: idParam,
  projectIds: z.array(idParam).min(1).max(500),
});
