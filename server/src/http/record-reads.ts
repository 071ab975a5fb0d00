/**
 * Reading records: a list's filter, sort and paging (`listSpec`, `listRecords`), the active records
 * of a picker (`listAllRecords`) and one record (`findRecord`, or only whether a user would find it:
 * `recordVisible`), each within the user's scope and without deleted rows unless asked.
 */

import type { ListTotals, Page, PagingQuery } from '@sitepay/domain/common.schema';
import { foldSearchText } from '@sitepay/domain/search-text';
import { and, asc, eq, getTableColumns, getTableName, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { recentValues } from '../core/recent-values.ts';
import { queryRows, type Tx } from '../db/client.ts';
import type { CurrentUser } from './auth.ts';
import { notFound } from './errors.ts';
import { type PageSpec, readPage, type SearchPart, sortKeyOf } from './paging.ts';
import { displayColumns, HIDDEN_COLUMNS, selection, selectionFor, toRecord } from './record-columns.ts';
import type { RecordKind, RecordTable, Row } from './record-kind.ts';

/** Written as literals: a partial index's `status <> 'D'` then serves a generic plan too. */
const statusFilterSql = (table: RecordTable, status: string | undefined): SQL => {
  switch (status) {
    case 'open':
      return sql`${table.status} = 'O'`;
    case 'deactive':
      return sql`${table.status} = 'C'`;
    case 'deleted':
      return sql`${table.status} = 'D'`;
    default:
      return sql`${table.status} <> 'D'`;
  }
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Whether a folded search_text holds the folded term. A term with a serial number among other words
 * ("HĐ-025005/2024/TC") finds its rows by the serial alone in the trigram index, and the rows found
 * are then tested for the whole term: the index reads every trigram of a pattern, and the common
 * ones (a year's "202", "024", a prefix's "hd") have posting lists of nearly every row — the whole
 * number's trigram scan took 1.7 ms for 0 requests on 1 M, its serial's 0.16 ms
 * (docs/adr/0106-a-number-searched-by-its-serial.md). A serial: a word (what pg_trgm reads as one,
 * letters and digits) of at least 5 characters, 4 of them digits; the longest one.
 */
export function containsSql(column: PgColumn, folded: string): SQL {
  const whole = sql`${column} like ${`%${escapeLike(folded)}%`}`;
  const words = folded.match(/[a-z0-9]+/g) ?? [];
  const serial = words
    .filter((w) => w.length >= 5 && w.replace(/\D/g, '').length >= 4)
    .reduce<string | undefined>(
      (longest, w) => (longest && longest.length >= w.length ? longest : w),
      undefined,
    );
  if (!serial || words.length < 2) return whole;
  return sql`(${column} like ${`%${serial}%`} and strpos(${column}, ${folded}) > 0)`;
}

/** Above this many matches in a referred table, the referring rows are matched by a hashed subquery. */
export const SEARCH_THROUGH_IDS = 1000;

/**
 * The referred tables found lately to hold a term more than SEARCH_THROUGH_IDS times (`broad`): for
 * a while the search matches them by their subquery at once, without first reading 1,001 of their
 * ids to learn it again (a common word's contracts: 4 ms of its search's 11 on 1 M requests). The
 * verdict only chooses how the same condition is read: one gone stale (the records no longer hold
 * the term) gives the same answers (docs/adr/0107-a-common-term-known-for-a-while.md).
 */
const broadTerms = recentValues<true>(5 * 60_000, 1000);

/**
 * A list's search (docs/adr/0080-search-through-references.md): the folded words as a substring of
 * the record's own search_text, or of a record it refers to (`searchThrough`). The referred records'
 * ids are read first: up to SEARCH_THROUGH_IDS they go to the referring column's index as an array
 * (one bitmap with the own text's), beyond as a hashed `in (…)` that a scan checks row by row until
 * the page's matches are read. A search shaped like the kind's number (`searchCode`) reads that
 * number's index by its start alone.
 *
 * `parts`: the same search as its sources apart — the own text, and each referred column with its
 * ids or its subquery — from which a page of a search of many matches is read in the list's order
 * (`PageSpec.search`, docs/adr/0098-search-page-from-its-sources.md).
 */
export async function searchCondition(
  tx: Tx,
  kind: Pick<RecordKind, 'table' | 'searchThrough' | 'searchCode'>,
  search: string | undefined,
): Promise<{ condition: SQL; parts: SearchPart[] } | undefined> {
  const folded = search ? foldSearchText(search) : '';
  if (!folded) return undefined;
  if (kind.searchCode?.shape.test(folded)) {
    const condition = sql`${kind.searchCode.column} like ${`${escapeLike(folded.toUpperCase())}%`}`;
    return { condition, parts: [] };
  }
  const own = containsSql(kind.table.search_text, folded);
  if (!kind.searchThrough?.length) return { condition: own, parts: [] };
  // every referred table's ids in one statement: one round trip however many tables a kind refers to
  const limit = sql.raw(String(SEARCH_THROUGH_IDS + 1));
  const matchedIn = (table: RecordTable) =>
    sql`select ${table.id} from ${table} where ${containsSql(table.search_text, folded)}`;
  const termIn = (table: RecordTable) => `${getTableName(table)} ${folded}`;
  const knownBroad = kind.searchThrough.map(({ table }) => broadTerms.get(tx, termIn(table)) === true);
  const listed = kind.searchThrough.flatMap(({ table }, n) =>
    knownBroad[n] ? [] : [sql`array(${matchedIn(table)} limit ${limit}) as ${sql.identifier(`t${n}`)}`],
  );
  const [idsRow] = listed.length
    ? await queryRows<Record<string, number[] | null>>(tx, sql`select ${sql.join(listed, sql`, `)}`)
    : [];
  const through = kind.searchThrough.map(({ column, table }, n): SearchPart | undefined => {
    if (!knownBroad[n]) {
      const ids = (idsRow?.[`t${n}`] ?? []).map(Number);
      if (!ids.length) return undefined;
      if (ids.length <= SEARCH_THROUGH_IDS) {
        const list = `{${ids.join(',')}}`;
        return {
          where: sql`${column} = any(${list}::int[])`,
          each: { column, ids: list, count: ids.length },
        };
      }
      broadTerms.set(tx, termIn(table), true);
    }
    return {
      where: sql`${column} in (${matchedIn(table)})`,
      broad: true,
      // the same test row by row: the referred record by its key (nearTop in paging.ts)
      byRow: sql`strpos((select r.search_text from ${table} r where r.id = ${column}), ${folded}) > 0`,
    };
  });
  const found = through.filter((c): c is SearchPart => c !== undefined);
  if (!found.length) return { condition: own, parts: [] };
  return {
    condition: sql`(${sql.join([own, ...found.map((f) => f.where)], sql` or `)})`,
    parts: [{ where: own, own: true }, ...found],
  };
}

export const scopeOf = (kind: RecordKind, user: CurrentUser): SQL | undefined =>
  user.isAdmin ? undefined : kind.scope?.(user);

const sortableColumns = new WeakMap<RecordKind, Record<string, PgColumn | SQL>>();
/** What a list may sort by: the kind's sortable columns and its display columns (made once). */
const sortableOf = (kind: RecordKind) => {
  let sortable = sortableColumns.get(kind);
  if (!sortable) {
    sortable = { ...displayColumns(kind), ...kind.sortable };
    sortableColumns.set(kind, sortable);
  }
  return sortable;
};

/**
 * What a list reads, without its paging: the filter (status, scope, search, the kind's filters), the
 * sort key and direction. Lists page through it; exports (modules/export) read all of it in batches.
 */
export async function listSpec(
  tx: Tx,
  kind: RecordKind,
  query: Partial<PagingQuery> & Record<string, unknown>,
  user: CurrentUser,
  extraWhere?: SQL,
): Promise<PageSpec> {
  const t = kind.table;
  const search = await searchCondition(tx, kind, query.search);
  const rest = and(
    statusFilterSql(t, query.status),
    scopeOf(kind, user),
    extraWhere,
    ...(kind.filters?.(query, user) ?? []),
  );
  const where = and(rest, search?.condition);
  const sortable = sortableOf(kind);
  const fallback = (kind.defaultSort && kind.sortable[kind.defaultSort.by]) || t.created_at;
  const { key, asked } = sortKeyOf(sortable, query.sortBy, fallback);
  const descending = asked ? Boolean(query.sortDesc) : (kind.defaultSort?.desc ?? true);
  return {
    table: t,
    selection: selectionFor(kind, typeof query.fields === 'string' ? query.fields : undefined),
    where,
    key,
    id: t.id,
    descending,
    textSearch: Boolean(search),
    search: search?.parts.length ? { rest, parts: search.parts } : undefined,
    asRecords: { omit: HIDDEN_COLUMNS },
  };
}

export async function listRecords(
  tx: Tx,
  kind: RecordKind,
  query: PagingQuery & Record<string, unknown>,
  user: CurrentUser,
  extraWhere?: SQL,
): Promise<Page<Row>> {
  // read as records (listSpec's asRecords): no second pass through toRecord
  const spec = await listSpec(tx, kind, query, user, extraWhere);
  const page = await readPage(tx, { ...spec, totals: kind.totals }, query, (row) => row as Row);
  // the sums over the filter cost what an exact count does: answered when the count is exact
  // (a list up to EXACT_TOTAL_LIMIT rows, or `exactTotal=true`), else left for the user to ask;
  // a search's page has summed them over its matches already (readPage)
  if (!kind.totals || !page.totalExact || page.totals) return page;
  return { ...page, totals: await listTotals(tx, kind, spec.where) };
}

/** The list's figures over every row matching `where`: the count and the kind's sums. */
export async function listTotals(tx: Tx, kind: RecordKind, where: SQL | undefined): Promise<ListTotals> {
  const sums = Object.entries(kind.totals ?? {}).map(
    ([name, total]) => sql`${total} as ${sql.identifier(name)}`,
  );
  const [row] = await queryRows<ListTotals>(
    tx,
    sql`select count(*)::int as count${sums.length ? sql`, ${sql.join(sums, sql`, `)}` : sql``}
        from ${kind.table}${where ? sql` where ${where}` : sql``}`,
  );
  return row ?? { count: 0 };
}

/**
 * Every active record the user may see, for pickers. Bounded: pickers of larger sets use paging.
 * In the list's own order when it is one a reader goes down (ascending: taxes by their rate, so 5%
 * comes before 10%; menus by their place), else by name (or code), then id.
 */
export async function listAllRecords(
  tx: Tx,
  kind: RecordKind,
  user: CurrentUser,
  extraWhere?: SQL,
  limit = 5000,
): Promise<Row[]> {
  const t = kind.table;
  const byName = kind.sortable.name ?? kind.sortable.code;
  const own = kind.defaultSort && !kind.defaultSort.desc ? kind.sortable[kind.defaultSort.by] : undefined;
  const order = [own, byName, t.id].filter((c, i, all): c is PgColumn => Boolean(c) && all.indexOf(c) === i);
  const rows = await tx
    .select(selection(kind))
    .from(t)
    .where(and(eq(t.status, 'O'), scopeOf(kind, user), extraWhere))
    .orderBy(...order.map((c) => asc(c)))
    .limit(limit);
  return (rows as Row[]).map(toRecord);
}

/**
 * A live (not deleted) record inside the user's scope, or 404. `lock` takes the row for update, to
 * change it: the record must then be inside the kind's write scope too.
 */
export async function findRecord(tx: Tx, kind: RecordKind, id: number, user: CurrentUser, lock = false) {
  const t = kind.table;
  const q = tx
    .select(lock ? getTableColumns(t) : selection(kind))
    .from(t)
    .where(and(foundWhere(kind, id, user), lock && !user.isAdmin ? kind.writeScope?.(user) : undefined));
  const rows = (lock ? await q.for('update') : await q) as Row[];
  if (!rows[0]) throw notFound(kind.name);
  return rows[0];
}

/** What findRecord finds: the live record inside the user's scope. */
const foundWhere = (kind: RecordKind, id: number, user: CurrentUser) =>
  and(eq(kind.table.id, id), ne(kind.table.status, 'D'), scopeOf(kind, user));

/**
 * Whether `user` would find the record (findRecord without the 404): for deciding about someone
 * other than the caller, such as who may be told of it.
 */
export async function recordVisible(tx: Tx, kind: RecordKind, id: number, user: CurrentUser) {
  const t = kind.table;
  const rows = await tx
    .select({ id: t.id })
    .from(t)
    .where(foundWhere(kind, id, user))
    .limit(1);
  return rows.length > 0;
}
