/**
 * Lists stay correct and bounded at any depth: keyset cursors walk every row exactly once in both
 * directions (ties, NULL keys, microsecond timestamps), totals are exact up to EXACT_TOTAL_LIMIT and
 * an estimate marked as such beyond, deep offsets are refused, and forged cursors are bad input. A
 * search through referred records of more than EXACT_TOTAL_LIMIT matches, whose page is read from
 * each source apart (docs/adr/0098-search-page-from-its-sources.md), answers the same rows in the
 * same order as the database's own reading of the whole filter.
 */
import { EXACT_TOTAL_LIMIT, MAX_PAGE_OFFSET } from '@sitepay/domain/common.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { factories } from './factories.ts';
import { backends, createTestServer, type TestServer } from './helpers.ts';

const ROWS = 1234;
const base = '/api/admin/company';

describe.each(backends)('list paging at depth (%s)', (backend) => {
  let s: TestServer;
  let admin: string;

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: false });
    admin = await s.login();
    // Straight into the table: three companies share each name, every third has no tax code, and
    // creation times differ by one microsecond (JavaScript dates would round them together).
    await s.database.db.execute(sql`
      insert into company (code, name, tax_code, search_text, created_at)
      select 'PG' || g, 'Paging ' || lpad((g % 400)::text, 3, '0'),
        case when g % 3 = 0 then null else lpad((g % 50)::text, 10, '0') end,
        'paging ' || lpad((g % 400)::text, 3, '0'),
        timestamptz '2025-01-01 00:00:00+00' + g * interval '1 microsecond'
      from generate_series(1, ${ROWS}) g`);
  });
  afterAll(() => s?.close());

  const get = (query: string) => s.call('GET', `${base}/paging?${query}`, admin);

  /** Ids in the order the database itself gives, for comparison. */
  const expected = (orderBy: string) =>
    queryRows<{ id: number }>(
      s.database.db,
      sql.raw(`select id from company where status <> 'D' order by ${orderBy}`),
    ).then((rows) => rows.map((r) => r.id));

  async function walkForward(query: string) {
    const ids: number[] = [];
    let page = await get(`${query}&page=1`);
    expect(page.status).toBe(200);
    expect(page.body.prevCursor).toBeNull();
    for (;;) {
      ids.push(...page.body.items.map((r: { id: number }) => r.id));
      if (!page.body.nextCursor) break;
      const next = page.body.page + 1;
      page = await get(`${query}&page=${next}&cursor=${page.body.nextCursor}`);
      expect(page.status).toBe(200);
      expect(page.body.page).toBe(next);
    }
    return { ids, last: page.body };
  }

  /** Every row from page 1 to `last`, read backwards from `last` with previous cursors. */
  async function walkBack(
    query: string,
    last: { page: number; prevCursor: string | null; items: { id: number }[] },
  ) {
    const back: number[][] = [];
    let page = last;
    while (page.prevCursor) {
      const res = await get(`${query}&page=${page.page - 1}&cursor=${page.prevCursor}`);
      expect(res.status).toBe(200);
      page = res.body;
      back.unshift(page.items.map((r) => r.id));
      expect(res.body.nextCursor).not.toBeNull();
    }
    expect(page.page).toBe(1);
    return [...back.flat(), ...last.items.map((r) => r.id)];
  }

  it.each([
    ['name ascending, three rows per name', 'sortBy=name&sortDesc=false', 'name asc, id asc'],
    ['name descending', 'sortBy=name&sortDesc=true', 'name desc, id desc'],
    ['tax code ascending, NULLs last', 'sortBy=tax_code&sortDesc=false', 'tax_code asc, id asc'],
    ['tax code descending, NULLs first', 'sortBy=tax_code&sortDesc=true', 'tax_code desc, id desc'],
    ['default order: newest first, microseconds apart', '', 'created_at desc, id desc'],
  ])('walks every row once with next cursors: %s', async (_name, query, orderBy) => {
    const { ids } = await walkForward(`itemsPerPage=100&${query}`);
    expect(ids).toEqual(await expected(orderBy));
  });

  it('walks a text search of few matches both ways, in the same order as the database', async () => {
    const query = `itemsPerPage=15&sortBy=tax_code&search=${encodeURIComponent('paging 01')}`;
    const { ids, last } = await walkForward(query);
    expect(ids).toEqual(
      (
        await queryRows<{ id: number }>(
          s.database.db,
          sql`select id from company where status <> 'D' and search_text like '%paging 01%' order by tax_code, id`,
        )
      ).map((r) => r.id),
    );
    expect(last).toMatchObject({ total: 40, totalExact: true, page: 3 });
    const back = await get(`${query}&page=2&cursor=${last.prevCursor}`);
    expect(back.body.items.map((r: { id: number }) => r.id)).toEqual(ids.slice(15, 30));
    expect(back.body).toMatchObject({ total: 40, totalExact: true, page: 2 });
    const dates = await get(`itemsPerPage=15&search=${encodeURIComponent('paging 01')}`);
    expect(dates.body.items[0].created_at).toMatch(/^2025-01-01T00:00:00\.\d{3}Z$/);
  });

  it('walks a text search of more matches than it counts both ways, in the same order as the database', async () => {
    // every row matches: more than the search counts, so its pages are read from the table
    const query = 'itemsPerPage=100&sortBy=name&sortDesc=true&search=paging';
    const { ids, last } = await walkForward(query);
    expect(ids).toEqual(await expected('name desc, id desc'));
    expect(ids).toHaveLength(ROWS);
    expect(await walkBack(query, last)).toEqual(ids);
    // by number: pages before, across and after the 1,001st match
    for (const n of [3, 10, 11]) {
      const res = await get(`${query}&page=${n}`);
      expect(res.body.items.map((r: { id: number }) => r.id)).toEqual(ids.slice((n - 1) * 100, n * 100));
    }
  });

  it('walks back from the last page with previous cursors to the same rows in the same order', async () => {
    const query = 'itemsPerPage=100&sortBy=tax_code&sortDesc=false';
    const { ids, last } = await walkForward(query);
    expect(await walkBack(query, last)).toEqual(ids);
  });

  it('counts exactly up to the limit and estimates beyond, saying so', async () => {
    expect(ROWS).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    const big = await get('itemsPerPage=20&search=paging');
    expect(big.body).toMatchObject({ totalExact: false, page: 1, itemsPerPage: 20 });
    expect(big.body.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    expect(big.body.items).toHaveLength(20);

    // the rows arrived in bulk after the last ANALYZE: the estimate is refreshed, not left at the floor
    const plain = await get('itemsPerPage=20');
    expect(plain.body.totalExact).toBe(false);
    expect(plain.body.total).toBeGreaterThan(ROWS * 0.9);
    expect(plain.body.total).toBeLessThan(ROWS * 1.1);

    const exact = await get('itemsPerPage=20&search=paging&exactTotal=true');
    expect(exact.body).toMatchObject({ total: ROWS, totalExact: true });

    // "paging 01x": names 010–019, four rows each (g = 10…19, 410…, 810…, 1210…1219)
    const narrow = await get(`itemsPerPage=20&search=${encodeURIComponent('paging 01')}`);
    expect(narrow.body).toMatchObject({ total: 40, totalExact: true });
    expect(narrow.body.nextCursor).not.toBeNull();

    // the last page by number shows the end of the list: its total is exact without any estimate
    const lastPage = await get(`itemsPerPage=100&page=${Math.ceil(ROWS / 100)}`);
    expect(lastPage.body).toMatchObject({ total: ROWS, totalExact: true, nextCursor: null });
    expect(lastPage.body.items).toHaveLength(ROWS % 100);
  });

  it('refuses page numbers deeper than the bound, and reads them by cursor instead', async () => {
    const tooDeep = await get(`itemsPerPage=10&page=${MAX_PAGE_OFFSET / 10 + 2}`);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.errors).toEqual([{ field: 'page', message: 'too_deep' }]);
    expect((await get(`itemsPerPage=10&page=${MAX_PAGE_OFFSET / 10 + 1}`)).status).toBe(200);
  });

  it('refuses a cursor made for the same list of another record (a filter from the route)', async () => {
    const [other] = await queryRows<{ id: number }>(
      s.database.db,
      sql`insert into app_user (user_name, password_hash) values ('paging-other', 'x') returning id`,
    );
    await s.database.db.execute(sql`
      insert into access_history (user_id, user_name, type, result)
      select u, 'x', 'login', 'success' from unnest(array[1, 1, ${other!.id}::int, ${other!.id}::int]) u`);
    const mine = await s.call('GET', '/api/admin/history/login/1?itemsPerPage=1', admin);
    expect(mine.body.nextCursor).toBeTruthy();
    const next = await s.call(
      'GET',
      `/api/admin/history/login/1?itemsPerPage=1&page=2&cursor=${mine.body.nextCursor}`,
      admin,
    );
    expect(next.status).toBe(200);
    const theirs = await s.call(
      'GET',
      `/api/admin/history/login/${other!.id}?itemsPerPage=1&page=2&cursor=${mine.body.nextCursor}`,
      admin,
    );
    expect(theirs.status).toBe(400);
    expect(theirs.body.errors).toEqual([{ field: 'cursor', message: 'stale' }]);
  });

  it('refuses a cursor made for another list, and forged or garbled ones, with 400', async () => {
    const first = await get('itemsPerPage=10&sortBy=name');
    const cursor = first.body.nextCursor as string;
    const otherSort = await get(`itemsPerPage=10&sortBy=code&page=2&cursor=${cursor}`);
    expect(otherSort.status).toBe(400);
    expect(otherSort.body.errors).toEqual([{ field: 'cursor', message: 'stale' }]);
    const otherSearch = await get(`itemsPerPage=10&sortBy=name&search=x&page=2&cursor=${cursor}`);
    expect(otherSearch.body.errors).toEqual([{ field: 'cursor', message: 'stale' }]);
    expect((await get('itemsPerPage=10&sortBy=name&page=2&cursor=%%%')).status).toBe(400);

    // a cursor whose key is no timestamp, with the right fingerprint: bad input, not a 500
    const defaultOrder = await get('itemsPerPage=10');
    const decoded = JSON.parse(Buffer.from(defaultOrder.body.nextCursor, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...decoded, k: 'not a date' })).toString('base64url');
    const res = await get(`itemsPerPage=10&page=2&cursor=${forged}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'cursor', message: 'invalid' }]);
    // and the same request still works afterwards (nothing left broken in the connection)
    expect((await get(`itemsPerPage=10&page=2&cursor=${defaultOrder.body.nextCursor}`)).status).toBe(200);
  });

  it('refuses a sort key that is no column, even a name every object has, naming sortBy', async () => {
    for (const key of ['constructor', '__proto__', 'toString', 'no_such_column']) {
      const res = await get(`itemsPerPage=10&sortBy=${key}`);
      expect(res.status, key).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'sortBy', message: 'unknown_sort' }]);
    }
  });
});

describe.each(backends)('a search through referred records beyond 1,000 matches (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let pattern: { a: number; b: number };

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    admin = await s.login();
    const f = factories(s, { admin });
    const a = await f.contractor({ code: 'NT-GMS1', name: 'Công ty Gạch Men Sáng' });
    const b = await f.contractor({ code: 'NT-GMS2', name: 'Gạch Men Sáng Miền Bắc' });
    const other = await f.contractor({ code: 'NT-KHAC', name: 'Công ty Khác' });
    const template = await f.contract({ constructor_id: a.id, beneficiary_id: (await f.payee(a)).id });
    pattern = { a: a.id, b: b.id };
    // 1,200 contracts copied from one: most of the two contractors (found through them), every 97th
    // of another contractor but naming the word in its own text; creation times two by two equal
    // (the id breaks the tie)
    const columns = (
      await queryRows<{ column_name: string }>(
        s.database.db,
        sql`select column_name from information_schema.columns
            where table_name = 'contract' and table_schema = current_schema()
              and column_name not in ('id', 'contract_no', 'search_text', 'created_at', 'constructor_id')`,
      )
    )
      .map((r) => `"${r.column_name}"`)
      .join(', ');
    await s.database.db.execute(
      sql.raw(`insert into contract (${columns}, contract_no, search_text, created_at, constructor_id)
        select ${columns}, 'HĐ-GMS-' || g,
          case when g % 97 = 0 then 'hd-gms-' || g || ' gach men sang' else 'hd-gms-' || g end,
          timestamptz '2025-01-01 00:00:00+00' + (g / 2) * interval '1 second',
          case when g % 97 = 0 then ${other.id} when g % 5 < 3 then ${a.id} else ${b.id} end
        from contract, generate_series(1, 1200) g where contract.id = ${template.id}`),
    );
    // and 1,100 contracts of 25 contractors whose names share "Gạch Ngói Đỏ": more referred ids than
    // are read one by one (SOURCE_IDS_ONE_BY_ONE), so the page walks the time index as before
    await s.database.db.execute(
      sql.raw(`insert into constructor (code, name, search_text)
        select 'NT-GND-' || g, 'Gạch Ngói Đỏ ' || g, 'nt-gnd-' || g || ' gach ngoi do ' || g
        from generate_series(1, 25) g`),
    );
    await s.database.db.execute(
      sql.raw(`insert into contract (${columns}, contract_no, search_text, created_at, constructor_id)
        select ${columns}, 'HĐ-GND-' || g, 'hd-gnd-' || g,
          timestamptz '2025-02-01 00:00:00+00' + (g / 3) * interval '1 second',
          (select id from constructor where code = 'NT-GND-' || (g % 25 + 1))
        from contract, generate_series(1, 1100) g where contract.id = ${template.id}`),
    );
  });
  afterAll(() => s?.close());

  const get = (query: string) =>
    s.call('GET', `/api/contract/paging?search=${encodeURIComponent('gạch men sáng')}&${query}`, admin);

  /** The matches in the order the database gives: its own words, or either contractor. */
  const expected = (orderBy: string) =>
    queryRows<{ id: number }>(
      s.database.db,
      sql.raw(`select id from contract where status <> 'D'
        and (search_text like '%gach men sang%' or constructor_id in (${pattern.a}, ${pattern.b}))
        order by ${orderBy}`),
    ).then((rows) => rows.map((r) => r.id));

  it('answers the same rows in the same order, by cursors both ways and by page number', async () => {
    const all = await expected('created_at desc, id desc');
    expect(all.length).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    const first = await get('itemsPerPage=100');
    expect(first.body).toMatchObject({ totalExact: false, page: 1 });
    const ids: number[] = [];
    let page = first.body;
    const pages = [page];
    for (;;) {
      ids.push(...page.items.map((r: { id: number }) => r.id));
      if (!page.nextCursor) break;
      page = (await get(`itemsPerPage=100&page=${page.page + 1}&cursor=${page.nextCursor}`)).body;
      pages.push(page);
    }
    expect(ids).toEqual(all);
    // back from the last page with previous cursors: the same pages
    let back = pages[pages.length - 1];
    for (let n = pages.length - 2; n >= 0; n -= 1) {
      back = (await get(`itemsPerPage=100&page=${back.page - 1}&cursor=${back.prevCursor}`)).body;
      expect(back.items.map((r: { id: number }) => r.id)).toEqual(
        pages[n].items.map((r: { id: number }) => r.id),
      );
    }
    // a page by its number (an offset)
    const third = await get('itemsPerPage=50&page=3');
    expect(third.body.items.map((r: { id: number }) => r.id)).toEqual(all.slice(100, 150));
  });

  it('with more than 20 contractors found, the same rows in the same order', async () => {
    const res = await s.call(
      'GET',
      `/api/contract/paging?search=${encodeURIComponent('gạch ngói đỏ')}&itemsPerPage=100&page=2`,
      admin,
    );
    const all = await queryRows<{ id: number }>(
      s.database.db,
      sql`select c.id from contract c join constructor k on k.id = c.constructor_id
          where c.status <> 'D' and (c.search_text like '%gach ngoi do%' or k.search_text like '%gach ngoi do%')
          order by c.created_at desc, c.id desc`,
    );
    expect(all.length).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    expect(res.body.items.map((r: { id: number }) => r.id)).toEqual(all.slice(100, 200).map((r) => r.id));
  });

  it('in another order too: by contract number, ascending', async () => {
    const byNumber = await expected('contract_no asc, id asc');
    const res = await get('itemsPerPage=100&sortBy=contract_no&sortDesc=false&page=2');
    expect(res.body.items.map((r: { id: number }) => r.id)).toEqual(byNumber.slice(100, 200));
  });
});
