import { z } from 'zod';
import { idParam } from './common.schema.ts';
import { project } from './entities/project.entity.ts';
import { entitySchemas } from './entity-schemas.ts';

export const {
  input: projectInputSchema,
  update: projectUpdateSchema,
  record: projectSchema,
} = entitySchemas(project);
export type Project = z.infer<typeof projectSchema>;
export type ProjectInput = z.infer<typeof projectInputSchema>;

export const addConstructionsSchema = z.object({ constructionIds: z.array(idParam).min(1).max(500) });
export const deleteConstructionSchema = z.object({ constructionId: idParam, projectId: idParam.optional() });
export const addProjectsSchema = z.object({
  companyId: idParam,
  projectIds: z.array(idParam).min(1).max(500),
});
