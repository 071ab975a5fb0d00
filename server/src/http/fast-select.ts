/**
 * The fast path of a list's statements (docs/adr/0021-list-sql-compiled-once.md): a selection
 * compiled once into one select list and its row decoders, filters and fixed pieces rendered once as
 * text, plan-deciding values written as literals (docs/adr/0019-plan-deciding-values-as-literals.md),
 * and rows read as arrays through the transaction's session, straight into records.
 */
import { Column, is, noopDecoder, Param, SQL, StringChunk, sql, Table } from 'drizzle-orm';
import { type PgColumn, type PgSession, type PgTable, PgTimestamp } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import { dialect, toQuery } from '../db/sql-text.ts';

/**
 * Rows read as API records: these fields are not read at all (a hash, the search text), and
 * timestamps come as ISO text.
 */
export type AsRecords = { omit: ReadonlySet<string> };

/**
 * A filter rendered once, as its text and values. `sql` is the same filter made of its text's pieces
 * and its values: a page, its count and its cursor's fingerprint then use it without Drizzle walking
 * the scope's and the filters' hundreds of pieces again for each (a tenth of a list's server time).
 */
export type Filter = { text: string; params: unknown[]; sql: SQL | undefined };

const PLACEHOLDER = /\$(\d+)/;
export function renderedFilter(where: SQL | undefined): Filter {
  if (!where) return { text: '', params: [], sql: undefined };
  const { sql: text, params } = toQuery(where);
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

// biome-ignore lint/suspicious/noExplicitAny: rows of any table
export type AnyRow = Record<string, any>;

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
export type Compiled = { list: SQL; names: string[]; decoders: Decoder[] };
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
export function compiled(selection: Record<string, unknown>, asRecords?: AsRecords): Compiled {
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
    .prepareQuery(toQuery(query), undefined, undefined, true, (rows) => (rows as unknown[][]).map(mapRow))
    .execute() as Promise<T[]>;
}

/**
 * Runs a statement whose select list begins with `c`'s fields: each row becomes a record as
 * Drizzle would map it, and the values after the fields (a sort key, an id) are handed over beside it.
 */
export function readRows(tx: Tx, c: Compiled, query: SQL): Promise<{ row: AnyRow; rest: unknown[] }[]> {
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
export const readValues = <T>(tx: Tx, query: SQL) => runArrays(tx, query, (values) => values[0] as T);

const fixedTexts = new WeakMap<object, SQL | null>();
/** A column, table or value-free SQL as one piece of text, made once per object; else null. */
export function fixedPiece(part: PgColumn | PgTable | SQL | SQL.Aliased): SQL | null {
  let piece = fixedTexts.get(part);
  if (piece === undefined) {
    const text = fixedSqlText(part);
    piece = text === null ? null : sql.raw(text);
    fixedTexts.set(part, piece);
  }
  return piece;
}

/** A statement's WHERE clause, or nothing. */
export const whereText = (where: SQL | undefined) => (where ? sql` where ${where}` : sql``);
