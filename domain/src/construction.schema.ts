/** A construction's schemas, from its description (`entities/construction.entity.ts`). */
import type { z } from 'zod';
import { construction } from './entities/construction.entity.ts';
import { entitySchemas } from './entity-schemas.ts';

export const {
  input: constructionInputSchema,
  update: constructionUpdateSchema,
  record: constructionSchema,
} = entitySchemas(construction);
export type Construction = z.infer<typeof constructionSchema>;
/** What the lists and gets answer: the record with its project's and company's names. */
export const constructionRecordSchema = constructionSchema;
