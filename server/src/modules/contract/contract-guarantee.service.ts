/**
 * What the checks read of a contract's bank guarantees (docs/adr/0095-bank-guarantees-checked.md):
 * the flag of an advance guarantee expired while its advance is not recovered, and the guarantees
 * expiring within 30 days that the home card and the morning mail list.
 */
import { type SQL, sql } from 'drizzle-orm';
import { addDays } from '../../core/business-time.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import type { CurrentUser } from '../../http/auth.ts';
import type { Row } from '../../http/record-kind.ts';
import { scopeOf } from '../../http/record-reads.ts';
import { contractKind } from './contract.resource.ts';
import { ADVANCE_CODE, livePaymentSql } from './contract.totals.ts';

/** How far ahead a guarantee is listed as expiring. */
export const EXPIRING_DAYS = 30;

/**
 * SQL: true for an advance guarantee expired before `today` while the contract's advance is not
 * recovered (the advances of its live requests exceed what they recovered). `g` is the alias.
 */
export const expiredUnrecoveredSql = (
  today: string,
) => sql`(g.kind = 'advance' and g.expiry_date < ${today}::date
  and (select coalesce(sum(p.amount) filter (where upper(p.payment_code) = ${ADVANCE_CODE}), 0)
              - coalesce(sum(p.advance_recovery), 0)
        from payment_transaction p where p.contract_id = g.contract_id and ${livePaymentSql('p')}) > 0)`;

const columns = (today: string) => sql`g.id, g.contract_id, g.kind, g.bank_id, b.name as bank_name,
  g.guarantee_no, g.amount::text as amount, g.issued_date::text as issued_date,
  g.expiry_date::text as expiry_date, g.note, g.status, g.version, g.created_at, g.created_by,
  g.updated_at, g.updated_by,
  ${expiredUnrecoveredSql(today)} as expired_unrecovered,
  (g.expiry_date - ${today}::date)::int as days_left`;

/** A contract's live guarantees by expiry, each with its flag on `today`. */
export const guaranteesOf = (tx: Tx, contractId: number, today: string) =>
  queryRows<Row>(
    tx,
    sql`select ${columns(today)} from contract_guarantee g left join bank b on b.id = g.bank_id
        where g.contract_id = ${contractId} and g.status <> 'D'
        order by g.expiry_date, g.id limit 1000`,
  );

/**
 * The live guarantees of live contracts that expire from `today` to `today` + 30 days, soonest
 * first, inside `user`'s contract scope (none: all, for the morning job).
 */
export async function expiringGuarantees(tx: Tx, today: string, user?: CurrentUser) {
  const scope: SQL | undefined = user ? scopeOf(contractKind, user) : undefined;
  return queryRows<Row>(
    tx,
    sql`select ${columns(today)}, contract.contract_no, k.name as constructor_name,
          nullif(concat_ws(' ', cs.code, cs.name), '') as construction
        from contract_guarantee g
        join contract on contract.id = g.contract_id and contract.status <> 'D'
        left join bank b on b.id = g.bank_id
        left join "constructor" k on k.id = contract.constructor_id
        left join construction cs on cs.id = contract.construction_id
        where g.status <> 'D' and g.expiry_date between ${today}::date and ${addDays(today, EXPIRING_DAYS)}::date
          ${scope ? sql`and ${scope}` : sql``}
        order by g.expiry_date, g.id limit 500`,
  );
}
