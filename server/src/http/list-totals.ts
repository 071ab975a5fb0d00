/**
 * A list's total, bounded (docs/product.md#performance-budgets): matching rows are counted exactly up
 * to a limit; beyond it the total is the planner's estimate, kept a while per filter.
 */
import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { recentValues } from '../core/recent-values.ts';
import { queryRows, type Tx } from '../db/client.ts';
import { fixedPiece, readValues, rowLimit, whereText } from './fast-select.ts';

/** The rows matching `where`, counted up to `limit` when given. */
export async function countRows(tx: Tx, table: PgTable, where: SQL | undefined, limit?: number) {
  const matching = sql`select 1 from ${fixedPiece(table) ?? table}${whereText(where)}${limit ? sql` limit ${rowLimit(limit)}` : sql``}`;
  const [n] = await readValues<number>(tx, sql`select count(*)::int from (${matching}) matching`);
  return n ?? 0;
}

/**
 * Estimates of recent filters (an estimate needs no freshness, and planning one costs every time),
 * and the tables whose statistics were refreshed lately because an estimate fell below the rows
 * already counted.
 */
const estimates = recentValues<number>(30_000, 500);
const analyzedLately = recentValues<true>(60_000, 500);

/**
 * The planner's row estimate for the list's filter: free of a scan, close enough for a pager. An
 * estimate below the rows already counted means stale statistics (a bulk load since the last
 * ANALYZE; PGlite has no autovacuum at all): the table is analyzed then, at most once a minute.
 */
export async function estimateRows(
  tx: Tx,
  table: PgTable,
  where: SQL | undefined,
  filter: string,
  known: number,
) {
  const cached = estimates.get(tx, filter);
  if (cached !== undefined) return cached;
  const query = sql`explain (format json) ${tx.select({ one: sql`1` }).from(table).where(where)}`;
  const plan = async () => {
    const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(tx, query);
    const json = row?.['QUERY PLAN'];
    const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as [
      { Plan: { 'Plan Rows': number } },
    ];
    return Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
  };
  let rows = await plan();
  const name = getTableName(table);
  if (rows < known && !analyzedLately.get(tx, name)) {
    analyzedLately.set(tx, name, true);
    try {
      await tx.execute(sql`analyze ${sql.identifier(name)}`);
      rows = await plan();
    } catch {
      // not the table's owner: keep the estimate as it is (the caller never shows less than known)
    }
  }
  estimates.set(tx, filter, rows);
  return rows;
}
