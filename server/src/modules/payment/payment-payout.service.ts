/**
 * Payments as they happened (docs/adr/0066-payments-as-they-happened.md): each payment the bank made
 * against an accepted request — the day, the amount, the bank's reference, the company account paid
 * from — recorded as a move of the workflow. A payment that leaves something to pay is
 * `record_payment` (the request stays approved, partly paid); the one that pays the rest is
 * `confirm_paid` (the request becomes paid). More than what remains is refused (422 `overpaid`).
 * A payment is never edited or deleted: a wrong one is reversed (`reverse_payment`) by someone other
 * than who recorded it, and a paid request it leaves short is approved and unpaid again. Every write
 * locks the contract and the request first, as every move does, so concurrent payments queue and
 * never pay more than the amount.
 */
import { addAmounts, compareAmounts, subtractAmounts } from '@sitepay/domain/money';
import { formatAmount } from '@sitepay/domain/number-format';
import type { PayoutInput } from '@sitepay/domain/payment.schema';
import { stateOf } from '@sitepay/domain/payment-workflow';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { businessToday } from '../../core/business-time.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { bank, companyBankAccount, paymentPayout } from '../../db/schema.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { fieldError, notFound, unprocessable } from '../../http/errors.ts';
import type { Row } from '../../http/record-kind.ts';
import { findRecord, type RecordKind } from '../../http/records.ts';
import { actorOf, check, lockRequest, writeMoveChanges } from './payment.workflow.ts';

/** What a payment says; require-paid leaves the amount out (what remains) and the day (today). */
export type PayoutFields = {
  [K in keyof Omit<PayoutInput, 'version'>]?: PayoutInput[K] | null;
};

/** The company account a payment names, or the company's default: 400 when it is not the company's. */
async function accountFor(tx: Tx, companyId: number | null, id: number | null | undefined) {
  const a = companyBankAccount;
  const ofCompany = and(
    ne(a.status, 'D'),
    companyId === null ? isNull(a.company_id) : eq(a.company_id, companyId),
  );
  if (id != null) {
    const [found] = await tx
      .select({ id: a.id })
      .from(a)
      .where(and(eq(a.id, id), eq(a.status, 'O'), ofCompany));
    if (!found) throw fieldError('company_bank_account_id', 'not_found');
    return found.id;
  }
  const [fallback] = await tx
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.is_default, true), eq(a.status, 'O'), ofCompany));
  return fallback?.id ?? null;
}

/**
 * Records one payment against the request `id` (read at `version`); answers the request as the
 * payment left it. Without an amount it pays what remains (require-paid).
 */
export async function recordPayout(
  tx: Tx,
  kind: RecordKind,
  id: number,
  version: number,
  fields: PayoutFields,
  user: CurrentUser,
  /** Where the payment was read from, for the history line ("từ sao kê ngày 05/03/2026"). */
  options: { source?: string } = {},
): Promise<Row> {
  const existing = await lockRequest(tx, kind, id, version, user);
  const remaining = subtractAmounts(existing.amount, existing.paid_amount ?? '0');
  const amount = fields.amount ?? remaining;
  const action = compareAmounts(amount, remaining) < 0 ? 'record_payment' : 'confirm_paid';
  // the table first: a request not approved, on hold, or accepted by the caller says so
  const transition = check(existing, action, await actorOf(tx, user, existing));
  if (compareAmounts(amount, remaining) > 0)
    throw unprocessable(`the payment is more than what remains to pay (${remaining})`, 'overpaid', {
      remaining,
    });
  const today = businessToday();
  const paidDate = fields.paid_date ?? today;
  if (paidDate > today) throw fieldError('paid_date', 'future_date');
  const accountId = await accountFor(tx, existing.company_id, fields.company_bank_account_id);
  const reference = fields.bank_reference?.trim() ?? '';
  await tx.insert(paymentPayout).values({
    payment_id: id,
    paid_date: paidDate,
    amount,
    bank_reference: reference,
    company_bank_account_id: accountId,
    note: fields.note ?? null,
    recorded_by: user.user_name,
    recorded_by_id: user.id,
  });
  const paid = addAmounts(existing.paid_amount ?? '0', amount);
  const changes: Record<string, unknown> = { paid_amount: paid };
  if (action === 'confirm_paid')
    Object.assign(changes, { payment_status: 'P', paid_at: new Date(), paid_by: user.user_name });
  // the history line says what was paid, and the bank's reference
  const note = [formatAmount(amount), reference, options.source].filter(Boolean).join(' · ');
  return writeMoveChanges(
    tx,
    kind,
    existing,
    { changes, action, from: stateOf(existing as never), transition, note },
    user,
  );
}

/**
 * Reverses the payment `payoutId`, with its reason: the request's paid amount goes down by it, and
 * a paid request becomes approved and unpaid again. Answers the request.
 */
export async function reversePayout(
  tx: Tx,
  kind: RecordKind,
  payoutId: number,
  reason: string,
  user: CurrentUser,
): Promise<Row> {
  const [payout] = await tx.select().from(paymentPayout).where(eq(paymentPayout.id, payoutId));
  if (!payout) throw notFound('payment');
  // the request's scope answers for its payments: 404 outside it, as for the request itself
  const request = await findRecord(tx, kind, payout.payment_id, user);
  const existing = await lockRequest(tx, kind, request.id, request.version, user);
  const [locked] = await tx.select().from(paymentPayout).where(eq(paymentPayout.id, payoutId)).for('update');
  if (locked!.reversed_at) throw unprocessable('this payment is reversed already', 'payout_reversed');
  const actor = {
    ...(await actorOf(tx, user, existing)),
    recordedPayment: locked!.recorded_by_id === user.id,
  };
  const transition = check(existing, 'reverse_payment', actor);
  await tx
    .update(paymentPayout)
    .set({
      reversed_at: new Date(),
      reversed_by: user.user_name,
      reversed_by_id: user.id,
      reverse_reason: reason,
    })
    .where(eq(paymentPayout.id, payoutId));
  const changes: Record<string, unknown> = {
    paid_amount: subtractAmounts(existing.paid_amount, locked!.amount),
  };
  if (existing.payment_status === 'P')
    Object.assign(changes, { payment_status: 'O', paid_at: null, paid_by: null });
  const note = `${formatAmount(locked!.amount)} · ${reason}`;
  return writeMoveChanges(
    tx,
    kind,
    existing,
    { changes, action: 'reverse_payment', from: stateOf(existing as never), transition, note },
    user,
  );
}

/** The payments of a request the caller may read, oldest first, with the account paid from. */
export async function payoutsOf(tx: Tx, kind: RecordKind, paymentId: number, user: CurrentUser) {
  await findRecord(tx, kind, paymentId, user);
  const p = paymentPayout;
  return queryRows<Record<string, unknown>>(
    tx,
    sql`select p.id, p.payment_id, p.paid_date::text as paid_date, p.amount::text as amount,
          p.bank_reference, p.company_bank_account_id,
          case when a.id is null then null else coalesce(b.code, b.name) || ' ' || a.account_number end
            as company_bank_account,
          p.note, to_json(p.recorded_at) #>> '{}' as recorded_at, p.recorded_by, p.recorded_by_id,
          to_json(p.reversed_at) #>> '{}' as reversed_at, p.reversed_by,
          p.reverse_reason
        from ${p} p
        left join ${companyBankAccount} a on a.id = p.company_bank_account_id
        left join ${bank} b on b.id = a.bank_id
        where p.payment_id = ${paymentId}
        order by p.paid_date, p.id`,
  );
}
