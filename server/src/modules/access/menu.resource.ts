/**
 * Menus (docs/product.md#menus-and-endpoints): the drawer's tree, and what grants rights — a role's
 * menus open their endpoints (docs/adr/0001-rights-come-from-menus.md). A menu is never under itself;
 * a new one goes last among its siblings; `move` swaps it with its neighbour; `merge` adds the
 * shipped menus and endpoints a database lacks.
 */

import { menuMoveSchema, menuSchema } from '@sitepay/domain/admin.schema';
import { idParamsSchema } from '@sitepay/domain/common.schema';
import { menu as menuEntity } from '@sitepay/domain/entities/menu.entity';
import { and, asc, desc, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows, type Tx } from '../../db/client.ts';
import { menu, menuEndpoint } from '../../db/schema.ts';
import { mergeShippedMenus } from '../../db/seed/seed.ts';
import { type CurrentUser, currentUser } from '../../http/auth.ts';
import { entityKind } from '../../http/entity.routes.ts';
import { fieldError, staleVersion } from '../../http/errors.ts';
import { writeHistory } from '../../http/record-history.ts';
import type { Row } from '../../http/record-kind.ts';
import { findRecord, listAllRecords, outer, toRecord } from '../../http/records.ts';
import { menusOf } from './access.menus.ts';
import { endpointIdsOf, setEndpoints } from './endpoint.resource.ts';

async function checkParent(tx: Tx, values: Row, existing: Row | undefined) {
  const parentId = values.parent_id;
  if (parentId === undefined || parentId === null) return;
  if (existing && parentId === existing.id) throw fieldError('parent_id', 'invalid_parent');
  const [parent] = await tx
    .select({ id: menu.id })
    .from(menu)
    .where(and(eq(menu.id, parentId as number), ne(menu.status, 'D')));
  if (!parent) throw fieldError('parent_id', 'not_found');
  if (existing) {
    // not under itself: walk up from the new parent
    const [cycle] = await queryRows<{ found: boolean }>(
      tx,
      sql`with recursive up(id, parent_id) as (
            select id, parent_id from menu where id = ${parentId}
            union all
            select m.id, m.parent_id from menu m join up on m.id = up.parent_id
          )
          select exists (select 1 from up where id = ${existing.id}) as found`,
    );
    if (cycle?.found) throw fieldError('parent_id', 'invalid_parent');
  }
}

export const menuKind = entityKind(menuEntity, {
  extraColumns: {
    parent_title: sql<string | null>`(select x.title from ${menu} x where x.id = ${outer(menu.parent_id)})`,
    endpoint_ids: endpointIdsOf(menuEndpoint, 'menu_id', outer(menu.id)),
  },
  hooks: {
    async beforeWrite(tx, values, existing) {
      await checkParent(tx, values, existing);
      if (!existing && values.sort_order === undefined) {
        // a new menu goes last among its siblings
        const [last] = await tx
          .select({ n: sql<number>`coalesce(max(${menu.sort_order}), 0)` })
          .from(menu)
          .where(values.parent_id ? eq(menu.parent_id, values.parent_id as number) : isNull(menu.parent_id));
        values.sort_order = Number(last?.n ?? 0) + 10;
      }
    },
    afterWrite: (tx, row, input) => setEndpoints(tx, menuEndpoint, 'menu_id', row.id, input.endpoint_ids),
  },
});

/** A menu swapped with the sibling just before (`up`) or after it; first (or last), as it is. */
async function moveMenu(tx: Tx, id: number, move: z.infer<typeof menuMoveSchema>, actor: CurrentUser) {
  const me = await findRecord(tx, menuKind, id, actor, true);
  if (me.version !== move.version) throw staleVersion();
  const up = move.direction === 'up';
  const siblings = and(
    me.parent_id === null ? isNull(menu.parent_id) : eq(menu.parent_id, me.parent_id),
    ne(menu.status, 'D'),
    ne(menu.id, me.id),
  );
  // the neighbour: the sibling just before (or after) it, ties broken by id like the tree
  const [other] = await tx
    .select({ id: menu.id, sort_order: menu.sort_order })
    .from(menu)
    .where(
      and(
        siblings,
        up
          ? sql`(${menu.sort_order}, ${menu.id}) < (${me.sort_order}, ${me.id})`
          : sql`(${menu.sort_order}, ${menu.id}) > (${me.sort_order}, ${me.id})`,
      ),
    )
    .orderBy(up ? desc(menu.sort_order) : asc(menu.sort_order), up ? desc(menu.id) : asc(menu.id))
    .limit(1)
    .for('update');
  if (!other) return toRecord(me); // already first (or last): nothing to do
  // equal orders (seeded ties) are spread first so a swap always moves it
  const [mine, theirs] =
    other.sort_order === me.sort_order
      ? up
        ? [me.sort_order - 1, me.sort_order]
        : [me.sort_order + 1, me.sort_order]
      : [other.sort_order, me.sort_order];
  await tx
    .update(menu)
    .set({
      sort_order: theirs,
      updated_at: new Date(),
      updated_by: actor.user_name,
      version: sql`${menu.version} + 1`,
    })
    .where(eq(menu.id, other.id));
  await tx
    .update(menu)
    .set({
      sort_order: mine,
      updated_at: new Date(),
      updated_by: actor.user_name,
      version: sql`${menu.version} + 1`,
    })
    .where(eq(menu.id, me.id));
  await writeHistory(tx, menuKind, me.id, 'move', { sort_order: { old: me.sort_order, new: mine } }, actor);
  return toRecord(await findRecord(tx, menuKind, me.id, actor));
}

const { search_text: _searchText, ...menuColumns } = getTableColumns(menu);

/** The generic routes but `list/all` (the whole tree, in its order), the top menus, `move` and `merge`. */
export function registerMenuRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/menu/list/all',
    {
      config: { menus: menusOf('menu').read },
      schema: { tags: ['menu'], response: { 200: z.array(menuSchema) } },
    },
    async () => {
      const rows = await app.db
        .select({ ...menuColumns, ...menuKind.extraColumns })
        .from(menu)
        .where(ne(menu.status, 'D'))
        .orderBy(sql`${menu.parent_id} nulls first`, asc(menu.sort_order), asc(menu.id));
      return (rows as Row[]).map(toRecord) as never;
    },
  );
  r.get(
    '/api/admin/menu/list/parent',
    {
      config: { menus: [...menusOf('menu').read, ...menusOf('menu').create, ...menusOf('menu').update] },
      schema: { tags: ['menu'], response: { 200: z.array(menuSchema) } },
    },
    (req) => listAllRecords(app.db, menuKind, currentUser(req), isNull(menu.parent_id)) as never,
  );
  r.patch(
    '/api/admin/menu/move/:id',
    {
      config: { menus: menusOf('menu').update },
      schema: { tags: ['menu'], params: idParamsSchema, body: menuMoveSchema, response: { 200: menuSchema } },
    },
    async (req) => {
      const actor = currentUser(req);
      return app.db.transaction((tx) => moveMenu(tx, req.params.id, req.body, actor)) as never;
    },
  );
  r.post(
    '/api/admin/migrate/menu/merge',
    {
      config: { menus: menusOf('menu').update },
      schema: {
        tags: ['menu'],
        response: {
          200: z.object({
            added: z.array(z.string()),
            endpoints_added: z.number(),
            endpoints_linked: z.number(),
          }),
        },
      },
    },
    () => app.db.transaction((tx) => mergeShippedMenus(tx, app.protectedRoutes)),
  );
}
