/**
 * The generic record service: list with paging/sort/search/status/scope, get, create, update,
 * status changes and soft delete, with version checks, uniqueness checks and change history.
 * An entity plugs in by describing itself (`RecordKind`); `resource.routes.ts` turns the same
 * description into HTTP routes. Special modules call these functions instead of re-writing them.
 */

import type { Page, PagingQuery } from '@sitepay/domain/common.schema';
import { foldSearchText } from '@sitepay/domain/search-text';
import { and, asc, desc, eq, getTableColumns, getTableName, ne, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import { recordHistory } from '../db/schema.ts';
import type { CurrentUser } from './auth.ts';
import { fieldError, notFound, staleVersion, unprocessable } from './errors.ts';
import { fixedSqlText, type PageSpec, readPage, sortKeyOf } from './paging.ts';

// biome-ignore lint/suspicious/noExplicitAny: rows of any record table
export type Row = Record<string, any> & { id: number; status: string; version: number };

type RecordTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  version: PgColumn;
  created_at: PgColumn;
  updated_at: PgColumn;
  updated_by: PgColumn;
  search_text: PgColumn;
};

export type UniqueRule = {
  /** The field reported in the 400 answer. */
  field: string;
  columns: string[];
  /** The database's unique index, for the race a pre-check cannot see. */
  constraint: string;
  /** Case- and diacritic-insensitive comparison (codes "ct01" and "CT01" clash). */
  caseInsensitive?: boolean;
};

export type RecordKind = {
  /** Entity name: history key, menu name, i18n key. */
  name: string;
  table: RecordTable;
  /** Fields folded into search_text. */
  searchFields: string[];
  /** sortBy values a list accepts, mapped to columns. */
  sortable: Record<string, PgColumn>;
  defaultSort?: { by: string; desc: boolean };
  unique?: UniqueRule[];
  /** Rows the user may see; undefined = all. Admins are never scoped. */
  scope?: (user: CurrentUser) => SQL | undefined;
  /**
   * Rows the user may change (update, status, delete), beyond `scope`: shared master data that
   * moves money belongs, for writes, to whoever uses it (a contractor to the companies whose
   * contracts use it). Outside it a write answers 404, as outside the scope. Admins pass.
   */
  writeScope?: (user: CurrentUser) => SQL | undefined;
  /**
   * Records that must not lose this one: a delete is refused (422 `in_use`, with the using kind and
   * their count) while a live (not deleted) row of `table` refers to it by `column`; with
   * `deactivate`, deactivating is refused too while an active one does.
   */
  inUse?: InUseRule[];
  /** Extra filters from the list query (e.g. constructionId). */
  filters?: (query: Record<string, unknown>, user: CurrentUser) => (SQL | undefined)[];
  /** Display columns computed per row (e.g. the parent's name), as SQL; also sortable by key. */
  extraColumns?: Record<string, SQL>;
  /**
   * Display columns that name a referenced row (the construction's name of a construction_id): a
   * subquery in lists and reads, like `extraColumns`, and looked up once per batch by the exports,
   * which read thousands of rows naming the same few hundred references.
   */
  lookups?: Record<string, Lookup>;
  /** Reference fields checked on write: the referenced record must exist and not be deleted. */
  references?: { field: string; table: RecordTable; activeOnly?: boolean }[];
  /** Checks before activate / deactivate / delete; throw to refuse. */
  beforeStatus?: (tx: Tx, existing: Row, status: 'O' | 'C' | 'D', user: CurrentUser) => Promise<void> | void;
  /** Fields never written from input (ids of parents set elsewhere, computed totals…). */
  readOnly?: string[];
  /** Checks before a write; throw to refuse. `existing` is absent on create. */
  beforeWrite?: (tx: Tx, input: Row, existing: Row | undefined, user: CurrentUser) => Promise<void> | void;
  /**
   * After a create or update, in its transaction: links kept in other tables (a menu's endpoints)
   * from the whole input, which may hold fields that are not columns. Throw to undo the write.
   */
  afterWrite?: (tx: Tx, row: Row, input: Row, user: CurrentUser) => Promise<void> | void;
  /** After activate / deactivate / delete, in its transaction (end sessions, re-check a guard). */
  afterStatus?: (tx: Tx, row: Row, status: 'O' | 'C' | 'D', user: CurrentUser) => Promise<void> | void;
};

