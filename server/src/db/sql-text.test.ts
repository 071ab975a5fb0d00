import { and, eq, inArray, isNull, or, Param, placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { todaySql } from '../core/business-time.ts';
import { appUser, paymentTransaction as p } from './schema.ts';
import { dialect, toQuery } from './sql-text.ts';

// the text and the values (Drizzle's answer also lists each value's "typing", which no PostgreSQL
// driver of Drizzle reads: its own select builder drops it)
const same = (query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  expect(toQuery(query)).toEqual({ sql: text, params });
};

describe('toQuery', () => {
  it('writes what Drizzle writes for the pieces lists are made of', () => {
    const u = alias(appUser, 'u');
    const cases: SQL[] = [
      sql`select 1`,
      sql`select ${p.id}, ${p.amount} from ${p} where ${p.construction_id} = ${7} and ${p.note} = ${"it's"}`,
      and(eq(p.status, 'O'), or(isNull(p.current_step), eq(p.current_step, 2)), inArray(p.id, [1, 2, 3]))!,
      sql`select * from ${u} where ${u.id} = ${1}`,
      sql`${p.due_date} < ${todaySql} and ${undefined}x ${null} ${[1, 'a', null]}`,
      sql`${eq(p.created_at, new Date('2026-12-01T00:00:00Z'))} and ${new Date('2026-12-02T00:00:00Z')}`,
      sql`${sql.raw('a')}${sql.join([sql`${1}`, sql`${2n}`, sql`${true}`], sql`, `)}`,
      sql`${new Param(5)} ${new Param(null)}`,
      sql`select ${sql`${sql`${sql`${3}`}`}`}`,
    ];
    for (const query of cases) same(query);
  });

  it('leaves to Drizzle what it does not render itself, with the same answer', () => {
    same(sql`select ${sql.identifier('weird"name')} from ${p} where ${p.id} = ${placeholder('id')}`);
    same(sql`select ${sql`${'x'}`.inlineParams()} from ${p}`);
    same(sql`select ${p.id} from ${p} where ${p.id} in ${sql`(${[1, 2]})`}`.inlineParams());
  });

  it('numbers the values in order across nested pieces', () => {
    const q = toQuery(sql`a ${1} b ${sql`c ${2} ${todaySql}`} d ${[3, 4]}`);
    expect(q.sql).toMatch(/^a \$1 b c \$2 \(\$3::date\) d \(\$4, \$5\)$/);
    expect(q.params.slice(0, 2)).toEqual([1, 2]);
    expect(q.params.slice(3)).toEqual([3, 4]);
  });
});
