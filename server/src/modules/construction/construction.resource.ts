/**
 * Constructions (công trình): scoped by the user's roles, filtered by the top-bar selector, and
 * closable — a closed construction takes no new contract or payment request
 * (`assertConstructionOpen`, used by those modules).
 */

import { idParamsSchema, pagingQuerySchema } from '@sitepay/domain/common.schema';
import { construction as constructionEntity } from '@sitepay/domain/entities/construction.entity';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { company, construction, contract, project } from '../../db/schema.ts';
import { scopeConstructionIds } from '../../http/access-sql.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { entityKind } from '../../http/entity.routes.ts';
import { fieldError, HttpError, unprocessable } from '../../http/errors.ts';
import { findRecord, outer } from '../../http/records.ts';
import { projectKind } from '../project/project.resource.ts';

const c = construction;

/** The selector's constructionId: -1 or absent means all the user may see. */
export const selectedConstruction = (q: Record<string, unknown>) => {
  const id = Number(q.constructionId);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

export const constructionKind = entityKind(constructionEntity, {
  extraColumns: {
    company_name: sql<
      string | null
    >`(select co.name from ${project} p join ${company} co on co.id = p.company_id where p.id = ${outer(c.project_id)})`,
  },
  readBy: [
    'project-view',
    'project-update',
    'company-view',
    'contract',
    'contract-create',
    'contract-update',
    'payment',
    'payment-create',
    'payment-update',
  ],
  listQuery: z.object({
    projectId: idParamsSchema.shape.id.optional(),
    companyId: idParamsSchema.shape.id.optional(),
  }),
  hooks: {
    scope: (user) => sql`${c.id} in (${scopeConstructionIds(user.id)})`,
    filters: (q) => {
      const selected = selectedConstruction(q);
      return [
        selected ? eq(c.id, selected) : undefined,
        q.projectId ? eq(c.project_id, Number(q.projectId)) : undefined,
        q.companyId
          ? sql`${c.project_id} in (select p.id from ${project} p where p.company_id = ${Number(q.companyId)})`
          : undefined,
      ];
    },
    readOnly: ['closed', 'closed_at'],
    // closed or deactivated, a construction keeps its contracts' money; deleted, it would orphan it
    inUse: [{ entity: 'contract', table: contract as never, column: 'construction_id' }],
    async beforeWrite(tx, values, existing, user) {
      // the project must be one the user sees
      if (values.project_id && values.project_id !== existing?.project_id) {
        await findRecord(tx, projectKind, values.project_id, user).catch(() => {
          throw fieldError('project_id', 'not_found');
        });
      }
      if (values.start_date && values.end_date && values.end_date < values.start_date) {
        throw fieldError('end_date', 'before_start_date');
      }
    },
  },
});

/** Refuses (422) new contracts and payment requests on a closed or inactive construction. */
export async function assertConstructionOpen(tx: Tx, constructionId: number, user: CurrentUser) {
  const row = await findRecord(tx, constructionKind, constructionId, user).catch((e) => {
    if (e instanceof HttpError && e.status === 404) throw fieldError('construction_id', 'not_found');
    throw e;
  });
  if (row.closed)
    throw unprocessable(
      `construction ${row.code} is closed and takes no new contract or payment request`,
      'construction_closed',
      { code: row.code },
    );
  if (row.status !== 'O')
    throw unprocessable(`construction ${row.code} is inactive`, 'construction_inactive', { code: row.code });
  return row;
}

/** The construction list's query: the common paging query, a project or a company. */
export const constructionListQuery = pagingQuerySchema.extend(constructionKind.routes.listQuery!.shape);
