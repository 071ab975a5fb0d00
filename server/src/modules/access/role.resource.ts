/**
 * Roles (docs/product.md#access-control): what a user is granted through — menus, privileges and a
 * data scope (a company, a project or a construction). ROLE_ADMIN is built in: its code stays and it
 * cannot be deactivated or deleted; a status change passes the administrators' guard (admin-guard.ts).
 */

import { roleSchema } from '@sitepay/domain/admin.schema';
import { idParamsSchema } from '@sitepay/domain/common.schema';
import { role as roleEntity } from '@sitepay/domain/entities/role.entity';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { groupRole, menu, privilege, role, roleMenu, rolePrivilege } from '../../db/schema.ts';
import { ADMIN_ROLE } from '../../http/access-sql.ts';
import { currentUser } from '../../http/auth.ts';
import { entityKind } from '../../http/entity.routes.ts';
import { unprocessable } from '../../http/errors.ts';
import { listAllRecords } from '../../http/records.ts';
import { checkAdmins, lockAdmins } from '../user/admin-guard.ts';
import { menusOf } from './access.menus.ts';
import { registerLinks } from './link.routes.ts';

export const roleKind = entityKind(roleEntity, {
  hooks: {
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
  },
});

/** The generic routes, the roles of a company or of a group, and a role's menus and privileges. */
export function registerRoleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
  registerRoleLinks(app);
}

/** A role's menus and privileges (link.routes.ts). */
function registerRoleLinks(app: FastifyInstance) {
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
}
