/**
 * The approver's side (docs/product.md#payment-requests): the queue of requests waiting for the caller's
 * decision, accept and reject one (PATCH, with the version read), and the same for many at once, each row in
 * its own transaction so that one refusal does not undo the others' decisions.
 */
import { pageSchema } from '@sitepay/domain/common.schema';
import {
  paymentBulkResultSchema,
  paymentBulkSchema,
  paymentListQuerySchema,
  paymentSchema,
} from '@sitepay/domain/payment.schema';
import { and, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows } from '../../db/client.ts';
import { paymentTransaction } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { listRecords, scopeOf } from '../../http/record-reads.ts';
import { PAYMENT_MENUS, paymentKind } from './payment.resource.ts';
import { applyMove } from './payment.workflow.ts';
import { queueWhere } from './payment-lists.service.ts';

const p = paymentTransaction;
const DECIDE = PAYMENT_MENUS.decide;
const tags = ['payment'];
const base = '/api/payment-approval';

export function registerPaymentApprovalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { menus: DECIDE };

  r.get(
    `${base}/paging`,
    {
      config,
      schema: { tags, querystring: paymentListQuerySchema, response: { 200: pageSchema(paymentSchema) } },
    },
    async (req) => {
      const user = currentUser(req);
      return listRecords(
        app.db,
        paymentKind,
        req.query as never,
        user,
        await queueWhere(app.db, user),
      ) as never;
    },
  );

  r.get(
    `${base}/count`,
    { config, schema: { tags, response: { 200: z.object({ count: z.number() }) } } },
    async (req) => {
      const user = currentUser(req);
      const where = and(await queueWhere(app.db, user), scopeOf(paymentKind, user));
      // bounded: the top bar shows "999+" beyond
      const [row] = await queryRows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from (select 1 from ${p} where ${where} limit 1000) x`,
      );
      return { count: row?.n ?? 0 };
    },
  );

  const many = (action: 'accept' | 'reject') =>
    r.post(
      `${base}/${action}-many`,
      { config, schema: { tags, body: paymentBulkSchema, response: { 200: paymentBulkResultSchema } } },
      async (req) => {
        const user = currentUser(req);
        const results = [];
        for (const item of req.body.items) {
          try {
            const row = await app.db.transaction((tx) =>
              applyMove(tx, paymentKind, item.id, item.version, action, user, req.body.note),
            );
            results.push({ id: item.id, ok: true, status: 200, version: row.version });
          } catch (error) {
            if (!(error instanceof HttpError) || error.status >= 500) throw error;
            results.push({
              id: item.id,
              ok: false,
              status: error.status,
              code: error.code,
              message: error.message,
              ...(error.reason ? { reason: error.reason, params: error.params } : {}),
            });
          }
        }
        return results;
      },
    );
  many('accept');
  many('reject');
}
