/**
 * Payment batches (lệnh chi, docs/adr/0096-payment-batches-and-bank-files.md): accepted, not fully
 * paid requests of one company put together to be paid from one of its accounts, made by one person
 * and approved by another (four eyes). A request is in at most one open batch: the batch's writer
 * locks each request's contract, then the request, in the order of their ids (as every money writer
 * does: docs/adr/0041-money-writers-lock-the-contract-row.md), and reads the open lines after the
 * locks; the unique index on open lines is the last guard.
 */
import { addAmounts, compareAmounts, subtractAmounts } from '@sitepay/domain/money';
import type { BatchCreate } from '@sitepay/domain/payment-batch.schema';
import { and, eq, sql } from 'drizzle-orm';
import { businessToday } from '../../core/business-time.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import {
  bank,
  beneficiary,
  company,
  companyBankAccount,
  constructorTable,
  paymentBatch,
  paymentBatchLine,
  paymentTransaction,
} from '../../db/schema.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { fieldError, HttpError, notFound, staleVersion, unprocessable } from '../../http/errors.ts';
import { companyScope } from '../../http/owner-company.ts';
import { findRecord } from '../../http/records.ts';
import { lockContract } from '../contract/contract.totals.ts';
import { paymentKind } from './payment.resource.ts';

const b = paymentBatch;
const l = paymentBatchLine;

/** The company account a batch pays from, inside the caller's scope: 400 otherwise. */
async function accountOf(tx: Tx, id: number, user: CurrentUser) {
  const a = companyBankAccount;
  const [found] = await tx
    .select({ id: a.id, company_id: a.company_id })
    .from(a)
    .where(
      and(
        eq(a.id, id),
        eq(a.status, 'O'),
        user.isAdmin ? undefined : companyScope(sql`${a.company_id}`, user),
      ),
    );
  if (!found) throw fieldError('company_bank_account_id', 'not_found');
  return found;
}

/** Makes a batch; answers it with its lines. */
export async function createBatch(tx: Tx, input: BatchCreate, user: CurrentUser) {
  const account = await accountOf(tx, input.company_bank_account_id, user);
  const seen = new Set<number>();
  input.items.forEach((item, i) => {
    if (seen.has(item.payment_id)) throw fieldError(`items.${i}.payment_id`, 'duplicate');
    seen.add(item.payment_id);
  });
  // the requests in the order of their ids: two batches sharing requests lock them in one order
  const order = input.items.map((item, i) => ({ ...item, i })).sort((x, y) => x.payment_id - y.payment_id);
  for (const item of order) {
    const field = `items.${item.i}.payment_id`;
    let request: Record<string, unknown>;
    try {
      request = await findRecord(tx, paymentKind, item.payment_id, user);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) throw fieldError(field, 'not_found');
      throw error;
    }
    await lockContract(tx, request.contract_id as number);
    const locked = await findRecord(tx, paymentKind, item.payment_id, user, true);
    if ((locked.company_id ?? null) !== (account.company_id ?? null))
      throw fieldError(field, 'other_company');
    if (locked.status !== 'O' || locked.approval_status !== 'A' || locked.payment_status !== 'O')
      throw unprocessable(
        `${locked.code}: only an accepted, unpaid request goes into a batch`,
        'batch_not_payable',
        {
          code: locked.code as string,
        },
      );
    if (locked.payee_hold)
      throw unprocessable(`${locked.code}: the payee's account changed`, 'payee_changed', {
        code: locked.code as string,
      });
    const remaining = subtractAmounts(locked.amount as string, (locked.paid_amount as string) ?? '0');
    if (compareAmounts(item.amount, remaining) > 0)
      throw unprocessable(`${locked.code}: more than what remains to pay (${remaining})`, 'overpaid', {
        remaining,
      });
    const [open] = await queryRows<{ code: string }>(
      tx,
      sql`select x.code from ${l} y join ${b} x on x.id = y.batch_id
          where y.payment_id = ${item.payment_id} and y.open limit 1`,
    );
    if (open)
      throw unprocessable(`${locked.code} is in the open batch ${open.code}`, 'in_open_batch', {
        code: locked.code as string,
        batch: open.code,
      });
  }
  const total = addAmounts(...input.items.map((x) => x.amount));
  const year = businessToday().slice(0, 4);
  // the id first: the number is made of it, written with the row
  const [next] = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('payment_batch', 'id'))::int as id`,
  );
  const batch = { id: next!.id };
  await tx.insert(b).values({
    id: batch.id,
    code: `LC-${year}-${String(batch.id).padStart(6, '0')}`,
    company_id: account.company_id,
    company_bank_account_id: account.id,
    total,
    note: input.note ?? null,
    created_by: user.user_name,
    created_by_id: user.id,
  });
  try {
    await tx.insert(l).values(
      input.items.map((item, i) => ({
        batch_id: batch.id,
        payment_id: item.payment_id,
        line_no: i + 1,
        amount: item.amount,
      })),
    );
  } catch (error) {
    // the locks keep two batches from one request; the index says so if they ever did not
    if ((error as { cause?: { code?: string } }).cause?.code === '23505')
      throw unprocessable('a request is in another open batch', 'in_open_batch', { code: '', batch: '' });
    throw error;
  }
  return readBatch(tx, batch.id, user);
}

const batchColumns = sql`x.id, x.code, x.company_id, co.name as company_name, x.company_bank_account_id,
  case when a.id is null then null else coalesce(bk.code, bk.name) || ' ' || a.account_number end
    as company_bank_account,
  x.state, x.total::text as total,
  (select count(*)::int from ${l} y where y.batch_id = x.id) as line_count,
  x.note, x.version, to_json(x.created_at) #>> '{}' as created_at, x.created_by, x.created_by_id,
  to_json(x.approved_at) #>> '{}' as approved_at, x.approved_by,
  to_json(x.cancelled_at) #>> '{}' as cancelled_at, x.cancelled_by`;
