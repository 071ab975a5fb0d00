/** What constructions have beyond the generic record: lists by project and company, closing and reopening. */
import { idParamsSchema, pageSchema, versionBodySchema } from '@sitepay/domain/common.schema';
import { constructionRecordSchema } from '@sitepay/domain/construction.schema';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { construction, project } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { listRecords } from '../../http/record-reads.ts';
import { listAllRecords, updateRecord } from '../../http/records.ts';
import { constructionKind, constructionListQuery } from './construction.resource.ts';

const c = construction;
const record = constructionRecordSchema;

export function registerConstructionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = ['construction', 'construction-view', ...(constructionKind.routes.readBy ?? [])];
  const tags = ['construction'];

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
