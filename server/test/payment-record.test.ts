/**
 * The payment record a finance team keeps, through HTTP on both backends: the request's own number
 * (YCTT-<year>-<6 digits>), the payments made against it as the bank made them, their reversal, and
 * the company's own bank accounts they are paid from. Races on the numbers and the payments are in
 * payments-race.test.ts (PostgreSQL only).
 */
import { getTableColumns, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessToday } from '../src/core/business-time.ts';
import { queryRows } from '../src/db/client.ts';
import { paymentTransaction } from '../src/db/schema.ts';
import { type Factories, factories, type Rec } from './factories.ts';
import { authHeaders, backends, createTestServer, type TestServer } from './helpers.ts';

describe.each(backends)('the payment record (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let ketoan: string; // accountant, scope HP (CT-001..CT-003)
  let ketoan2: string; // accountant, scope DN
  let f: Factories;
  let contractor: Rec;
  let payee: Rec;
  const year = businessToday().slice(0, 4);

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    [admin, ketoan, ketoan2] = await Promise.all([
      s.login(),
      s.login('ketoan', 'ketoan123'),
      s.login('ketoan2', 'ketoan123'),
    ]);
    f = factories(s, { admin, accountant: ketoan });
    contractor = await f.contractor({ code: 'NT-REC', name: 'Công ty TNHH Ghi Sổ' });
    payee = await f.payee(contractor, { account_number: '0099887766' });
  });
  afterAll(() => s?.close());

  const contract = (over: Record<string, unknown> = {}) =>
    f.contract({ constructor_id: contractor.id, beneficiary_id: payee.id, ...over });
  const pay = (id: number, body: Record<string, unknown>, token = ketoan) =>
    s.call('POST', `/api/payment-transaction/payments/${id}`, token, body);
  const payments = (id: number, token = ketoan) =>
    s.call('GET', `/api/payment-transaction/payments/${id}`, token);
  const reverse = (payoutId: number, reason: string, token: string) =>
    s.call('PATCH', `/api/payment-transaction/payments/reverse/${payoutId}`, token, { reason });
  const numberOf = (code: string) => {
    const m = /^YCTT-(\d{4})-(\d{6})$/.exec(code);
    expect(m, code).not.toBeNull();
    expect(m![1]).toBe(year);
    return Number(m![2]);
  };

  describe('request numbers', () => {
    it('gives each request the company’s next number of the year, searchable, kept when deleted', async () => {
      const c = await contract();
      const a = await f.request(c);
      const b = await f.request(c);
      expect(numberOf(b.code)).toBe(numberOf(a.code) + 1);
      expect(b.requirement_no).toBe(a.requirement_no + 1); // the contract's instalment stays

      const found = await s.call('GET', `/api/payment-transaction/paging?search=${b.code}`, ketoan);
      expect(found.body.items.map((r: Rec) => r.id)).toEqual([b.id]);

      // a deleted request keeps its number: the next one does not take it again
      const deleted = await s.call('DELETE', `/api/payment-transaction/delete/${b.id}`, ketoan, {
        version: b.version,
      });
      expect(deleted.status).toBe(200);
      const next = await f.request(c);
      expect(numberOf(next.code)).toBe(numberOf(b.code) + 1);
    });

    it('counts each company on its own', async () => {
      const co = await f.company();
      const project = await f.project({ company_id: co.id });
      const site = await f.construction({ project_id: project.id });
      const c = await contract({ construction_id: site.id, by: admin });
      const first = await f.request(c, { by: admin });
      expect(first.code).toBe(`YCTT-${year}-000001`);
      expect(numberOf((await f.request(c, { by: admin })).code)).toBe(2);
    });

    it('refuses a number sent by the client', async () => {
      const c = await contract();
      const res = await s.call(
        'POST',
        '/api/payment-transaction/create',
        ketoan,
        await f.requestInput(c, { code: 'YCTT-2000-000001' }),
      );
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('code');
    });
  });

  describe('its history', () => {
    it('names a payment type by its name and a person by the full name, never a code or #id', async () => {
      const users = (await s.call('GET', '/api/admin/user/list/paging?search=giamdoc', admin)).body
        .items as Rec[];
      const director = users.find((u) => u.user_name === 'giamdoc')!;
      const c = await contract();
      const r = await f.request(c, { payment_code: 'TU', director_id: director.id });
      const upd = await s.call('PUT', `/api/payment-transaction/update/${r.id}`, ketoan, {
        ...(({ contract_id: _, ...rest }) => rest)(await f.requestInput(c)),
        payment_code: 'TD',
        director_id: null,
        version: r.version,
      });
      expect(upd.status, JSON.stringify(upd.body)).toBe(200);
      const [update, create] = (await s.call('GET', `/api/payment-transaction/history/${r.id}`, ketoan)).body;
      expect(create.changes.director_id).toMatchObject({ new: director.id, new_label: 'Trần Văn Minh' });
      expect(create.changes.payment_code).toMatchObject({ new: 'TU', new_label: 'Tạm ứng' });
      expect(update.changes.payment_code).toMatchObject({
        old_label: 'Tạm ứng',
        new_label: 'Thanh toán theo tiến độ',
      });
      expect(update.changes.director_id).toMatchObject({ old_label: 'Trần Văn Minh', new_label: null });
    });
  });

  describe('payments as they happened', () => {
    /** An accepted request of 100,000,000 (accepted by the admin, written by the accountant). */
    const accepted = async () => f.request(await contract(), { state: 'accepted', decider: admin });

    it('records partial payments, then the one that pays the rest makes the request paid', async () => {
      const r = await accepted();
      const first = await pay(r.id, {
        version: r.version,
        paid_date: businessToday(),
        amount: '40000000',
        bank_reference: 'UNC-0001',
        note: 'Đợt 1',
      });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toMatchObject({
        approval_status: 'A',
        payment_status: 'O',
        paid_amount: '40000000.00',
      });
      // the list's partly-paid filter (the home page's card) finds it
      const partly = await s.call(
        'GET',
        `/api/payment-transaction/paging?contractId=${r.contract_id}&partlyPaid=true&status=all`,
        ketoan,
      );
      expect(partly.body.items.map((x: Rec) => x.id)).toEqual([r.id]);
      // the contract counts what was paid, part payments included
      const summary = async () =>
        (await s.call('GET', `/api/validate/contract/${r.contract_id}`, ketoan)).body.summary;
      expect(await summary()).toMatchObject({ approved: '100000000.00', paid: '40000000.00' });

      const over = await pay(first.body.id, {
        version: first.body.version,
        paid_date: businessToday(),
        amount: '60000001',
        bank_reference: 'UNC-0002',
      });
      expect(over.status).toBe(422);
      expect(over.body.reason).toBe('overpaid');
      expect(JSON.stringify(over.body)).toContain('60000000');

      const rest = await pay(first.body.id, {
        version: first.body.version,
        paid_date: businessToday(),
        amount: '60000000',
        bank_reference: 'UNC-0002',
      });
      expect(rest.status).toBe(200);
      expect(rest.body).toMatchObject({
        payment_status: 'P',
        paid_amount: '100000000.00',
        paid_by: 'ketoan',
      });
      expect((await summary()).paid).toBe('100000000.00');

      const list = await payments(r.id);
      expect(list.status).toBe(200);
      expect(list.body.map((p: Rec) => [p.amount, p.bank_reference, p.recorded_by])).toEqual([
        ['40000000.00', 'UNC-0001', 'ketoan'],
        ['60000000.00', 'UNC-0002', 'ketoan'],
      ]);

      const history = await s.call('GET', `/api/payment-transaction/history/${r.id}`, ketoan);
      const moves = JSON.stringify(history.body);
      expect(moves).toContain('record_payment');
      expect(moves).toContain('confirm_paid');
    });

    it('refuses a payment by whoever accepted the request, one dated tomorrow, and a stale version', async () => {
      const r = await accepted();
      const body = { version: r.version, paid_date: businessToday(), amount: '1000', bank_reference: 'X' };
      const byAccepter = await pay(r.id, body, admin);
      expect(byAccepter.status).toBe(422);
      expect(JSON.stringify(byAccepter.body)).toContain('approver_cannot_pay');

      const tomorrow = await pay(r.id, { ...body, paid_date: addDays(businessToday(), 1) });
      expect(tomorrow.status).toBe(400);
      expect(JSON.stringify(tomorrow.body)).toContain('paid_date');

      const stale = await pay(r.id, { ...body, version: r.version - 1 });
      expect(stale.status).toBe(409);
      expect((await payments(r.id)).body).toEqual([]);
    });

    it('refuses a payment on a request not yet approved, and a blank bank reference', async () => {
      const draft = await f.request(await contract());
      const res = await pay(draft.id, {
        version: draft.version,
        paid_date: businessToday(),
        amount: '1000',
        bank_reference: 'UNC-9',
      });
      expect(res.status).toBe(422);
      const r = await accepted();
      const blank = await pay(r.id, {
        version: r.version,
        paid_date: businessToday(),
        amount: '1000',
        bank_reference: ' ',
      });
      expect(blank.status).toBe(400);
      expect(JSON.stringify(blank.body)).toContain('bank_reference');
    });

    it('require-paid records one payment of what remains, today, with the optional fields', async () => {
      const r = await accepted();
      const part = await pay(r.id, {
        version: r.version,
        paid_date: businessToday(),
        amount: '25000000',
        bank_reference: 'UNC-A',
      });
      const paid = await s.call('PATCH', `/api/payment-transaction/require-paid/${r.id}`, ketoan, {
        version: part.body.version,
        bank_reference: 'UNC-B',
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body).toMatchObject({ payment_status: 'P', paid_amount: '100000000.00' });
      const last = (await payments(r.id)).body.at(-1);
      expect(last).toMatchObject({
        amount: '75000000.00',
        bank_reference: 'UNC-B',
        paid_date: businessToday(),
      });
    });

    it('a payment is reversed by someone else only, and the paid request owes it again', async () => {
      const r = await accepted();
      const paid = await s.call('PATCH', `/api/payment-transaction/require-paid/${r.id}`, ketoan, {
        version: r.version,
        bank_reference: 'UNC-WRONG',
      });
      const [payout] = (await payments(r.id)).body;
      const own = await reverse(payout.id, 'Nhầm số tiền', ketoan);
      expect(own.status).toBe(422);
      expect(JSON.stringify(own.body)).toContain('own_payment');

      // the admin accepted it: reversing is not paying, so he may
      const back = await reverse(payout.id, 'Nhầm số tiền', admin);
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      expect(back.body).toMatchObject({ approval_status: 'A', payment_status: 'O', paid_amount: '0.00' });
      expect(back.body.version).toBeGreaterThan(paid.body.version);
      const [reversed] = (await payments(r.id)).body;
      expect(reversed).toMatchObject({ reversed_by: 'admin', reverse_reason: 'Nhầm số tiền' });

      const again = await reverse(payout.id, 'Lần nữa', admin);
      expect(again.status).toBe(422);
    });

    it('another company’s accountant sees none of it', async () => {
      const r = await accepted();
      expect((await payments(r.id, ketoan2)).status).toBe(404);
      const res = await pay(
        r.id,
        { version: r.version, paid_date: businessToday(), amount: '1000', bank_reference: 'X' },
        ketoan2,
      );
      expect(res.status).toBe(404);
      const paid = await s.call('PATCH', `/api/payment-transaction/require-paid/${r.id}`, ketoan, {
        version: r.version,
      });
      const [payout] = (await payments(r.id)).body;
      expect(paid.status).toBe(200);
      expect((await reverse(payout.id, 'x', ketoan2)).status).toBe(404);
    });
  });

  describe('the lists of the job', () => {
    it('the payment list answers its totals over the whole filter, not the page, and its export ends with them', async () => {
      const c = await contract();
      const paid = await f.request(c, { state: 'paid', decider: admin, amount: '30000000' });
      const part = await f.request(c, { state: 'accepted', decider: admin, amount: '50000000' });
      await pay(part.id, {
        version: part.version,
        paid_date: businessToday(),
        amount: '20000000',
        bank_reference: 'UNC-T',
      });
      const yesterday = addDays(businessToday(), -1);
      const second = await pay(part.id, {
        version: part.version + 1,
        paid_date: yesterday,
        amount: '5000000',
        bank_reference: 'UNC-S',
      });
      expect(second.status).toBe(200);
      // a reversed payment is no payment: the export does not list it
      const wrong = await pay(part.id, {
        version: second.body.version,
        paid_date: yesterday,
        amount: '1000000',
        bank_reference: 'UNC-WRONG',
      });
      const [reversed] = (await payments(part.id)).body.filter((p: Rec) => p.bank_reference === 'UNC-WRONG');
      expect(wrong.status).toBe(200);
      expect((await reverse(reversed.id, 'nhập nhầm', admin)).status).toBe(200);
      await f.request(c, { amount: '10000000' });
      const query = `contractId=${c.id}&status=all&itemsPerPage=1`;
      const page = await s.call('GET', `/api/payment-transaction/paging?${query}`, ketoan);
      expect(page.status).toBe(200);
      expect(page.body.items).toHaveLength(1);
      expect(page.body.totals).toEqual({
        count: 3,
        amount: '90000000.00',
        paid_amount: '55000000.00',
        remaining: '35000000.00',
      });
      expect(paid.paid_amount).toBe('30000000.00');

      const res = await s.app.inject({
        method: 'GET',
        url: `/api/export/payment?contractId=${c.id}&status=all&lang=vi`,
        headers: authHeaders(ketoan),
      });
      expect(res.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as never);
      const sheet = workbook.worksheets[0]!;
      const header = sheet.getRow(4).values as unknown[];
      const last = sheet.getRow(sheet.rowCount).values as unknown[];
      // who approved it and when, when it was paid and to which account
      for (const h of [
        'Số YCTT',
        'Đã chi',
        'Người duyệt',
        'Ngày duyệt',
        'Ngày xác nhận chi',
        'Ngân hàng',
        'Số tài khoản',
      ])
        expect(header, h).toContain(h);
      const rows = Array.from(
        { length: sheet.rowCount - 5 },
        (_, i) => sheet.getRow(5 + i).values as unknown[],
      );
      const paidLine = rows.find((r) => r[header.indexOf('Số YCTT')] === paid.code)!;
      expect(paidLine[header.indexOf('Người duyệt')]).toBe('Quản trị hệ thống'); // by the full name, as on screen
      expect(paidLine[header.indexOf('Số tài khoản')]).toBe('0099887766');
      // a timestamp cell, in the business time zone
      expect(paidLine[header.indexOf('Ngày duyệt')]).toBeInstanceOf(Date);
      expect(last[1]).toBe('Tổng cộng');
      expect(last[header.indexOf('Số tiền đề nghị')]).toBe(90000000);
      expect(last[header.indexOf('Đã chi')]).toBe(55000000);
      // each payment as the bank made it, in the order they were paid
      const partLine = rows.find((r) => r[header.indexOf('Số YCTT')] === part.code)!;
      const dmy = (iso: string) => iso.split('-').reverse().join('/');
      expect(partLine[header.indexOf('Ngày chi (từng lần)')]).toBe(
        `${dmy(yesterday)}; ${dmy(businessToday())}`,
      );
      expect(partLine[header.indexOf('Số tiền chi (từng lần)')]).toBe('5,000,000; 20,000,000');
      expect(partLine[header.indexOf('Số UNC / số giao dịch (từng lần)')]).toBe('UNC-S; UNC-T');
      const unpaidLine = rows.find(
        (r) => r[header.indexOf('Số YCTT')] !== part.code && r[header.indexOf('Số YCTT')] !== paid.code,
      )!;
      expect(unpaidLine[header.indexOf('Ngày chi (từng lần)')]).toBeUndefined();
    });
  });

  it('answers the totals with an exact count only: over a long list, when the count is asked for', async () => {
    const c = await contract();
    const r = await f.request(c, { amount: '1000' });
    // 1,000 more requests of the contract, straight into the table (the API would take minutes)
    const copied = Object.values(getTableColumns(paymentTransaction))
      .map((column) => column.name)
      .filter((name) => !['id', 'code', 'code_no', 'requirement_no'].includes(name));
    const names = copied.map((n) => `"${n}"`).join(', ');
    await s.database.db.execute(
      sql.raw(`insert into payment_transaction (${names}, code, code_no, requirement_no)
        select ${names}, 'BULK-' || g, 900000 + g, 1000 + g
        from payment_transaction, generate_series(1, 1000) g where id = ${r.id}`),
    );
    const query = `contractId=${c.id}&status=all&itemsPerPage=10`;
    const estimated = await s.call('GET', `/api/payment-transaction/paging?${query}`, ketoan);
    expect(estimated.status).toBe(200);
    expect(estimated.body.totalExact).toBe(false);
    expect(estimated.body.totals).toBeUndefined();
    const exact = await s.call('GET', `/api/payment-transaction/paging?${query}&exactTotal=true`, ketoan);
    expect(exact.body).toMatchObject({
      total: 1001,
      totalExact: true,
      totals: { count: 1001, amount: '1001000.00', paid_amount: '0.00', remaining: '1001000.00' },
    });

    // a search: its figures are over its matches, whether found by its own words or its contract's
    // number, and answered only while they are counted exactly (up to 1,000)
    const [stored] = await queryRows<{ search_text: string }>(
      s.database.db,
      sql`select search_text from payment_transaction where id = ${r.id}`,
    );
    const word = stored!.search_text.split(' ').find((w) => w.length > 3)!;
    // the word is common among contractors too (more than a list of ids takes): the same answers
    await s.database.db.execute(
      sql`insert into "constructor" (code, name, search_text)
          select 'NT-CMN-' || g, 'Chung ' || g, 'nt-cmn-' || g || ' ' || ${word}
            from generate_series(1, 1001) g`,
    );
    const searched = (more = '') =>
      s.call(
        'GET',
        `/api/payment-transaction/paging?${query}&search=${encodeURIComponent(word)}${more}`,
        ketoan,
      );
    const many = await searched();
    expect(many.body).toMatchObject({ totalExact: false });
    expect(many.body.total).toBeGreaterThan(1000);
    expect(many.body.totals).toBeUndefined();
    expect(many.body.items).toHaveLength(10);
    const times = many.body.items.map((i: Rec) => i.created_at);
    expect(times).toEqual([...times].sort().reverse());
    await s.database.db.execute(
      sql`update payment_transaction set amount = 2500, search_text = 'khác' where code = 'BULK-1000'`,
    );
    const counted = await searched();
    expect(counted.body).toMatchObject({
      total: 1000,
      totalExact: true,
      totals: { count: 1000, amount: '1000000.00', paid_amount: '0.00', remaining: '1000000.00' },
    });
    expect(counted.body.items).toHaveLength(10);
    const further = await searched(`&cursor=${encodeURIComponent(counted.body.nextCursor)}`);
    expect(further.body.items).toHaveLength(10);
    expect(further.body.totals).toEqual(counted.body.totals);
    const byContract = await s.call(
      'GET',
      `/api/payment-transaction/paging?status=all&itemsPerPage=5&search=${encodeURIComponent(c.contract_no)}`,
      ketoan,
    );
    expect(byContract.body).toMatchObject({ totalExact: false });
    const exactly = await s.call(
      'GET',
      `/api/payment-transaction/paging?status=all&itemsPerPage=5&exactTotal=true&search=${encodeURIComponent(c.contract_no)}`,
      ketoan,
    );
    expect(exactly.body.totals).toEqual({
      count: 1001,
      amount: '1002500.00',
      paid_amount: '0.00',
      remaining: '1002500.00',
    });
  });

  describe('the company’s bank accounts', () => {
    const base = '/api/admin/setting/company-bank-account';

    it('a payment is made from the company’s default account unless it names one of the company’s', async () => {
      const [bank] = (await s.call('GET', '/api/bank/list/all', admin)).body;
      const r = await f.request(await contract(), { state: 'accepted', decider: admin });
      const first = await s.call('POST', `${base}/create`, admin, {
        company_id: r.company_id,
        bank_id: bank.id,
        account_number: '1122334455',
        holder: 'Công ty Xây dựng Hải Phòng',
        is_default: true,
      });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const second = await s.call('POST', `${base}/create`, admin, {
        company_id: r.company_id,
        bank_id: bank.id,
        account_number: '5544332211',
        holder: 'Công ty Xây dựng Hải Phòng',
        is_default: true,
      });
      expect(second.status).toBe(200);
      // one default per company: the second took it from the first
      const accounts = (await s.call('GET', `${base}/list/all`, admin)).body;
      const defaults = accounts.filter((a: Rec) => a.company_id === r.company_id && a.is_default);
      expect(defaults.map((a: Rec) => a.id)).toEqual([second.body.id]);

      const part = await pay(r.id, {
        version: r.version,
        paid_date: businessToday(),
        amount: '1000000',
        bank_reference: 'UNC-D',
      });
      expect(part.status).toBe(200);
      const named = await pay(r.id, {
        version: part.body.version,
        paid_date: businessToday(),
        amount: '1000000',
        bank_reference: 'UNC-E',
        company_bank_account_id: first.body.id,
      });
      expect(named.status).toBe(200);
      const list = (await payments(r.id)).body;
      expect(list.map((p: Rec) => p.company_bank_account_id)).toEqual([second.body.id, first.body.id]);
      expect(list[0].company_bank_account).toContain('5544332211');

      // an account of another company is refused, naming the field
      const other = await s.call('POST', `${base}/create`, admin, {
        company_id: (await f.company()).id,
        bank_id: bank.id,
        account_number: '9988776655',
        holder: 'Công ty khác',
      });
      const refused = await pay(r.id, {
        version: named.body.version,
        paid_date: businessToday(),
        amount: '1000',
        bank_reference: 'UNC-F',
        company_bank_account_id: other.body.id,
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('company_bank_account_id');
      // the accountants pick from their company's accounts only
      const picker = async (token: string) =>
        (await s.call('GET', '/api/company-bank-account/list/all', token)).body.map((a: Rec) => a.id);
      expect(await picker(ketoan)).toContain(first.body.id);
      expect(await picker(ketoan2)).not.toContain(first.body.id);
    });
  });
});
