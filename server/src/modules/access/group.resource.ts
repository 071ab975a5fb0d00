/**
 * Groups (docs/product.md#access-control): users granted a set of roles at once. A group may be what
 * makes someone an administrator, so its status changes and its roles pass the administrators' guard
 * (admin-guard.ts).
 */

import { idParamsSchema } from '@sitepay/domain/common.schema';
import { group as groupEntity } from '@sitepay/domain/entities/group.entity';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { groupRole, menu, role, roleMenu } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { entityKind } from '../../http/entity.routes.ts';
import { findRecord } from '../../http/records.ts';
import { checkAdmins, guardAdmins, lockAdmins } from '../user/admin-guard.ts';
import { menusOf } from './access.menus.ts';
import { registerLinks } from './link.routes.ts';

export const groupKind = entityKind(groupEntity, {
  hooks: {
    // a group may be what makes someone an administrator
    beforeStatus: (tx) => lockAdmins(tx),
    afterStatus: (tx, _row, _status, user) => checkAdmins(tx, user),
  },
});

/** The generic routes, a group's roles (link.routes.ts) and the menus they grant. */
export function registerGroupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
}
