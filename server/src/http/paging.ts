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
 * The sort key travels as PostgreSQL's own text of the value (`key::text`) and comes back as an
 * untyped parameter, so timestamps keep their microseconds and numerics their digits.
 */
import crypto from 'node:crypto';
import {
  EXACT_TOTAL_LIMIT,
  MAX_PAGE_OFFSET,
  type Page,
  type PagingQuery,
} from '@sitepay/domain/common.schema';
import {
  and,
  Column,
  getTableName,
  inArray,
  is,
  noopDecoder,
  Param,
  SQL,
  StringChunk,
  sql,
  Table,
} from 'drizzle-orm';
import { PgColumn, PgDialect, type PgSession, type PgTable, PgTimestamp } from 'drizzle-orm/pg-core';
import { queryRows, type Tx } from '../db/client.ts';
import { fieldError } from './errors.ts';

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
   * The rows are answered as they are read, as API records: these fields are not read at all (a
   * hash, the search text), and timestamps come as ISO text — the work of a second pass over each
   * row, done in the first.
   */
  asRecords?: { omit: ReadonlySet<string> };
};

const dialect = new PgDialect();

type Cursor = { l: string; k: string | null; i: number; d: 'n' | 'p' };

/**
 * A filter rendered once, as its text and values. `sql` is the same filter made of its text's pieces
 * and its values: a page, its count and its cursor's fingerprint then use it without Drizzle walking
 * the scope's and the filters' hundreds of pieces again for each (a tenth of a list's server time).
 */
type Filter = { text: string; params: unknown[]; sql: SQL | undefined };

const PLACEHOLDER = /\$(\d+)/;
export function renderedFilter(where: SQL | undefined): Filter {
  if (!where) return { text: '', params: [], sql: undefined };
  const { sql: text, params } = dialect.sqlToQuery(where);
  // [text, '1', text, '2', text…]: Drizzle numbers each value once, in order; anything else (a
  // placeholder written by hand) keeps the filter as it was built
  const pieces = text.split(PLACEHOLDER);
  let compact: SQL = where;
  if (
    pieces.length === 2 * params.length + 1 &&
    pieces.every((p, i) => i % 2 === 0 || Number(p) === (i + 1) / 2)
  ) {
    compact = new SQL(
      pieces.map((piece, i) => (i % 2 === 0 ? new StringChunk(piece) : new Param(params[(i - 1) / 2]))),
    );
  }
  return { text, params, sql: compact };
}

/** The filter as text and parameters: what decides which rows match, including scope and route. */
const filterOf = (table: PgTable, filter: Filter) =>
  JSON.stringify([getTableName(table), filter.sql ? { sql: filter.text, params: filter.params } : null]);

const keyTexts = new WeakMap<object, string>();
/** A sort key's SQL text, rendered once per key. */
function keyText(key: PgColumn | SQL): string {
  let text = keyTexts.get(key);
  if (text === undefined) {
    text = JSON.stringify(dialect.sqlToQuery(sql`${key}`));
    keyTexts.set(key, text);
  }
  return text;
}

/** A short fingerprint of the list (filter, sort key, direction) a cursor belongs to. */
const fingerprint = (filter: string, key: PgColumn | SQL, descending: boolean) =>
  crypto
    .createHash('sha256')
    .update(`[${JSON.stringify(filter)},${keyText(key)},${descending}]`)
    .digest('base64url')
    .slice(0, 12);

const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decode(text: string, listing: string): Cursor {
  let c: Partial<Cursor>;
  try {
    c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw fieldError('cursor', 'invalid');
  }
  if (
    !c ||
    typeof c !== 'object' ||
    (c.k !== null && typeof c.k !== 'string') ||
    !Number.isSafeInteger(c.i) ||
    (c.d !== 'n' && c.d !== 'p')
  ) {
    throw fieldError('cursor', 'invalid');
  }
  // made for another sort, search or filter: it would position this list at random
  if (c.l !== listing) throw fieldError('cursor', 'stale');
  return c as Cursor;
}

