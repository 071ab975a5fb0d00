/**
 * The change history of records (docs/adr/0014-field-history-in-the-same-transaction.md): each write
 * records its changed fields, old and new, in `record_history` in its own transaction; the history
 * reads back newest first, references labelled with what they point to.
 */

import { entities, settingEntities } from '@sitepay/domain/entities';
import type { Entity } from '@sitepay/domain/entity';
import { specialRecords } from '@sitepay/domain/special-records';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import { tableOf } from '../db/entity-tables.ts';
import { appUser, recordHistory } from '../db/schema.ts';
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

/**
 * The columns a referenced record is known by on screen, in order: its name (a person's full name),
 * else its number, login or code; the first that is not empty names it.
 */
const DISPLAY_COLUMNS = ['name', 'full_name', 'contract_no', 'annex_no', 'user_name', 'title', 'code'];

/** Every described entity by name: a reference's target, for fields without a foreign key. */
const described = new Map<string, Entity>(
  [...entities, ...settingEntities, ...specialRecords].map((e) => [e.name, e]),
);

/**
 * The change history of a record, newest first. With its kind, each changed reference also carries
 * `old_label` / `new_label`, the referenced records' display names as they are now, so the history
 * reads as the view does (docs/adr/0072-words-and-codes-in-the-readers-language.md) — never "#3".
 */
export async function recordHistoryOf(
  tx: Tx,
  entity: string,
  recordId: number,
  limit = 200,
  kind?: RecordKind,
) {
  const rows = await tx
    .select({
      ...getTableColumns(recordHistory),
      // who made it by the full name, the login when there is none
      user_full_name: sql<
        string | null
      >`(select coalesce(nullif(u.full_name, ''), u.user_name) from ${appUser} u
        where u.id = ${recordHistory.user_id})`,
    })
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

/** A field that names another record: by id (`byCode`: by its code, a payment type's). */
type Target = { table: PgTable; byCode?: boolean; columns?: string[] };

/**
 * What each reference field of a kind names: a column with a foreign key, a display lookup of the
 * kind (`payment_code` → the payment type by its code), or a field its description says is a
 * reference (`director_id`, `to: 'user'`). Worked out once per kind.
 */
const targetsOf = new WeakMap<RecordKind, Map<string, Target>>();
function referenceTargets(kind: RecordKind): Map<string, Target> {
  let targets = targetsOf.get(kind);
  if (targets) return targets;
  targets = new Map();
  const columns = getTableColumns(kind.table) as Record<string, PgColumn>;
  for (const fk of getTableConfig(kind.table as never).foreignKeys) {
    const ref = fk.reference();
    if (ref.columns.length !== 1) continue;
    const field = Object.entries(columns).find(([, c]) => c.name === ref.columns[0]!.name)?.[0];
    if (field) targets.set(field, { table: ref.foreignTable });
  }
  // the lookups name a key by the column the screens show (of several, the display column first)
  const rank = (column: string) => {
    const i = DISPLAY_COLUMNS.indexOf(column);
    return i < 0 ? DISPLAY_COLUMNS.length : i;
  };
  const lookups = Object.values(kind.lookups ?? {}).sort((a, b) => rank(a.column) - rank(b.column));
  for (const lookup of lookups)
    if (!targets.has(lookup.key) && rank(lookup.column) < DISPLAY_COLUMNS.length)
      targets.set(lookup.key, {
        table: lookup.table as unknown as PgTable,
        ...(lookup.byCode ? { byCode: true } : {}),
      });
  for (const [field, f] of Object.entries(described.get(kind.name)?.fields ?? {}))
    if (f.type === 'reference' && !targets.has(field)) {
      try {
        targets.set(field, { table: tableOf(f.to) });
      } catch {
        // a reference to something that is not a table of its own: left as it is
      }
    }
  targetsOf.set(kind, targets);
  return targets;
}

async function labelReferences(tx: Tx, kind: RecordKind, changeSets: Record<string, HistoryChange>[]) {
  for (const [field, target] of referenceTargets(kind)) {
    const keys = new Set<string | number>();
    for (const changes of changeSets) {
      const change = changes[field];
      for (const v of change ? [change.old, change.new] : []) {
        if (v === null || v === undefined || v === '') continue;
        if (target.byCode) keys.add(String(v).toUpperCase());
        else if (Number.isInteger(Number(v))) keys.add(Number(v));
      }
    }
    if (!keys.size) continue;
    const columns = getTableColumns(target.table) as Record<string, PgColumn>;
    const shown = DISPLAY_COLUMNS.filter((c) => columns[c]);
    if (!shown.length || !columns.id || (target.byCode && !columns.code)) continue;
    const label = sql<string | null>`coalesce(${sql.join(
      shown.map((c) => sql`nullif(${columns[c]!}::text, '')`),
      sql`, `,
    )})`;
    const found = target.byCode
      ? await tx
          .select({ key: sql<string>`upper(${columns.code!})`, label })
          .from(target.table)
          .where(
            sql`upper(${columns.code!}) = any(${sql.param([...keys])}::text[]) and ${columns.status ?? sql`'O'`} <> 'D'`,
          )
          .orderBy(desc(columns.id)) // the lowest id last: it wins, as in the lookups
      : await tx
          .select({ key: columns.id, label })
          .from(target.table)
          .where(sql`${columns.id} = any(${sql.param([...keys])}::int[])`);
    const labels = new Map(found.map((f) => [target.byCode ? String(f.key) : Number(f.key), f.label]));
    const labelOf = (v: unknown) =>
      v === null || v === undefined || v === ''
        ? null
        : (labels.get(target.byCode ? String(v).toUpperCase() : Number(v)) ?? null);
    for (const changes of changeSets) {
      const change = changes[field];
      if (!change) continue;
      change.old_label = labelOf(change.old);
      change.new_label = labelOf(change.new);
    }
  }
}

/**
 * A record read alone, with who created and last changed it by the full name (`created_by_name`,
 * `updated_by_name`; the stamps keep the login): one small query, only for a single record's page.
 */
export async function withPeopleNames(tx: Tx, record: Row): Promise<Row> {
  const logins = [record.created_by, record.updated_by].filter(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  if (!logins.length) return record;
  const found = await tx
    .select({
      login: appUser.user_name,
      name: sql<string>`coalesce(nullif(${appUser.full_name}, ''), ${appUser.user_name})`,
    })
    .from(appUser)
    .where(sql`${appUser.user_name} = any(${sql.param([...new Set(logins)])}::text[])`);
  const names = new Map(found.map((f) => [f.login, f.name]));
  return {
    ...record,
    created_by_name: names.get(String(record.created_by)) ?? record.created_by ?? null,
    updated_by_name: names.get(String(record.updated_by)) ?? record.updated_by ?? null,
  };
}
