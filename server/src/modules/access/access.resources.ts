/**
 * Roles, groups, privileges, menus and endpoints (docs/product.md#api-paths; docs/product.md#access-control):
 * ordinary record kinds served by the generic routes, with their links (a role's menus and privileges, a
 * group's roles, the endpoints of a menu or a privilege). ROLE_ADMIN is fixed; every change that may take the
 * administrators' rights away passes the guard of admin-guard.ts.
 */
import {
  endpointInputSchema,
  endpointSchema,
  endpointTypes,
  endpointUpdateSchema,
  groupInputSchema,
  groupSchema,
  groupUpdateSchema,
  menuInputSchema,
  menuMoveSchema,
  menuSchema,
  menuUpdateSchema,
  privilegeInputSchema,
  privilegeSchema,
  privilegeUpdateSchema,
  roleInputSchema,
  roleSchema,
  roleUpdateSchema,
} from '@sitepay/domain/admin.schema';
import { idParamsSchema } from '@sitepay/domain/common.schema';
import { and, asc, desc, eq, getTableColumns, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows, type Tx } from '../../db/client.ts';
import {
  appGroup,
  company,
  construction,
  endpoint,
  groupRole,
  menu,
  menuEndpoint,
  privilege,
  privilegeEndpoint,
  project,
  role,
  roleMenu,
  rolePrivilege,
} from '../../db/schema.ts';
import { mergeShippedMenus } from '../../db/seed/seed.ts';
import { ADMIN_ROLE } from '../../http/access-sql.ts';
import { currentUser } from '../../http/auth.ts';
import { fieldError, notFound, staleVersion, unprocessable } from '../../http/errors.ts';
import {
  findRecord,
  listAllRecords,
  outer,
  type RecordKind,
  type Row,
  toRecord,
  writeHistory,
} from '../../http/records.ts';
import { registerResource } from '../../http/resource.routes.ts';
import { checkAdmins, guardAdmins, lockAdmins } from '../user/admin-guard.ts';
import { registerLinks } from './link.routes.ts';

const menusOf = (name: string) => ({
  read: [name, `${name}-view`],
  create: [`${name}-create`],
  update: [`${name}-update`],
});