/**
 * A row limit written into the statement's text, not bound: PostgreSQL plans a prepared statement
 * once for all values (a generic plan) only when that plan looks no costlier than planning each
 * run, and a bound LIMIT is costed as a tenth of the table — so with `limit $4` every list was
 * planned afresh at each request (0.8 of its 2.2 ms on the payment list). Page sizes are a few
 * validated integers, so each is one more statement, not an unbounded set.
 */
export function rowLimit(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`row limit ${n} is not a count`);
  return sql.raw(String(n));
}

const nullable = (key: PgColumn | SQL) => !(key instanceof PgColumn && key.notNull);

/**
 * Rows after (k, i) in the order `key, id` ascending (NULLS LAST, PostgreSQL's default) or
 * descending (NULLS FIRST). Not-null keys use a row comparison, which the (key, id) index answers.
 */
function after(
  key: PgColumn | SQL | SQL.Aliased,
  id: PgColumn,
  descending: boolean,
  k: string | null,
  i: number,
  keyNullable: boolean,
): SQL {
  const op = sql.raw(descending ? '<' : '>');
  if (!keyNullable) return sql`(${key}, ${id}) ${op} (${k}, ${i})`;
  if (k === null) {
    return descending
      ? sql`((${key} is null and ${id} < ${i}) or ${key} is not null)`
      : sql`(${key} is null and ${id} > ${i})`;
  }
  const rest = sql`(${key}, ${id}) ${op} (${k}, ${i})`;
  return descending ? rest : sql`(${rest} or ${key} is null)`;
}

const orderBy = (key: PgColumn | SQL | SQL.Aliased, id: PgColumn, descending: boolean) =>
  descending ? [sql`${key} desc`, sql`${id} desc`] : [sql`${key} asc`, sql`${id} asc`];