export type InUseRule = {
  /** The kind that uses this record, as the refusal names it (`resources.<entity>.name`). */
  entity: string;
  table: RecordTable;
  /** The column of `table` that refers to this record. */
  column: string;
  deactivate?: boolean;
};

/**
 * `table.column` of the row whose id is the record's `key` field; with `byCode`, of the first live
 * row (lowest id) whose code equals the key, ignoring case (a payment type named by its code).
 */
export type Lookup = { key: string; table: RecordTable; column: string; byCode?: boolean };

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

const hasDisplayColumns = (kind: RecordKind) => Boolean(kind.extraColumns || kind.lookups);

/** Columns never answered and never written to the change history (hashes, encrypted secrets). */
export const SECRET_COLUMNS = ['password_hash', 'secret_hash', 'api_key_hash', 'password_enc'];

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

export const searchCondition = (column: PgColumn, search: string | undefined): SQL | undefined => {
  const folded = search ? foldSearchText(search) : '';
  return folded ? sql`${column} like ${`%${escapeLike(folded)}%`}` : undefined;
};

export const scopeOf = (kind: RecordKind, user: CurrentUser): SQL | undefined =>
  user.isAdmin ? undefined : kind.scope?.(user);

const HIDDEN_COLUMNS = new Set(['search_text', ...SECRET_COLUMNS]);

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
const selection = (kind: RecordKind) => {
  let columns = selectionOf.get(kind);
  if (!columns) {
    // search_text is for the WHERE clause only: reading it back would only be thrown away
    const { search_text: _unused, ...own } = getTableColumns(kind.table) as Record<string, PgColumn>;
    columns = Object.freeze({ ...own, ...displayColumns(kind) });
    selectionOf.set(kind, columns);
  }
  return columns;
};

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
export function listSpec(
  kind: RecordKind,
  query: Partial<PagingQuery> & Record<string, unknown>,
  user: CurrentUser,
  extraWhere?: SQL,
): PageSpec {
  const t = kind.table;
  const search = searchCondition(t.search_text, query.search);
  const where = and(
    statusFilterSql(t, query.status),
    scopeOf(kind, user),
    search,
    extraWhere,
    ...(kind.filters?.(query, user) ?? []),
  );
  const sortable = sortableOf(kind);
  const fallback = (kind.defaultSort && kind.sortable[kind.defaultSort.by]) || t.created_at;
  const { key, asked } = sortKeyOf(sortable, query.sortBy, fallback);
  const descending = asked ? Boolean(query.sortDesc) : (kind.defaultSort?.desc ?? true);
  return {
    table: t,
    selection: selection(kind),
    where,
    key,
    id: t.id,
    descending,
    textSearch: Boolean(search),
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
  return readPage(tx, listSpec(kind, query, user, extraWhere), query, (row) => row as Row);
}

/** Every active record the user may see, for pickers. Bounded: pickers of larger sets use paging. */
export async function listAllRecords(
  tx: Tx,
  kind: RecordKind,
  user: CurrentUser,
  extraWhere?: SQL,
  limit = 5000,
): Promise<Row[]> {
  const t = kind.table;
  const sortColumn = kind.sortable.name ?? kind.sortable.code ?? t.id;
  const rows = await tx
    .select(selection(kind))
    .from(t)
    .where(and(eq(t.status, 'O'), scopeOf(kind, user), extraWhere))
    .orderBy(asc(sortColumn), asc(t.id))
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
    .where(
      and(
        eq(t.id, id),
        ne(t.status, 'D'),
        scopeOf(kind, user),
        lock && !user.isAdmin ? kind.writeScope?.(user) : undefined,
      ),
    );
  const rows = (lock ? await q.for('update') : await q) as Row[];
  if (!rows[0]) throw notFound(kind.name);
  return rows[0];
}

function searchTextOf(kind: RecordKind, row: Row): string {
  return foldSearchText(
    kind.searchFields
      .map((f) => row[f])
      .filter((v) => v !== null && v !== undefined)
      .join(' '),
  );
}

async function checkReferences(tx: Tx, kind: RecordKind, values: Row) {
  for (const ref of kind.references ?? []) {
    const id = values[ref.field];
    if (id === null || id === undefined) continue;
    const found = await tx
      .select({ id: ref.table.id })
      .from(ref.table)
      .where(
        and(eq(ref.table.id, id), ref.activeOnly ? eq(ref.table.status, 'O') : ne(ref.table.status, 'D')),
      )
      .limit(1);
    if (!found.length) throw fieldError(ref.field, 'not_found');
  }
}

/** The rows of other kinds that keep a record from being deleted or deactivated (`inUse`). */
async function checkInUse(tx: Tx, kind: RecordKind, existing: Row, status: 'O' | 'C' | 'D') {
  if (status === 'O') return;
  for (const rule of kind.inUse ?? []) {
    if (status === 'C' && !rule.deactivate) continue;
    const column = (rule.table as unknown as Record<string, PgColumn>)[rule.column];
    if (!column) throw new Error(`${kind.name}: inUse column ${rule.column} is not a column`);
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(rule.table)
      .where(
        and(
          eq(column, existing.id),
          status === 'D' ? ne(rule.table.status, 'D') : eq(rule.table.status, 'O'),
        ),
      );
    const count = row?.n ?? 0;
    if (count > 0)
      throw unprocessable(
        `${kind.name} ${existing.id} is used by ${count} ${rule.entity} record(s): it cannot be ${status === 'D' ? 'deleted' : 'deactivated'}`,
        'in_use',
        { entity: rule.entity, count },
      );
  }
}

async function checkUnique(tx: Tx, kind: RecordKind, row: Row, selfId?: number) {
  const t = kind.table as unknown as Record<string, PgColumn>;
  for (const rule of kind.unique ?? []) {
    const conds = rule.columns.map((c) =>
      rule.caseInsensitive && typeof row[c] === 'string'
        ? sql`lower(${t[c]!}) = lower(${row[c]})`
        : eq(t[c]!, row[c]),
    );
    if (rule.columns.some((c) => row[c] === null || row[c] === undefined)) continue;
    const clash = await tx
      .select({ id: t.id! })
      .from(kind.table)
      .where(and(...conds, ne(t.status!, 'D'), selfId ? ne(t.id!, selfId) : undefined))
      .limit(1);
    if (clash.length) throw fieldError(rule.field, 'duplicate');
  }
}

/** A unique index caught what the pre-check could not see (two writes at once). */
function translateUniqueViolation(kind: RecordKind, error: unknown): never {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as never);
  if (cause && (cause as { code?: string }).code === '23505') {
    const rule = kind.unique?.find((u) => u.constraint === (cause as { constraint?: string }).constraint);
    throw fieldError(rule?.field ?? 'id', 'duplicate');
  }
  throw error;
}

