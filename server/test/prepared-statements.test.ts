/**
 * Every data statement runs prepared: on PostgreSQL planned once per pooled connection, on PGlite
 * once for its one session (PREPARE, then EXECUTE with the values as literals). The statements each
 * connection keeps stay bounded: searches are parameters, never text, so ten
 * thousand different searches are one statement; past the cache's size the least recently used
 * statement is dropped and prepared again when it comes back, with the same answers.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, STATEMENT_CACHE_SIZE, type Tx } from '../src/db/client.ts';
import { createTestServer, type TestServer } from './helpers.ts';

describe.each(['postgres', 'pglite'] as const)('prepared statements (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await createTestServer(backend);
    admin = await s.login();
  }, 60_000);
  afterAll(() => s?.close());

  const preparedOnServer = async () =>
    Number(
      (
        await queryRows<{ n: number }>(s.app.db, sql`select count(*)::int as n from pg_prepared_statements`)
      )[0]!.n,
    );

  it('a list runs as a prepared statement: the connection holds it, named by its text', async () => {
    const before = Math.max(0, ...s.database.preparedCounts!());
    for (let i = 0; i < 5; i++)
      expect((await s.call('GET', '/api/constructor/paging?itemsPerPage=20', admin)).status).toBe(200);
    expect(Math.max(...s.database.preparedCounts!())).toBeGreaterThan(before);
    // the server side agrees: the connection that answered this has prepared statements
    expect(await preparedOnServer()).toBeGreaterThan(0);
  });

  it('10,000 different searches leave the statement cache bounded, and every answer right', async () => {
    await s.call('POST', '/api/constructor/create', admin, {
      code: 'NT-PREP',
      name: 'Nhà thầu chuẩn bị sẵn',
    });
    const sizesBefore = s.database.preparedCounts!();
    const total = 10_000;
    let next = 0;
    let found = 0;
    const worker = async () => {
      while (next < total) {
        const i = next++;
        // every hundredth search matches the contractor, the others match nothing
        const term = i % 100 === 0 ? `chuan bi` : `khong-co-${i}`;
        const r = await s.call(
          'GET',
          `/api/constructor/paging?itemsPerPage=5&search=${encodeURIComponent(term)}`,
          admin,
        );
        expect(r.status).toBe(200);
        if (r.body.items.some((c: { code: string }) => c.code === 'NT-PREP')) found++;
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(found).toBe(total / 100);
    const sizes = s.database.preparedCounts!();
    // a handful of statement texts whatever the terms: no connection grew by more than a few
    for (const [n, size] of sizes.entries()) expect(size - (sizesBefore[n] ?? 0)).toBeLessThan(10);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(STATEMENT_CACHE_SIZE);
  }, 180_000);

  it('values are values: quotes, backslashes and placeholders in a search find what they say', async () => {
    const name = `Nhà thầu O'Brien \\ $1 -- ; drop table payment_transaction`;
    expect((await s.call('POST', '/api/constructor/create', admin, { code: 'NT-QUOTE', name })).status).toBe(
      200,
    );
    for (const term of ["O'Brien", "o'brien \\ $1", '-- ; drop', "'; select 1; --"]) {
      const r = await s.call('GET', `/api/constructor/paging?search=${encodeURIComponent(term)}`, admin);
      expect(r.status).toBe(200);
      const codes = r.body.items.map((c: { code: string }) => c.code);
      if (term.startsWith("';")) expect(codes).toEqual([]);
      else expect(codes).toEqual(['NT-QUOTE']);
    }
    const got = await s.call('GET', '/api/constructor/paging?search=brien', admin);
    expect(got.body.items[0].name).toBe(name);
  });

  it('past the cache size the oldest statements are dropped, and come back prepared again', async () => {
    const distinct = STATEMENT_CACHE_SIZE + 40;
    // one connection at a time (a transaction on PostgreSQL; PGlite prepares outside transactions
    // only, and has one session anyway): every text differs, so each is a new statement
    const oneConnection = <T>(run: (tx: Tx) => Promise<T>) =>
      backend === 'postgres' ? s.app.db.transaction(run) : run(s.app.db);
    await oneConnection(async (tx) => {
      for (let i = 0; i < distinct; i++) {
        const [row] = await queryRows<{ v: number }>(tx, sql.raw(`select ${i} + 1 as v`));
        expect(Number(row!.v)).toBe(i + 1);
      }
      const held = Number(
        (await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from pg_prepared_statements`))[0]!
          .n,
      );
      // all prepared, and no more than the cache holds (+1: the count itself)
      expect(held).toBeGreaterThan(STATEMENT_CACHE_SIZE - 5);
      expect(held).toBeLessThanOrEqual(STATEMENT_CACHE_SIZE + 1);
      // the first ones were dropped; asked again, they are prepared again and answer the same
      for (let i = 0; i < 50; i++) {
        const [row] = await queryRows<{ v: number }>(tx, sql.raw(`select ${i} + 1 as v`));
        expect(Number(row!.v)).toBe(i + 1);
      }
    });
    expect(Math.max(...s.database.preparedCounts!())).toBeLessThanOrEqual(STATEMENT_CACHE_SIZE);
  }, 60_000);
});

describe('named statements on both databases', () => {
  for (const backend of ['pglite', 'postgres'] as const) {
    it(`${backend}: a named statement runs with values and without any, again and again`, async () => {
      const s = await createTestServer(backend, { demo: false });
      try {
        for (let i = 0; i < 3; i++) {
          const [withValue] = await s.database.prepared<{ n: number }>(
            'test_with_value',
            sql`select ${i}::int + 1 as n`,
          );
          expect(withValue!.n).toBe(i + 1);
          const [without] = await s.database.prepared<{ n: number }>(
            'test_without_values',
            sql`select 41 + 1 as n`,
          );
          expect(without!.n).toBe(42);
        }
      } finally {
        await s.close();
      }
    }, 60_000);
  }
});