/** Data errors from a forged cursor's key (text that is no date, no number…) are bad input. */
function badCursorKey(error: unknown): never {
  const code =
    (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
  if (code?.startsWith('22')) throw fieldError('cursor', 'invalid');
  throw error;
}

// biome-ignore lint/suspicious/noExplicitAny: rows of any table
type AnyRow = Record<string, any>;

/**
 * SQL made only of text, tables, columns and more such SQL, as its text; null when it holds a value
 * or a wrapper that makes one when the statement is built (today's date), which stays as it is.
 */
export function fixedSqlText(field: unknown): string | null {
  const fixed = (chunk: unknown): boolean =>
    typeof chunk === 'string' ||
    is(chunk, StringChunk) ||
    is(chunk, Table) ||
    is(chunk, Column) ||
    (is(chunk, SQL) && chunk.queryChunks.every(fixed));
  if (!fixed(field)) return null;
  const { sql: text, params } = dialect.sqlToQuery(is(field, SQL) ? field : sql`${field}`);
  return params.length === 0 ? text : null;
}

type Decoder = ((value: unknown) => unknown) | null;
/** A selection compiled for reading: its select list, and how a row's values become a record. */
type Compiled = { list: SQL; names: string[]; decoders: Decoder[] };
const compiledOf = new WeakMap<object, Compiled>();
const compiledRecordsOf = new WeakMap<object, Compiled>();
const isoDate = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/**
 * A timestamp with time zone as the API's ISO text (milliseconds, `Z`), straight from PostgreSQL's
 * text when the session is in UTC (`2026-11-16 01:18:00.123456+00`): the same answer as
 * `new Date(text).toISOString()`, which truncates to milliseconds too, without parsing a date.
 * Any other text (another zone, a year past 9999, BC) goes through `Date`.
 */
export function isoTimestamp(v: unknown): unknown {
  if (typeof v !== 'string') return isoDate(v);
  const n = v.length;
  if (
    n >= 22 &&
    v.charCodeAt(10) === 32 && // ' '
    v.charCodeAt(n - 3) === 43 && // '+'
    v.charCodeAt(n - 2) === 48 &&
    v.charCodeAt(n - 1) === 48 &&
    (n === 22 || (v.charCodeAt(19) === 46 && n >= 24 && n <= 29)) // '.' and one to six digits
  ) {
    const fraction = `${v.slice(20, n - 3)}000`.slice(0, 3);
    return `${v.slice(0, 10)}T${v.slice(11, 19)}.${fraction}Z`;
  }
  return new Date(v).toISOString();
}

/**
 * A selection (field name → column or SQL) as one select list, made once per selection object:
 * the fixed parts as text, so that Drizzle does not walk fifty columns and twenty subqueries at
 * every request (they were a fifth of a list's server time with the row mapping below, in
 * docs/adr/0021-list-sql-compiled-once.md), and each field's decoder, applied as Drizzle's own row mapping
 * does.
 */
function compiled(selection: Record<string, unknown>, asRecords?: PageSpec['asRecords']): Compiled {
  const cache = asRecords ? compiledRecordsOf : compiledOf;
  let c = cache.get(selection);
  if (c) return c;
  const parts: SQL[] = [];
  let text = '';
  const names: string[] = [];
  const decoders: Decoder[] = [];
  for (const [name, field] of Object.entries(selection)) {
    if (asRecords?.omit.has(name)) continue;
    const expression = is(field, SQL.Aliased) ? field.sql : field;
    if (!is(expression, Column) && !is(expression, SQL))
      throw new Error(`${name}: a list reads columns and SQL only`);
    const fixed = fixedSqlText(expression);
    const separator = names.length ? ', ' : '';
    if (fixed !== null) text += separator + fixed;
    else {
      parts.push(sql.raw(text + separator), sql`${expression}`);
      text = '';
    }
    names.push(name);
    // a column decodes its own values; SQL through its `mapWith` (internal to Drizzle's types)
    const decoder: { mapFromDriverValue(v: unknown): unknown } = is(expression, Column)
      ? expression
      : (expression as unknown as { decoder: typeof noopDecoder }).decoder;
    const utcStamp = is(expression, PgTimestamp) && expression.withTimezone;
    decoders.push(
      decoder === noopDecoder
        ? null
        : asRecords
          ? utcStamp
            ? isoTimestamp
            : (v) => isoDate(decoder.mapFromDriverValue(v))
          : (v) => decoder.mapFromDriverValue(v),
    );
  }
  parts.push(sql.raw(text));
  c = { list: sql.join(parts), names, decoders };
  cache.set(selection, c);
  return c;
}

/** Runs `query` through the session of `tx` (its transaction, if any), each row an array of values. */
function runArrays<T>(tx: Tx, query: SQL, mapRow: (values: unknown[]) => T): Promise<T[]> {
  const session = (tx as unknown as { session: PgSession }).session;
  return session
    .prepareQuery(dialect.sqlToQuery(query), undefined, undefined, true, (rows) =>
      (rows as unknown[][]).map(mapRow),
    )
    .execute() as Promise<T[]>;
}

/**
 * Runs a statement whose select list begins with `c`'s fields: each row becomes a record as
 * Drizzle would map it, and the values after the fields (a sort key, an id) are handed over beside it.
 */
function readRows(tx: Tx, c: Compiled, query: SQL): Promise<{ row: AnyRow; rest: unknown[] }[]> {
  const { names, decoders } = c;
  const n = names.length;
  return runArrays(tx, query, (values) => {
    const row: AnyRow = {};
    for (let i = 0; i < n; i++) {
      const v = values[i];
      const decoder = decoders[i];
      row[names[i]!] = v === null || v === undefined ? null : decoder ? decoder(v) : v;
    }
    return { row, rest: values.length > n ? values.slice(n) : [] };
  });
}

/** The values of a one-column statement (counts, ids). */
const readValues = <T>(tx: Tx, query: SQL) => runArrays(tx, query, (values) => values[0] as T);

const fixedTexts = new WeakMap<object, SQL | null>();
/** A column, table or value-free SQL as one piece of text, made once per object; else null. */
function fixedPiece(part: PgColumn | PgTable | SQL | SQL.Aliased): SQL | null {
  let piece = fixedTexts.get(part);
  if (piece === undefined) {
    const text = fixedSqlText(part);
    piece = text === null ? null : sql.raw(text);
    fixedTexts.set(part, piece);
  }
  return piece;
}

const orderTexts = new WeakMap<object, { asc: SQL; desc: SQL } | null>();
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

/** `key, id` in either direction; as text made once per key when the key holds no value. */
function orderText(key: PgColumn | SQL | SQL.Aliased, id: PgColumn, descending: boolean): SQL {
  let texts = orderTexts.get(key);
  if (texts === undefined) {
    const k = fixedSqlText(key);
    const i = fixedSqlText(id);
    texts =
      k !== null && i !== null
        ? { asc: sql.raw(`${k} asc, ${i} asc`), desc: sql.raw(`${k} desc, ${i} desc`) }
        : null;
    orderTexts.set(key, texts);
  }
  if (texts) return descending ? texts.desc : texts.asc;
  return sql.join(orderBy(key, id, descending), sql`, `);
}
const whereText = (where: SQL | undefined) => (where ? sql` where ${where}` : sql``);

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
  const read = async (where: SQL | undefined, order: boolean, skip: number): Promise<Keyed[]> =>
    (
      await readRows(
        tx,
        c,
        sql`select ${c.list}, (${fixedPiece(key) ?? key})::text from ${fixedPiece(table) ?? table}${whereText(where)} order by ${orderText(key, id, order)} limit ${rowLimit(size + 1)}${skip ? sql` offset ${skip}` : sql``}`,
      ).catch(badCursorKey)
    ).map(({ row, rest }) => ({ row, key: rest[0] as string | null }));

  const position = cursor ? after(key, id, readOrder, cursor.k, cursor.i, nullable(key)) : undefined;
  let page = query.page;
  let rows: Keyed[] | undefined;
  let counted: Promise<number>;
  if (spec.textSearch && !query.exactTotal) {
    // A text search reads its matches once (at most EXACT_TOTAL_LIMIT + 1) for both the count and
    // the page: the trigram scan is the costly part, and the planner would otherwise walk the sort
    // index through most of the table for a search that matches a few dozen rows.
    const found = await readMatches(tx, spec, readOrder, cursor, size, cursor ? 0 : offset);
    counted = Promise.resolve(found.count);
    if (found.count <= EXACT_TOTAL_LIMIT) rows = found.rows;
  } else {
    // The page and its capped count at once (separate pooled connections on PostgreSQL).
    counted = query.exactTotal
      ? countRows(tx, table, spec.where)
      : countRows(tx, table, spec.where, EXACT_TOTAL_LIMIT + 1);
    counted.catch(() => {}); // awaited below; a failing page read must not leave it unhandled
  }
  rows ??= await read(and(spec.where, position), readOrder, cursor ? 0 : offset);
  let hasNext: boolean;
  let hasPrev: boolean;
  if (backwards) {
    hasPrev = rows.length > size;
    rows = rows.slice(0, size).reverse();
    hasNext = true; // the cursor's own row comes after
    if (!hasPrev && rows.length < size) {
      // fewer rows before the cursor than a page (rows were added or removed): show page 1
      rows = await read(spec.where, descending, 0);
      hasNext = rows.length > size;
      rows = rows.slice(0, size);
    }
    if (!hasPrev) page = 1;
  } else {
    hasNext = rows.length > size;
    rows = rows.slice(0, size);
    hasPrev = cursor ? true : page > 1;
  }
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
  };
}