function writableFields(kind: RecordKind, input: Row): Row {
  const columns = getTableColumns(kind.table);
  const protectedFields = new Set([
    'id',
    'status',
    'version',
    'created_at',
    'updated_at',
    'created_by',
    'updated_by',
    'search_text',
    ...(kind.readOnly ?? []),
  ]);
  const out: Row = {} as Row;
  for (const [k, v] of Object.entries(input)) {
    if (k in columns && !protectedFields.has(k) && v !== undefined) out[k] = v;
  }
  return out;
}

const status = (row: Row) => row.status;

const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));

function diff(before: Row | undefined, after: Row): Record<string, { old: unknown; new: unknown }> {
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  for (const [k, v] of Object.entries(after)) {
    if (
      ['search_text', 'version', 'updated_at', 'created_at', 'updated_by', 'created_by'].includes(k) ||
      SECRET_COLUMNS.includes(k)
    )
      continue;
    const old = before ? comparable(before[k]) : null;
    const now = comparable(v);
    if (String(old) !== String(now)) changes[k] = { old, new: now };
  }
  return changes;
}

export async function writeHistory(
  tx: Tx,
  kind: { name: string },
  recordId: number,
  action: string,
  changes: Record<string, { old: unknown; new: unknown }>,
  user: CurrentUser,
) {
  await tx.insert(recordHistory).values({
    entity: kind.name,
    record_id: recordId,
    action,
    changes,
    user_id: user.id,
    user_name: user.user_name,
  });
}

