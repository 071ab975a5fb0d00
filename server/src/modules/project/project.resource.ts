/**
 * Projects (`@sitepay/domain/entities/project.entity`): scoped by the user's roles; a project belongs
 * to one company and groups constructions.
 */
import { idParamsSchema } from '@sitepay/domain/common.schema';
import { project as projectEntity } from '@sitepay/domain/entities/project.entity';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { construction, project } from '../../db/schema.ts';
import { scopeProjectIds } from '../../http/access-sql.ts';
import { entityKind } from '../../http/entity.routes.ts';
import { outer } from '../../http/records.ts';

const p = project;

/** The screens that pick a project: a company's view, a construction's form and view. */
export const projectReaders = [
  'company-view',
  'construction-create',
  'construction-update',
  'construction-view',
];

export const projectKind = entityKind(projectEntity, {
  extraColumns: {
    construction_count: sql<number>`(select count(*)::int from ${construction} c where c.project_id = ${outer(p.id)} and c.status <> 'D')`,
  },
  readBy: projectReaders,
  listQuery: z.object({ companyId: idParamsSchema.shape.id.optional() }),
  hooks: {
    scope: (user) => sql`${p.id} in (${scopeProjectIds(user.id)})`,
    filters: (q) => {
      const selected = Number(q.constructionId);
      return [
        Number.isInteger(selected) && selected > 0
          ? sql`${p.id} = (select c.project_id from ${construction} c where c.id = ${selected})`
          : undefined,
        q.companyId ? eq(p.company_id, Number(q.companyId)) : undefined,
      ];
    },
  },
});
