/**
 * From approved to paid through the bank (issue 34; docs/adr/0096-payment-batches-and-bank-files.md,
 * docs/adr/0097-statement-matching.md), through HTTP on both backends: a batch made, refused to its
 * maker's approval and approved by another, its bank file read back (exceljs; the CSV parsed), a
 * statement that pays two lines fully, one partly and has a stranger line, and the same statement
 * again changing nothing; another company's user gets 404; hostile files are refused with 400. The
 * race for one request in two batches runs on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import FormData from 'form-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../src/modules/payment/bank-statement.service.ts';
import { type Factories, factories, type Rec } from './factories.ts';
import { authHeaders, backends, createTestServer, type TestServer } from './helpers.ts';

describe.each(backends)('payment batches (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let ketoan: string; // accountant, scope HP
  let ketoan2: string; // accountant, scope DN
  let giamdoc: string; // director
  let f: Factories;
  let account: Rec; // an account of HP, the requests' company

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    [admin, ketoan, ketoan2, giamdoc] = await Promise.all([
      s.login(),
      s.login('ketoan', 'ketoan123'),
      s.login('ketoan2', 'ketoan123'),
      s.login('giamdoc', 'giamdoc123'),
    ]);
    f = factories(s, { admin, accountant: ketoan, director: giamdoc });
    const probe = await f.request(await f.contract(), { state: 'draft' });
    const banks = (await f.lookup()).banks;
    const made = await s.call('POST', '/api/admin/setting/company-bank-account/create', admin, {
      company_id: probe.company_id,
      bank_id: banks[0]!.id,
      account_number: `${Date.now()}`.slice(-12),
      holder: 'CONG TY HP',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    account = made.body;
  });
  afterAll(() => s?.close());

  const accepted = async (amount = '100000000') =>
    f.request(await f.contract(), { state: 'accepted', amount });
  const create = (items: { payment_id: number; amount: string }[], token = ketoan) =>
    s.call('POST', '/api/payment-batch/create', token, { company_bank_account_id: account.id, items });
  const request = async (id: number) =>
    (await s.call('GET', `/api/payment-transaction/get/${id}`, ketoan)).body;

  async function upload(url: string, name: string, data: Buffer, token = ketoan) {
    const form = new FormData();
    form.append('file', data, { filename: name, contentType: 'application/octet-stream' });
    const res = await s.app.inject({
      method: 'POST',
      url,
      payload: form.getBuffer(),
      headers: { ...form.getHeaders(), ...authHeaders(token) },
    });
    return { status: res.statusCode, body: res.json() };
  }
  const statement = (rows: string[][], name = 'sao-ke.csv') =>
    upload(
      `/api/payment-batch/statement/${account.id}`,
      name,
      Buffer.from(rows.map((r) => r.map((c) => `"${c}"`).join(',')).join('\r\n')),
    );

  it('makes a batch, approves it by another, writes the bank file, and pays it from the statement', async () => {
    const [a, b, c] = [await accepted(), await accepted('50000000'), await accepted('80000000')];
    const made = await create([
      { payment_id: a.id, amount: '100000000' },
      { payment_id: b.id, amount: '50000000' },
      { payment_id: c.id, amount: '30000000' }, // a part of what remains
    ]);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const batch = made.body;
    expect(batch).toMatchObject({ state: 'O', total: '180000000.00', line_count: 3 });
    expect(batch.lines.map((l: Rec) => l.payment_code)).toEqual([a.code, b.code, c.code]);
    // the request shows its batch
    expect(await request(a.id)).toMatchObject({ batch_id: batch.id, batch_code: batch.code });

    // one request, one open batch
    const again = await create([{ payment_id: a.id, amount: '1000' }]);
    expect(again.status).toBe(422);
    expect(again.body.reason).toBe('in_open_batch');
    // more than what remains
    const over = await create([{ payment_id: c.id, amount: '80000001' }], admin);
    expect(over.status).toBe(422);

    // not yet approved: no file
    expect((await s.call('GET', `/api/payment-batch/export/${batch.id}`, ketoan)).status).toBe(422);
    // four eyes: its maker does not approve it
    const own = await s.call('PATCH', `/api/payment-batch/approve/${batch.id}`, ketoan, {
      version: batch.version,
    });
    expect(own.status).toBe(422);
    expect(own.body.reason).toBe('own_batch');
    const approved = await s.call('PATCH', `/api/payment-batch/approve/${batch.id}`, giamdoc, {
      version: batch.version,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ state: 'A', approved_by: 'giamdoc' });

    // the generic template's .xlsx, read back
    const xlsx = await s.app.inject({
      method: 'GET',
      url: `/api/payment-batch/export/${batch.id}`,
      headers: authHeaders(ketoan),
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Chuyen tien');
    const header = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(header[0]).toBe('Ma yeu cau');
    const amountAt = header.indexOf('So tien');
    const contentAt = header.indexOf('Noi dung');
    const first = (sheet.getRow(3).values as unknown[]).slice(1);
    expect(first[0]).toBe(a.code);
    expect(first[amountAt]).toBe(100000000);
    expect(String(first[contentAt]).startsWith(a.code)).toBe(true);
    expect(String(first[contentAt])).toBe(String(first[contentAt]).toUpperCase());
    expect((sheet.getRow(5).values as unknown[])[amountAt + 1]).toBe(30000000);

    // a CSV template of the admin's: amounts as text, a hostile header written as text
    const tpl = await s.call('POST', '/api/admin/setting/bank-file-template/create', admin, {
      code: `CSV-${backend}`,
      name: 'CSV test',
      file_type: 'csv',
      sheet_name: 'Sheet1',
      header_rows: ["=cmd|' /C calc'!A0"],
      columns: [
        { field: 'content', header: 'Content', max_length: 16 },
        { field: 'amount', header: '@SUM(1)', amount_as: 'text' },
        { field: 'date', header: 'Date', date_format: 'YYYYMMDD' },
      ],
    });
    expect(tpl.status, JSON.stringify(tpl.body)).toBe(200);
    const preview = await s.call(
      'GET',
      `/api/admin/setting/bank-file-template/preview/${tpl.body.id}`,
      admin,
    );
    expect(preview.body.rows).toHaveLength(2);
    expect(preview.body.rows[0][0]).toBe('YCTT-2026-000123');
    const csv = await s.app.inject({
      method: 'GET',
      url: `/api/payment-batch/export/${batch.id}?template=CSV-${backend}`,
      headers: authHeaders(ketoan),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(csv.body);
    expect(rows[0]).toEqual(["'=cmd|' /C calc'!A0"]);
    expect(rows[1]).toEqual(['Content', "'@SUM(1)", 'Date']);
    expect(rows[2]).toEqual([a.code, '100000000', expect.stringMatching(/^\d{8}$/)]);
    expect(rows.slice(2).map((r) => r[1])).toEqual(['100000000', '50000000', '30000000']);

    // the statement: two lines paid in full, one in part, one stranger; headers in any order and case
    const lines = [
      ['Content', 'DEBIT', 'Reference', 'Date'],
      [`CK ${a.code} thanh toan`, '100.000.000', `FT-${backend}-1`, '05/03/2026'],
      [`${b.code.toLowerCase()} TT`, '50,000,000', `FT-${backend}-2`, '2026-03-05'],
      [`Chuyen tien ${c.code}`, '30000000', `FT-${backend}-3`, '06/03/2026'],
      ['Phi dich vu', '11000', `FT-${backend}-4`, '06/03/2026'],
      ['Nhan tien', '', `FT-${backend}-5`, '06/03/2026'], // a credit: no debit
    ];
    const imported = await statement(lines);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ read: 4, known: 0, matched: 3, unmatched: 1 });
    const stranger = imported.body.lines.find((l: Rec) => l.state === 'U');
    expect(stranger).toMatchObject({ reference: `FT-${backend}-4`, reason: 'no_code', amount: '11000.00' });

    expect(await request(a.id)).toMatchObject({
      payment_status: 'P',
      paid_amount: '100000000.00',
      batch_id: null,
    });
    expect(await request(b.id)).toMatchObject({ payment_status: 'P', paid_amount: '50000000.00' });
    expect(await request(c.id)).toMatchObject({
      payment_status: 'O',
      approval_status: 'A',
      paid_amount: '30000000.00',
      batch_id: null,
    });
    const payouts = (await s.call('GET', `/api/payment-transaction/payments/${a.id}`, ketoan)).body;
    expect(payouts).toEqual([
      expect.objectContaining({
        paid_date: '2026-03-05',
        bank_reference: `FT-${backend}-1`,
        amount: '100000000.00',
      }),
    ]);
    const history = (
      await s.call('GET', `/api/admin/history/payment?paymentId=${a.id}&itemsPerPage=100`, ketoan)
    ).body;
    expect(JSON.stringify(history)).toContain('từ sao kê ngày 05/03/2026');
    const paidBatch = (await s.call('GET', `/api/payment-batch/get/${batch.id}`, ketoan)).body;
    expect(paidBatch.state).toBe('P');
    expect(paidBatch.lines.map((l: Rec) => l.paid)).toEqual([true, true, true]);

    // the same statement again records nothing
    const twice = await statement(lines);
    expect(twice.body).toMatchObject({ read: 4, known: 4, matched: 0, unmatched: 0 });
    expect(await request(c.id)).toMatchObject({ paid_amount: '30000000.00' });
    expect((await s.call('GET', `/api/payment-transaction/payments/${a.id}`, ketoan)).body).toHaveLength(1);

    // the stranger line is dismissed by a person
    const dismissed = await s.call(
      'PATCH',
      `/api/payment-batch/statement-line/dismiss/${stranger.id}`,
      ketoan,
      {
        note: 'Phí ngân hàng',
      },
    );
    expect(dismissed.body).toMatchObject({ state: 'X', resolved_by: 'ketoan' });
    const open = await s.call('GET', `/api/payment-batch/statement-line/list/${account.id}?state=U`, ketoan);
    expect(open.body).toEqual([]);
  });

  it('lists a line of another amount for a person to match, and a cancel frees the requests', async () => {
    const r = await accepted('40000000');
    const batch = (await create([{ payment_id: r.id, amount: '40000000' }])).body;
    await s.call('PATCH', `/api/payment-batch/approve/${batch.id}`, giamdoc, { version: batch.version });
    const imported = await statement([
      ['date', 'reference', 'debit', 'content'],
      ['07/03/2026', `FT-${backend}-P`, '15000000', `${r.code} dot 1`],
    ]);
    const line = imported.body.lines[0];
    expect(line).toMatchObject({ state: 'U', reason: 'amount_differs', payment_code: r.code });
    const matched = await s.call('PATCH', `/api/payment-batch/statement-line/match/${line.id}`, ketoan, {
      batch_line_id: batch.lines[0].id,
    });
    expect(matched.status, JSON.stringify(matched.body)).toBe(200);
    expect(matched.body.state).toBe('M');
    expect(await request(r.id)).toMatchObject({ paid_amount: '15000000.00', batch_id: batch.id });

    const current = (await s.call('GET', `/api/payment-batch/get/${batch.id}`, ketoan)).body;
    const cancelled = await s.call('PATCH', `/api/payment-batch/cancel/${batch.id}`, ketoan, {
      version: current.version,
    });
    expect(cancelled.body.state).toBe('C');
    expect(await request(r.id)).toMatchObject({ batch_id: null });
    expect((await create([{ payment_id: r.id, amount: '25000000' }])).status).toBe(200);
  });

  it('answers 404 to another company’s user and refuses what is not its company’s', async () => {
    const r = await accepted();
    const batch = (await create([{ payment_id: r.id, amount: '1000000' }])).body;
    for (const [method, url, body] of [
      ['GET', `/api/payment-batch/get/${batch.id}`, undefined],
      ['PATCH', `/api/payment-batch/approve/${batch.id}`, { version: batch.version }],
      ['PATCH', `/api/payment-batch/cancel/${batch.id}`, { version: batch.version }],
      ['GET', `/api/payment-batch/export/${batch.id}`, undefined],
      ['GET', `/api/payment-batch/statement-line/list/${account.id}`, undefined],
    ] as const)
      expect((await s.call(method, url, ketoan2, body)).status, url).toBe(404);
    const list = await s.call('GET', '/api/payment-batch/list/paging?itemsPerPage=100', ketoan2);
    expect(list.body.items.map((x: Rec) => x.id)).not.toContain(batch.id);
    expect(
      (await upload(`/api/payment-batch/statement/${account.id}`, 's.csv', Buffer.from('a'), ketoan2)).status,
    ).toBe(404);
    // another company's account, or a request out of scope: 400 naming the field
    const foreign = await s.call('POST', '/api/payment-batch/create', ketoan2, {
      company_bank_account_id: account.id,
      items: [{ payment_id: r.id, amount: '1' }],
    });
    expect(foreign.status).toBe(400);
    expect((await s.call('GET', `/api/payment-batch/get/${batch.id}`, ketoan)).body.state).toBe('O');
    // an unmatched line of this company's statement: neither matched nor dismissed by the other's user
    await s.call('PATCH', `/api/payment-batch/approve/${batch.id}`, giamdoc, { version: batch.version });
    const approved = (await s.call('GET', `/api/payment-batch/get/${batch.id}`, ketoan)).body;
    const imported = await statement([
      ['date', 'reference', 'debit', 'content'],
      ['08/03/2026', `FT-${backend}-X404`, '1000000', 'chuyen tien khong ma'],
    ]);
    const line = imported.body.lines[0];
    expect(line).toMatchObject({ state: 'U', reason: 'no_code' });
    const match = await s.call('PATCH', `/api/payment-batch/statement-line/match/${line.id}`, ketoan2, {
      batch_line_id: approved.lines[0].id,
    });
    expect(match.status).toBe(404);
    const dismiss = await s.call('PATCH', `/api/payment-batch/statement-line/dismiss/${line.id}`, ketoan2, {
      note: 'Không phải của chúng tôi',
    });
    expect(dismiss.status).toBe(404);
    const still = await s.call('GET', `/api/payment-batch/statement-line/list/${account.id}?state=U`, ketoan);
    expect(still.body.find((l: Rec) => l.id === line.id)).toMatchObject({ state: 'U', resolved_by: null });
    expect(await request(r.id)).toMatchObject({ paid_amount: '0.00' });
  });

  it('refuses a statement too large, malformed or without its columns with 400, recording nothing', async () => {
    const url = `/api/payment-batch/statement/${account.id}`;
    const big = await upload(url, 'big.csv', Buffer.alloc(5 * 1024 * 1024 + 10, 'a'));
    expect(big.status).toBe(400);
    expect(big.body.errors[0]).toMatchObject({ field: 'file', message: 'too_large' });
    const broken = await upload(url, 'broken.xlsx', Buffer.from('PK\u0003\u0004 not a workbook'));
    expect(broken.status).toBe(400);
    expect((await upload(url, 'x.csv', Buffer.from('a,b\r\n1,2'))).body.errors[0].message).toBe(
      'statement_headers',
    );
    expect((await upload(url, 'x.pdf', Buffer.from('%PDF'))).status).toBe(400);
    const badDate = await statement([
      ['date', 'reference', 'debit', 'content'],
      ['31/02/2026', 'X', '1000', 'YCTT-2026-000001'],
    ]);
    expect(badDate.status).toBe(400);
    const notMultipart = await s.call('POST', url, ketoan, { file: 'x' });
    expect(notMultipart.status).toBe(400);
  });
});

describe('one request in two batches at once (postgres)', () => {
  let s: TestServer;
  let f: Factories;
  let ketoan: string;
  let account: Rec;

  beforeAll(async () => {
    s = await createTestServer('postgres', { demo: true });
    const admin = await s.login();
    ketoan = await s.login('ketoan', 'ketoan123');
    f = factories(s, { admin, accountant: ketoan });
    const probe = await f.request(await f.contract());
    account = (
      await s.call('POST', '/api/admin/setting/company-bank-account/create', admin, {
        company_id: probe.company_id,
        bank_id: (await f.lookup()).banks[0]!.id,
        account_number: '777000111222',
        holder: 'CONG TY HP',
      })
    ).body;
  });
  afterAll(() => s?.close());

  it('lets one of two concurrent batches have the request', async () => {
    for (let round = 0; round < 3; round++) {
      const c = await f.contract();
      const shared = await f.request(c, { state: 'accepted' });
      const other1 = await f.request(c, { state: 'accepted' });
      const other2 = await f.request(await f.contract(), { state: 'accepted' });
      const answers = await Promise.all(
        [other1, other2].map((o) =>
          s.call('POST', '/api/payment-batch/create', ketoan, {
            company_bank_account_id: account.id,
            items: [
              { payment_id: o.id, amount: '1000' },
              { payment_id: shared.id, amount: '1000' },
            ],
          }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
      expect(answers.find((a) => a.status === 422)!.body.reason).toBe('in_open_batch');
      const lines = await s.database.db.execute(
        sql`select count(*)::int as n from payment_batch_line where payment_id = ${shared.id} and open`,
      );
      expect((lines as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    }
  });
});
