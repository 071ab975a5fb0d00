/** Access history (sign-ins and sign-outs) of one user, newest first, paged. */
import { idParamsSchema, pagingQuerySchema } from '@sitepay/domain/common.schema';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessHistory, appUser } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

export function registerHistoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/history/login/:id',
    {
      config: { menus: ['history-login', 'user-view'] },
      schema: { tags: ['history'], params: idParamsSchema, querystring: pagingQuerySchema },
    },
    async (req) => {
      const { page, itemsPerPage } = req.query;
      const [user] = await app.db
        .select({ id: appUser.id })
        .from(appUser)
        .where(eq(appUser.id, req.params.id));
      if (!user) throw notFound('user');
      const where = and(eq(accessHistory.user_id, req.params.id));
      const [rows, [count]] = await Promise.all([
        app.db
          .select()
          .from(accessHistory)
          .where(where)
          .orderBy(desc(accessHistory.at), desc(accessHistory.id))
          .limit(itemsPerPage)
          .offset((page - 1) * itemsPerPage),
        app.db.select({ n: sql<number>`count(*)::int` }).from(accessHistory).where(where),
      ]);
      return {
        items: rows.map((h) => ({ ...h, at: h.at.toISOString() })),
        total: count?.n ?? 0,
        page,
        itemsPerPage,
      };
    },
  );
}
