/**
 * The keyset of a list: its order (`key, id`, either way), the rows after a position in it, and the
 * cursor that carries a position between requests with the fingerprint of its list. The sort key
 * travels as PostgreSQL's own text of the value (`key::text`) and comes back as an untyped parameter,
 * so timestamps keep their microseconds and numerics their digits.
 */
import crypto from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import { dialect } from '../db/sql-text.ts';
import { fieldError } from './errors.ts';
import { fixedSqlText } from './fast-select.ts';

export type Cursor = { l: string; k: string | null; i: number; d: 'n' | 'p' };

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
export const fingerprint = (filter: string, key: PgColumn | SQL, descending: boolean) =>
  crypto
    .createHash('sha256')
    .update(`[${JSON.stringify(filter)},${keyText(key)},${descending}]`)
    .digest('base64url')
    .slice(0, 12);

export const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

export function decode(text: string, listing: string): Cursor {
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

export const nullable = (key: PgColumn | SQL) => !(key instanceof PgColumn && key.notNull);

/**
 * Rows after (k, i) in the order `key, id` ascending (NULLS LAST, PostgreSQL's default) or
 * descending (NULLS FIRST). Not-null keys use a row comparison, which the (key, id) index answers.
 */
export function after(
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

/** The order `key, id`, either way, as two SQL terms. */
export const orderBy = (key: PgColumn | SQL | SQL.Aliased, id: PgColumn, descending: boolean) =>
  descending ? [sql`${key} desc`, sql`${id} desc`] : [sql`${key} asc`, sql`${id} asc`];

/** Data errors from a forged cursor's key (text that is no date, no number…) are bad input. */
export function badCursorKey(error: unknown): never {
  const code =
    (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
  if (code?.startsWith('22')) throw fieldError('cursor', 'invalid');
  throw error;
}

const orderTexts = new WeakMap<object, { asc: SQL; desc: SQL } | null>();
/** `key, id` in either direction; as text made once per key when the key holds no value. */
export function orderText(key: PgColumn | SQL | SQL.Aliased, id: PgColumn, descending: boolean): SQL {
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
