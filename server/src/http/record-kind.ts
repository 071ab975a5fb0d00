/**
 * How a record kind describes itself (`RecordKind`), and the row it is read as: the generic record
 * service (records.ts, record-reads.ts, record-history.ts) and the generic routes (resource.routes.ts)
 * serve any table so described; a module describes its entities and keeps only what is special.
 */

import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import type { CurrentUser } from './auth.ts';

// biome-ignore lint/suspicious/noExplicitAny: rows of any record table
export type Row = Record<string, any> & { id: number; status: string; version: number };

export type RecordTable = PgTable & {
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
  /** The record's own fields folded into search_text. */
  searchFields: string[];
  /**
   * Records a search also finds through what they refer to: a payment request by its contract's,
   * contractor's and construction's searchable text, matched in their own (small) tables and read
   * back by `column` (which needs an index), rather than copied into this kind's search_text, where a
   * word common to a million notes and a contractor's name would make every search read them all
   * (docs/adr/0080-search-through-references.md).
   */
  searchThrough?: { column: PgColumn; table: RecordTable }[];
  /**
   * A search shaped like the record's number (`shape`, tested on the folded words: "yctt-2025-00")
   * finds it by its start in `column`'s index (upper case), and nothing else.
   */
  searchCode?: { column: PgColumn; shape: RegExp };
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
  /**
   * A list with money answers its figures over every matching row (`totals`, beside the count):
   * each an aggregate over the kind's table, as exact text (`sum(amount)`).
   */
  totals?: Record<string, SQL>;
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

/**
 * A column named with its table, for correlated subqueries in display columns: Drizzle writes a
 * single-table query's columns unqualified, and inside a subquery `"id"` would mean the inner id.
 */
export const outer = (column: PgColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