export async function createRecord(tx: Tx, kind: RecordKind, input: Row, user: CurrentUser): Promise<Row> {
  const values = writableFields(kind, input);
  await checkReferences(tx, kind, values);
  await kind.beforeWrite?.(tx, values, undefined, user);
  await checkUnique(tx, kind, values);
  const inserted = (await tx
    .insert(kind.table)
    .values({
      ...values,
      search_text: searchTextOf(kind, values),
      created_by: user.user_name,
      updated_by: user.user_name,
    })
    .returning()
    .catch((e) => translateUniqueViolation(kind, e))) as Row[];
  const row = inserted[0]!;
  await writeHistory(tx, kind, row.id, 'create', diff(undefined, toRecord(row)), user);
  await kind.afterWrite?.(tx, row, input, user);
  return hasDisplayColumns(kind) ? toRecord(await findRecord(tx, kind, row.id, user)) : toRecord(row);
}

/** Applies `changes` to a record read at `version`; a stale version writes nothing (409). */
export async function updateRecord(
  tx: Tx,
  kind: RecordKind,
  id: number,
  version: number,
  changes: Row,
  user: CurrentUser,
  action = 'update',
): Promise<Row> {
  const existing = await findRecord(tx, kind, id, user, true);
  if (existing.version !== version) throw staleVersion();
  const values = action === 'update' ? writableFields(kind, changes) : changes;
  if (['activate', 'deactivate', 'delete'].includes(action)) {
    await checkInUse(tx, kind, existing, changes.status as 'O' | 'C' | 'D');
    await kind.beforeStatus?.(tx, existing, changes.status as 'O' | 'C' | 'D', user);
  }
  if (action === 'update') {
    await checkReferences(tx, kind, values);
    await kind.beforeWrite?.(tx, values, existing, user);
    await checkUnique(tx, kind, { ...existing, ...values }, id);
  }
  const t = kind.table;
  const updated = (await tx
    .update(t)
    .set({
      ...values,
      // a status change or a workflow move leaves the searched fields alone: keep the stored text
      // (it may hold names a kind added from other tables when the record was written)
      ...(action === 'update' ? { search_text: searchTextOf(kind, { ...existing, ...values }) } : {}),
      version: sql`${t.version} + 1`,
      updated_at: new Date(),
      updated_by: user.user_name,
    })
    .where(and(eq(t.id, id), eq(t.version, version)))
    .returning()
    .catch((e) => translateUniqueViolation(kind, e))) as Row[];
  if (!updated[0]) throw staleVersion();
  await writeHistory(tx, kind, id, action, diff(toRecord(existing), toRecord(updated[0])), user);
  if (action === 'update') await kind.afterWrite?.(tx, updated[0], changes, user);
  if (['activate', 'deactivate', 'delete'].includes(action)) {
    await kind.afterStatus?.(tx, updated[0], changes.status as 'O' | 'C' | 'D', user);
  }
  if (!hasDisplayColumns(kind)) return toRecord(updated[0]);
  // a deleted record is out of every read; answer it as written
  return status(updated[0]) === 'D' ? toRecord(updated[0]) : toRecord(await findRecord(tx, kind, id, user));
}

