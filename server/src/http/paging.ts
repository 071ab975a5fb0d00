/**
 * One page of a list, read so that it costs the same on page 1 and page 50,000
 * (docs/product.md#performance-budgets):
 *
 * - **Keyset paging.** Each answer carries `nextCursor` / `prevCursor`: the sort key and id of its
 *   last / first row. A request with a cursor reads the rows right after (or before) that row through
 *   the (sort column, id) index, instead of skipping `offset` rows. Plain page numbers still work for
 *   the first MAX_PAGE_OFFSET rows; deeper offsets answer 400.
 * - **Bounded totals.** Matching rows are counted exactly up to EXACT_TOTAL_LIMIT; beyond, `total`
 *   is the planner's estimate and `totalExact` is false. `exactTotal=true` asks for the exact count.
 *
 * The cursors and the keyset order are in keyset.ts, the totals in list-totals.ts, the statements'
 * fast path in fast-select.ts.
 */
import {
  EXACT_TOTAL_LIMIT,
  type ListTotals,
  MAX_PAGE_OFFSET,
  type Page,
  type PagingQuery,
} from '@sitepay/domain/common.schema';
import { and, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { recentValues } from '../core/recent-values.ts';
import { queryRows, type Tx } from '../db/client.ts';
import { keptUntilWrite, writesMade } from '../db/writes.ts';
import { fieldError } from './errors.ts';
import {
  type AnyRow,
  type AsRecords,
  compiled,
  type Filter,
  fixedPiece,
  readRows,
  renderedFilter,
  rowLimit,
  whereText,
} from './fast-select.ts';
import {
  after,
  badCursorKey,
  type Cursor,
  decode,
  encode,
  fingerprint,
  nullable,
  orderBy,
  orderText,
} from './keyset.ts';
import { countRows, estimateRows } from './list-totals.ts';

export type PageSpec = {
  table: PgTable;
  // biome-ignore lint/suspicious/noExplicitAny: any selection of columns and SQL
  selection: Record<string, any>;
  where: SQL | undefined;
  /** The sort key (a column or a display expression) and the tie-breaking id. */
  key: PgColumn | SQL;
  id: PgColumn;
  descending: boolean;
  /**
   * The filter includes a text search, whose selectivity the planner cannot judge: it tends to walk
   * the sort index through most of the table for a search that matches a few dozen rows (11 ms
   * instead of 2 ms on 60 k rows). Such a list reads its matches once, for its count and its page.
   */
  textSearch?: boolean;
  /**
   * A search through referred records, as its sources apart (`record-reads.ts`'s searchCondition):
   * the filter without the search (`rest`), and each source. A search of more than
   * EXACT_TOTAL_LIMIT matches reads its page as the union of each source's first rows in the list's
   * order (docs/adr/0098-search-page-from-its-sources.md).
   */
  search?: { rest: SQL | undefined; parts: SearchPart[] };
  /**
   * The rows are answered as they are read, as API records: these fields are not read at all (a
   * hash, the search text), and timestamps come as ISO text — the work of a second pass over each
   * row, done in the first.
   */
  asRecords?: AsRecords;
  /**
   * The list's figures over every match (`RecordKind.totals`: sums over the table's columns). A text
   * search of at most EXACT_TOTAL_LIMIT matches sums them over the matches it has already read
   * (readMatches), instead of a second search of the whole table (docs/adr/0101-search-totals-from-its-matches.md).
   */
  totals?: Record<string, SQL>;
};

/**
 * A source of a search's matches: its condition, and for referred ids given as a list (`each`) the
 * column and the ids (a Postgres array literal), read one id at a time in the list's order.
 */
export type SearchPart = {
  where: SQL;
  each?: { column: PgColumn; ids: string; count: number };
  /** The record's own text (its `search_text`). */
  own?: boolean;
  /** Referred records matched by more than SEARCH_THROUGH_IDS: the term is common there. */
  broad?: boolean;
  /** A broad source tested row by row (the referred record read by its key), for `nearTop`. */
  byRow?: SQL;
};

/**
 * How many rows in the list's order a search with a broad source tests one by one before it falls
 * back to the whole filter's walk (docs/adr/0105-common-term-searched-row-by-row-near-the-top.md).
 */
export const NEAR_ROWS = 2000;

/**
 * Up to this many referred ids a source is read one id at a time (each id's first rows in the
 * list's order); with more, the page is read as before, walking the sort index with the whole
 * filter: a word that 331 contractors' names hold read 331 × 21 rows one id at a time, where the
 * walk finds a page of so common a word within a few hundred rows.
 */
export const SOURCE_IDS_ONE_BY_ONE = 20;

/** How far beyond the limit a capped count goes, to be remembered (`rememberBeyond`). */
export const REMEMBERED_BEYOND = 2 * EXACT_TOTAL_LIMIT;

/** The filter as text and parameters: what decides which rows match, including scope and route. */
const filterOf = (table: PgTable, filter: Filter) =>
  JSON.stringify([getTableName(table), filter.sql ? { sql: filter.text, params: filter.params } : null]);

/**
 * The sort key a list was asked for (`sortBy`): none asked, `fallback`; one of `sortable`'s names, its
 * column; anything else (`id;drop`, `__proto__`) a 400 naming `sortBy` (`unknown_sort`), where it
 * used to be ignored in silence. Every list picks its key through this.
 */
export function sortKeyOf<K>(
  sortable: Readonly<Record<string, K>>,
  sortBy: string | undefined,
  fallback: NoInfer<K>,
): { key: K; asked: boolean } {
  if (!sortBy) return { key: fallback, asked: false };
  if (!Object.hasOwn(sortable, sortBy)) throw fieldError('sortBy', 'unknown_sort');
  return { key: sortable[sortBy] as K, asked: true };
}

/**
 * A list with one order, by time (`at`): newest first unless `sortBy=at` is asked with its
 * direction; any other sortBy is a 400 (`sortKeyOf`).
 */
export function timeOrder<K>(at: K, query: { sortBy?: string; sortDesc?: boolean }) {
  const { key, asked } = sortKeyOf({ at }, query.sortBy, at);
  return { key, descending: asked ? Boolean(query.sortDesc) : true };
}

type Keyed = { row: AnyRow; key: string | null };

export async function readPage<T extends AnyRow>(
  tx: Tx,
  spec: PageSpec,
  query: PagingQuery,
  toItem: (row: AnyRow) => T,
): Promise<Page<T>> {
  const rendered = renderedFilter(spec.where);
  spec = { ...spec, where: rendered.sql };
  const { table, key, id, descending, selection } = spec;
  const filter = filterOf(table, rendered);
  const listing = fingerprint(filter, key, descending);
  const size = query.itemsPerPage;
  const cursor = query.cursor ? decode(query.cursor, listing) : undefined;
  const offset = (query.page - 1) * size;
  if (!cursor && offset > MAX_PAGE_OFFSET) throw fieldError('page', 'too_deep');

  // Backwards from a cursor: read in the reverse order, then turn the rows round.
  const backwards = cursor?.d === 'p';
  const readOrder = backwards ? !descending : descending;
  const c = compiled(selection, spec.asRecords);
  const read = async (
    where: SQL | undefined,
    order: boolean,
    skip: number,
    from: SQL | PageSpec['table'] = fixedPiece(table) ?? table,
  ): Promise<Keyed[]> =>
    (
      await readRows(
        tx,
        c,
        sql`select ${c.list}, (${fixedPiece(key) ?? key})::text from ${from}${whereText(where)} order by ${orderText(key, id, order)} limit ${rowLimit(size + 1)}${skip ? sql` offset ${skip}` : sql``}`,
      ).catch(badCursorKey)
    ).map(({ row, rest }) => ({ row, key: rest[0] as string | null }));

  const position = cursor ? after(key, id, readOrder, cursor.k, cursor.i, nullable(key)) : undefined;
  // a search through referred records: the page from its sources' first rows (readFromSources)
  const search = spec.search?.parts.every((p) => !p.each || p.each.count <= SOURCE_IDS_ONE_BY_ONE)
    ? spec.search
    : undefined;
  // a common term in a referred table, the list in its time order: its page is near the top
  const near =
    !search &&
    spec.search?.parts.some((p) => p.byRow) &&
    key === (table as { created_at?: unknown }).created_at
      ? spec.search
      : undefined;
  const readPageRows = async (at: SQL | undefined, order: boolean, skip: number) => {
    if (search) return readFromSources(tx, spec, search, at, order, size + 1, skip).catch(badCursorKey);
    if (near && skip === 0) {
      const { from, where } = nearTop(spec, near, at, order);
      const rows = await read(where, order, 0, from);
      if (rows.length > size) return rows;
    }
    return read(and(spec.where, at), order, skip);
  };
  let rows: Keyed[] | undefined;
  let totals: ListTotals | undefined;
  let counted: Promise<number>;
  // the writes made before any count below is sent: a count is kept under them (rememberBeyond)
  const writes = writesMade();
  const nearKnown = query.exactTotal ? undefined : nearLimit.get(tx, filter);
  if (
    !query.exactTotal &&
    (beyondLimit.get(tx, filter) || nearKnown || (await ownTextBeyondLimit(tx, spec, filter, writes)))
  ) {
    // counted beyond the limit lately (near it, with no write since), or a common term whose
    // own-text matches alone are more than the limit (so all of them are): the total is the estimate
    counted = Promise.resolve(nearKnown ?? EXACT_TOTAL_LIMIT + 1);
  } else if (spec.textSearch && !query.exactTotal) {
    // A text search reads its matches once (at most REMEMBERED_BEYOND + 1) for both the count and
    // the page: the trigram scan is the costly part, and the planner would otherwise walk the sort
    // index through most of the table for a search that matches a few dozen rows.
    const found = await readMatches(tx, spec, readOrder, cursor, size, cursor ? 0 : offset);
    counted = Promise.resolve(rememberBeyond(tx, filter, found.count, writes));
    if (found.count <= EXACT_TOTAL_LIMIT) {
      rows = found.rows;
      totals = found.totals;
    }
  } else {
    // The page and its capped count at once (separate pooled connections on PostgreSQL).
    counted = query.exactTotal
      ? countRows(tx, table, spec.where)
      : countRows(tx, table, spec.where, REMEMBERED_BEYOND + 1).then((n) =>
          rememberBeyond(tx, filter, n, writes),
        );
    counted.catch(() => {}); // awaited below; a failing page read must not leave it unhandled
  }
  rows ??= await readPageRows(position, readOrder, cursor ? 0 : offset);
  const edges = await pageEdges(rows, size, cursor, query.page, () => readPageRows(undefined, descending, 0));
  const { hasNext, hasPrev, page } = edges;
  rows = edges.rows;
  const first = rows[0];
  const last = rows[rows.length - 1];
  const nextCursor =
    hasNext && last ? encode({ l: listing, k: last.key, i: last.row[id.name], d: 'n' }) : null;
  const prevCursor =
    hasPrev && first && page > 1 ? encode({ l: listing, k: first.key, i: first.row[id.name], d: 'p' }) : null;

  const seen = (page - 1) * size + rows.length;
  let total = await counted;
  let totalExact = true;
  if (!cursor && !hasNext && (rows.length > 0 || page === 1)) {
    total = seen; // this page shows the list's end: the rows before it are known exactly
  } else if (!query.exactTotal && total > EXACT_TOTAL_LIMIT) {
    totalExact = false;
    const known = Math.max(seen + (hasNext ? 1 : 0), total);
    total = Math.max(await estimateRows(tx, table, spec.where, filter, known), known);
  }
  return {
    items: rows.map(({ row }) => toItem(row)),
    total,
    totalExact,
    page,
    itemsPerPage: size,
    nextCursor,
    prevCursor,
    ...(totals && totalExact ? { totals: { ...totals, count: total } } : {}),
  };
}

/**
 * The page's rows in the list's order, from the rows read past it (one more than a page tells that
 * more follow), whether rows come before and after it, and its number.
 */
async function pageEdges(
  rows: Keyed[],
  size: number,
  cursor: Cursor | undefined,
  page: number,
  firstPage: () => Promise<Keyed[]>,
) {
  const backwards = cursor?.d === 'p';
  let hasNext: boolean;
  let hasPrev: boolean;
  if (backwards) {
    hasPrev = rows.length > size;
    rows = rows.slice(0, size).reverse();
    hasNext = true; // the cursor's own row comes after
    if (!hasPrev && rows.length < size) {
      // fewer rows before the cursor than a page (rows were added or removed): show page 1
      rows = await firstPage();
      hasNext = rows.length > size;
      rows = rows.slice(0, size);
    }
    if (!hasPrev) page = 1;
  } else {
    hasNext = rows.length > size;
    rows = rows.slice(0, size);
    hasPrev = cursor ? true : page > 1;
  }
  return { rows, hasNext, hasPrev, page };
}

/**
 * Where a page of a search with a broad source (a term more than SEARCH_THROUGH_IDS referred records
 * hold) is read first: the first NEAR_ROWS rows of the list in its order (its filter without the
 * search, from the position), each tested row by row — the broad source by the referred record's
 * key, where the whole filter's walk first hashes every matching referred record (5,553 contracts
 * for "hạ tầng", 3–6 ms of a 4–7 ms page on 1 M requests; 75 rows tested one by one, 0.1 ms). Read
 * from there, a page without its one more row means the page is not within those rows (or the list
 * ends there), and the caller reads it by the whole filter, which gives the same rows in the same
 * order (docs/adr/0105-common-term-searched-row-by-row-near-the-top.md). The rows keep the table's
 * name, so the list's columns read them as they read the table.
 */
function nearTop(
  spec: PageSpec,
  search: NonNullable<PageSpec['search']>,
  at: SQL | undefined,
  descending: boolean,
): { from: SQL; where: SQL } {
  const { table, key, id } = spec;
  const name = sql.identifier(getTableName(table as PgTable));
  return {
    from: sql`(select * from ${table}${whereText(and(search.rest, at))} order by ${orderText(key, id, descending)} limit ${sql.raw(String(NEAR_ROWS))}) ${name}`,
    where: sql`(${sql.join(
      search.parts.map((p) => p.byRow ?? p.where),
      sql` or `,
    )})`,
  };
}

/**
 * Whether a search of a common term has more than EXACT_TOTAL_LIMIT matches by its own text alone —
 * asked only when a referred table's matches were too many to list (a `broad` source). Its matches
 * are a part of the search's, so the search then has more than the limit too, and readMatches'
 * reading of every source (the broad one by a hashed subquery of all its referred matches: 17 ms of
 * a common word's 32 on 1 M requests) is skipped for one cheap, capped count of the own text (7 ms)
 * (docs/adr/0101-search-totals-from-its-matches.md).
 */
async function ownTextBeyondLimit(tx: Tx, spec: PageSpec, filter: string, writes: number): Promise<boolean> {
  const parts = spec.search?.parts ?? [];
  const own = parts.find((p) => p.own);
  if (!spec.textSearch || !own || !parts.some((p) => p.broad)) return false;
  const count = await countRows(tx, spec.table, and(spec.search!.rest, own.where), REMEMBERED_BEYOND + 1);
  return rememberBeyond(tx, filter, count, writes) > EXACT_TOTAL_LIMIT;
}

/**
 * Filters counted lately beyond REMEMBERED_BEYOND, for as long as their estimate is kept
 * (list-totals.ts): their pages take the estimate without the capped count that would say so again
 * (a statement of up to 2,001 rows, or a search's trigram scan). Only a verdict of more is kept, its
 * time runs from the count, and the pages always show the rows as they are.
 */
const beyondLimit = recentValues<true>(30_000, 500);

/**
 * Filters counted lately between the limit and REMEMBERED_BEYOND, with this process's writes when
 * the count was sent: taken while no write has been made since (a few rows changed can bring such a
 * list under the limit, and its count and sums must then be exact at once), and for a few seconds
 * at most, for the writes of other servers (docs/adr/0118-a-count-near-the-limit-kept-until-a-write.md).
 */
const nearLimit = keptUntilWrite<number>(5_000, 500);

/**
 * A capped count (up to REMEMBERED_BEYOND + 1) that passes REMEMBERED_BEYOND is remembered for the
 * filter (`beyondLimit`): its next pages take the estimate without counting again
 * (docs/adr/0108-counted-beyond-the-limit-is-known-a-while.md). One between the limit and there is
 * remembered until this process writes (`nearLimit`), under `writes`, taken before it was sent.
 */
function rememberBeyond(tx: Tx, filter: string, count: number, writes: number) {
  if (count > REMEMBERED_BEYOND) beyondLimit.set(tx, filter, true);
  else if (count > EXACT_TOTAL_LIMIT) nearLimit.set(tx, filter, count, writes);
  return count;
}

/**
 * The rows matching the filter, at most REMEMBERED_BEYOND + 1, read once (a CTE referenced twice is
 * materialized): the page is taken from them, and their number is the count. When they are more
 * than the limit, the page must come from the whole table instead (the caller reads it), and no
 * row's display columns are read here; when more than REMEMBERED_BEYOND, the next pages for a while
 * skip them (rememberBeyond).
 *
 * They are read in no order on purpose. Read in the list's order they would be the list's head,
 * and a search of more than 1,000 matches would need one trigram scan instead of two; but the
 * planner then walks the sort index until it has found 1,001 matches whenever it believes the
 * term common: with an estimate of 10,000 for 1,319 matches (after an ANALYZE), a search on 1 M
 * requests took 354 ms instead of 24 ms, and 2.5 s at p50 with 20 at once
 * (docs/adr/0023-search-reads-first-matches-unordered.md).
 */
async function readMatches(
  tx: Tx,
  spec: PageSpec,
  order: boolean,
  cursor: Cursor | undefined,
  size: number,
  skip: number,
): Promise<{ rows: Keyed[]; count: number; totals?: ListTotals }> {
  const { key, id, table } = spec;
  // The matches carry only their id and sort key: the display columns (correlated subqueries) are
  // computed for the page's rows alone, not for the up to 1,001 matches.
  const matching = tx.$with('matching').as(
    tx
      .select({
        __id: sql<number>`${id}`.as('__id'),
        __key: sql<string | null>`(${key})::text`.as('__key'),
        __sort: sql`${key}`.as('__sort'),
      })
      .from(table)
      .where(spec.where)
      .limit(rowLimit(REMEMBERED_BEYOND + 1) as never),
  );
  // biome-ignore lint/suspicious/noExplicitAny: the CTE's fields, by name
  const m = matching as any;
  const mid = m.__id as PgColumn;
  // the figures over the matches, by id (at most 1,001 look-ups of the primary key); asked once per
  // statement (an uncorrelated subquery), and only while the matches are few enough to be counted
  const figures = figuresOf(spec);
  const sums = figures
    ? sql`(select ${figures} from ${table} where ${id} in (select __id from ${matching}) and (select count(*) from ${matching}) <= ${sql.raw(String(EXACT_TOTAL_LIMIT))})`
    : sql`null::json`;
  type Found = { __id: number; __key: string | null; __count: number; __totals: ListTotals | null };
  // the page's rows (`paged`), or the matches' first row alone: the count and the figures are in
  // every row, read in the statement that reads the matches
  const read = (paged: boolean) =>
    tx
      .with(matching)
      .select({
        __id: m.__id,
        __key: m.__key,
        __count: sql<number>`(select count(*)::int from ${matching})`,
        __totals: sql<ListTotals | null>`${sums}`,
      })
      .from(matching)
      .where(paged && cursor ? after(m.__sort, mid, order, cursor.k, cursor.i, nullable(key)) : undefined)
      .orderBy(...orderBy(m.__sort, mid, order))
      .limit(rowLimit(paged ? size + 1 : 1) as never)
      .offset(paged ? skip : 0)
      .catch(badCursorKey) as Promise<Found[]>;
  const found = await read(true);
  // no row on the first page: no match at that moment, and so zero figures (not those of a match
  // written since); a page past the matches' end: the count and figures of one moment, from the
  // first match
  const first = !cursor && !skip;
  const figuresRow = found[0] ?? (first ? undefined : (await read(false))[0]);
  const count = figuresRow ? Number(figuresRow.__count) : 0;
  const totals = figuresRow ? figuresRow.__totals : figures ? await noFigures(tx, spec.table, figures) : null;
  const sumsRead = count <= EXACT_TOTAL_LIMIT && totals ? { totals } : {};
  // more matches than the limit: the page comes from the whole table (readPage), so the matches'
  // display columns would be read for nothing (a third of a broad search's time)
  if (!found.length || count > EXACT_TOTAL_LIMIT) return { rows: [], count, ...sumsRead };
  return { rows: await readPageById(tx, spec, found), count, ...sumsRead };
}

/** The kind's figures (`PageSpec.totals`) as one JSON object of the rows a statement reads. */
const figuresOf = (spec: PageSpec): SQL | undefined => {
  const figures = Object.entries(spec.totals ?? {});
  if (!figures.length) return undefined;
  return sql`json_build_object(${sql.join(
    figures.map(([name, total]) => sql`${name}::text, ${total}`),
    sql`, `,
  )})`;
};

/** The figures over no row: what a search that matches nothing answers (zero sums). */
async function noFigures(tx: Tx, table: PgTable, figures: SQL): Promise<ListTotals> {
  const [row] = await queryRows<{ figures: ListTotals }>(
    tx,
    sql`select ${figures} as figures from ${table} where false`,
  );
  return row!.figures;
}

/**
 * The display columns of a page's rows, found before by id and sort key, in the order found. One
 * statement of the same text for every page of a list (`id in (…)`, the page's size of parameters),
 * which PostgreSQL soon plans once and keeps (docs/adr/0018-every-data-statement-prepared.md): its
 * correlated subqueries cost more to plan than to run.
 */
async function readPageById(
  tx: Tx,
  spec: PageSpec,
  found: { __id: number; __key: string | null }[],
): Promise<Keyed[]> {
  if (!found.length) return [];
  const { selection, id, table } = spec;
  const c = compiled(selection, spec.asRecords);
  const byId = new Map(
    (
      await readRows(
        tx,
        c,
        sql`select ${c.list}, ${id} from ${table} where ${inArray(
          id,
          found.map((f) => f.__id),
        )}`,
      )
    ).map(({ row, rest }) => [Number(rest[0]), row]),
  );
  return found.flatMap((f) => {
    const row = byId.get(Number(f.__id));
    return row ? [{ row, key: f.__key }] : []; // a row deleted between the two reads is left out
  });
}

/**
 * A page of a search through referred records (docs/adr/0098-search-page-from-its-sources.md): each
 * source's first `skip + count` rows in the list's order — the own text's by its own plan (the
 * trigram bitmap for a rare word, the sort index for a common one), a list of referred ids one id
 * at a time (`lateral`, on the referring column's index in the list's order) —, their union in that
 * order, then the page's rows by id. Walking the sort index for all the sources at once read 17,287
 * rows to find 21 of a contractor's requests on 1 M requests (11 ms); the sources apart read 21 each.
 */
async function readFromSources(
  tx: Tx,
  spec: PageSpec,
  search: NonNullable<PageSpec['search']>,
  position: SQL | undefined,
  order: boolean,
  count: number,
  skip: number,
): Promise<Keyed[]> {
  const { table, key, id } = spec;
  const each = rowLimit(skip + count);
  const byOrder = orderText(key, id, order);
  const sources = search.parts.map(({ where, each: ids }) =>
    ids
      ? sql`(select x.__id, x.__k from unnest(${ids.ids}::int[]) as u(v), lateral (select ${id} as __id, ${key} as __k from ${table} where ${and(search.rest, sql`${ids.column} = u.v`, position)} order by ${byOrder} limit ${each}) x)`
      : sql`(select ${id} as __id, ${key} as __k from ${table} where ${and(search.rest, where, position)} order by ${byOrder} limit ${each})`,
  );
  const direction = sql.raw(order ? 'desc' : 'asc');
  // the page's ids and keys first, then their display columns by id: planned apart, the sources'
  // statement has no display subqueries to plan, and the second is the same text for every search
  const found = await queryRows<{ __id: number; __key: string | null }>(
    tx,
    sql`select __id, (__k)::text as __key from (${sql.join(sources, sql` union `)}) u order by __k ${direction}, __id ${direction} limit ${rowLimit(count)}${skip ? sql` offset ${skip}` : sql``}`,
  );
  return readPageById(tx, spec, found);
}

/**
 * Every row of a list, in its order, `batchSize` rows at a time by keyset (the (sort key, id) index
 * and a row comparison, as cursors do): exports read any number of rows with the memory of one
 * batch, and each batch is its own short statement, so other requests run between them. `select`
 * narrows the columns read (an export reads only those it writes).
 */
export async function* readBatches(
  tx: Tx,
  spec: PageSpec,
  batchSize: number,
  // biome-ignore lint/suspicious/noExplicitAny: any selection of columns and SQL
  select: Record<string, any> = spec.selection,
): AsyncGenerator<AnyRow[]> {
  const { table, key, id, descending } = spec;
  const c = compiled(select);
  let position: SQL | undefined;
  for (;;) {
    const rows = await readRows(
      tx,
      c,
      sql`select ${c.list}, (${key})::text, ${id} from ${table}${whereText(and(spec.where, position))} order by ${orderText(key, id, descending)} limit ${rowLimit(batchSize)}`,
    );
    if (rows.length) yield rows.map(({ row }) => row);
    if (rows.length < batchSize) return;
    const [lastKey, lastId] = rows[rows.length - 1]!.rest as [string | null, number];
    position = after(key, id, descending, lastKey, Number(lastId), nullable(key));
  }
}
