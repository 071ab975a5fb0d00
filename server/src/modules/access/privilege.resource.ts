/**
 * Privileges (docs/product.md#roles-groups-and-privileges): named sets of endpoints a role may be
 * granted beside its menus; their endpoints are linked through `endpoint_ids` (endpoint.resource.ts).
 */
import { privilegeInputSchema, privilegeSchema, privilegeUpdateSchema } from '@sitepay/domain/admin.schema';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { privilege, privilegeEndpoint, rolePrivilege } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { listAllRecords, outer, type RecordKind } from '../../http/records.ts';
import { type ResourceDescription, registerResource } from '../../http/resource.routes.ts';
import { menusOf } from './access.menus.ts';
import { endpointIdsOf, setEndpoints } from './endpoint.resource.ts';

export const privilegeKind: RecordKind = {
  name: 'privilege',
  table: privilege,
  searchFields: ['code', 'name', 'description'],
  sortable: {
    code: privilege.code,
    name: privilege.name,
    created_at: privilege.created_at,
    status: privilege.status,
  },
  defaultSort: { by: 'code', desc: false },
  unique: [{ field: 'code', columns: ['code'], constraint: 'privilege_code_uq' }],
  extraColumns: { endpoint_ids: endpointIdsOf(privilegeEndpoint, 'privilege_id', outer(privilege.id)) },
  afterWrite: (tx, row, input) =>
    setEndpoints(tx, privilegeEndpoint, 'privilege_id', row.id, input.endpoint_ids),
};

export const privilegeResource: ResourceDescription = {
  kind: privilegeKind,
  basePath: '/api/admin/privilege',
  tag: 'privilege',
  record: privilegeSchema,
  input: privilegeInputSchema,
  update: privilegeUpdateSchema,
  menus: menusOf('privilege'),
  paths: { paging: 'list/paging' },
};

/** The generic routes and the privileges none of some roles holds yet (`list/not`). */
export function registerPrivilegeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerResource(app, privilegeResource);
  r.get(
    '/api/admin/privilege/list/not',
    {
      config: { menus: [...menusOf('privilege').read, ...menusOf('role').update] },
      schema: {
        tags: ['privilege'],
        querystring: z.object({
          roleIds: z
            .string()
            .max(2000)
            .regex(/^\d{1,10}(,\d{1,10})*$/, { error: 'invalid_ids' })
            .optional(),
        }),
        response: { 200: z.array(privilegeSchema) },
      },
    },
    (req) => {
      const ids = (req.query.roleIds ?? '')
        .split(',')
        .map(Number)
        .filter((n) => n > 0 && n <= 2_147_483_647);
      return listAllRecords(
        app.db,
        privilegeKind,
        currentUser(req),
        ids.length
          ? sql`${privilege.id} not in (select rp.privilege_id from ${rolePrivilege} rp where rp.role_id = any(${sql.param(ids)}::int[]))`
          : undefined,
      ) as never;
    },
  );
}
