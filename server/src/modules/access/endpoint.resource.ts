/**
 * Endpoints (docs/product.md#menus-and-endpoints): the protected API routes, by method and path, that
 * menus and privileges open; the start-up seed adds those of the route table. Also the links of a
 * menu or a privilege to its endpoints (`endpoint_ids`), and the fixed list of endpoint types.
 */

import { endpointTypes } from '@sitepay/domain/admin.schema';
import { idParamsSchema } from '@sitepay/domain/common.schema';
import { endpoint as endpointEntity } from '@sitepay/domain/entities/endpoint.entity';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { endpoint, type menuEndpoint, type privilegeEndpoint } from '../../db/schema.ts';
import { entityKind } from '../../http/entity.routes.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { menusOf } from './access.menus.ts';

export const endpointKind = entityKind(endpointEntity, {
  // the same path under two methods is two endpoints
  unique: [{ field: 'path', columns: ['method', 'path'], constraint: 'endpoint_method_path_uq' }],
});

/** The ids of the endpoints linked to a menu or a privilege, as a display column (`endpoint_ids`). */
export const endpointIdsOf = (
  join: typeof menuEndpoint | typeof privilegeEndpoint,
  owner: 'menu_id' | 'privilege_id',
  ownerId: SQL,
) =>
  sql<
    number[]
  >`(select coalesce(array_agg(j.endpoint_id order by j.endpoint_id), '{}') from ${join} j where j.${sql.raw(owner)} = ${ownerId})`;

/** Replaces the endpoints linked to a menu or a privilege when the input carries `endpoint_ids`. */
export async function setEndpoints(
  tx: Tx,
  join: typeof menuEndpoint | typeof privilegeEndpoint,
  ownerColumn: 'menu_id' | 'privilege_id',
  ownerId: number,
  ids: unknown,
) {
  if (!Array.isArray(ids)) return;
  const wanted = [...new Set(ids as number[])];
  if (wanted.length) {
    const found = await tx
      .select({ id: endpoint.id })
      .from(endpoint)
      .where(and(sql`${endpoint.id} = any(${sql.param(wanted)}::int[])`, ne(endpoint.status, 'D')));
    if (found.length !== wanted.length) throw fieldError('endpoint_ids', 'not_found');
  }
  const owner = (join as typeof menuEndpoint & typeof privilegeEndpoint)[ownerColumn as 'menu_id'];
  await tx.delete(join).where(eq(owner, ownerId));
  if (wanted.length)
    await tx
      .insert(join)
      .values(wanted.map((endpoint_id) => ({ [ownerColumn]: ownerId, endpoint_id }) as never))
      .onConflictDoNothing();
}

const endpointType = z.object({ id: z.number(), code: z.string(), name: z.string() });

const endpointTypeById = (id: number) => {
  const found = endpointTypes.find((t) => t.id === id);
  if (!found) throw notFound('endpoint type');
  return { ...found };
};

/** The generic routes and the endpoint types (a fixed list, for the endpoint form). */
export function registerEndpointRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const typeMenus = [
    ...menusOf('endpoint').read,
    ...menusOf('endpoint').create,
    ...menusOf('endpoint').update,
  ];
  r.get(
    '/api/admin/endpoint-type/list/all',
    {
      config: { menus: typeMenus },
      schema: { tags: ['endpoint'], response: { 200: z.array(endpointType) } },
    },
    () => endpointTypes.map((t) => ({ ...t })),
  );
  r.get(
    '/api/admin/endpoint-type/findById/:id',
    {
      config: { menus: typeMenus },
      schema: { tags: ['endpoint'], params: idParamsSchema, response: { 200: endpointType } },
    },
    (req) => endpointTypeById(req.params.id),
  );
  // the specification spells it with the id in the query (docs/product.md#menus-and-endpoints)
  r.get(
    '/api/admin/endpoint-type/findById',
    {
      config: { menus: typeMenus },
      schema: { tags: ['endpoint'], querystring: idParamsSchema, response: { 200: endpointType } },
    },
    (req) => endpointTypeById(req.query.id),
  );
}
