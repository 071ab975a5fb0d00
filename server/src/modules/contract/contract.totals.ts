/**
 * A contract's money in one place (docs/product.md#contracts-and-money,
 * docs/adr/0035-payable-ceiling-retention-and-advances.md):
 * - value = amount incl. VAT + live annexes;
 * - payable ceiling = (settlement amount when set, else the value) − warranty retention − the
 *   contract's penalty − the penalties of its live payment requests; bank guarantees withhold
 *   nothing (docs/adr/0069-retention-apart-from-bank-guarantees.md);
 * - warranty retention = its percentage of that same base (settlement, else the value with its
 *   annexes) when the contract gives a percentage, else the fixed amount it gives;
 * - requested / approved = sums of its live payment requests (not rejected, deactivated or
 *   deleted), paid = what their payments paid (`paid_amount`, partial payments included);
 *   warranty requests draw on the retention, not on the ceiling;
 * - remaining = ceiling − what ordinary (non-warranty) live requests ask.
 * Sums are done in SQL on NUMERIC and combined as BigInt hundredths, never floats.
 *
 * `lockContract` takes the contract row before any of these are read: the reads that follow are
 * new statements, so under READ COMMITTED they see everything committed by the writer that held the
 * lock before (one statement that locks and sums at once would sum from its older snapshot).
 */

import type { ContractSummary } from '@sitepay/domain/contract.schema';
import { addAmounts, percentOf, subtractAmounts } from '@sitepay/domain/money';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { contract, contractAnnex, paymentTransaction } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { outer } from '../../http/records.ts';

/** SQL: the sum of a contract's live annexes (correlated on the outer contract row). */
export const annexSumSql = sql<string>`(select coalesce(sum(a.amount), 0)::numeric(18,2)::text from ${contractAnnex} a where a.contract_id = ${outer(contract.id)} and a.status <> 'D')`;
export const contractValueSql = sql<string>`(${outer(contract.amount_vat)} + (select coalesce(sum(a.amount), 0) from ${contractAnnex} a where a.contract_id = ${outer(contract.id)} and a.status <> 'D'))::numeric(18,2)::text`;

/** Payment codes with a rule of their own (domain/src/payment.schema.ts `paymentKinds`). */
export const ADVANCE_CODE = 'TU';
export const WARRANTY_CODE = 'BH';

/** A payment request that counts: not rejected, not deactivated, not deleted. */
export const livePaymentSql = (alias: string) =>
  sql.raw(`${alias}.status = 'O' and ${alias}.approval_status <> 'R'`);

export type ContractMoney = {
  amount_vat: string;
  annexes: string;
  settlement_amount: string | null;
  retention_amount: string | null;
  /** When set, the retention is this percentage of the base (settlement, else the value). */
  retention_percent: string | null;
  retention_release_date: string | null;
  penalty_amount: string | null;
};

export type PaymentSums = {
  /** Every live request. */
  requested: string;
  /** Live requests other than warranty: they count against the ceiling. */
  requested_ordinary: string;
  requested_warranty: string;
  approved: string;
  paid: string;
  penalties: string;
  advance: string;
  recovered: string;
};

const noPayments: PaymentSums = {
  requested: '0',
  requested_ordinary: '0',
  requested_warranty: '0',
  approved: '0',
  paid: '0',
  penalties: '0',
  advance: '0',
  recovered: '0',
};

/**
 * Takes the contract row for the rest of the transaction; 404 when it does not exist or is deleted
 * (a writer that waited for a delete finds it gone). `for no key
 * update`: writers of its money queue behind each other, but a row that merely refers to the
 * contract (a request, an annex, its running totals — their foreign keys take `key share`) is not
 * held up by the lock. With `for update`, a request's first running total waited for an annex's
 * lock while the annex waited for that total: a deadlock, answered 500 (payments-race.test.ts).
 */
