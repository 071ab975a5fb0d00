/**
 * The change history of records (docs/adr/0014-field-history-in-the-same-transaction.md): each write
 * records its changed fields, old and new, in `record_history` in its own transaction; the history
 * reads back newest first, references labelled with what they point to.
 */

import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import { recordHistory } from '../db/schema.ts';
import type { CurrentUser } from './auth.ts';
import { SECRET_COLUMNS } from './record-columns.ts';
import type { RecordKind, Row } from './record-kind.ts';

const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));

/** The fields that differ between two versions of a record, as the history writes them. */
export function diff(before: Row | undefined, after: Row): Record<string, { old: unknown; new: unknown }> {
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
