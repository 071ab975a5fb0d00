/**
 * Privileges (docs/product.md#roles-groups-and-privileges): named sets of endpoints a role may be
 * granted beside its menus; their endpoints are linked through `endpoint_ids` (endpoint.resource.ts).
 */

import { privilegeSchema } from '@sitepay/domain/admin.schema';
import { privilege as privilegeEntity } from '@sitepay/domain/entities/privilege.entity';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { privilege, privilegeEndpoint, rolePrivilege } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { entityKind } from '../../http/entity.routes.ts';
import { listAllRecords, outer } from '../../http/records.ts';
import { menusOf } from './access.menus.ts';
import { endpointIdsOf, setEndpoints } from './endpoint.resource.ts';

export const privilegeKind = entityKind(privilegeEntity, {
  extraColumns: { endpoint_ids: endpointIdsOf(privilegeEndpoint, 'privilege_id', outer(privilege.id)) },
  hooks: {
    afterWrite: (tx, row, input) =>
      setEndpoints(tx, privilegeEndpoint, 'privilege_id', row.id, input.endpoint_ids),
  },
});

/** The generic routes and the privileges none of some roles holds yet (`list/not`). */
export function registerPrivilegeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
