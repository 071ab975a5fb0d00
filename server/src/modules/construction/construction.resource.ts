/**
 * Constructions (công trình): scoped by the user's roles, filtered by the top-bar selector, and
 * closable — a closed construction takes no new contract or payment request
 * (`assertConstructionOpen`, used by those modules).
 */

import {
  idParamsSchema,
  pageSchema,
  pagingQuerySchema,
  versionBodySchema,
} from '@sitepay/domain/common.schema';
import {
  constructionInputSchema,
  constructionRecordSchema,
  constructionUpdateSchema,
} from '@sitepay/domain/construction.schema';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { company, construction, contract, project } from '../../db/schema.ts';
import { scopeConstructionIds } from '../../http/access-sql.ts';
import { type CurrentUser, currentUser } from '../../http/auth.ts';
import { fieldError, HttpError, unprocessable } from '../../http/errors.ts';
import { listRecords } from '../../http/record-reads.ts';
import { findRecord, listAllRecords, outer, type RecordKind, updateRecord } from '../../http/records.ts';
import { registerResource } from '../../http/resource.routes.ts';
import { projectKind } from '../project/project.resource.ts';

const c = construction;

/** The selector's constructionId: -1 or absent means all the user may see. */
export const selectedConstruction = (q: Record<string, unknown>) => {
  const id = Number(q.constructionId);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

export const constructionKind: RecordKind = {
  name: 'construction',
  table: c,
  searchFields: ['code', 'name', 'address'],
  sortable: {
    code: c.code,
    name: c.name,
    start_date: c.start_date,
    end_date: c.end_date,
    created_at: c.created_at,
    status: c.status,
    closed: c.closed,
  },
  defaultSort: { by: 'created_at', desc: true },
  unique: [{ field: 'code', columns: ['code'], constraint: 'construction_code_uq' }],
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
  extraColumns: {
    project_name: sql<string | null>`(select p.name from ${project} p where p.id = ${outer(c.project_id)})`,
    company_name: sql<
      string | null
    >`(select co.name from ${project} p join ${company} co on co.id = p.company_id where p.id = ${outer(c.project_id)})`,
  },
  readOnly: ['closed', 'closed_at'],
  // closed or deactivated, a construction keeps its contracts' money; deleted, it would orphan it
  inUse: [{ entity: 'contract', table: contract as never, column: 'construction_id' }],
  async beforeWrite(tx, values, existing, user) {
    if (values.project_id && values.project_id !== existing?.project_id) {
      await findRecord(tx, projectKind, values.project_id, user).catch(() => {
        throw fieldError('project_id', 'not_found');
      });
    }
    if (values.start_date && values.end_date && values.end_date < values.start_date) {
      throw fieldError('end_date', 'before_start_date');
    }
  },
};

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

const record = constructionRecordSchema;
/** The construction list's query: the common paging query, a project or a company. */
export const constructionListQuery = pagingQuerySchema.extend({
  projectId: idParamsSchema.shape.id.optional(),
  companyId: idParamsSchema.shape.id.optional(),
});

export function registerConstructionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = [
    'construction',
    'construction-view',
    'project-view',
    'project-update',
    'company-view',
    'contract',
    'contract-create',
    'contract-update',
    'payment',
    'payment-create',
    'payment-update',
  ];
  const tags = ['construction'];
  registerResource(app, {
    kind: constructionKind,
    basePath: '/api/construction',
    tag: 'construction',
    record,
    input: constructionInputSchema,
    update: constructionUpdateSchema,
    listQuery: constructionListQuery.pick({ projectId: true, companyId: true }),
    menus: { read, create: ['construction-create'], update: ['construction-update'] },
  });

  const listAll = (url: string, where: (id: number) => ReturnType<typeof sql>) =>
    r.get(
      url,
      {
        config: { menus: read },
        schema: { tags, params: idParamsSchema, response: { 200: z.array(record) } },
      },
      (req) => listAllRecords(app.db, constructionKind, currentUser(req), where(req.params.id)) as never,
    );
  listAll('/api/construction/get-by-project/:id', (id) => sql`${c.project_id} = ${id}`);
  listAll('/api/construction/not-in-project/:id', (id) => sql`${c.project_id} is distinct from ${id}`);

  const paging = (url: string, where: (id: number) => ReturnType<typeof sql>) =>
    r.get(
      url,
      {
        config: { menus: read },
        schema: {
          tags,
          params: idParamsSchema,
          querystring: constructionListQuery,
          response: { 200: pageSchema(record) },
        },
      },
      (req) =>
        listRecords(
          app.db,
          constructionKind,
          req.query as never,
          currentUser(req),
          where(req.params.id),
        ) as never,
    );
  paging('/api/construction/get-by-project/paging/:id', (id) => sql`${c.project_id} = ${id}`);
  paging(
    '/api/construction/get-by-company/paging/:id',
    (id) => sql`${c.project_id} in (select p.id from ${project} p where p.company_id = ${id})`,
  );

  // Closing is a status of its own: the record stays active and readable, but takes no new work.
  const setClosed = (url: string, closed: boolean) =>
    r.patch(
      url,
      {
        config: { menus: ['construction-update'] },
        schema: { tags, params: idParamsSchema, body: versionBodySchema, response: { 200: record } },
      },
      (req) =>
        app.db.transaction((tx) =>
          updateRecord(
            tx,
            constructionKind,
            req.params.id,
            req.body.version,
            { closed, closed_at: closed ? new Date() : null } as never,
            currentUser(req),
            closed ? 'close' : 'reopen',
          ),
        ) as never,
    );
  setClosed('/api/construction/close/:id', true);
  setClosed('/api/construction/reopen/:id', false);
}
