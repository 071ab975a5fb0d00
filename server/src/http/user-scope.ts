/**
 * A user's constructions (his data scope: docs/product.md#access-control) kept between his
 * requests while the access version stays the same (docs/adr/0121-a-users-constructions-kept-per-access-version.md).
 * Triggers move that number in the transaction that changes a role, who holds it, a group, a
 * construction's project or a project's company, and the request check reads it: a request sees
 * the scope as it was when it was checked, on every server, with no window. The lists then filter
 * by the ids as one bound array instead of computing them in each statement (a quarter of the
 * approval queue's database time).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { recentValues } from '../core/recent-values.ts';
import type { Database } from '../db/client.ts';
import { scopeConstructionIds } from './access-sql.ts';

type Kept = { version: string; ids: readonly number[] };
// per user; the time bound only lets a user who stopped working go (a version moved sends him too)
const kept = recentValues<Kept>(15 * 60_000, 5_000);

const idsQuery = sql`select coalesce(array_agg(s.id order by s.id), '{}')::int[] as ids
  from (${scopeConstructionIds(sql.placeholder('userId'))}) s`;

/**
 * The user's construction ids under access version `version`: kept ones while it is the same,
 * else read afresh (and kept). A missing version (its row deleted by hand) is never kept.
 */
export async function keptConstructionIds(
  prepared: Database['prepared'],
  userId: number,
  version: string | null,
): Promise<readonly number[]> {
  const key = String(userId);
  const hit = version === null ? undefined : kept.get(prepared, key);
  if (hit && hit.version === version) return hit.ids;
  const [row] = await prepared<{ ids: number[] }>('sitepay_scope_ids', idsQuery, { userId });
  const ids = Object.freeze((row?.ids ?? []).map(Number));
  if (version !== null) kept.set(prepared, key, { version, ids });
  return ids;
}

/**
 * `column` (a construction id) is one the user's roles cover: as the bound array of the ids the
 * request was checked with when it has them, else as the subquery (a user acted for by the server).
 * The same rule as `scopeConstructionIds` (access-sql.ts), one statement text for every user.
 */
export const inConstructionScope = (
  column: PgColumn | SQL,
  user: { id: number; constructionIds?: readonly number[] },
): SQL =>
  user.constructionIds
    ? // unnested in an InitPlan, as the subquery was: a bare `any($n)` let PostgreSQL plan each run
      // afresh (its generic plan, guessing ten ids, looked costlier than one for the real ids), and
      // planning the approval queue took 4.4 ms against 0.9 to run it
      sql`${column} = any(array(select unnest(${`{${user.constructionIds.join(',')}}`}::int[])))`
    : sql`${column} = any(array(${scopeConstructionIds(user.id)}))`;
