/**
 * A contract's money in one place (DESIGN.md §5): value = amount incl. VAT + live annexes;
 * payable ceiling = settlement amount when set, else the value, minus guarantee retention and
 * penalties. Sums are done in SQL on NUMERIC, never in floats. Requested / approved / paid are the
 * sums of the contract's payment requests — none exist before the payments module, so they are 0.
 */

import type { ContractSummary } from '@sitepay/domain/contract.schema';
import { addAmounts, subtractAmounts } from '@sitepay/domain/money';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { contract, contractAnnex } from '../../db/schema.ts';
import { outer } from '../../http/records.ts';

/** SQL: the sum of a contract's live annexes (correlated on the outer contract row). */
export const annexSumSql = sql<string>`(select coalesce(sum(a.amount), 0)::numeric(18,2)::text from ${contractAnnex} a where a.contract_id = ${outer(contract.id)} and a.status <> 'D')`;
export const contractValueSql = sql<string>`(${outer(contract.amount_vat)} + (select coalesce(sum(a.amount), 0) from ${contractAnnex} a where a.contract_id = ${outer(contract.id)} and a.status <> 'D'))::numeric(18,2)::text`;

type Money = {
  amount_vat: string;
  annexes: string;
  settlement_amount: string | null;
  guarantee_amount: string | null;
  penalty_amount: string | null;
};

/** Reads a contract's amounts; `lock` takes the contract row so that concurrent writers queue. */
export async function contractMoney(tx: Tx, contractId: number, lock = false): Promise<Money | undefined> {
  const [row] = await queryRows<Money>(
    tx,
    sql`select c.amount_vat::text, c.settlement_amount::text, c.guarantee_amount::text, c.penalty_amount::text,
          (select coalesce(sum(a.amount), 0)::numeric(18,2)::text from ${contractAnnex} a
            where a.contract_id = c.id and a.status <> 'D') as annexes
        from ${contract} c where c.id = ${contractId} ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

export function summarize(
  m: Money,
  payments = { requested: '0', approved: '0', paid: '0' },
): ContractSummary {
  const value = addAmounts(m.amount_vat, m.annexes);
  const base = m.settlement_amount ?? value;
  const ceiling = subtractAmounts(subtractAmounts(base, m.guarantee_amount ?? '0'), m.penalty_amount ?? '0');
  return {
    contract_value: value,
    ceiling,
    requested: addAmounts(payments.requested),
    approved: addAmounts(payments.approved),
    paid: addAmounts(payments.paid),
    remaining: subtractAmounts(ceiling, payments.requested),
  };
}

/** What live payment requests already ask of a contract (0 until payment requests exist). */
export async function requestedAmount(_tx: Tx, _contractId: number): Promise<string> {
  return '0.00';
}
