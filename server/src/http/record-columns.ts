/**
 * The columns a record is read with and answered as: the table's own, its display columns (the
 * kind's `extraColumns` and `lookups`, as subqueries in lists and reads, or looked up once per batch
 * by the exports), and never the internal ones (the search text, hashes, encrypted secrets).
 */

import { LISTED_ALWAYS } from '@sitepay/domain/common.schema';
import { and, desc, getTableColumns, getTableName, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import { fieldError } from './errors.ts';
import { fixedSqlText } from './fast-select.ts';
import { type Lookup, outer, type RecordKind, type RecordTable, type Row } from './record-kind.ts';

const lookupSql = (kind: RecordKind, lookup: Lookup) => {
  const key = (kind.table as unknown as Record<string, PgColumn>)[lookup.key];
  if (!key) throw new Error(`${kind.name}: lookup key ${lookup.key} is not a column`);
  const column = sql.raw(`"${lookup.column}"`);
  return lookup.byCode
    ? sql`(select x.${column} from ${lookup.table} x where upper(x.code) = upper(${outer(key)}) and x.status <> 'D' order by x.id limit 1)`
    : sql`(select x.${column} from ${lookup.table} x where x.id = ${outer(key)})`;
};

/**
 * A display column as one piece of SQL text when it has no parameters: Drizzle then copies its text
 * into every statement instead of walking its tables and columns again at every request (a fifth
 * of a payment list's server time went to building its SQL, docs/adr/0021-list-sql-compiled-once.md).
 */
function rendered(column: SQL): SQL {
  const text = fixedSqlText(column);
  return text === null ? column : sql.raw(text);
}

const displayColumnsOf = new WeakMap<RecordKind, Record<string, SQL>>();
/** The kind's display columns as SQL: its extraColumns and its lookups. */
export function displayColumns(kind: RecordKind): Record<string, SQL> {
  let columns = displayColumnsOf.get(kind);
  if (!columns) {
    columns = {};
    for (const [field, column] of Object.entries(kind.extraColumns ?? {})) columns[field] = rendered(column);
    for (const [field, lookup] of Object.entries(kind.lookups ?? {}))
      columns[field] = rendered(lookupSql(kind, lookup));
    displayColumnsOf.set(kind, columns);
  }
  return columns;
}
// biome-ignore lint/suspicious/noExplicitAny: rows of any selection
type AnyRow = Record<string, any>;

/** Lookups resolved in memory at most this many references per kind of reference, then afresh. */
const LOOKUP_CACHE_ROWS = 50_000;

/**
 * Reads `fields` of many records in batches without a subquery per row: `select` holds what to
 * read instead (the lookups' key columns, the other fields as they are), and `resolve` fills the
 * lookups of a batch with one query per referenced table for the keys not seen yet.
 */
export function batchedLookups(kind: RecordKind, fields: string[]) {
  const columns = selection(kind) as Record<string, PgColumn | SQL>;
  const table = kind.table as unknown as Record<string, PgColumn>;
  const select: Record<string, PgColumn | SQL> = {};
  type Group = {
    key: string;
    table: RecordTable;
    byCode: boolean;
    fields: [string, string][];
    cache: Map<unknown, AnyRow | null>;
  };
  const groups = new Map<string, Group>();
  for (const field of fields) {
    const lookup = kind.lookups?.[field];
    if (!lookup) {
      select[field] = columns[field]!;
      continue;
    }
    select[lookup.key] = table[lookup.key]!;
    const id = `${lookup.key} ${getTableName(lookup.table)} ${Boolean(lookup.byCode)}`;
    const group: Group = groups.get(id) ?? {
      key: lookup.key,
      table: lookup.table,
      byCode: Boolean(lookup.byCode),
      fields: [],
      cache: new Map(),
    };
    group.fields.push([field, lookup.column]);
    groups.set(id, group);
  }
  const resolve = async (tx: Tx, rows: AnyRow[]) => {
    for (const g of groups.values()) {
      const keyOf = (r: AnyRow) => {
        const k = r[g.key];
        if (k === null || k === undefined) return undefined;
        return g.byCode ? String(k).toUpperCase() : k;
      };
      const wanted = new Set<unknown>();
      for (const r of rows) {
        const k = keyOf(r);
        if (k !== undefined && !g.cache.has(k)) wanted.add(k);
      }
      const missing = [...wanted];
      if (missing.length) {
        if (g.cache.size + missing.length > LOOKUP_CACHE_ROWS) g.cache.clear();
        const target = g.table as unknown as Record<string, PgColumn>;
        const columns = Object.fromEntries(g.fields.map(([, column]) => [column, target[column]!]));
        const found = (await (g.byCode
          ? tx
              .select({ key: sql<string>`upper(${target.code})`, ...columns })
              .from(g.table)
              .where(
                and(sql`upper(${target.code}) = any(${sql.param(missing)}::text[])`, ne(g.table.status, 'D')),
              )
              .orderBy(desc(g.table.id)) // the lowest id last: it wins
          : tx
              .select({ key: g.table.id, ...columns })
              .from(g.table)
              .where(sql`${g.table.id} = any(${sql.param(missing)}::int[])`))) as AnyRow[];
        for (const k of missing) g.cache.set(k, null);
        for (const row of found) g.cache.set(row.key, row);
      }
      for (const r of rows) {
        const k = keyOf(r);
        const hit = k === undefined ? null : g.cache.get(k);
        for (let i = 0; i < g.fields.length; i++) {
          const [field, column] = g.fields[i]!;
          r[field] = hit?.[column] ?? null;
        }
      }
    }
    return rows;
  };
  return { select, resolve };
}

export const hasDisplayColumns = (kind: RecordKind) => Boolean(kind.extraColumns || kind.lookups);

/** Columns never answered and never written to the change history (hashes, encrypted secrets). */
export const SECRET_COLUMNS = ['password_hash', 'secret_hash', 'api_key_hash', 'password_enc'];

export const HIDDEN_COLUMNS = new Set(['search_text', ...SECRET_COLUMNS]);

/** Turns a database row into the API's record: ISO dates, no internal columns. */
export function toRecord(row: Row): Row {
  // one pass into a new object: `delete` would turn it into a slow dictionary for the serializer
  const out = {} as Row;
  for (const k in row) {
    if (HIDDEN_COLUMNS.has(k)) continue;
    const v = row[k];
    out[k as keyof Row] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

const selectionOf = new WeakMap<RecordKind, Readonly<Record<string, PgColumn | SQL>>>();
/** The columns a record is read with: the table's own plus its display columns (made once). */
export const selection = (kind: RecordKind) => {
  let columns = selectionOf.get(kind);
  if (!columns) {
    // search_text is for the WHERE clause only: reading it back would only be thrown away
    const { search_text: _unused, ...own } = getTableColumns(kind.table) as Record<string, PgColumn>;
    columns = Object.freeze({ ...own, ...displayColumns(kind) });
    selectionOf.set(kind, columns);
  }
  return columns;
};

/** The narrowed selections of a kind made so far, by the display columns they keep. */
const narrowedOf = new WeakMap<RecordKind, Map<string, Readonly<Record<string, PgColumn | SQL>>>>();
/** Narrowed selections kept per kind: a client asks for a few sets, always the same (its screens). */
const NARROWED_KEPT = 64;

/**
 * The columns a list reads for a client that names the fields it uses (`fields`, comma-separated):
 * those, and the record's id, version and status (LISTED_ALWAYS) — a page of 20 payment requests
 * read 61 own columns where the web's list reads 18 fields, and decoding and writing them was most
 * of the server's time per page (docs/adr/0122-a-named-list-answers-only-what-it-names.md). Without
 * `fields`, every column: what every client had before. A name that is no field of the record is a
 * 400 naming `fields`, like an unknown sort; the same set of names gives the same object (its SQL is
 * compiled once, fast-select.ts). docs/adr/0120-a-list-reads-the-fields-its-screen-names.md
 */
export function selectionFor(kind: RecordKind, fields: string | undefined) {
  const all = selection(kind);
  if (fields === undefined) return all;
  const named = new Set<string>(LISTED_ALWAYS);
  for (const raw of fields.split(',')) {
    const field = raw.trim();
    if (field === '') continue;
    if (!Object.hasOwn(all, field)) throw fieldError('fields', 'unknown_field');
    named.add(field);
  }
  const key = [...named].sort().join(',');
  let kept = narrowedOf.get(kind);
  if (!kept) {
    kept = new Map();
    narrowedOf.set(kind, kept);
  }
  let narrowed = kept.get(key);
  if (!narrowed) {
    narrowed = Object.freeze(Object.fromEntries(Object.entries(all).filter(([field]) => named.has(field))));
    if (kept.size >= NARROWED_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, narrowed);
  }
  return narrowed;
}
