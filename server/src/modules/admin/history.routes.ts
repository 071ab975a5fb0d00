/** Access history (sign-ins and sign-outs) of one user, newest first, paged. */
import { accessHistorySchema } from '@sitepay/domain/admin.schema';
import { idParamsSchema, pageSchema, pagingQuerySchema } from '@sitepay/domain/common.schema';
import { eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessHistory, appUser } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { readPage, timeOrder } from '../../http/paging.ts';

const historyPage = pageSchema(accessHistorySchema);

export function registerHistoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // everyone's sign-ins and sign-outs (/system/history/login): by name or address with `search`
  r.get(
    '/api/admin/history/login/paging',
    {
      config: { menus: ['history-login'] },
      schema: { tags: ['history'], querystring: pagingQuerySchema, response: { 200: historyPage } },
    },
    (req) => {
      const search = req.query.search?.trim().toLowerCase();
      const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      return readPage(
        app.db,
        {
          table: accessHistory,
          selection: getTableColumns(accessHistory),
          where: like
            ? or(
                sql`lower(${accessHistory.user_name}) like ${like}`,
                sql`${accessHistory.address} like ${like}`,
              )
            : undefined,
          ...timeOrder(accessHistory.at, req.query),
          id: accessHistory.id,
        },
        req.query,
        (h) => ({ ...h, at: h.at.toISOString() }),
      ) as never;
    },
  );
  r.get(
    '/api/admin/history/login/:id',
    {
      config: { menus: ['history-login', 'user-view'] },
      schema: {
        tags: ['history'],
        params: idParamsSchema,
        querystring: pagingQuerySchema,
        response: { 200: historyPage },
      },
    },
    async (req) => {
      const [user] = await app.db
        .select({ id: appUser.id })
        .from(appUser)
        .where(eq(appUser.id, req.params.id));
      if (!user) throw notFound('user');
      return readPage(
        app.db,
        {
          table: accessHistory,
          selection: getTableColumns(accessHistory),
          where: eq(accessHistory.user_id, req.params.id),
          ...timeOrder(accessHistory.at, req.query),
          id: accessHistory.id,
        },
        req.query,
        (h) => ({ ...h, at: h.at.toISOString() }),
      ) as never;
    },
  );
}