/**
 * The rows matching the filter, at most EXACT_TOTAL_LIMIT + 1, read once (a CTE referenced twice is
 * materialized): the page is taken from them, and their number is the count. When they are more
 * than the limit, the page must come from the whole table instead (the caller reads it).
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
): Promise<{ rows: Keyed[]; count: number }> {
  const { selection, key, id, table } = spec;
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
      .limit(rowLimit(EXACT_TOTAL_LIMIT + 1) as never),
  );
  // biome-ignore lint/suspicious/noExplicitAny: the CTE's fields, by name
  const m = matching as any;
  const mid = m.__id as PgColumn;
  const found = (await tx
    .with(matching)
    .select({ __id: m.__id, __key: m.__key, __count: sql<number>`(select count(*)::int from ${matching})` })
    .from(matching)
    .where(cursor ? after(m.__sort, mid, order, cursor.k, cursor.i, nullable(key)) : undefined)
    .orderBy(...orderBy(m.__sort, mid, order))
    .limit(rowLimit(size + 1) as never)
    .offset(skip)
    .catch(badCursorKey)) as { __id: number; __key: string | null; __count: number }[];
  const count =
    found.length > 0
      ? Number(found[0]!.__count)
      : await countRows(tx, table, spec.where, EXACT_TOTAL_LIMIT + 1);
  if (!found.length) return { rows: [], count };
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
    ).map(({ row, rest }) => [rest[0], row]),
  );
  const rows = found.flatMap((f) => {
    const row = byId.get(f.__id);
    return row ? [{ row, key: f.__key }] : []; // a row deleted between the two reads is left out
  });
  return { rows, count };
}

async function countRows(tx: Tx, table: PgTable, where: SQL | undefined, limit?: number) {
  const matching = sql`select 1 from ${fixedPiece(table) ?? table}${whereText(where)}${limit ? sql` limit ${rowLimit(limit)}` : sql``}`;
  const [n] = await readValues<number>(tx, sql`select count(*)::int from (${matching}) matching`);
  return n ?? 0;
}

/**
 * Per database (a process may hold several: tests, the bench): estimates of recent filters (an
 * estimate needs no freshness, and planning one costs every time), and when each table's statistics
 * were last refreshed because an estimate fell below the rows already counted.
 */
