/**
 * Users as other screens need them: the list a picker offers (a department's director, an
 * approver). The users administration itself (create, roles, groups, reset) builds on this module.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appUser, department } from '../../db/schema.ts';

const userOption = z.object({
  id: z.number(),
  user_name: z.string(),
  full_name: z.string().nullable(),
  department_id: z.number().nullable(),
  department_name: z.string().nullable(),
});

export function registerUserRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/user/list/all',
    {
      config: { menus: ['user', 'user-view', 'department-create', 'department-update', 'department-view'] },
      schema: { tags: ['user'], response: { 200: z.array(userOption) } },
    },
    () =>
      app.db
        .select({
          id: appUser.id,
          user_name: appUser.user_name,
          full_name: appUser.full_name,
          department_id: appUser.department_id,
          department_name: department.name,
        })
        .from(appUser)
        .leftJoin(department, eq(department.id, appUser.department_id))
        .where(and(eq(appUser.status, 'O')))
        .orderBy(asc(appUser.full_name), asc(appUser.user_name))
        .limit(5000),
  );
}
