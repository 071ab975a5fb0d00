/** What projects have beyond the generic record: their constructions, and the projects of a company. */
import { idParamsSchema, okSchema } from '@sitepay/domain/common.schema';
import {
  addConstructionsSchema,
  deleteConstructionSchema,
  projectSchema,
} from '@sitepay/domain/project.schema';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { project } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { findRecord, listAllRecords, patchRecord, type RecordKind } from '../../http/records.ts';
import { projectKind, projectReaders } from './project.resource.ts';

const p = project;
const record = projectSchema;

export function registerProjectRoutes(app: FastifyInstance, kinds: { construction: RecordKind }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['project'];
  const read = ['project', 'project-view', ...projectReaders];
  const update = ['project-update'];

  r.get(
    '/api/admin/project/by-company/:id',
    { config: { menus: read }, schema: { tags, params: idParamsSchema, response: { 200: z.array(record) } } },
    (req) => listAllRecords(app.db, projectKind, currentUser(req), eq(p.company_id, req.params.id)) as never,
  );
  r.get(
    '/api/admin/project/not-in-company/:id',
    { config: { menus: read }, schema: { tags, params: idParamsSchema, response: { 200: z.array(record) } } },
    (req) =>
      listAllRecords(
        app.db,
        projectKind,
        currentUser(req),
        sql`${p.company_id} is distinct from ${req.params.id}`,
      ) as never,
  );

  r.post(
    '/api/admin/project/add-constructions/:id',
    {
      config: { menus: update },
      schema: { tags, params: idParamsSchema, body: addConstructionsSchema, response: { 200: okSchema } },
    },
    (req) =>
      app.db.transaction(async (tx) => {
        const user = currentUser(req);
        await findRecord(tx, projectKind, req.params.id, user);
        for (const id of [...new Set(req.body.constructionIds)].sort((a, b) => a - b)) {
          await patchRecord(
            tx,
            kinds.construction,
            id,
            { project_id: req.params.id } as never,
            user,
            'add-to-project',
          );
        }
        return { ok: true };
      }),
  );
  r.delete(
    '/api/admin/project/delete-construction/:projectId',
    {
      config: { menus: update },
      schema: {
        tags,
        params: z.object({ projectId: idParamsSchema.shape.id }),
        body: deleteConstructionSchema,
        response: { 200: okSchema },
      },
    },
    (req) =>
      app.db.transaction(async (tx) => {
        const user = currentUser(req);
        await findRecord(tx, projectKind, req.params.projectId, user);
        const c = await findRecord(tx, kinds.construction, req.body.constructionId, user, true);
        if (c.project_id !== req.params.projectId) throw notFound('construction in this project');
        await patchRecord(
          tx,
          kinds.construction,
          c.id,
          { project_id: null } as never,
          user,
          'remove-from-project',
        );
        return { ok: true };
      }),
  );
}
