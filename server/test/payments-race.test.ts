// Money races only show on PostgreSQL: PGlite runs one transaction at a time
// (docs/product.md#scale-and-the-embedded-database).
import { addAmounts } from '@sitepay/domain/money';
import { reportQuerySchema } from '@sitepay/domain/report.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '../src/core/business-time.ts';
import { queryRows } from '../src/db/client.ts';
import { constructorReport } from '../src/modules/report/report.queries.ts';
import { inSnapshot } from '../src/modules/report/report.routes.ts';
import { type Factories, factories } from './factories.ts';
import { createTestServer, monthSummariesAndRows, type TestServer } from './helpers.ts';

describe('payment and annex races on PostgreSQL', () => {
  let s: TestServer;
  let admin: string;
  let ketoan: string;
  let directors: string[];
  let base: Record<string, number>;
  let f: Factories;

  beforeAll(async () => {
    s = await createTestServer('postgres', { demo: true });
    admin = await s.login();
    ketoan = await s.login('ketoan', 'ketoan123');
    directors = [await s.login('giamdoc', 'giamdoc123'), admin];
    f = factories(s, { admin, accountant: ketoan, director: directors[0] });
    const k = await f.contractor({ code: 'NT-RACE', name: 'Đua' });
    const b = await f.payee(k, { account_number: '777888999' });
    base = { tax: (await f.lookup()).taxes.VAT0!.id, k: k.id, b: b.id };
  });
  afterAll(() => s?.close());

  /** A contract of `amount` on CT-001, VAT 0: its ceiling is the amount. */
  const contract = (amount: string) =>
    f.contract({
      constructor_id: base.k,
      beneficiary_id: base.b,
      signed_date: '2025-01-01',
      amount_before_vat: amount,
      tax_id: base.tax,
    });
  /** What this file's requests say. */
  const fields = (amount: string) => ({ date: '2025-05-05', amount, note: 'Đợt thanh toán' });
  /** A create as sent, answered as it comes: the races count refusals. */
  const request = async (contractId: number, amount: string) =>
    s.call(
      'POST',
      '/api/payment-transaction/create',
      ketoan,
      await f.requestInput({ id: contractId }, fields(amount)),
    );

  it('20 concurrent creates on a contract whose ceiling allows 5: exactly 5, numbered 1–5, never above', async () => {
    const c = await contract('500000000'); // VAT 0: ceiling 500,000,000 = 5 × 100,000,000
    const results = await Promise.all(Array.from({ length: 20 }, () => request(c.id, '100000000')));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(5);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(422);
      expect(r.body.message).toMatch(/remain/);
    }
    expect(ok.map((r) => r.body.requirement_no).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    const summary = (await s.call('GET', `/api/contract/summary/${c.id}`, ketoan)).body;
    expect(summary).toMatchObject({ requested: '500000000.00', remaining: '0.00' });
  });

  it('requirement numbers under concurrent creates: no gap, no repeat', async () => {
    const c = await contract('100000000000');
    const results = await Promise.all(Array.from({ length: 30 }, () => request(c.id, '1000000')));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const numbers = results.map((r) => r.body.requirement_no).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('request numbers under 20 concurrent creates on two contracts of one company: 20 in a row, none twice', async () => {
    const [c1, c2] = [await contract('100000000000'), await contract('100000000000')];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => request((i % 2 ? c1 : c2).id, '1000000')),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const numbers = results.map((r) => Number(r.body.code.slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => numbers[0]! + i));
    const year = new Set(results.map((r) => r.body.code.slice(5, 9)));
    expect(year.size).toBe(1);
  });

  it('10 concurrent payments of one request read at one version: one lands, the paid amount is its amount', async () => {
    const c = await contract('1000000000');
    const r0 = await f.request(c, { ...fields('100000000'), state: 'accepted', decider: directors[0] });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        s.call('POST', `/api/payment-transaction/payments/${r0.id}`, ketoan, {
          version: r0.version,
          paid_date: businessToday(),
          amount: '60000000',
          bank_reference: `UNC-${i}`,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const payouts = (await s.call('GET', `/api/payment-transaction/payments/${r0.id}`, ketoan)).body;
    expect(payouts).toHaveLength(1);
    const now = (await s.call('GET', `/api/payment-transaction/get/${r0.id}`, ketoan)).body;
    expect(now).toMatchObject({ paid_amount: '60000000.00', payment_status: 'O' });
    // each payer reading the version he was answered: the second 60,000,000 is more than remains
    const second = await s.call('POST', `/api/payment-transaction/payments/${r0.id}`, ketoan, {
      version: now.version,
      paid_date: payouts[0].paid_date,
      amount: '60000000',
      bank_reference: 'UNC-X',
    });
    expect(second.status).toBe(422);
    expect(second.body.reason).toBe('overpaid');
  });

  it('5 company accounts made default at once: every write lands, one default remains', async () => {
    const [bank] = (await s.call('GET', '/api/bank/list/all', admin)).body;
    const company = (await s.call('GET', '/api/admin/company/list/all', admin)).body.find(
      (c: { code: string }) => c.code === 'HP',
    );
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        s.call('POST', '/api/admin/setting/company-bank-account/create', admin, {
          company_id: company.id,
          bank_id: bank.id,
          account_number: `88001234${i}`,
          holder: 'Công ty Xây dựng Hòa Phát',
          is_default: true,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const accounts = (await s.call('GET', '/api/admin/setting/company-bank-account/list/all', admin)).body;
    const defaults = accounts.filter(
      (a: { company_id: number; is_default: boolean }) => a.company_id === company.id && a.is_default,
    );
    expect(defaults).toHaveLength(1);
  });

  it('20 concurrent accepts of one request: exactly one succeeds, the rest get 409', async () => {
    const c = await contract('1000000000');
    const r0 = await f.request(c, { ...fields('1000000'), state: 'waiting' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        s.call('PATCH', `/api/payment-approval/accept/${r0.id}`, directors[i % 2], { version: r0.version }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const timeline = (await s.call('GET', `/api/payment-transaction/timeline/${r0.id}`, ketoan)).body;
    expect(timeline.filter((h: { action: string }) => h.action === 'accept')).toHaveLength(1);
  });

  it('accept racing reject: one decision wins', async () => {
    const c = await contract('1000000000');
    const r0 = await f.request(c, { ...fields('1000000'), state: 'waiting' });
    const [a, b] = await Promise.all([
      s.call('PATCH', `/api/payment-approval/accept/${r0.id}`, directors[0], { version: r0.version }),
      s.call('PATCH', `/api/payment-approval/reject/${r0.id}`, directors[1], {
        version: r0.version,
        note: 'Không',
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it('recall racing accept, ten times: exactly one wins each time, the other gets 409 or 422, never both', async () => {
    const c = await contract('1000000000');
    for (let i = 0; i < 10; i++) {
      const r0 = await f.request(c, { ...fields('1000000'), state: 'waiting' });
      const [recall, accept] = await Promise.all([
        s.call('PATCH', `/api/payment-transaction/recall/${r0.id}`, ketoan, { version: r0.version }),
        s.call('PATCH', `/api/payment-approval/accept/${r0.id}`, directors[i % 2], { version: r0.version }),
      ]);
      const statuses = [recall.status, accept.status];
      expect(
        statuses.filter((x) => x === 200),
        JSON.stringify([recall.body, accept.body]),
      ).toHaveLength(1);
      expect(statuses.filter((x) => x !== 200).every((x) => x === 409 || x === 422)).toBe(true);
      // the request is where the winner left it, with the winner's line only
      const stored = (await s.call('GET', `/api/payment-transaction/get/${r0.id}`, ketoan)).body;
      expect(stored.approval_status).toBe(recall.status === 200 ? 'O' : 'A');
      const timeline = (await s.call('GET', `/api/payment-transaction/timeline/${r0.id}`, ketoan)).body;
      const lines = timeline.map((h: { action: string }) => h.action).filter((a: string) => a !== 'create');
      expect(lines).toEqual([recall.status === 200 ? 'recall' : 'accept', 'send']);
    }
  });

  it('the contractor report read in pieces sees one moment while an annex and a request land between its pieces', async () => {
    const c = await contract('1000000000');
    // a contractor read in the first piece, before the race's own
    const early = await s.call('POST', '/api/constructor/create', admin, {
      code: 'NT-000',
      name: 'Đầu tiên',
    });
    expect(early.status).toBe(200);
    const [first] = await queryRows<{ code: string }>(
      s.app.db,
      sql`select code from constructor order by code, id limit 1`,
    );
    expect(first!.code).not.toBe('NT-RACE'); // so its contract is read after the first piece
    const [me] = await queryRows<{ id: number }>(
      s.app.db,
      sql`select id from app_user where user_name = 'admin'`,
    );
    const user = { id: me!.id, user_name: 'admin', department_id: null, isAdmin: true, sessionId: 'test' };
    const before = (await s.call('GET', '/api/report/constructor', admin)).body;

    // between the first and the second piece, other connections write to a later contractor
    let turns = 0;
    const pieces = await inSnapshot(s.app.db, (tx) =>
      constructorReport(
        tx,
        reportQuerySchema.parse({}),
        user,
        async () => {
          turns += 1;
          if (turns > 1) return;
          const [annex, req] = await Promise.all([
            s.call('POST', '/api/contract-annex/create', ketoan, {
              contract_id: c.id,
              annex_no: 'PL-SNAP',
              amount: '50000000',
              signed_date: '2025-02-01',
            }),
            request(c.id, '1000000'),
          ]);
          expect([annex.status, req.status]).toEqual([200, 200]);
        },
        1,
      ),
    );
    expect(turns).toBeGreaterThanOrEqual(1);
    // the report is the moment it began: without the annex, however late its contractor was read
    expect(pieces.rows).toEqual(before.rows);
    expect(pieces.totals).toEqual(before.totals);
    const after = (await s.call('GET', '/api/report/constructor', admin)).body;
    expect(after.totals.contract_value).toBe(addAmounts(before.totals.contract_value, '50000000'));
  });

  it('20 concurrent annexes of −100,000 on one contract stop at its floor (value never below requested)', async () => {
    const c = await contract('1100000'); // value 1,100,000
    expect((await request(c.id, '200000')).status).toBe(200); // floor 200,000 → at most 9 annexes
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        s.call('POST', '/api/contract-annex/create', ketoan, {
          contract_id: c.id,
          annex_no: `PL-${i + 1}`,
          amount: '-100000',
          signed_date: '2025-02-01',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(9);
    expect(results.filter((r) => r.status === 422)).toHaveLength(11);
    const summary = (await s.call('GET', `/api/contract/summary/${c.id}`, ketoan)).body;
    expect(summary.contract_value).toBe('200000.00');
  });

  it('a payment request racing a negative annex: the ceiling holds', async () => {
    const c = await contract('1000000');
    const [req, annex] = await Promise.all([
      request(c.id, '800000'),
      s.call('POST', '/api/contract-annex/create', ketoan, {
        contract_id: c.id,
        annex_no: 'PL-X',
        amount: '-500000',
        signed_date: '2025-02-01',
      }),
    ]);
    const summary = (await s.call('GET', `/api/contract/summary/${c.id}`, ketoan)).body;
    expect([req.status, annex.status].filter((x) => x === 200)).toHaveLength(1);
    expect(Number(summary.remaining)).toBeGreaterThanOrEqual(0);
  });

  it('a contract update lowering its ceiling racing 10 creates: the ceiling holds either way', async () => {
    const c = await contract('1000000000');
    const [update, ...creates] = await Promise.all([
      s.call('PUT', `/api/contract/update/${c.id}`, ketoan, {
        contract_no: c.contract_no,
        contract_type_id: c.contract_type_id,
        construction_id: c.construction_id,
        constructor_id: base.k,
        beneficiary_id: base.b,
        signed_date: '2025-01-01',
        amount_before_vat: '1000000000',
        tax_id: base.tax,
        settlement_amount: '300000000',
        version: c.version,
      }),
      ...Array.from({ length: 10 }, () => request(c.id, '100000000')),
    ]);
    const created = creates.filter((r) => r.status === 200).length;
    const summary = (await s.call('GET', `/api/contract/summary/${c.id}`, ketoan)).body;
    expect(Number(summary.remaining)).toBeGreaterThanOrEqual(0);
    if (update.status === 200) expect(created).toBeLessThanOrEqual(3);
    else {
      expect(update.status).toBe(422); // the creates came first and asked more than 300,000,000
      expect(created).toBeGreaterThan(3);
    }
  });

  it('a search’s figures are one moment’s while requests of its contract are created: count, total and sums agree in every answer', async () => {
    const c = await contract('1000000000');
    const search = () =>
      s.call(
        'GET',
        `/api/payment-transaction/paging?status=all&itemsPerPage=5&search=${encodeURIComponent(c.contract_no)}`,
        ketoan,
      );
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? search() : request(c.id, '1000000'))),
    );
    const check = (body: { total: number; totalExact: boolean; totals: Record<string, unknown> }) => {
      expect(body.totalExact).toBe(true);
      // the count the pager shows and the figures' count and sums come from the same moment
      expect(body.totals).toEqual({
        count: body.total,
        amount: `${body.total * 1_000_000}.00`,
        paid_amount: '0.00',
        remaining: `${body.total * 1_000_000}.00`,
      });
    };
    for (const [i, r] of answers.entries()) {
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      if (i % 2) check(r.body);
    }
    const last = await search();
    check(last.body);
    expect(last.body.total).toBe(20);
  });

  it('a contract’s running totals equal the plain sums after concurrent creates, moves, annexes and status changes', async () => {
    const c = await contract('1000000000');
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) => request(c.id, `${10_000_000 + i}.25`)),
    );
    const reqs = made.map((r) => {
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body as { id: number; version: number };
    });
    const sent = await Promise.all(
      reqs.slice(0, 8).map((r) =>
        s.call('PATCH', `/api/payment-transaction/require-approval/${r.id}`, ketoan, {
          version: r.version,
        }),
      ),
    );
    const decided = await Promise.all([
      ...sent.slice(0, 4).map((r) =>
        s.call('PATCH', `/api/payment-approval/accept/${r.body.id}`, directors[0]!, {
          version: r.body.version,
        }),
      ),
      ...sent.slice(4).map((r) =>
        s.call('PATCH', `/api/payment-approval/reject/${r.body.id}`, directors[0]!, {
          version: r.body.version,
          note: 'Sai',
        }),
      ),
      ...reqs
        .slice(8, 10)
        .map((r) =>
          s.call('PATCH', `/api/payment-transaction/deactivate/${r.id}`, ketoan, { version: r.version }),
        ),
      ...reqs
        .slice(10)
        .map((r) =>
          s.call('DELETE', `/api/payment-transaction/delete/${r.id}`, ketoan, { version: r.version }),
        ),
      ...Array.from({ length: 6 }, (_, i) =>
        s.call('POST', '/api/contract-annex/create', ketoan, {
          contract_id: c.id,
          annex_no: `PL-DUA-${i}`,
          amount: i % 2 ? '2500000.50' : '-1000000',
          signed_date: '2025-02-01',
        }),
      ),
    ]);
    for (const r of decided) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const paid = await Promise.all(
      decided.slice(0, 2).map((r) =>
        s.call('PATCH', `/api/payment-transaction/require-paid/${r.body.id}`, ketoan, {
          version: r.body.version,
        }),
      ),
    );
    for (const r of paid) expect(r.status, JSON.stringify(r.body)).toBe(200);

    const [row] = await queryRows<Record<string, string>>(
      s.database.db,
      sql`select t.annex_amount::text as kept_annex, t.requested::text as kept_requested,
            t.approved::text as kept_approved, t.paid::text as kept_paid,
            (select coalesce(sum(a.amount), 0) from contract_annex a where a.contract_id = t.contract_id and a.status <> 'D')::numeric(18,2)::text as annex,
            (select coalesce(sum(p.amount), 0) from payment_transaction p where p.contract_id = t.contract_id and p.status = 'O' and p.approval_status <> 'R')::numeric(18,2)::text as requested,
            (select coalesce(sum(p.amount), 0) from payment_transaction p where p.contract_id = t.contract_id and p.status = 'O' and p.approval_status = 'A')::numeric(18,2)::text as approved,
            (select coalesce(sum(p.paid_amount), 0) from payment_transaction p where p.contract_id = t.contract_id and p.status = 'O' and p.approval_status <> 'R')::numeric(18,2)::text as paid
          from contract_totals t where t.contract_id = ${c.id}`,
    );
    expect([row!.kept_annex, row!.kept_requested, row!.kept_approved, row!.kept_paid]).toEqual([
      row!.annex,
      row!.requested,
      row!.approved,
      row!.paid,
    ]);
    // the unpaid sum and the month summaries (all these requests share one construction and one
    // month, so the concurrent decisions fought over the same summary rows) against the rows
    const [unpaid] = await queryRows<{ kept: string; plain: string }>(
      s.database.db,
      sql`select (select t.unpaid::text || '/' || t.unpaid_count from contract_totals t where t.contract_id = ${c.id}) as kept,
            (select coalesce(sum(p.amount), 0)::numeric(18,2)::text || '/' || count(*) from payment_transaction p
              where p.contract_id = ${c.id} and p.status = 'O' and p.approval_status <> 'R' and p.payment_status = 'O') as plain`,
    );
    expect(unpaid!.kept).toBe(unpaid!.plain);
    // 2 accepted and not paid: 10,000,002.25 + 10,000,003.25
    expect(unpaid!.kept).toBe('20000005.50/2');
    const summaries = await monthSummariesAndRows(s.database.db);
    expect(summaries.kept.length).toBeGreaterThan(0);
    expect(summaries.kept).toEqual(summaries.plain);
    // 3 × −1,000,000 + 3 × 2,500,000.50; the 4 accepted of 10,000,000.25…10,000,003.25; 2 of them paid
    expect(row!.annex).toBe('4500001.50');
    expect(row!.approved).toBe('40000007.00');
    expect(row!.paid).toBe('20000001.50');
  });
});