/** Replaces the endpoints linked to a menu or a privilege when the input carries `endpoint_ids`. */
async function setEndpoints(
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

// ---------------------------------------------------------------- roles

export const roleKind: RecordKind = {
  name: 'role',
  table: role,
  searchFields: ['code', 'name'],
  sortable: {
    code: role.code,
    name: role.name,
    priority: role.priority,
    created_at: role.created_at,
    status: role.status,
  },
  defaultSort: { by: 'priority', desc: false },
  unique: [{ field: 'code', columns: ['code'], constraint: 'role_code_uq' }],
  references: [
    { field: 'company_id', table: company as never },
    { field: 'project_id', table: project as never },
    { field: 'construction_id', table: construction as never },
  ],
  extraColumns: {
    company_name: sql<
      string | null
    >`(select x.name from ${company} x where x.id = ${outer(role.company_id)})`,
    project_name: sql<
      string | null
    >`(select x.name from ${project} x where x.id = ${outer(role.project_id)})`,
    construction_name: sql<
      string | null
    >`(select x.name from ${construction} x where x.id = ${outer(role.construction_id)})`,
  },
  beforeWrite(_tx, values, existing) {
    if (existing?.code === ADMIN_ROLE && values.code !== undefined && values.code !== ADMIN_ROLE) {
      throw unprocessable(`${ADMIN_ROLE} is built in: its code cannot change`, 'admin_role_fixed');
    }
  },
  async beforeStatus(tx, existing, status) {
    if (existing.code === ADMIN_ROLE && status !== 'O') {
      throw unprocessable(
        `${ADMIN_ROLE} is built in: it cannot be deactivated or deleted`,
        'admin_role_fixed',
      );
    }
    await lockAdmins(tx);
  },
  afterStatus: (tx, _row, _status, user) => checkAdmins(tx, user),
};

// ---------------------------------------------------------------- groups

export const groupKind: RecordKind = {
  name: 'group',
  table: appGroup,
  searchFields: ['code', 'name'],
  sortable: {
    code: appGroup.code,
    name: appGroup.name,
    priority: appGroup.priority,
    created_at: appGroup.created_at,
    status: appGroup.status,
  },
  defaultSort: { by: 'priority', desc: false },
  unique: [{ field: 'code', columns: ['code'], constraint: 'app_group_code_uq' }],
  // a group may be what makes someone an administrator
  beforeStatus: (tx) => lockAdmins(tx),
  afterStatus: (tx, _row, _status, user) => checkAdmins(tx, user),
};

// ---------------------------------------------------------------- privileges

const endpointIdsOf = (
  join: typeof menuEndpoint | typeof privilegeEndpoint,
  owner: 'menu_id' | 'privilege_id',
  ownerId: SQL,
) =>
  sql<
    number[]
  >`(select coalesce(array_agg(j.endpoint_id order by j.endpoint_id), '{}') from ${join} j where j.${sql.raw(owner)} = ${ownerId})`;

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

// ---------------------------------------------------------------- menus

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

export const menuKind: RecordKind = {
  name: 'menu',
  table: menu,
  searchFields: ['name', 'title', 'title_en', 'path'],
  sortable: {
    sort_order: menu.sort_order,
    name: menu.name,
    title: menu.title,
    path: menu.path,
    created_at: menu.created_at,
    status: menu.status,
  },
  defaultSort: { by: 'sort_order', desc: false },
  unique: [{ field: 'name', columns: ['name'], constraint: 'menu_name_uq' }],
  extraColumns: {
    parent_title: sql<string | null>`(select x.title from ${menu} x where x.id = ${outer(menu.parent_id)})`,
    endpoint_ids: endpointIdsOf(menuEndpoint, 'menu_id', outer(menu.id)),
  },
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
};

// ---------------------------------------------------------------- endpoints

export const endpointKind: RecordKind = {
  name: 'endpoint',
  table: endpoint,
  searchFields: ['method', 'path', 'description'],
  sortable: {
    path: endpoint.path,
    method: endpoint.method,
    endpoint_type: endpoint.endpoint_type,
    created_at: endpoint.created_at,
    status: endpoint.status,
  },
  defaultSort: { by: 'path', desc: false },
  unique: [{ field: 'path', columns: ['method', 'path'], constraint: 'endpoint_method_path_uq' }],
};

// ---------------------------------------------------------------- routes

const { search_text: _searchText, ...menuColumns } = getTableColumns(menu);

export function registerAccessRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  registerResource(app, {
    kind: roleKind,
    basePath: '/api/admin/role',
    tag: 'role',
    record: roleSchema,
    input: roleInputSchema,
    update: roleUpdateSchema,
    menus: menusOf('role'),
  });
  r.get(
    '/api/admin/role/get-by-company/:id',
    {
      config: { menus: menusOf('role').read },
      schema: { tags: ['role'], params: idParamsSchema, response: { 200: z.array(roleSchema) } },
    },
    (req) => listAllRecords(app.db, roleKind, currentUser(req), eq(role.company_id, req.params.id)) as never,
  );
  r.get(
    '/api/admin/role/get-by-group/:id',
    {
      config: { menus: [...menusOf('role').read, ...menusOf('group').read] },
      schema: { tags: ['role'], params: idParamsSchema, response: { 200: z.array(roleSchema) } },
    },
    (req) =>
      listAllRecords(
        app.db,
        roleKind,
        currentUser(req),
        sql`${role.id} in (select gr.role_id from ${groupRole} gr where gr.group_id = ${req.params.id})`,
      ) as never,
  );
  const roleLinks = { read: menusOf('role').read, update: menusOf('role').update };
  registerLinks(app, {
    base: '/api/admin/role',
    name: 'menus',
    tag: 'role',
    parent: roleKind,
    join: roleMenu,
    parentColumn: roleMenu.role_id,
    childColumn: roleMenu.menu_id,
    child: menu as never,
    columns: {
      id: menu.id,
      name: menu.name,
      title: menu.title,
      title_en: menu.title_en,
      path: menu.path,
      parent_id: menu.parent_id,
      hidden: menu.hidden,
    },
    order: [menu.sort_order, menu.id],
    label: menu.name,
    menus: roleLinks,
  });
  registerLinks(app, {
    base: '/api/admin/role',
    name: 'privileges',
    tag: 'role',
    parent: roleKind,
    join: rolePrivilege,
    parentColumn: rolePrivilege.role_id,
    childColumn: rolePrivilege.privilege_id,
    child: privilege as never,
    columns: {
      id: privilege.id,
      code: privilege.code,
      name: privilege.name,
      description: privilege.description,
    },
    order: [privilege.code],
    label: privilege.code,
    menus: roleLinks,
  });

  registerResource(app, {
    kind: groupKind,
    basePath: '/api/admin/group',
    tag: 'group',
    record: groupSchema,
    input: groupInputSchema,
    update: groupUpdateSchema,
    menus: menusOf('group'),
  });
  registerLinks(app, {
    base: '/api/admin/group',
    name: 'roles',
    tag: 'group',
    parent: groupKind,
    join: groupRole,
    parentColumn: groupRole.group_id,
    childColumn: groupRole.role_id,
    child: role as never,
    columns: { id: role.id, code: role.code, name: role.name, priority: role.priority },
    order: [role.priority, role.code],
    label: role.code,
    menus: { read: menusOf('group').read, update: menusOf('group').update },
    guard: guardAdmins,
  });
  r.get(
    '/api/admin/group/menus/:id',
    {
      config: { menus: menusOf('group').read },
      schema: {
        tags: ['group'],
        params: idParamsSchema,
        response: {
          200: z.array(
            z.object({
              id: z.number(),
              name: z.string(),
              title: z.string(),
              title_en: z.string(),
              path: z.string(),
            }),
          ),
        },
      },
    },
    async (req) => {
      await findRecord(app.db, groupKind, req.params.id, currentUser(req));
      // a group's menus are those its roles grant
      return app.db
        .selectDistinct({
          id: menu.id,
          name: menu.name,
          title: menu.title,
          title_en: menu.title_en,
          path: menu.path,
          sort_order: menu.sort_order,
        })
        .from(menu)
        .innerJoin(roleMenu, eq(roleMenu.menu_id, menu.id))
        .innerJoin(groupRole, eq(groupRole.role_id, roleMenu.role_id))
        .innerJoin(role, and(eq(role.id, groupRole.role_id), eq(role.status, 'O')))
        .where(and(eq(groupRole.group_id, req.params.id), eq(menu.status, 'O')))
        .orderBy(asc(menu.sort_order), asc(menu.id));
    },
  );

  registerResource(app, {
    kind: privilegeKind,
    basePath: '/api/admin/privilege',
    tag: 'privilege',
    record: privilegeSchema,
    input: privilegeInputSchema,
    update: privilegeUpdateSchema,
    menus: menusOf('privilege'),
    paths: { paging: 'list/paging' },
  });
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

  registerResource(app, {
    kind: menuKind,
    basePath: '/api/admin/menu',
    tag: 'menu',
    record: menuSchema,
    input: menuInputSchema,
    update: menuUpdateSchema,
    menus: menusOf('menu'),
    paths: { paging: 'list/paging', all: false },
  });
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
      return app.db.transaction(async (tx) => {
        const me = await findRecord(tx, menuKind, req.params.id, actor, true);
        if (me.version !== req.body.version) throw staleVersion();
        const up = req.body.direction === 'up';
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
        if (!other) return toRecord(me) as never; // already first (or last): nothing to do
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
        await writeHistory(
          tx,
          menuKind,
          me.id,
          'move',
          { sort_order: { old: me.sort_order, new: mine } },
          actor,
        );
        return toRecord(await findRecord(tx, menuKind, me.id, actor)) as never;
      });
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

  registerResource(app, {
    kind: endpointKind,
    basePath: '/api/admin/endpoint',
    tag: 'endpoint',
    record: endpointSchema,
    input: endpointInputSchema,
    update: endpointUpdateSchema,
    menus: menusOf('endpoint'),
    paths: { paging: 'list/paging' },
  });
  const endpointType = z.object({ id: z.number(), code: z.string(), name: z.string() });
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
  const endpointTypeById = (id: number) => {
    const found = endpointTypes.find((t) => t.id === id);
    if (!found) throw notFound('endpoint type');
    return { ...found };
  };
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
