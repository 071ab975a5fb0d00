/**
 * Users as other screens need them: the list a picker offers (a department's director, an
 * approver). The users administration itself (create, roles, groups, reset) builds on this module.
 */
import { idParamsSchema } from '@sitepay/domain/common.schema';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessHistory, appUser, department } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { requestMeta } from '../auth/auth.routes.ts';

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
      config: {
        // pickers: a department's director, a payment request's head of unit
        menus: [
          'user',
          'user-view',
          'department-create',
          'department-update',
          'department-view',
          'payment-create',
          'payment-update',
          'payment-view',
        ],
      },
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

  // An administrator lifts a user's login lock: failures before this line no longer count.
  r.post(
    '/api/admin/user/unlock/:id',
    {
      config: { menus: ['user-update'] },
      schema: { tags: ['user'], params: idParamsSchema, response: { 200: z.object({ ok: z.boolean() }) } },
    },
    async (req) => {
      const [user] = await app.db
        .select({ id: appUser.id, user_name: appUser.user_name })
        .from(appUser)
        .where(and(eq(appUser.id, req.params.id), ne(appUser.status, 'D')));
      if (!user) throw notFound('user');
      await app.db.insert(accessHistory).values({
        user_id: user.id,
        user_name: user.user_name,
        type: 'unlock',
        result: 'success',
        ...requestMeta(req),
      });
      return { ok: true };
    },
  );
}
