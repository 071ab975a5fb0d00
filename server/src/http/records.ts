/**
 * The generic record service's writes: create, update, status changes and soft delete, with version
 * checks, references, uniqueness, the in-use rules, the kind's hooks and the change history. An
 * entity plugs in by describing itself (`RecordKind`, record-kind.ts); `resource.routes.ts` turns the
 * same description into HTTP routes. Special modules call these functions instead of re-writing them.
 * Reads are in record-reads.ts, the columns read in record-columns.ts, the history in
 * record-history.ts; the names most callers use are re-exported here.
 */

import { searchTextOf as foldedSearchText } from '@sitepay/domain/search-text';
import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import type { CurrentUser } from './auth.ts';
import { fieldError, staleVersion, unprocessable } from './errors.ts';
import { hasDisplayColumns, toRecord } from './record-columns.ts';
import { diff, writeHistory } from './record-history.ts';
import type { RecordKind, Row } from './record-kind.ts';
import { findRecord } from './record-reads.ts';

export { toRecord } from './record-columns.ts';
export { outer, type RecordKind } from './record-kind.ts';
export { findRecord, listAllRecords } from './record-reads.ts';

const searchTextOf = (kind: RecordKind, row: Row): string => foldedSearchText(kind.searchFields, row);

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