const estimateState = new WeakMap<
  object,
  { estimates: Map<string, { rows: number; at: number }>; analyzedAt: Map<string, number> }
>();
const ESTIMATE_TTL_MS = 30_000;
const ESTIMATES_KEPT = 500;
const ANALYZE_AT_MOST_EVERY_MS = 60_000;

/**
 * The planner's row estimate for the list's filter: free of a scan, close enough for a pager. An
 * estimate below the rows already counted means stale statistics (a bulk load since the last
 * ANALYZE; PGlite has no autovacuum at all): the table is analyzed then, at most once a minute.
 */
async function estimateRows(tx: Tx, table: PgTable, where: SQL | undefined, filter: string, known: number) {
  const state = estimateState.get(tx) ?? { estimates: new Map(), analyzedAt: new Map() };
  estimateState.set(tx, state);
  const { estimates, analyzedAt } = state;
  const cached = estimates.get(filter);
  if (cached && Date.now() - cached.at < ESTIMATE_TTL_MS) return cached.rows;
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
  if (rows < known && Date.now() - (analyzedAt.get(name) ?? 0) > ANALYZE_AT_MOST_EVERY_MS) {
    analyzedAt.set(name, Date.now());
    try {
      await tx.execute(sql`analyze ${sql.identifier(name)}`);
      rows = await plan();
    } catch {
      // not the table's owner: keep the estimate as it is (the caller never shows less than known)
    }
  }
  if (estimates.size >= ESTIMATES_KEPT) estimates.delete(estimates.keys().next().value!);
  estimates.set(filter, { rows, at: Date.now() });
  return rows;
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