export async function lockContract(tx: Tx, contractId: number) {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from ${contract} where id = ${contractId} and status <> 'D' for no key update`,
  );
  if (!rows[0]) throw notFound('contract');
}

/** Reads a contract's amounts; `lock` first takes the contract row so that concurrent writers queue. */
export async function contractMoney(
  tx: Tx,
  contractId: number,
  lock = false,
): Promise<ContractMoney | undefined> {
  if (lock) await lockContract(tx, contractId);
  const [row] = await queryRows<ContractMoney>(
    tx,
    sql`select c.amount_vat::text, c.settlement_amount::text, c.retention_amount::text,
          c.retention_percent::text, c.retention_release_date::text, c.penalty_amount::text,
          (select coalesce(sum(a.amount), 0)::numeric(18,2)::text from ${contractAnnex} a
            where a.contract_id = c.id and a.status <> 'D') as annexes
        from ${contract} c where c.id = ${contractId}`,
  );
  return row;
}

/** Sums of a contract's live payment requests, leaving out `excludeId` (the one being written). */
export async function paymentSums(tx: Tx, contractId: number, excludeId?: number): Promise<PaymentSums> {
  const n = (expr: string) => sql.raw(`coalesce(sum(${expr}), 0)::numeric(18,2)::text`);
  const [row] = await queryRows<PaymentSums>(
    tx,
    sql`select
          ${n('p.amount')} as requested,
          ${n(`p.amount) filter (where upper(p.payment_code) <> '${WARRANTY_CODE}'`)} as requested_ordinary,
          ${n(`p.amount) filter (where upper(p.payment_code) = '${WARRANTY_CODE}'`)} as requested_warranty,
          ${n(`p.amount) filter (where p.approval_status = 'A'`)} as approved,
          ${n('p.paid_amount')} as paid,
          ${n('p.penalty_amount')} as penalties,
          ${n(`p.amount) filter (where upper(p.payment_code) = '${ADVANCE_CODE}'`)} as advance,
          ${n('p.advance_recovery')} as recovered
        from ${paymentTransaction} p
        where p.contract_id = ${contractId} and ${livePaymentSql('p')}
          ${excludeId ? sql`and p.id <> ${excludeId}` : sql``}`,
  );
  return row ?? noPayments;
}

export function summarize(m: ContractMoney, p: PaymentSums = noPayments): ContractSummary {
  const value = addAmounts(m.amount_vat, m.annexes);
  const ceiling = ceilingOf(m, p.penalties);
  return {
    contract_value: value,
    ceiling,
    requested: addAmounts(p.requested),
    approved: addAmounts(p.approved),
    paid: addAmounts(p.paid),
    remaining: subtractAmounts(ceiling, p.requested_ordinary),
  };
}

/** What the ceiling and a percentage retention are taken from: the settlement, else the value. */
export const paymentBaseOf = (m: ContractMoney): string =>
  m.settlement_amount ?? addAmounts(m.amount_vat, m.annexes);

/**
 * The warranty retention held back: a percentage retention follows the contract's value as its
 * annexes and settlement change it (docs/adr/0031-guarantee-follows-the-contract-value.md); a fixed amount
 * stays as given.
 */
export const retentionOf = (m: ContractMoney): string =>
  m.retention_percent !== null && m.retention_percent !== undefined
    ? percentOf(paymentBaseOf(m), m.retention_percent)
    : addAmounts(m.retention_amount ?? '0');

/** The payable ceiling, given the penalties of the contract's payment requests. */
export function ceilingOf(m: ContractMoney, requestPenalties: string): string {
  return subtractAmounts(
    paymentBaseOf(m),
    addAmounts(retentionOf(m), m.penalty_amount ?? '0', requestPenalties),
  );
}

/** A contract's summary from its real payment requests. */
export async function contractSummary(tx: Tx, contractId: number): Promise<ContractSummary> {
  const money = await contractMoney(tx, contractId);
  if (!money) throw notFound('contract');
  return summarize(money, await paymentSums(tx, contractId));
}
