/**
 * Records owned by a company (`company_id`: customers, tickets): a kind plugs in by using
 * `companyScope` in its `scope` and `settleOwnerCompany` in its `beforeWrite`. A record belongs to
 * the company named on it — by an administrator any, by others one of their scope — else to its
 * creator's company (the lowest id his scope covers). A record of no company is seen by
 * administrators only.
 */
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { company } from '../db/schema.ts';
import { scopeCompanyIds } from './access-sql.ts';
import type { CurrentUser } from './auth.ts';
import { fieldError } from './errors.ts';
import type { Row } from './record-kind.ts';

/** A `company_id` column inside the user's company scope. */
export const companyScope = (column: SQL, user: CurrentUser): SQL =>
  sql`${column} in (${scopeCompanyIds(user.id)})`;

/** The company a user's new records belong to when none is named: the lowest of his scope. */
export async function companyOf(tx: Tx, user: CurrentUser): Promise<number | null> {
  const [row] = await queryRows<{ id: number | null }>(
    tx,
    sql`select min(company_id)::int as id from (${scopeCompanyIds(user.id)}) s`,
  );
  return row?.id ?? null;
}

/**
 * Sets or checks `values.company_id` before a write. On create, a record without one takes the
 * creator's (`fallback` first when given: a customer takes its first construction's). A named
 * company must exist and, for anyone but an administrator, be one of the user's (400 `company_id:
 * not_found` otherwise, as for an id outside the scope). Only an administrator clears it.
 */
export async function settleOwnerCompany(
  tx: Tx,
  values: Row,
  existing: Row | undefined,
  user: CurrentUser,
): Promise<void> {
  const named = values.company_id as number | null | undefined;
  if (named === undefined || named === null) {
    if (existing) {
      if (!user.isAdmin) delete values.company_id;
      return;
    }
    values.company_id = user.isAdmin ? null : await companyOf(tx, user);
    return;
  }
  if (existing && named === existing.company_id) return;
  const [found] = await queryRows<{ id: number }>(
    tx,
    sql`select c.id from ${company} c where c.id = ${named} and c.status <> 'D'
          ${user.isAdmin ? sql`` : sql`and ${companyScope(sql`c.id`, user)}`}`,
  );
  if (!found) throw fieldError('company_id', 'not_found');
}
