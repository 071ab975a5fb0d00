/**
 * Two requests that change the same rows in opposite orders deadlock in PostgreSQL, which gives one
 * of them up (40P01). That one answers 409 `conflict` with Retry-After and the words the screens
 * show (reason `concurrent_change`), never a 500; nothing of it was written, and sent again it
 * passes. The routes are the test's own, on the app's error handler and the app's database.
 */
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { registerErrorHandler } from '../src/http/errors.ts';
import { createTestServer, type TestServer } from './helpers.ts';

describe('a transaction given up against another (postgres)', () => {
  let s: TestServer;
  let app: FastifyInstance;
  beforeAll(async () => {
    s = await createTestServer('postgres', { demo: false });
    const db = s.database.db;
    await db.execute(sql`create table test_pair (id int primary key, v int not null)`);
    await db.execute(sql`insert into test_pair values (1, 0), (2, 0)`);
    app = Fastify();
    registerErrorHandler(app);
    // both requests take their first row, wait until the other has too, then want the other's
    let arrived = 0;
    let bothIn!: () => void;
    let meet = new Promise<void>((resolve) => {
      bothIn = resolve;
    });
    app.post<{ Params: { first: string } }>('/pair/:first', async (req) => {
      const first = Number(req.params.first);
      await db.transaction(async (tx) => {
        await tx.execute(sql`update test_pair set v = v + 1 where id = ${first}`);
        if (++arrived === 2) bothIn();
        await meet;
        await tx.execute(sql`update test_pair set v = v + 10 where id = ${3 - first}`);
      });
      return { ok: true };
    });
    // the next request goes alone: it does not wait for a partner
    app.post('/alone', async () => {
      arrived = 1;
      meet = new Promise<void>((resolve) => {
        bothIn = resolve;
      });
      return { ok: true };
    });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await s?.close();
  });

  it('one of two deadlocked requests answers 409 with Retry-After, writes nothing, and passes when sent again', async () => {
    const [a, b] = await Promise.all([
      app.inject({ method: 'POST', url: '/pair/1' }),
      app.inject({ method: 'POST', url: '/pair/2' }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    const passed = refused === a ? 2 : 1;
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ status: 409, code: 'conflict', reason: 'concurrent_change' });
    // only the request that passed changed anything: +1 on its row, +10 on the other
    const rows = await queryRows<{ id: number; v: number }>(
      s.database.db,
      sql`select id, v from test_pair order by id`,
    );
    expect(rows.map((r) => r.v)).toEqual(passed === 1 ? [1, 10] : [10, 1]);
    // sent again alone (its partner long gone), the refused one passes and adds its own changes
    await app.inject({ method: 'POST', url: '/alone' });
    const retry = await app.inject({ method: 'POST', url: `/pair/${3 - passed}` });
    expect(retry.statusCode).toBe(200);
    const after = await queryRows<{ id: number; v: number }>(
      s.database.db,
      sql`select id, v from test_pair order by id`,
    );
    expect(after.map((r) => r.v)).toEqual([11, 11]);
  });
});