const batchFrom = sql`${b} x
  left join ${company} co on co.id = x.company_id
  left join ${companyBankAccount} a on a.id = x.company_bank_account_id
  left join ${bank} bk on bk.id = a.bank_id`;
const scopeOfX = (user: CurrentUser) =>
  user.isAdmin ? sql`true` : sql`x.company_id in (${companyScopeIds(user)})`;
// the ids of the user's companies, as companyScope reads them
const companyScopeIds = (user: CurrentUser) =>
  sql`select c.id from ${company} c where ${companyScope(sql`c.id`, user)}`;

/** The lines of a batch, in order, with their requests' numbers, payees and what remains. */
export function batchLines(tx: Tx, batchId: number) {
  const p = paymentTransaction;
  return queryRows<Record<string, unknown>>(
    tx,
    sql`select y.id, y.line_no, y.payment_id, p.code as payment_code, y.amount::text as amount,
          y.paid_amount::text as paid_amount, y.paid,
          (p.amount - p.paid_amount)::numeric(18,2)::text as remaining, p.payment_status,
          k.name as constructor_name, coalesce(pb.name, p.bank_name) as bank_name, p.account_number,
          p.account_holder, pb.bin as bank_bin, p.note as request_note,
          (select be.branch from ${beneficiary} be where be.bank_id = p.bank_id
             and be.account_number = p.account_number and be.status <> 'D' limit 1) as branch
        from ${l} y
        join ${p} p on p.id = y.payment_id
        left join ${constructorTable} k on k.id = p.constructor_id
        left join ${bank} pb on pb.id = p.bank_id
        where y.batch_id = ${batchId}
        order by y.line_no`,
  );
}

