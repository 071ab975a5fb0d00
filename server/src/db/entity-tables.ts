/**
 * The table of a described entity: the one whose SQL name is the entity's name in snake case
 * (`cost-item` → `cost_item`), or one named here where the name differs.
 */
import { getTableName, isTable } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

// a Map: `constructor` is an entity's name, and every plain object's property
const named = new Map<string, PgTable>([
  ['user', schema.appUser],
  ['group', schema.appGroup],
]);

const bySqlName = new Map(
  (Object.values(schema) as unknown[])
    .filter((t): t is PgTable => isTable(t))
    .map((t) => [getTableName(t), t]),
);

export function tableOf(entity: string): PgTable {
  const table = named.get(entity) ?? bySqlName.get(entity.replaceAll('-', '_'));
  if (!table) throw new Error(`no table for the entity ${entity} (name it in db/entity-tables.ts)`);
  return table;
}
