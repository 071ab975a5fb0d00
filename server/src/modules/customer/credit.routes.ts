/**
 * A customer's credit (docs/receivables.md "Credit"): credit notes, which reduce what it owes (with
 * `billing_id`, applied to that bill and never more than the bill's remaining), and credit limits
 * (the latest one in effect counts; a limit is shown, it never refuses a bill). Read and written
 * through the customer: outside the customer's scope, 404. A note applied to a bill locks the bill
 * first, as receipts do (billing.rules.ts), and writes the bill's credited figure in the same
 * transaction.
 */
import { idParamsSchema } from '@sitepay/domain/common.schema';
import { creditInputSchema, creditSchema, creditUpdateSchema } from '@sitepay/domain/receivables.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { type CurrentUser, currentUser } from '../../http/auth.ts';
import { fieldError, HttpError } from '../../http/errors.ts';
import type { Row } from '../../http/record-kind.ts';
import { createRecord, findRecord, updateRecord } from '../../http/records.ts';
import { billingKind } from '../billing/billing.resource.ts';
import { assertCreditFits, billFigures, lockBill } from '../billing/billing.rules.ts';
import { writeBillFigures } from '../billing/billing.service.ts';
import { creditKind, creditsOf } from './credit.service.ts';
import { customerKind } from './customer.resource.ts';

const creditRecord = async (db: Tx, id: number, user: CurrentUser) => (await creditsOf(db, { id }, user))[0];

const asField = (field: string) => (e: unknown) => {
  if (e instanceof HttpError && e.status === 404) throw fieldError(field, 'not_found');
  throw e;
};

/** Locks the bill a note applies to and checks the note fits what remains (`excludeId`: the note edited). */
async function applyToBill(
  tx: Tx,
  billingId: number,
  customerId: number,
  amount: string,
  user: CurrentUser,
  excludeId?: number,
) {
  const bill = await findRecord(tx, billingKind, billingId, user).catch(asField('billing_id'));
  if (bill.customer_id !== customerId) throw fieldError('billing_id', 'not_found');
  await lockBill(tx, billingId);
  assertCreditFits(amount, await billFigures(tx, billingId, excludeId));
}

async function refreshBill(tx: Tx, billingId: number, user: CurrentUser) {
  const figures = await billFigures(tx, billingId);
  await writeBillFigures(tx, billingId, figures, user, 'credit');
}

export function registerCreditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['credit'];
  const write = { menus: ['customer-update', 'billing-update'] };

  r.get(
    '/api/manage/credit/list/:customerId',
    {
      config: { menus: ['customer', 'customer-view', 'customer-update', 'billing-view'] },
      schema: {
        tags,
        params: z.object({ customerId: idParamsSchema.shape.id }),
        response: { 200: z.array(creditSchema) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      await findRecord(app.db, customerKind, req.params.customerId, user);
      return creditsOf(app.db, { customerId: req.params.customerId }, user) as never;
    },
  );

  r.post(
    '/api/manage/credit/create',
    { config: write, schema: { tags, body: creditInputSchema, response: { 200: creditSchema } } },
    async (req) => {
      const user = currentUser(req);
      const body = req.body;
      const id = await app.db.transaction(async (tx) => {
        await findRecord(tx, customerKind, body.customer_id, user).catch(asField('customer_id'));
        if (body.billing_id && body.kind === 'limit') throw fieldError('billing_id', 'not_allowed_for_limit');
        if (body.billing_id) await applyToBill(tx, body.billing_id, body.customer_id, body.amount, user);
        const row = await createRecord(
          tx,
          creditKind,
          { ...body, billing_id: body.billing_id ?? null } as unknown as Row,
          user,
        );
        if (body.billing_id) await refreshBill(tx, body.billing_id, user);
        return row.id;
      });
      return (await creditRecord(app.db, id, user)) as never;
    },
  );

  r.put(
    '/api/manage/credit/update/:id',
    {
      config: write,
      schema: { tags, params: idParamsSchema, body: creditUpdateSchema, response: { 200: creditSchema } },
    },
    async (req) => {
      const user = currentUser(req);
      const { version, ...changes } = req.body;
      await app.db.transaction(async (tx) => {
        const existing = await findRecord(tx, creditKind, req.params.id, user);
        await findRecord(tx, customerKind, existing.customer_id, user);
        if (existing.billing_id) {
          // the note stays on its bill (SPEC: no billingId in the update): it must still fit there
          if (changes.kind === 'limit') throw fieldError('kind', 'not_allowed_for_applied_note');
          await applyToBill(tx, existing.billing_id, existing.customer_id, changes.amount, user, existing.id);
        }
        await updateRecord(tx, creditKind, req.params.id, version, changes as unknown as Row, user);
        if (existing.billing_id) await refreshBill(tx, existing.billing_id, user);
      });
      return (await creditRecord(app.db, req.params.id, user)) as never;
    },
  );
}