export const setRecordStatus = (
  tx: Tx,
  kind: RecordKind,
  id: number,
  version: number,
  status: 'O' | 'C' | 'D',
  user: CurrentUser,
) =>
  updateRecord(
    tx,
    kind,
    id,
    version,
    { status } as Row,
    user,
    { O: 'activate', C: 'deactivate', D: 'delete' }[status],
  );

type HistoryChange = { old: unknown; new: unknown; old_label?: string | null; new_label?: string | null };

/** The column a referenced record is known by on screen: its name, else its number or code. */
const DISPLAY_COLUMNS = ['name', 'full_name', 'contract_no', 'annex_no', 'user_name', 'title', 'code'];

/**
 * The change history of a record, newest first. With its kind, each changed reference (a column
 * with a foreign key: `construction_id`, `tax_id`…) also carries `old_label` / `new_label`, the
 * referenced records' display names as they are now, so the history reads as the view does.
 */
export async function recordHistoryOf(
  tx: Tx,
  entity: string,
  recordId: number,
  limit = 200,
  kind?: RecordKind,
) {
  const rows = await tx
    .select()
    .from(recordHistory)
    .where(and(eq(recordHistory.entity, entity), eq(recordHistory.record_id, recordId)))
    .orderBy(desc(recordHistory.id))
    .limit(limit);
  const entries = rows.map((r) => ({
    ...r,
    changes: r.changes as Record<string, HistoryChange>,
    at: r.at.toISOString(),
  }));
  if (kind)
    await labelReferences(
      tx,
      kind,
      entries.map((e) => e.changes),
    );
  return entries;
}

async function labelReferences(tx: Tx, kind: RecordKind, changeSets: Record<string, HistoryChange>[]) {
  const columns = getTableColumns(kind.table) as Record<string, PgColumn>;
  for (const fk of getTableConfig(kind.table as never).foreignKeys) {
    const ref = fk.reference();
    if (ref.columns.length !== 1) continue;
    const field = Object.entries(columns).find(([, c]) => c.name === ref.columns[0]!.name)?.[0];
    if (!field) continue;
    const ids = new Set<number>();
    for (const changes of changeSets) {
      const change = changes[field];
      for (const v of change ? [change.old, change.new] : [])
        if (Number.isInteger(Number(v)) && v !== null) ids.add(Number(v));
    }
    if (!ids.size) continue;
    const target = getTableColumns(ref.foreignTable) as Record<string, PgColumn>;
    const display = DISPLAY_COLUMNS.find((c) => target[c]);
    if (!display || !target.id) continue;
    const found = await tx
      .select({ id: target.id, label: target[display]! })
      .from(ref.foreignTable)
      .where(sql`${target.id} = any(${sql.param([...ids])}::int[])`);
    const labels = new Map(found.map((f) => [Number(f.id), f.label === null ? null : String(f.label)]));
    for (const changes of changeSets) {
      const change = changes[field];
      if (!change) continue;
      change.old_label = change.old === null ? null : (labels.get(Number(change.old)) ?? null);
      change.new_label = change.new === null ? null : (labels.get(Number(change.new)) ?? null);
    }
  }
}

/** A change made by the system on the user's behalf (linking, closing): no version to compare. */
export async function patchRecord(
  tx: Tx,
  kind: RecordKind,
  id: number,
  changes: Row,
  user: CurrentUser,
  action: string,
) {
  const existing = await findRecord(tx, kind, id, user, true);
  return updateRecord(tx, kind, id, existing.version, changes, user, action);
}

/**
 * A column named with its table, for correlated subqueries in display columns: Drizzle writes a
 * single-table query's columns unqualified, and inside a subquery `"id"` would mean the inner id.
 */
export const outer = (column: PgColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
