/**
 * The payment history (/system/history/payment): every workflow move of the requests in the
 * caller's scope, newest first, paged like every list; `paymentId` narrows it to one request.
 */
import { idParam, pageSchema, pagingQuerySchema } from '@sitepay/domain/common.schema';
import { paymentHistorySchema } from '@sitepay/domain/payment.schema';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appUser, construction, contract, paymentHistory, paymentTransaction } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { readPage, timeOrder } from '../../http/paging.ts';
import { scopeOf } from '../../http/record-reads.ts';
import { outer } from '../../http/records.ts';
import { paymentKind } from './payment.resource.ts';

const h = paymentHistory;
const p = paymentTransaction;

export function registerPaymentHistoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/history/payment',
    {
      config: { menus: ['history-payment'] },
      schema: {
        tags: ['history'],
        querystring: pagingQuerySchema.extend({
          paymentId: idParam.optional(),
          action: z.string().max(20).optional(),
        }),
        response: { 200: pageSchema(paymentHistorySchema) },
      },
    },
    (req) => {
      const user = currentUser(req);
      const scope = scopeOf(paymentKind, user);
      return readPage(
        app.db,
        {
          table: h,
          selection: {
            ...getTableColumns(h),
            code: sql<string | null>`(select x.code from ${p} x where x.id = ${outer(h.payment_id)})`,
            requirement_no: sql<
              number | null
            >`(select x.requirement_no from ${p} x where x.id = ${outer(h.payment_id)})`,
            contract_no: sql<
              string | null
            >`(select c.contract_no from ${p} x join ${contract} c on c.id = x.contract_id where x.id = ${outer(h.payment_id)})`,
            construction_name: sql<
              string | null
            >`(select c.name from ${p} x join ${construction} c on c.id = x.construction_id where x.id = ${outer(h.payment_id)})`,
            // who, by the full name
            user_full_name: sql<
              string | null
            >`(select coalesce(nullif(u.full_name, ''), u.user_name) from ${appUser} u where u.id = ${outer(h.user_id)})`,
            // a delegate's decision names whom it was made for: "X thay Y" (docs/adr/0085-delegation.md)
            on_behalf_of_name: sql<
              string | null
            >`(select coalesce(nullif(u.full_name, ''), u.user_name) from ${appUser} u where u.id = ${outer(h.on_behalf_of_id)})`,
          },
          where: and(
            scope ? sql`${h.payment_id} in (select ${p.id} from ${p} where ${scope})` : undefined,
            req.query.paymentId ? eq(h.payment_id, req.query.paymentId) : undefined,
            req.query.action ? eq(h.action, req.query.action) : undefined,
          ),
          ...timeOrder(h.at, req.query),
          id: h.id,
        },
        req.query,
        (row) => ({ ...row, at: row.at.toISOString() }),
      ) as never;
    },
  );
}
