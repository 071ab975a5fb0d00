/**
 * Contract routes: the generic record routes (docs/product.md#contracts-and-annexes), annexes, the payment
 * summary and the "can this contract take a payment request now?" check.
 */

import { idParamsSchema, pageSchema, pagingQuerySchema } from '@sitepay/domain/common.schema';
import {
  contractAnnexInputSchema,
  contractAnnexSchema,
  contractAnnexUpdateSchema,
  contractInputSchema,
  contractListQuerySchema,
  contractSchema,
  contractSummarySchema,
  contractUpdateSchema,
} from '@sitepay/domain/contract.schema';
import { addAmounts, compareAmounts, fromCents, toCents } from '@sitepay/domain/money';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { construction, constructorTable, contract, contractAnnex } from '../../db/schema.ts';
import { type CurrentUser, currentUser } from '../../http/auth.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { writeHistory } from '../../http/record-history.ts';
import type { Row } from '../../http/record-kind.ts';
import { listRecords } from '../../http/record-reads.ts';
import { findRecord, type RecordKind, toRecord } from '../../http/records.ts';
import { registerResource } from '../../http/resource.routes.ts';
import { constructionKind } from '../construction/construction.resource.ts';
import { contractKind } from './contract.resource.ts';
import {
  type ContractMoney,
  contractMoney,
  contractSummary,
  paymentSums,
  summarize,
} from './contract.totals.ts';
import { registerContractGuaranteeRoutes } from './contract-guarantee.routes.ts';

const read = [
  'contract',
  'contract-view',
  'payment',
  'payment-create',
  'payment-update',
  'payment-view',
  'report-contract',
  'report-contract-view',
];
const update = ['contract-update'];
const tags = ['contract'];

/**
 * Annexes live inside their contract: its scope, its row lock, its value rule. A negative annex (or
 * an annex's removal) may not bring the value below zero or below what live payment requests
 * already ask, nor the payable ceiling below what ordinary requests ask.
 */
async function checkAnnexValue(tx: Tx, contractId: number, user: CurrentUser, deltaCents: bigint) {
  await findRecord(tx, contractKind, contractId, user); // scope: 404 outside it
  const money = await contractMoney(tx, contractId, true);
  if (!money) throw notFound('contract');
  if (deltaCents >= 0n) return money;
  const sums = await paymentSums(tx, contractId);
  const after = summarize({ ...money, annexes: fromCents(toCents(money.annexes) + deltaCents) }, sums);
  const requested = toCents(sums.requested);
  const floor = requested > 0n ? requested : 0n;
  if (toCents(after.contract_value) < floor) {
    throw unprocessable(
      `the annex would bring the contract value to ${after.contract_value}, below the ${fromCents(floor)} already requested`,
      'annex_value_below_requested',
      { value: after.contract_value, requested: fromCents(floor) },
    );
  }
  if (toCents(after.remaining) < 0n) {
    throw unprocessable(
      `the annex would bring the payable ceiling to ${after.ceiling}, below the ${sums.requested_ordinary} already requested`,
      'annex_ceiling_below_requested',
      { ceiling: after.ceiling, requested: sums.requested_ordinary },
    );
  }
  return money;
}

/**
 * An annex changes its contract's value, so the contract's own history says so: which annex, and the
 * annexes' total and the value before and after (docs/product.md#contracts-and-annexes). Written with
 * the annex, in its transaction, once its checks have passed.
 */
async function annexInContractHistory(
  tx: Tx,
  contractId: number,
  user: CurrentUser,
  move: { action: 'annex-add' | 'annex-update' | 'annex-remove'; annex: { old: unknown; new: unknown } },
  money: ContractMoney,
  deltaCents: bigint,
) {
  const value = addAmounts(money.amount_vat, money.annexes);
  const after = (amount: string) => fromCents(toCents(amount) + deltaCents);
  const changes: Record<string, { old: unknown; new: unknown }> = { annex: move.annex };
  if (deltaCents !== 0n) {
    changes.annex_amount = { old: addAmounts(money.annexes), new: after(money.annexes) };
    changes.contract_value = { old: value, new: after(value) };
  } else if (move.annex.old === move.annex.new) return; // a note or a date: the contract is unchanged
  await writeHistory(tx, contractKind, contractId, move.action, changes, user);
}

