/**
 * Reports through HTTP on both backends: each report's figures equal the sums of the requests and
 * contracts the test made, the data scope holds (one company's accountant sees none of another's
 * money), filters change the totals as they should, and an empty range gives zeros.
 */
import { addAmounts, subtractAmounts } from '@sitepay/domain/money';
import { reportQuerySchema } from '@sitepay/domain/report.schema';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '../src/core/business-time.ts';
import { queryRows } from '../src/db/client.ts';
import { nextTurn } from '../src/http/load.ts';
import { constructorReport } from '../src/modules/report/report.queries.ts';
import { type Factories, factories } from './factories.ts';
import {
  authHeaders,
  backends,
  createTestServer,
  monthSummariesAndRows,
  payoutSummariesAndRows,
  type TestServer,
} from './helpers.ts';

type Made = {
  amount: string;
  date: string;
  construction: string;
  state: 'O' | 'W' | 'A' | 'P' | 'R';
  overdue: boolean;
};

describe.each(backends)('reports (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let ketoan: string;
  let ketoan2: string;
  let giamdoc: string;
  let giamdoc2: string | null = null;
  const ct: Record<string, { id: number; code: string; name: string }> = {};
  const made: Made[] = [];
  const contracts: { id: number; construction: string; value: string; signed: string }[] = [];
  let f: Factories;
  let contractorId: number;

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    [admin, ketoan, ketoan2, giamdoc] = await Promise.all([
      s.login(),
      s.login('ketoan', 'ketoan123'),
      s.login('ketoan2', 'ketoan123'),
      s.login('giamdoc', 'giamdoc123'),
    ]);
    for (const c of (await s.call('GET', '/api/construction/paging?itemsPerPage=100', admin)).body.items)
      ct[c.code] = c;
    f = factories(s, { admin, accountant: ketoan, director: giamdoc });
    const contractor = await f.contractor({ code: 'NT-BC', name: 'Nhà thầu báo cáo' });
    contractorId = contractor.id;
    const benef = (await f.payee(contractor, { account_number: '5566778899' })).id;
    // a director for DN, so DN's requests can be decided too
    const dnDirector = await s.call('POST', '/api/admin/user/create', admin, {
      user_name: 'giamdoc.dn',
      full_name: 'Giám đốc DN',
      email: 'gd.dn@example.vn',
      password: 'giamdoc-dn-1',
    });
    const director = (await s.call('GET', '/api/admin/role/list/all', admin)).body.find(
      (r: { code: string }) => r.code === 'ROLE_DIRECTOR',
    );
    const dnRole = (
      await s.call('POST', '/api/admin/role/create', admin, {
        code: 'ROLE_DN_SCOPE',
        name: 'Phạm vi DN',
        company_id: (
          await s.call('GET', '/api/admin/company/list/all', admin)
        ).body.find((c: { code: string }) => c.code === 'DN').id,
      })
    ).body;
    await s.call('PATCH', `/api/admin/user/roles/${dnDirector.body.id}`, admin, { roleId: director.id });
    await s.call('PATCH', `/api/admin/user/roles/${dnDirector.body.id}`, admin, { roleId: dnRole.id });
    giamdoc2 = await s.firstLogin('giamdoc.dn', 'giamdoc-dn-1');

    const contract = async (code: string, by: string, amountBeforeVat: string, signed: string) => {
      const c = await f.contract({
        construction_id: ct[code]!.id,
        constructor_id: contractorId,
        beneficiary_id: benef,
        signed_date: signed,
        amount_before_vat: amountBeforeVat,
        by,
      });
      contracts.push({ id: c.id, construction: code, value: c.contract_value, signed });
      return c.id as number;
    };
    const states = { O: 'draft', W: 'waiting', A: 'accepted', R: 'rejected', P: 'paid' } as const;
    const request = async (
      contractId: number,
      code: string,
      by: string,
      decider: string,
      amount: string,
      date: string,
      state: Made['state'],
    ) => {
      const r = await f.request(
        { id: contractId },
        { date, amount, note: 'Báo cáo', state: states[state], by, decider, reason: 'Sai' },
      );
      expect(r.status, JSON.stringify(r)).toBe('O');
      made.push({
        amount,
        date,
        construction: code,
        state,
        overdue: r.overdue === true || (state !== 'P' && state !== 'R' && r.due_date < today()),
      });
    };
    const k1 = await contract('CT-001', ketoan, '1000000000', '2025-01-10');
    const k2 = await contract('CT-002', ketoan, '50000000', '2025-03-01');
    const k3 = await contract('CT-004', ketoan2, '20000000000', '2025-02-01');
    await request(k1, 'CT-001', ketoan, giamdoc, '100000000', '2025-02-05', 'P');
    await request(k1, 'CT-001', ketoan, giamdoc, '120000000.50', '2025-03-05', 'A');
    await request(k1, 'CT-001', ketoan, giamdoc, '30000000', '2025-03-20', 'W');
    await request(k1, 'CT-001', ketoan, giamdoc, '7000000', '2025-03-21', 'R');
    await request(k2, 'CT-002', ketoan, giamdoc, '10000000', '2025-04-01', 'O');
    await request(k3, 'CT-004', ketoan2, giamdoc2!, '500000000', '2025-02-15', 'P');
    await request(k3, 'CT-004', ketoan2, giamdoc2!, '250000000', '2025-03-15', 'A');
  }, 120_000);
  afterAll(() => s?.close());

  const today = () => new Date().toISOString().slice(0, 10);
  const sum = (rows: Made[]) => addAmounts('0', ...rows.map((r) => r.amount));
  const live = (rows: Made[]) => rows.filter((r) => r.state !== 'R');
  const report = async (path: string, token: string, query = '') => {
    const r = await s.call('GET', `/api/report/${path}${query ? `?${query}` : ''}`, token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };

  it('payments: per construction and month, each figure the sum of its requests', async () => {
    const all = await report('payment', admin);
    const l = live(made);
    expect(all.totals).toMatchObject({
      requested: sum(l),
      requested_count: l.length,
      approved: sum(l.filter((r) => r.state === 'A' || r.state === 'P')),
      paid: sum(l.filter((r) => r.state === 'P')),
      paid_count: 2,
      unpaid: sum(l.filter((r) => r.state !== 'P')),
      overdue: sum(l.filter((r) => r.state !== 'P' && r.overdue)),
    });
    expect(all.totals.requested).toBe('1010000000.50');
    const ct1 = all.rows.find((r: { construction_code: string }) => r.construction_code === 'CT-001');
    expect(ct1).toMatchObject({
      requested: '250000000.50',
      requested_count: 3,
      paid: '100000000.00',
      approved: '220000000.50',
    });
    type Month = { month: string; requested_count: number; paid_out: string };
    expect(all.months.filter((m: Month) => m.requested_count).map((m: Month) => m.month)).toEqual([
      '2025-02',
      '2025-03',
      '2025-04',
    ]);
    // the two paid requests were paid today: the money left the bank this month, whatever their dates
    const thisMonth = businessToday().slice(0, 7);
    expect(all.months.find((m: Month) => m.month === thisMonth)?.paid_out).toBe(all.totals.paid);
    expect(all.totals).toMatchObject({ paid_out: all.totals.paid, paid_out_count: 2 });
    expect(all.months.find((m: { month: string }) => m.month === '2025-03').requested).toBe('400000000.50');
    // the rows add up to the totals
    expect(addAmounts('0', ...all.rows.map((r: { requested: string }) => r.requested))).toBe(
      all.totals.requested,
    );
  });

  it('scope: one company’s accountant sees none of another’s money', async () => {
    const hp = await report('payment', ketoan);
    expect(hp.rows.map((r: { construction_code: string }) => r.construction_code)).toEqual([
      'CT-001',
      'CT-002',
    ]);
    expect(hp.totals.requested).toBe('260000000.50');
    const dn = await report('payment', ketoan2);
    expect(dn.rows.map((r: { construction_code: string }) => r.construction_code)).toEqual(['CT-004']);
    expect(dn.totals.requested).toBe('750000000.00');
    // asking for the other company's construction gives nothing, not its figures
    const peek = await report('payment', ketoan, `constructionId=${ct['CT-004']!.id}`);
    expect(peek.totals).toMatchObject({ requested: '0.00', requested_count: 0 });
    const contractsDn = await report('constructor', ketoan2);
    expect(contractsDn.totals.contracts).toBe(1);
  });

  it('filters change the totals; an empty range gives zeros', async () => {
    const march = await report('payment', admin, 'from=2025-03-01&to=2025-03-31');
    expect(march.totals.requested).toBe(sum(live(made).filter((r) => r.date.startsWith('2025-03'))));
    // ranges whose edges cut months: whole months from the month summaries, the part months from
    // the requests, the sums the same as over the requests in the range
    for (const [from, to] of [
      ['2025-02-10', '2025-03-31'],
      ['2025-02-01', '2025-04-01'],
      ['2025-03-10', '2025-04-01'],
      ['2025-02-16', '2025-03-20'],
      ['2025-03-01', '2025-03-20'],
    ] as const) {
      const inRange = live(made).filter((r) => r.date >= from && r.date <= to);
      const got = await report('payment', admin, `from=${from}&to=${to}`);
      expect(got.totals, `${from}..${to}`).toMatchObject({
        requested: sum(inRange),
        requested_count: inRange.length,
        paid: sum(inRange.filter((r) => r.state === 'P')),
        unpaid: sum(inRange.filter((r) => r.state !== 'P')),
        overdue: sum(inRange.filter((r) => r.state !== 'P' && r.overdue)),
      });
      expect(got.months.map((m: { month: string }) => m.month)).toEqual(
        [...new Set(inRange.map((r) => r.date.slice(0, 7)))].sort(),
      );
    }
    const one = await report('payment', admin, `constructionId=${ct['CT-002']!.id}`);
    expect(one.totals).toMatchObject({ requested: '10000000.00', unpaid: '10000000.00' });
    const none = await report('payment', admin, 'from=2030-01-01&to=2030-12-31');
    expect(none).toEqual({
      rows: [],
      months: [],
      totals: {
        requested: '0.00',
        requested_count: 0,
        approved: '0.00',
        approved_count: 0,
        paid: '0.00',
        paid_count: 0,
        unpaid: '0.00',
        unpaid_count: 0,
        overdue: '0.00',
        overdue_count: 0,
        paid_out: '0.00',
        paid_out_count: 0,
      },
    });
    const bad = await s.call('GET', '/api/report/payment?from=2025-05-01&to=2025-01-01', admin);
    expect(bad.status).toBe(400);
    expect((await s.call('GET', '/api/report/payment?from=yesterday', admin)).status).toBe(400);
  });

  it('the home page: what waits for each user, and the totals of their constructions', async () => {
    const director = await report('home', giamdoc);
    expect(director.waiting).toEqual({ count: 1, amount: '30000000.00' });
    const accountant = await report('home', ketoan);
    expect(accountant.waiting).toBeNull();
    expect(accountant.rejected).toEqual({ count: 1, amount: '7000000.00' });
    // the accountant's own waiting request, and what the accountants pay: approved, not paid in full
    expect(accountant.mine_waiting).toEqual({ count: 1, amount: '30000000.00' });
    expect(accountant.to_pay).toEqual({ count: 1, amount: '120000000.50' });
    expect(accountant.partly_paid).toEqual({ count: 0, amount: '0.00' });
    // a director does not pay
    expect(director.to_pay).toBeNull();
    expect(director.partly_paid).toBeNull();
    // every unpaid live request of HP is past its due date in 2025
    expect(accountant.overdue).toEqual({ count: 3, amount: '160000000.50' });
    expect(accountant.due_this_week.count).toBe(0);
    expect(accountant.due_this_week.from <= accountant.due_this_week.to).toBe(true);
    expect(accountant.totals).toEqual({
      contracts: 2,
      contract_value: '1155000000.00',
      requested: '260000000.50',
      paid: '100000000.00',
      remaining: '1055000000.00',
    });
    // the selector narrows it to one construction
    const one = await report('home', ketoan, `constructionId=${ct['CT-002']!.id}`);
    expect(one.totals).toMatchObject({ contracts: 1, requested: '10000000.00' });
    expect(one.rejected.count).toBe(0);
    expect((await report('home', ketoan2)).totals.requested).toBe('750000000.00');
  });

  it('contractors and constructions: value, paid and remaining from the contracts and their requests', async () => {
    const byContractor = await report('constructor', admin, `constructorId=${contractorId}`);
    const value = addAmounts('0', ...contracts.map((c) => c.value));
    const paid = sum(made.filter((r) => r.state === 'P'));
    expect(byContractor.rows).toHaveLength(1);
    expect(byContractor.rows[0]).toMatchObject({
      contracts: 3,
      contract_value: value,
      paid,
      remaining: subtractAmounts(value, paid),
    });
    expect(byContractor.constructions.map((c: { construction_code: string }) => c.construction_code)).toEqual(
      ['CT-001', 'CT-002', 'CT-004'],
    );
    const construction = await report('construction', admin, `constructionId=${ct['CT-001']!.id}`);
    expect(construction.rows).toHaveLength(1);
    expect(construction.rows[0]).toMatchObject({
      contract_value: '1100000000.00',
      paid: '100000000.00',
      remaining: '1000000000.00',
    });
    expect(construction.contracts).toHaveLength(1);
    expect(construction.months.map((m: { month: string }) => m.month)).toEqual(['2025-02', '2025-03']);
    expect(construction.by_type[0].contracts).toBe(1);
    // signed in February only: the DN contract
    const feb = await report('construction', admin, 'from=2025-02-01&to=2025-02-28');
    expect(feb.totals).toMatchObject({
      contracts: 1,
      contract_value: '22000000000.00',
      paid: '500000000.00',
    });
  });

  it('the contractor report read in pieces of any size is the report read at once', async () => {
    const users = await queryRows<{ id: number; user_name: string; department_id: number | null }>(
      s.app.db,
      sql`select id, user_name, department_id from app_user where user_name in ('admin', 'ketoan2') order by user_name`,
    );
    // contractors without contracts before and after the report's ones, in the order of codes
    for (const code of ['NT-AA', 'NT-BB', 'NT-ZZ', 'NT-ZZZ'])
      expect(
        (await s.call('POST', '/api/constructor/create', admin, { code, name: `Nhà thầu ${code}` })).status,
      ).toBe(200);
    const [counts] = await queryRows<{ contractors: number }>(
      s.app.db,
      sql`select count(*)::int as contractors from constructor`,
    );
    expect(counts!.contractors).toBeGreaterThan(4);
    const reports = [{ path: 'constructor', read: constructorReport, n: counts!.contractors }] as const;
    for (const u of users) {
      const user = { ...u, isAdmin: u.user_name === 'admin', sessionId: 'test' };
      const token = u.user_name === 'admin' ? admin : ketoan2;
      for (const { path, read, n } of reports) {
        const whole = (await read(s.app.db, reportQuerySchema.parse({}), user, nextTurn, Infinity)) as Record<
          string,
          unknown
        >;
        expect((whole.rows as unknown[]).length).toBeGreaterThan(0);
        // the route, with the top bar on every construction (-1) or on none, answers the same
        for (const query of ['', 'constructionId=-1']) {
          const asked = await report(path, token, query);
          expect(asked, `${path} ${query} as ${u.user_name}`).toEqual(whole);
        }
        for (const perPiece of [1, 2, 3]) {
          const turns: number[] = [];
          const pieces = await read(
            s.app.db,
            reportQuerySchema.parse({}),
            user,
            () => {
              turns.push(1);
              return nextTurn();
            },
            perPiece,
          );
          // the same rows in the same order, the same totals, and a turn between every two pieces
          expect(pieces, `${path} in pieces of ${perPiece} as ${u.user_name}`).toEqual(whole);
          expect(turns.length).toBe(Math.ceil(n / perPiece) - 1);
        }
      }
    }
  });

  it('contracts: counts, annexes, the highest and smallest, and the value distribution', async () => {
    const count = await report('contract/count', admin);
    expect(count.total).toBe(3);
    expect(count.by_status).toEqual([
      { status: 'O', count: 3, value: addAmounts('0', ...contracts.map((c) => c.value)) },
    ]);
    // by type: the same contracts and money, each type named, the most contracts first
    const byType = count.by_type as { contract_type_name: string; count: number; value: string }[];
    expect(byType.reduce((n, t) => n + t.count, 0)).toBe(3);
    expect(addAmounts('0', ...byType.map((t) => t.value))).toBe(count.by_status[0].value);
    for (const t of byType) expect(t.contract_type_name).toEqual(expect.any(String));
    expect(byType.map((t) => t.count)).toEqual([...byType.map((t) => t.count)].sort((a, b) => b - a));
    await s.call('POST', '/api/contract-annex/create', ketoan, {
      contract_id: contracts[1]!.id,
      annex_no: 'PL-1',
      amount: '5000000',
      signed_date: '2025-05-01',
    });
    await s.call('POST', '/api/contract-annex/create', ketoan, {
      contract_id: contracts[1]!.id,
      annex_no: 'PL-2',
      amount: '-1000000',
      signed_date: '2025-06-01',
    });
    expect(await report('contract/count_annex', admin)).toEqual({
      contracts: 3,
      contracts_with_annexes: 1,
      annexes: 2,
      annex_value: '4000000.00',
      increases: 1,
      decreases: 1,
    });
    const highest = await report('contract/highest', admin, 'limit=2');
    expect(highest.map((c: { contract_value: string }) => c.contract_value)).toEqual([
      '22000000000.00',
      '1100000000.00',
    ]);
    const smallest = await report('contract/smallest', admin, 'limit=1');
    expect(smallest[0].contract_value).toBe('59000000.00'); // 55,000,000 + 4,000,000 of annexes
    const buckets = await report('contract/amount_distribution', admin);
    expect(buckets.map((b: { key: string; count: number }) => [b.key, b.count])).toEqual([
      ['lt_100m', 1],
      ['100m_1b', 0],
      ['1b_10b', 1],
      ['gte_10b', 1],
    ]);
    expect((await s.call('GET', '/api/report/contract/count', ketoan2)).body.total).toBe(1);
  });

  const workbook = async (path: string, token: string, query: string, lang = 'vi') => {
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/report/${path}?format=xlsx&lang=${lang}${query ? `&${query}` : ''}`,
      headers: { ...authHeaders(token) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    return { wb, disposition: String(res.headers['content-disposition']) };
  };
  /** A sheet's rows below its header (row 4), as plain values. */
  const rowsOf = (ws: ExcelJS.Worksheet) => {
    const rows: ExcelJS.CellValue[][] = [];
    for (let n = 5; n <= ws.rowCount; n++) rows.push((ws.getRow(n).values as ExcelJS.CellValue[]).slice(1));
    return rows;
  };

  it('a report as Excel: its tables as sheets, numbers as numbers, the totals row, the filters in words', async () => {
    const query = `constructionId=${ct['CT-001']!.id}&from=2025-03-01`;
    const json = await report('payment', admin, query);
    const { wb, disposition } = await workbook('payment', admin, query);
    expect(disposition).toMatch(/filename="bao-cao-thanh-toan-theo-cong-trinh-\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Theo công trình', 'Theo tháng']);
    const [byConstruction, byMonth] = wb.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(String(byConstruction.getCell('A2').value)).toContain('CT-001');
    expect(String(byConstruction.getCell('A2').value)).toContain('01/03/2025');
    expect((byConstruction.getRow(4).values as string[]).slice(1, 4)).toEqual([
      'Mã công trình',
      'Công trình',
      'Đề nghị',
    ]);
    const rows = rowsOf(byConstruction);
    // one construction, then the totals: requested is a number equal to the JSON's decimal string
    expect(rows).toHaveLength(2);
    expect(rows[0]![0]).toBe('CT-001');
    expect(rows[0]![2]).toBe(Number(json.rows[0].requested));
    expect(rows[1]![0]).toBe('Tổng cộng');
    expect(rows[1]![2]).toBe(Number(json.totals.requested));
    // as the screen writes it: whole đồng "#,##0", a cent left "#,##0.00"
    expect(byConstruction.getRow(6).getCell(3).numFmt).toBe(
      Number.isInteger(rows[1]![2]) ? '#,##0' : '#,##0.00',
    );
    expect(byConstruction.getRow(6).getCell(1).font?.bold).toBe(true);
    expect(rowsOf(byMonth).map((r) => r[0])).toEqual(
      json.months.map((m: { month: string }) => m.month.split('-').reverse().join('/')).concat('Tổng cộng'),
    );

    // in English, and every other report answers a workbook the reader opens
    const en = await workbook('contract/amount_distribution', admin, '', 'en');
    const buckets = rowsOf(en.wb.worksheets[0]!);
    expect(buckets.map((r) => r[0])).toEqual([
      'Under 100M',
      '100M – 1B',
      '1B – 10B',
      '10B and above',
      'Total',
    ]);
    expect(buckets.at(-1)![1]).toBe(3);
    for (const path of [
      'constructor',
      'construction',
      'contract/count',
      'contract/count_annex',
      'contract/highest',
      'contract/smallest',
    ])
      expect((await workbook(path, admin, '')).wb.worksheets.length).toBeGreaterThan(0);

    // scope holds in the workbook as in the JSON
    const other = rowsOf((await workbook('payment', ketoan2, '')).wb.worksheets[0]!);
    expect(other.map((r) => r[0])).not.toContain('CT-001');
    // without the report's menu: refused like the JSON
    const name = `noreport${backend}`;
    await s.call('POST', '/api/admin/user/create', admin, {
      user_name: name,
      full_name: 'Không có báo cáo',
      email: `${name}@example.vn`,
      password: 'no-report-1',
    });
    const refused = await s.app.inject({
      method: 'GET',
      url: '/api/report/payment?format=xlsx',
      headers: { ...authHeaders(await s.firstLogin(name, 'no-report-1')) },
    });
    expect(refused.statusCode).toBe(403);
  });

  // last: it adds requests and annexes the other tests do not expect
  it('a contract’s running totals equal the plain sums after every kind of write', async () => {
    const k = contracts[0]!.id;
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: object) => {
      const r = await s.call(method, path, ketoan, body);
      expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
      return r.body;
    };
    const create = (amount: string) =>
      f.request({ id: k }, { date: '2025-05-02', amount, note: 'Tổng chạy' });
    // edited, deactivated, activated, deleted; an annex added, changed, deleted
    let a = await create('1000000.25');
    a = await call('PUT', `/api/payment-transaction/update/${a.id}`, {
      payment_code: a.payment_code,
      transaction_type_id: a.transaction_type_id,
      date: a.date,
      note: a.note,
      amount: '2000000.75',
      version: a.version,
    });
    const b = await create('3000000');
    const bOff = await call('PATCH', `/api/payment-transaction/deactivate/${b.id}`, { version: b.version });
    await call('PATCH', `/api/payment-transaction/active/${b.id}`, { version: bOff.version });
    const c = await create('4000000');
    await call('DELETE', `/api/payment-transaction/delete/${c.id}`, { version: c.version });
    const annex = await call('POST', '/api/contract-annex/create', {
      contract_id: k,
      annex_no: 'PL-TONG',
      amount: '-5000000',
      signed_date: '2025-05-01',
    });
    const second = await call('POST', '/api/contract-annex/create', {
      contract_id: k,
      annex_no: 'PL-TONG-2',
      amount: '7000000',
      signed_date: '2025-05-03',
    });
    await call('DELETE', `/api/contract-annex/delete/${second.id}`, { version: second.version });
    // one not due yet: dated two months ahead, it is unpaid but not overdue
    const ahead = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const d = await f.request({ id: k }, { date: ahead, amount: '6000000', note: 'Chưa đến hạn' });
    expect(d.overdue).toBe(false);
    // the accepted request paid in part, in an earlier month; a payment recorded and reversed
    const [accepted] = await queryRows<{ id: number; version: number }>(
      s.database.db,
      sql`select id, version from payment_transaction
          where contract_id = ${k} and approval_status = 'A' and payment_status = 'O' and status = 'O'`,
    );
    const paidPart = await call('POST', `/api/payment-transaction/payments/${accepted!.id}`, {
      version: accepted!.version,
      paid_date: '2025-04-10',
      amount: '20000000.25',
      bank_reference: 'UNC-PART',
    });
    const wrong = await call('POST', `/api/payment-transaction/payments/${accepted!.id}`, {
      version: paidPart.version,
      paid_date: '2025-04-11',
      amount: '1000000',
      bank_reference: 'UNC-WRONG',
    });
    expect(wrong.paid_amount).toBe('21000000.25');
    const listed = (await s.call('GET', `/api/payment-transaction/payments/${accepted!.id}`, ketoan)).body;
    const reversal = await s.call(
      'PATCH',
      `/api/payment-transaction/payments/reverse/${listed.find((p: { bank_reference: string }) => p.bank_reference === 'UNC-WRONG').id}`,
      admin,
      { reason: 'nhập nhầm' },
    );
    expect(reversal.status).toBe(200);

    const rows = await queryRows<Record<string, string>>(
      s.database.db,
      sql`select k.id::text as id,
            coalesce(t.annex_amount, 0)::text as kept_annex, coalesce(t.requested, 0)::text as kept_requested,
            coalesce(t.approved, 0)::text as kept_approved, coalesce(t.paid, 0)::text as kept_paid,
            coalesce((select sum(x.amount) from contract_annex x where x.contract_id = k.id and x.status <> 'D'), 0)::numeric(18,2)::text as annex,
            coalesce((select sum(p.amount) from payment_transaction p where p.contract_id = k.id and p.status = 'O' and p.approval_status <> 'R'), 0)::numeric(18,2)::text as requested,
            coalesce((select sum(p.amount) from payment_transaction p where p.contract_id = k.id and p.status = 'O' and p.approval_status = 'A'), 0)::numeric(18,2)::text as approved,
            coalesce((select sum(p.paid_amount) from payment_transaction p where p.contract_id = k.id and p.status = 'O' and p.approval_status <> 'R'), 0)::numeric(18,2)::text as paid
          from contract k left join contract_totals t on t.contract_id = k.id order by k.id`,
    );
    for (const r of rows)
      expect([r.kept_annex, r.kept_requested, r.kept_approved, r.kept_paid], `contract ${r.id}`).toEqual([
        r.annex,
        r.requested,
        r.approved,
        r.paid,
      ]);
    // the unpaid sums, and the month summaries, against the requests themselves
    const [unpaid] = await queryRows<{ kept: string; plain: string }>(
      s.database.db,
      sql`select (select coalesce(sum(unpaid), 0)::numeric(18,2)::text || '/' || coalesce(sum(unpaid_count), 0) from contract_totals) as kept,
            (select coalesce(sum(amount - paid_amount), 0)::numeric(18,2)::text || '/' || count(*) from payment_transaction
              where status = 'O' and approval_status <> 'R' and payment_status = 'O') as plain`,
    );
    expect(unpaid!.kept).toBe(unpaid!.plain);
    const summaries = await monthSummariesAndRows(s.database.db);
    expect(summaries.kept).toEqual(summaries.plain);
    // the reports count it: unpaid, not overdue
    const [plain] = await queryRows<{ unpaid: string; overdue: string }>(
      s.database.db,
      sql`select coalesce(sum(amount - paid_amount), 0)::numeric(18,2)::text as unpaid,
            coalesce(sum(amount - paid_amount) filter (where due_date < ${today()}::date), 0)::numeric(18,2)::text as overdue
          from payment_transaction where status = 'O' and approval_status <> 'R' and payment_status = 'O'`,
    );
    // paid counts what the payments paid, partial ones included; the money paid out by its month
    const [paidPlain] = await queryRows<{ paid: string }>(
      s.database.db,
      sql`select coalesce(sum(paid_amount), 0)::numeric(18,2)::text as paid
          from payment_transaction where status = 'O' and approval_status <> 'R'`,
    );
    const payments = await report('payment', admin);
    expect(payments.totals).toMatchObject(plain!);
    expect(payments.totals.paid).toBe(paidPlain!.paid);
    expect(payments.totals.overdue).not.toBe(payments.totals.unpaid);
    const april = (await report('payment', admin, 'from=2025-04-01&to=2025-04-30')).totals;
    expect([april.paid_out, april.paid_out_count]).toEqual(['20000000.25', 1]);
    const aprilMonth = payments.months.find((m: { month: string }) => m.month === '2025-04');
    expect(aprilMonth?.paid_out).toBe('20000000.25');
    // a part month at the range's edge reads the payments themselves: the 10th in, the 11th never
    const edge = (await report('payment', admin, 'from=2025-04-10&to=2025-04-12')).totals;
    expect(edge.paid_out).toBe('20000000.25');
    const kept = await payoutSummariesAndRows(s.database.db);
    expect(kept.kept).toEqual(kept.plain);
    const contractors = await report('constructor', admin);
    expect(contractors.totals.overdue).toBe(plain!.overdue);
    // read in pieces (over every contract) with a request not due yet: the same as in one statement
    const [adminRow] = await queryRows<{ id: number; user_name: string; department_id: number | null }>(
      s.app.db,
      sql`select id, user_name, department_id from app_user where user_name = 'admin'`,
    );
    const adminUser = { ...adminRow!, isAdmin: true, sessionId: 'test' };
    const all = reportQuerySchema.parse({});
    expect(contractors).toEqual(await constructorReport(s.app.db, all, adminUser, nextTurn, Infinity));
    const constructions = await report('construction', admin);
    expect(constructions.totals.overdue).toBe(plain!.overdue);
    expect(constructions.rows.length).toBeGreaterThan(0);
    const home = await report('home', admin);
    expect(home.overdue.amount).toBe(plain!.overdue);
    const mine = rows.find((r) => Number(r.id) === k)!;
    expect(mine.annex).toBe('-5000000.00');
    // 100,000,000 paid + 120,000,000.50 accepted + 30,000,000 waiting + 2,000,000.75 + 3,000,000
    // + 6,000,000 not due yet
    expect(mine.requested).toBe('261000001.25');
    expect(annex.amount).toBe('-5000000.00');
  });
});
