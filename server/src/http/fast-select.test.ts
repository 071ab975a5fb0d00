/**
 * The two shortcuts a page takes on its way: timestamps turned into the API's ISO text without a
 * `Date`, and the filter rendered once and reused as text and values. Both must give exactly what
 * the long way gives.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, test } from 'vitest';
import { paymentTransaction as p } from '../db/schema.ts';
import { isoTimestamp, renderedFilter } from './fast-select.ts';

describe('isoTimestamp', () => {
  test.each([
    '2026-11-16 01:18:00+00',
    '2026-11-16 01:18:00.1+00',
    '2026-11-16 01:18:00.12+00',
    '2026-11-16 01:18:00.123+00',
    '2026-11-16 01:18:00.1239+00',
    '2026-11-16 01:18:00.999999+00',
    '2000-02-29 23:59:59.000001+00',
  ])('%s reads as Date would read it, to the millisecond', (text) => {
    expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
  });

  test('a year before 100 keeps its century (V8 reads "0099" as 1999)', () => {
    expect(isoTimestamp('0099-01-01 00:00:00+00')).toBe('0099-01-01T00:00:00.000Z');
  });

  test('another zone, and a Date, go the long way and still give UTC', () => {
    expect(isoTimestamp('2026-11-16 08:18:00.5+07')).toBe('2026-11-16T01:18:00.500Z');
    expect(isoTimestamp('2026-11-16 01:48:00+05:30')).toBe('2026-11-15T20:18:00.000Z');
    expect(isoTimestamp(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)))).toBe('2026-01-02T03:04:05.006Z');
  });
});

describe('renderedFilter', () => {
  const dialect = new PgDialect();

  test('gives the same statement text and values as the filter it was made from', () => {
    const where = and(
      sql`${p.status} <> 'D'`,
      eq(p.construction_id, 69),
      gte(p.date, '2026-01-01'),
      sql`${p.search_text} like ${"%$1 '; --%"}`,
    )!;
    const filter = renderedFilter(where);
    const direct = dialect.sqlToQuery(sql`select 1 from ${p} where ${where} limit ${5}`);
    const reused = dialect.sqlToQuery(sql`select 1 from ${p} where ${filter.sql} limit ${5}`);
    expect(reused.sql).toBe(direct.sql);
    expect(reused.params).toEqual(direct.params);
    expect(filter.params).toEqual([69, '2026-01-01', "%$1 '; --%"]);
  });

  test('numbers its values after those that come before it in a statement', () => {
    const filter = renderedFilter(and(eq(p.construction_id, 7), eq(p.company_id, 8))!);
    const query = dialect.sqlToQuery(sql`select ${'x'} from ${p} where ${filter.sql}`);
    expect(query.sql).toMatch(/\$2.*\$3/);
    expect(query.params).toEqual(['x', 7, 8]);
  });

  test('a placeholder written into the text by hand keeps the filter as it was built', () => {
    const where = sql`${p.note} = '$9' and ${p.id} = ${1}`;
    expect(renderedFilter(where).sql).toBe(where);
  });
});
