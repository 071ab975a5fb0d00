/**
 * The money rules of bills, in one place (docs/receivables.md, docs/adr/0062-bills-derived-state-and-kept-sums.md):
 *
 * - a bill's VAT is its rate (0, 5, 8 or 10 %) of the amount, rounded to the whole đồng; total =
 *   amount + VAT;
 * - what is paid is the sum of its receipts, what is credited the sum of the live credit notes
 *   applied to it; remaining = total − paid − credited, never below zero: a receipt or a credit note
 *   above the remaining, or an edit bringing the total below paid + credited, is refused (422);
 * - its state is derived, never stored: `paid` when paid + credited ≥ total, else `overdue` when its
 *   due date is before today (the business day, Asia/Ho_Chi_Minh), else `open`.
 *
 * Every writer of a bill's money (receipt, credit note, bill edit) locks the bill row first, in a
 * statement of its own, and reads the sums from the rows in the next one (`lockBill` then
 * `billFigures`): under READ COMMITTED that next statement sees what the writer before it committed,
 * so two receipts at once can never together pay more than the bill.
 */
import { addAmounts, compareAmounts, percentOf, subtractAmounts } from '@sitepay/domain/money';
import { formatAmount } from '@sitepay/domain/number-format';
import type { BillingState } from '@sitepay/domain/receivables.schema';
import { sql } from 'drizzle-orm';
import { todaySql } from '../../core/business-time.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { billing, billingReceipt, credit } from '../../db/schema.ts';
import { unprocessable } from '../../http/errors.ts';
import { outer } from '../../http/records.ts';

const b = billing;
const money = (v: string) => `${formatAmount(v)} đồng`;

/** Amount before VAT and its rate → the VAT (whole đồng) and the total. */
export function billAmounts(amount: string, vatRate: number) {
  const vat_amount = percentOf(amount, String(vatRate));
  return { vat_amount, total: addAmounts(amount, vat_amount) };
}

/** The state of a bill from its figures and the business day. */
export function billState(
  f: { total: string; paid: string; credited: string },
  dueDate: string,
  today: string,
) {
  const state: BillingState =
    compareAmounts(addAmounts(f.paid, f.credited), f.total) >= 0
      ? 'paid'
      : dueDate < today
        ? 'overdue'
        : 'open';
  return { state, overdue_days: state === 'overdue' ? daysBetween(dueDate, today) : 0 };
}

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

// The same rules as SQL, for lists and statistics (columns of `billing`, written qualified).
const settled = sql`(${outer(b.paid_amount)} + ${outer(b.credited_amount)} >= ${outer(b.total)})`;
export const remainingSql = sql<string>`(${outer(b.total)} - ${outer(b.paid_amount)} - ${outer(b.credited_amount)})`;
export const billStateSql = sql<BillingState>`(case when ${settled} then 'paid' when ${outer(b.due_date)} < ${todaySql} then 'overdue' else 'open' end)`;
export const overdueDaysSql = sql<number>`(case when not ${settled} and ${outer(b.due_date)} < ${todaySql} then (${todaySql} - ${outer(b.due_date)}) else 0 end)::int`;
/** Condition of the `state` filter. */
export function stateCondition(state: string | undefined) {
  switch (state) {
    case 'paid':
      return settled;
    case 'overdue':
      return sql`(not ${settled} and ${outer(b.due_date)} < ${todaySql})`;
    case 'open':
      return sql`(not ${settled} and ${outer(b.due_date)} >= ${todaySql})`;
    default:
      return undefined;
  }
}

/** Takes the bill row for update, in a statement of its own (see the header). */
export async function lockBill(tx: Tx, id: number) {
  await queryRows(tx, sql`select id from ${b} where id = ${id} for update`);
}

export type BillFigures = { total: string; paid: string; credited: string; remaining: string };

/** A bill's figures recomputed from its receipts and live credit notes (`excludeCreditId` left out). */
export async function billFigures(tx: Tx, id: number, excludeCreditId?: number): Promise<BillFigures> {
  const [row] = await queryRows<{ total: string; paid: string; credited: string }>(
    tx,
    sql`select x.total::text as total,
          (select coalesce(sum(r.amount), 0) from ${billingReceipt} r where r.billing_id = x.id)::numeric(18,2)::text as paid,
          (select coalesce(sum(k.amount), 0) from ${credit} k where k.billing_id = x.id and k.kind = 'note'
             and k.status <> 'D' and k.id <> ${excludeCreditId ?? 0})::numeric(18,2)::text as credited
        from ${b} x where x.id = ${id}`,
  );
  const f = row!;
  return { ...f, remaining: subtractAmounts(f.total, addAmounts(f.paid, f.credited)) };
}

/** A receipt never pays more than what remains. */
export function assertReceiptFits(amount: string, f: BillFigures) {
  if (compareAmounts(amount, f.remaining) > 0)
    throw unprocessable(
      compareAmounts(f.remaining, '0') > 0
        ? `the receipt exceeds what remains to be paid on the bill: ${money(f.remaining)} remain`
        : 'the bill is paid in full: nothing remains to be received',
      compareAmounts(f.remaining, '0') > 0 ? 'receipt_exceeds_remaining' : 'billing_settled',
      { remaining: f.remaining },
    );
}

/** A credit note applied to a bill never credits more than what remains. */
export function assertCreditFits(amount: string, f: BillFigures) {
  if (compareAmounts(amount, f.remaining) > 0)
    throw unprocessable(
      `the credit note exceeds what remains on the bill: ${money(f.remaining)} remain`,
      'credit_exceeds_remaining',
      { remaining: f.remaining },
    );
}

/** An edited bill's total never falls below what was received and credited on it. */
export function assertTotalCovers(total: string, f: BillFigures) {
  const covered = addAmounts(f.paid, f.credited);
  if (compareAmounts(total, covered) < 0)
    throw unprocessable(
      `the bill's total cannot fall below what was received and credited on it: ${money(covered)}`,
      'billing_below_paid',
      { paid: covered },
    );
}