export const contractAnnexKind: RecordKind = {
  name: 'contract-annex',
  table: contractAnnex as never,
  searchFields: ['annex_no', 'note'],
  sortable: {
    signed_date: contractAnnex.signed_date,
    annex_no: contractAnnex.annex_no,
    created_at: contractAnnex.created_at,
  },
  defaultSort: { by: 'signed_date', desc: false },
  unique: [
    {
      field: 'annex_no',
      columns: ['contract_id', 'annex_no'],
      constraint: 'contract_annex_no_uq',
      caseInsensitive: true,
    },
  ],
  scope: (user) =>
    sql`${contractAnnex.contract_id} in (select ${contract.id} from ${contract} where ${contractKind.scope!(user)!})`,
  async beforeWrite(tx, values, existing, user) {
    const contractId = existing?.contract_id ?? values.contract_id;
    const delta = toCents(values.amount ?? existing?.amount ?? '0') - toCents(existing?.amount ?? '0');
    const money = await checkAnnexValue(tx, contractId, user, delta);
    const annex = { old: existing?.annex_no ?? null, new: values.annex_no ?? existing?.annex_no };
    const action = existing ? 'annex-update' : 'annex-add';
    await annexInContractHistory(tx, contractId, user, { action, annex }, money, delta);
  },
  async beforeStatus(tx, existing, status, user) {
    if (status !== 'D') return;
    const delta = -toCents(existing.amount);
    const money = await checkAnnexValue(tx, existing.contract_id, user, delta);
    const annex = { old: existing.annex_no, new: null };
    await annexInContractHistory(
      tx,
      existing.contract_id,
      user,
      { action: 'annex-remove', annex },
      money,
      delta,
    );
  },
};

export function registerContractRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerResource(app, {
    kind: contractKind,
    basePath: '/api/contract',
    tag: 'contract',
    record: contractSchema,
    input: contractInputSchema,
    update: contractUpdateSchema,
    listQuery: contractListQuerySchema.pick({ constructorId: true, companyId: true, from: true, to: true }),
    menus: { read, create: ['contract-create'], update },
    paths: { all: false },
  });

  r.get(
    '/api/contract/get-by-construction/paging/:constructionId',
    {
      config: { menus: read },
      schema: {
        tags,
        params: z.object({ constructionId: idParamsSchema.shape.id }),
        querystring: pagingQuerySchema,
        response: { 200: pageSchema(contractSchema) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      await findRecord(app.db, constructionKind, req.params.constructionId, user); // 404 outside the scope
      return listRecords(
        app.db,
        contractKind,
        req.query as never,
        user,
        eq(contract.construction_id, req.params.constructionId),
      ) as never;
    },
  );

  r.get(
    '/api/contract/summary/:id',
    {
      config: { menus: read },
      schema: { tags, params: idParamsSchema, response: { 200: contractSummarySchema } },
    },
    async (req) => {
      await findRecord(app.db, contractKind, req.params.id, currentUser(req));
      return contractSummary(app.db, req.params.id);
    },
  );

  r.get(
    '/api/validate/contract/:id',
    {
      config: { menus: read },
      schema: {
        tags,
        params: idParamsSchema,
        response: {
          200: z.object({
            valid: z.boolean(),
            reasons: z.array(z.object({ code: z.string(), message: z.string() })),
            summary: contractSummarySchema,
          }),
        },
      },
    },
    async (req) => {
      const c = await findRecord(app.db, contractKind, req.params.id, currentUser(req));
      const [state] = await app.db
        .select({
          closed: construction.closed,
          cstatus: construction.status,
          kstatus: constructorTable.status,
        })
        .from(construction)
        .innerJoin(constructorTable, eq(constructorTable.id, c.constructor_id))
        .where(eq(construction.id, c.construction_id));
      const summary = await contractSummary(app.db, c.id);
      const reasons: { code: string; message: string }[] = [];
      if (c.status !== 'O') reasons.push({ code: 'contract_inactive', message: 'the contract is inactive' });
      if (state?.closed) reasons.push({ code: 'construction_closed', message: 'the construction is closed' });
      else if (state?.cstatus !== 'O')
        reasons.push({ code: 'construction_inactive', message: 'the construction is inactive' });
      if (state?.kstatus !== 'O')
        reasons.push({ code: 'constructor_inactive', message: 'the contractor is inactive' });
      if (compareAmounts(summary.remaining, '0') <= 0)
        reasons.push({ code: 'ceiling_reached', message: 'nothing remains to pay under the ceiling' });
      return { valid: reasons.length === 0, reasons, summary };
    },
  );

  // Annexes (docs/product.md#contracts-and-annexes): list per contract, create, update, delete.
  registerResource(app, {
    kind: contractAnnexKind,
    basePath: '/api/contract-annex',
    tag: 'contract',
    record: contractAnnexSchema,
    input: contractAnnexInputSchema,
    update: contractAnnexUpdateSchema,
    menus: { read, create: update, update },
    paths: { paging: false, all: false, active: false, deactivate: false },
  });
  r.get(
    '/api/contract-annex/list/:contractId',
    {
      config: { menus: read },
      schema: {
        tags,
        params: z.object({ contractId: idParamsSchema.shape.id }),
        response: { 200: z.array(contractAnnexSchema) },
      },
    },
    async (req) => {
      await findRecord(app.db, contractKind, req.params.contractId, currentUser(req));
      const rows = await app.db
        .select()
        .from(contractAnnex)
        .where(and(eq(contractAnnex.contract_id, req.params.contractId), ne(contractAnnex.status, 'D')))
        .orderBy(asc(contractAnnex.signed_date), asc(contractAnnex.id))
        .limit(1000);
      return rows.map((x) => toRecord(x as Row)) as never;
    },
  );
  registerContractGuaranteeRoutes(app, read, update);
}
