/** What companies have beyond the generic record: their projects and constructions. */
import { idParamsSchema, okSchema } from '@sitepay/domain/common.schema';
import { constructionRecordSchema } from '@sitepay/domain/construction.schema';
import { addProjectsSchema } from '@sitepay/domain/project.schema';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { construction, project } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { findRecord, listAllRecords, patchRecord, type RecordKind } from '../../http/records.ts';
import { companyKind } from './company.resource.ts';

export function registerCompanyRoutes(
  app: FastifyInstance,
  kinds: { project: RecordKind; construction: RecordKind },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['company'];

  r.post(
    '/api/admin/company/add-project',
    {
      config: { menus: ['company-update'] },
      schema: { tags, body: addProjectsSchema, response: { 200: okSchema } },
    },
    (req) =>
      app.db.transaction(async (tx) => {
        const user = currentUser(req);
        await findRecord(tx, companyKind, req.body.companyId, user);
        for (const id of [...new Set(req.body.projectIds)].sort((a, b) => a - b)) {
          await patchRecord(
            tx,
            kinds.project,
            id,
            { company_id: req.body.companyId } as never,
            user,
            'add-to-company',
          );
        }
        return { ok: true };
      }),
  );

  r.get(
    '/api/admin/company/:id/constructions',
    {
      config: { menus: ['company', 'company-view'] },
      schema: { tags, params: idParamsSchema, response: { 200: z.array(constructionRecordSchema) } },
    },
    async (req) => {
      const user = currentUser(req);
      await findRecord(app.db, companyKind, req.params.id, user);
      return listAllRecords(
        app.db,
        kinds.construction,
        user,
        sql`${construction.project_id} in (select p.id from ${project} p where p.company_id = ${req.params.id} and p.status <> 'D')`,
      ) as never;
    },
  );
}