/** One batch the user sees, with its lines: 404 outside his companies. */
export async function readBatch(tx: Tx, id: number, user: CurrentUser) {
  const [batch] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select ${batchColumns} from ${batchFrom} where x.id = ${id} and ${scopeOfX(user)}`,
  );
  if (!batch) throw notFound('payment batch');
  return { ...batch, lines: await batchLines(tx, id) } as Record<string, unknown> & {
    code: string;
    state: string;
    lines: Record<string, unknown>[];
  };
}

/** A page of the batches the user sees, newest first. */
export async function listBatches(
  tx: Tx,
  q: { page: number; itemsPerPage: number; state?: string; companyBankAccountId?: number | null },
  user: CurrentUser,
) {
  const where = sql`${scopeOfX(user)}
    ${q.state ? sql`and x.state = ${q.state}` : sql``}
    ${q.companyBankAccountId ? sql`and x.company_bank_account_id = ${q.companyBankAccountId}` : sql``}`;
  const items = await queryRows<Record<string, unknown>>(
    tx,
    sql`select ${batchColumns} from ${batchFrom} where ${where}
        order by x.created_at desc, x.id desc
        limit ${q.itemsPerPage} offset ${(q.page - 1) * q.itemsPerPage}`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${b} x where ${where}`,
  );
  return { items, total: count!.n, totalExact: true, page: q.page, itemsPerPage: q.itemsPerPage };
}

/** The batch row locked, read at `version` by someone who sees it. */
async function lockBatch(tx: Tx, id: number, version: number | null, user: CurrentUser) {
  const [row] = await queryRows<{ id: number; state: string; version: number; created_by_id: number }>(
    tx,
    sql`select x.id, x.state, x.version, x.created_by_id from ${b} x
        where x.id = ${id} and ${scopeOfX(user)} for update`,
  );
  if (!row) throw notFound('payment batch');
  if (version !== null && row.version !== version) throw staleVersion();
  return row;
}

/** Approves a made batch: not by its maker. */
export async function approveBatch(tx: Tx, id: number, version: number, user: CurrentUser) {
  const row = await lockBatch(tx, id, version, user);
  if (row.state !== 'O') throw unprocessable('only a batch just made is approved', 'batch_not_open');
  if (row.created_by_id === user.id)
    throw unprocessable('a batch is approved by someone other than its maker', 'own_batch');
  await tx
    .update(b)
    .set({
      state: 'A',
      approved_at: new Date(),
      approved_by: user.user_name,
      approved_by_id: user.id,
      version: sql`${b.version} + 1`,
    })
    .where(eq(b.id, id));
  return readBatch(tx, id, user);
}

/** Cancels a batch made or approved: its unpaid lines free their requests. */
export async function cancelBatch(tx: Tx, id: number, version: number, user: CurrentUser) {
  const row = await lockBatch(tx, id, version, user);
  if (row.state !== 'O' && row.state !== 'A')
    throw unprocessable('a paid or cancelled batch stays as it is', 'batch_closed');
  await tx.update(l).set({ open: false }).where(eq(l.batch_id, id));
  await tx
    .update(b)
    .set({
      state: 'C',
      cancelled_at: new Date(),
      cancelled_by: user.user_name,
      version: sql`${b.version} + 1`,
    })
    .where(eq(b.id, id));
  return readBatch(tx, id, user);
}

/** An approved batch the user sees, with its lines: what the bank's file is written from. */
export async function approvedBatch(tx: Tx, id: number, user: CurrentUser) {
  const batch = await readBatch(tx, id, user);
  if (batch.state !== 'A' && batch.state !== 'P')
    throw unprocessable('only an approved batch goes to the bank', 'batch_not_approved');
  return batch;
}

/**
 * A line's payment recorded (the statement's importer, docs/adr/0097-statement-matching.md): its
 * paid amount grows; paid in full it closes, and the batch is paid when its last line is.
 */
export async function markLinePaid(tx: Tx, lineId: number, amount: string) {
  const [line] = await tx.select().from(l).where(eq(l.id, lineId)).for('update');
  const paidAmount = addAmounts(line!.paid_amount, amount);
  const paid = compareAmounts(paidAmount, line!.amount) >= 0;
  await tx
    .update(l)
    .set({ paid_amount: paidAmount, paid, open: paid ? false : line!.open })
    .where(eq(l.id, lineId));
  if (!paid) return;
  const [left] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${l} where batch_id = ${line!.batch_id} and not paid`,
  );
  if (left!.n === 0)
    await tx
      .update(b)
      .set({ state: 'P', version: sql`${b.version} + 1` })
      .where(and(eq(b.id, line!.batch_id), eq(b.state, 'A')));
}
