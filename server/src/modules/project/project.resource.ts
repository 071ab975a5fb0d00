/**
 * Projects: scoped by the user's roles; a project belongs to one company and groups constructions.
 * Special calls: constructions added to / removed from a project, projects of a company.
 */
import { idParamsSchema, okSchema } from '@sitepay/domain/common.schema';
import {
  addConstructionsSchema,
  deleteConstructionSchema,
  projectInputSchema,
  projectSchema,
  projectUpdateSchema,
} from '@sitepay/domain/project.schema';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { company, construction, project } from '../../db/schema.ts';
import { scopeProjectIds } from '../../http/access-sql.ts';
import { currentUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { findRecord, listAllRecords, outer, patchRecord, type RecordKind } from '../../http/records.ts';
import { registerResource } from '../../http/resource.routes.ts';

const p = project;
export const projectKind: RecordKind = {
  name: 'project',
  table: p,
  searchFields: ['code', 'name', 'description'],
  sortable: { code: p.code, name: p.name, created_at: p.created_at, status: p.status },
  defaultSort: { by: 'created_at', desc: true },
  unique: [{ field: 'code', columns: ['code'], constraint: 'project_code_uq' }],
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
  extraColumns: {
    company_name: sql<
      string | null
    >`(select co.name from ${company} co where co.id = ${outer(p.company_id)})`,
    construction_count: sql<number>`(select count(*)::int from ${construction} c where c.project_id = ${outer(p.id)} and c.status <> 'D')`,
  },
  references: [{ field: 'company_id', table: company as never }],
};

const record = projectSchema.extend({ construction_count: z.number().optional() });

export function registerProjectRoutes(app: FastifyInstance, kinds: { construction: RecordKind }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['project'];
  const read = [
    'project',
    'project-view',
    'company-view',
    'construction-create',
    'construction-update',
    'construction-view',
  ];
  const update = ['project-update'];
  registerResource(app, {
    kind: projectKind,
    basePath: '/api/admin/project',
    tag: 'project',
    record,
    input: projectInputSchema,
    update: projectUpdateSchema,
    listQuery: z.object({ companyId: idParamsSchema.shape.id.optional() }),
    menus: { read, create: ['project-create'], update },
  });

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
