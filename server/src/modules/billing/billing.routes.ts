/**
 * Bills (docs/receivables.md "Billing"): the generic routes for the list (`/api/user/billing/list`),
 * get, create, update, delete and history, plus what is special — receipts, the receipts of a bill,
 * and the check that recomputes where a bill stands from its rows.
 */
import { idParamsSchema } from '@sitepay/domain/common.schema';
import { addAmounts, compareAmounts, subtractAmounts } from '@sitepay/domain/money';
import {
  billingCheckSchema,
  billingInputSchema,
  billingListQuerySchema,
  billingSchema,
  billingUpdateSchema,
  receiptInputSchema,
  receiptSchema,
} from '@sitepay/domain/receivables.schema';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessToday } from '../../core/business-time.ts';
import type { Tx } from '../../db/client.ts';
import { billingReceipt } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { staleVersion } from '../../http/errors.ts';
import { findRecord, updateRecord } from '../../http/records.ts';
import { registerResource } from '../../http/resource.routes.ts';
import { creditsOf } from '../customer/credit.service.ts';
import { billingKind } from './billing.resource.ts';
import { assertReceiptFits, billFigures, billState, lockBill } from './billing.rules.ts';
import { writeBillFigures } from './billing.service.ts';

export const BILLING_MENUS = {
  read: ['billing', 'billing-view', 'customer-view'],
  create: ['billing-create'],
  update: ['billing-update'],
};

async function receiptsOf(tx: Tx, billingId: number) {
  const r = billingReceipt;
  const rows = await tx
    .select({
      id: r.id,
      amount: r.amount,
      receipt_date: r.receipt_date,
      reference: r.reference,
      note: r.note,
      created_at: r.created_at,
      user_name: r.user_name,
    })
    .from(r)
    .where(eq(r.billing_id, billingId))
    .orderBy(desc(r.receipt_date), desc(r.id));
  return rows.map((x) => ({ ...x, created_at: x.created_at.toISOString() }));
}

export function registerBillingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];
  registerResource(app, {
    kind: billingKind,
    basePath: '/api',
    tag: 'billing',
    record: billingSchema,
    input: billingInputSchema,
    update: billingUpdateSchema,
    listQuery: billingListQuerySchema,
    menus: {
      read: [...BILLING_MENUS.read, 'billing-create', 'billing-update'],
      create: BILLING_MENUS.create,
      update: BILLING_MENUS.update,
    },
    // a deleted bill is answered as written, without the figures read with it: derive them here
    decorate: async (_db, records) => {
      const today = businessToday();
      for (const bill of records) {
        if (bill.state !== undefined) continue;
        const figures = { total: bill.total, paid: bill.paid_amount, credited: bill.credited_amount };
        Object.assign(bill, billState(figures, bill.due_date, today), {
          remaining: subtractAmounts(bill.total, addAmounts(bill.paid_amount, bill.credited_amount)),
        });
      }
    },
    paths: {
      paging: 'user/billing/list',
      all: false,
      get: 'manage/billing/get/:id',
      create: 'manage/billing/create',
      update: 'manage/billing/update/:id',
      active: false,
      deactivate: false,
      delete: 'manage/billing/delete/:id',
      history: 'manage/billing/history/:id',
    },
  });

  r.post(
    '/api/manage/billing/receipt/:id',
    {
      config: { menus: BILLING_MENUS.update },
      schema: { tags, params: idParamsSchema, body: receiptInputSchema, response: { 200: billingSchema } },
    },
    (req) =>
      app.db.transaction(async (tx) => {
        const user = currentUser(req);
        const bill = await findRecord(tx, billingKind, req.params.id, user);
        await lockBill(tx, bill.id); // receipts at once queue here; what follows reads after them
        const locked = await findRecord(tx, billingKind, bill.id, user, true);
        if (req.body.version !== undefined && req.body.version !== locked.version) throw staleVersion();
        const figures = await billFigures(tx, bill.id);
        assertReceiptFits(req.body.amount, figures);
        await tx.insert(billingReceipt).values({
          billing_id: bill.id,
          amount: req.body.amount,
          receipt_date: req.body.receipt_date,
          reference: req.body.reference ?? null,
          note: req.body.note ?? null,
          user_id: user.id,
          user_name: user.user_name,
        });
        return updateRecord(
          tx,
          billingKind,
          bill.id,
          locked.version,
          { paid_amount: addAmounts(figures.paid, req.body.amount) } as never,
          user,
          'receipt',
        ) as never;
      }),
  );

  r.get(
    '/api/manage/billing/receipts/:id',
    {
      config: { menus: BILLING_MENUS.read },
      schema: { tags, params: idParamsSchema, response: { 200: z.array(receiptSchema) } },
    },
    async (req) => {
      await findRecord(app.db, billingKind, req.params.id, currentUser(req));
      return receiptsOf(app.db, req.params.id);
    },
  );

  r.get(
    '/api/manage/billing/check/:id',
    {
      config: { menus: BILLING_MENUS.read },
      schema: { tags, params: idParamsSchema, response: { 200: billingCheckSchema } },
    },
    async (req) => {
      const user = currentUser(req);
      let bill = await findRecord(app.db, billingKind, req.params.id, user);
      let figures = await billFigures(app.db, bill.id);
      const drifted = (f: typeof figures, row: typeof bill) =>
        compareAmounts(f.paid, row.paid_amount) !== 0 ||
        compareAmounts(f.credited, row.credited_amount) !== 0;
      let fixed = false;
      if (drifted(figures, bill)) {
        // the stored figures drifted from the rows (a hand edit, a restore): write the rows' sums
        await app.db.transaction(async (tx) => {
          await lockBill(tx, bill.id);
          const now = await billFigures(tx, bill.id);
          const row = await findRecord(tx, billingKind, bill.id, user);
          if (drifted(now, row)) {
            await writeBillFigures(tx, bill.id, now, user, 'check');
            fixed = true;
          }
          figures = now;
        });
        bill = await findRecord(app.db, billingKind, bill.id, user);
      }
      const { state, overdue_days } = billState(figures, bill.due_date, businessToday());
      return {
        id: bill.id,
        number: bill.number,
        total: figures.total,
        paid: figures.paid,
        credited: figures.credited,
        remaining: figures.remaining,
        state,
        overdue_days,
        due_date: bill.due_date,
        receipts: await receiptsOf(app.db, bill.id),
        credits: (await creditsOf(app.db, { billingId: bill.id }, user)) as never,
        fixed,
      };
    },
  );
}
