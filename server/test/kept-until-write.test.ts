/**
 * What is read from the database and kept until this server writes
 * (docs/adr/0118-a-count-near-the-limit-kept-until-a-write.md), on both backends. A list counted
 * between the limit and twice it: its next pages skip the count, and the first page after a write
 * counts again, exact at once when it has fallen under the limit (the statements read through a
 * logging Drizzle on the server's own database client). The rights an approver's queue is read with:
 * a role changed shows in it at once.
 */
import { EXACT_TOTAL_LIMIT } from '@sitepay/domain/common.schema';
import { paymentListQuerySchema } from '@sitepay/domain/payment.schema';
import { getTableColumns, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { paymentTransaction } from '../src/db/schema.ts';
import { writesMade } from '../src/db/writes.ts';
import type { CurrentUser } from '../src/http/auth.ts';
import { REMEMBERED_BEYOND } from '../src/http/paging.ts';
import { listRecords } from '../src/http/record-reads.ts';
import { paymentKind } from '../src/modules/payment/payment.resource.ts';
import { type Factories, factories, type Rec } from './factories.ts';
import { backends, createTestServer, type TestServer } from './helpers.ts';

describe.each(backends)('kept until this server writes (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let f: Factories;
  let contract: Rec;
  const ROWS = EXACT_TOTAL_LIMIT + 100;

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    admin = await s.login();
    f = factories(s, { admin, accountant: admin });
    contract = await bandContract();
  });
  afterAll(() => s?.close());

  /** A contract of ROWS requests of 1,000 đồng each: the first through the API, the rest copied. */
  async function bandContract() {
    const c = await f.contract();
    const first = await f.request(c, { amount: '1000' });
    // the rest straight into the table (the API would take minutes)
    const names = Object.values(getTableColumns(paymentTransaction))
      .map((column) => column.name)
      .filter((name) => !['id', 'code', 'code_no', 'requirement_no'].includes(name))
      .map((n) => `"${n}"`)
      .join(', ');
    await s.database.db.execute(
      sql.raw(`insert into payment_transaction (${names}, code, code_no, requirement_no)
        select ${names}, 'NEAR-${c.id}-' || g, ${c.id * 10_000} + g, 2000 + g
        from payment_transaction, generate_series(1, ${ROWS - 1}) g where id = ${first.id}`),
    );
    return c;
  }

  /** Moves the newest 100 copied requests of `c` to `other`, through `db`. */
  const moveOut = async (c: Rec, other: Rec, db: Tx = s.database.db) => {
    await db.execute(
      sql`update payment_transaction set contract_id = ${other.id}
           where contract_id = ${c.id} and code like 'NEAR-%' and code_no > ${c.id * 10_000 + ROWS - 101}`,
    );
  };

  /** The list's first page read through a Drizzle on the server's client that logs each statement. */
  function loggedList(c: Rec = contract) {
    const statements: string[] = [];
    const logger = { logQuery: (text: string) => void statements.push(text) };
    const client = (s.database.db as unknown as { $client: never }).$client;
    const db = (backend === 'postgres'
      ? drizzleNodePg(client, { schema, logger })
      : drizzlePglite(client, { schema, logger })) as unknown as Tx;
    const user = { id: 1, user_name: 'admin', isAdmin: true } as unknown as CurrentUser;
    const query = paymentListQuerySchema.parse({
      contractId: String(c.id),
      status: 'all',
      itemsPerPage: '10',
    });
    return async () => {
      statements.length = 0;
      const page = await listRecords(db, paymentKind, query as never, user);
      const counts = statements.filter((text) => /^select count\(\*\)::int from \(select 1 from/.test(text));
      return { page, counts: counts.length };
    };
  }

  it('skips the count while nothing is written, and counts again, exact, after a write', async () => {
    const list = loggedList();
    const first = await list();
    expect(first.counts).toBe(1);
    expect(first.page).toMatchObject({ totalExact: false });
    expect(first.page.total).toBeGreaterThanOrEqual(ROWS);
    expect(ROWS).toBeLessThanOrEqual(REMEMBERED_BEYOND); // between the limit and twice it

    // reads through the API write nothing: the list's next page takes the count it has
    const before = writesMade();
    expect(
      (await s.call('GET', `/api/payment-transaction/paging?contractId=${contract.id}&status=all`, admin))
        .status,
    ).toBe(200);
    expect(
      (await s.call('GET', `/api/payment-transaction/get/${first.page.items[0]!.id}`, admin)).status,
    ).toBe(200);
    expect(writesMade()).toBe(before);
    const again = await list();
    expect(again.counts).toBe(0);
    expect(again.page).toMatchObject({ total: first.page.total, totalExact: false });
    expect(again.page.items.map((i) => i.id)).toEqual(first.page.items.map((i) => i.id));

    // 100 requests leave the contract: the next page counts, and the 1,000 left are exact at once
    await moveOut(contract, await f.contract());
    expect(writesMade()).toBeGreaterThan(before);
    const after = await list();
    expect(after.counts).toBe(1);
    expect(after.page).toMatchObject({
      total: EXACT_TOTAL_LIMIT,
      totalExact: true,
      totals: { count: EXACT_TOTAL_LIMIT, amount: `${EXACT_TOTAL_LIMIT * 1000}.00` },
    });
  });

  // PGlite runs one transaction at a time: a list cannot be read beside one
  if (backend === 'postgres')
    it('a count read while a transaction moves rows out is kept only until its COMMIT', async () => {
      const c = await bandContract();
      const other = await f.contract();
      const list = loggedList(c);
      expect((await list()).counts).toBe(1);
      await s.database.db.transaction(async (tx) => {
        await moveOut(c, other, tx as unknown as Tx);
        // not committed: the other connections see the 1,100 (the write done inside moved the
        // count of writes, for the transaction's own reads: this page may count, and finds 1,100)
        const during = await list();
        expect(during.counts).toBeLessThanOrEqual(1);
        expect(during.page.total).toBeGreaterThanOrEqual(ROWS);
        expect(during.page.totalExact).toBe(false);
      });
      const after = await list();
      expect(after.counts).toBe(1);
      expect(after.page).toMatchObject({ total: EXACT_TOTAL_LIMIT, totalExact: true });
    });

  it("an approver's queue follows a change of his roles at once", async () => {
    const [ketoan, giamdoc] = await Promise.all([
      s.login('ketoan', 'ketoan123'),
      s.login('giamdoc', 'giamdoc123'),
    ]);
    const hp = factories(s, { admin, accountant: ketoan, director: giamdoc });
    // the accountant's request, of his unit (Phòng Kế toán), waiting for a decision
    const waiting = await hp.request(await hp.contract(), { state: 'waiting' });
    const queue = async () => {
      const res = await s.call('GET', '/api/payment-approval/paging?itemsPerPage=100', giamdoc);
      expect(res.status).toBe(200);
      return (res.body.items as { id: number }[]).map((x) => x.id);
    };
    // a director decides for every unit: twice, the second with the rights kept
    expect(await queue()).toContain(waiting.id);
    expect(await queue()).toContain(waiting.id);
    // his role, with its menus, no longer the director's: he decides for his own unit (Ban Giám đốc) only
    await s.database.db.execute(sql`update role set code = 'ROLE_DIRECTOR_OLD' where code = 'ROLE_DIRECTOR'`);
    try {
      expect(await queue()).not.toContain(waiting.id);
    } finally {
      await s.database.db.execute(
        sql`update role set code = 'ROLE_DIRECTOR' where code = 'ROLE_DIRECTOR_OLD'`,
      );
    }
    expect(await queue()).toContain(waiting.id);
  });

  it('a transaction that moves rows out and reads the list again counts its own write', async () => {
    const c = await bandContract();
    const other = await f.contract();
    const user = { id: 1, user_name: 'admin', isAdmin: true } as unknown as CurrentUser;
    const query = paymentListQuerySchema.parse({
      contractId: String(c.id),
      status: 'all',
      itemsPerPage: '10',
    });
    await s.database.db.transaction(async (tx) => {
      const before = await listRecords(tx as unknown as Tx, paymentKind, query as never, user);
      expect(before).toMatchObject({ totalExact: false });
      await moveOut(c, other, tx as unknown as Tx);
      const after = await listRecords(tx as unknown as Tx, paymentKind, query as never, user);
      expect(after).toMatchObject({ total: EXACT_TOTAL_LIMIT, totalExact: true });
    });
  });

  if (backend === 'postgres')
    it('under concurrent requests, every page and queue asked after a write has finished sees it', async () => {
      const c = await bandContract();
      const other = await f.contract();
      const page = () =>
        s.call('GET', `/api/payment-transaction/paging?contractId=${c.id}&status=all&itemsPerPage=10`, admin);
      expect((await page()).body.totalExact).toBe(false);
      // pages in flight while the rows move: they may count either side of it
      const during = Array.from({ length: 20 }, page);
      await moveOut(c, other);
      const after = await Promise.all(Array.from({ length: 20 }, page));
      for (const res of [...(await Promise.all(during)), ...after]) expect(res.status).toBe(200);
      for (const res of after) expect(res.body).toMatchObject({ total: EXACT_TOTAL_LIMIT, totalExact: true });

      const [ketoan, giamdoc] = await Promise.all([
        s.login('ketoan', 'ketoan123'),
        s.login('giamdoc', 'giamdoc123'),
      ]);
      const hp = factories(s, { admin, accountant: ketoan, director: giamdoc });
      const waiting = await hp.request(await hp.contract(), { state: 'waiting' });
      const queue = () => s.call('GET', '/api/payment-approval/paging?itemsPerPage=100', giamdoc);
      const ids = (res: { body: { items: { id: number }[] } }) => res.body.items.map((x) => x.id);
      expect(ids(await queue())).toContain(waiting.id);
      const asked = Array.from({ length: 20 }, queue);
      await s.database.db.execute(
        sql`update role set code = 'ROLE_DIRECTOR_OLD' where code = 'ROLE_DIRECTOR'`,
      );
      try {
        const queues = await Promise.all(Array.from({ length: 20 }, queue));
        for (const res of queues) expect(ids(res)).not.toContain(waiting.id);
        for (const res of await Promise.all(asked)) expect(res.status).toBe(200);
      } finally {
        await s.database.db.execute(
          sql`update role set code = 'ROLE_DIRECTOR' where code = 'ROLE_DIRECTOR_OLD'`,
        );
      }
    });

  it('a request created through the API moves the count of writes', async () => {
    const before = writesMade();
    await f.request(contract, { amount: '2000' });
    expect(writesMade()).toBeGreaterThan(before);
  });
});
