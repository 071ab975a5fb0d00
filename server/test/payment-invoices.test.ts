/**
 * A payment request's VAT invoices through HTTP (docs/adr/0068-payment-invoices.md), on both
 * backends: list, create, update, delete; VAT and total computed per rate; the request's invoice
 * amount following their sum; one invoice claimed once per company; who may read and change them;
 * bad input; the request's history and print. The races are at the end, on PostgreSQL only.
 */
import { addAmounts } from '@sitepay/domain/money';
import { sql } from 'drizzle-orm';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessToday } from '../src/core/business-time.ts';
import { queryRows } from '../src/db/client.ts';
import { type Factories, factories, type Rec } from './factories.ts';
import { authHeaders, backends, createTestServer, type TestServer } from './helpers.ts';

const base = '/api/payment-invoice';
let numbers = 0;

/** An invoice of `paymentId` with a number of its own unless told. */
const invoiceBody = (paymentId: number, over: Record<string, unknown> = {}) => ({
  payment_id: paymentId,
  form: '1',
  symbol: 'C25TAA',
  number: String(1000 + ++numbers).padStart(8, '0'),
  date: '2025-06-01',
  seller_tax_code: '0101234565',
  amount_before_vat: '100000000',
  vat_rate: '10',
  ...over,
});

/** The fields an update sends: the invoice's own, without its request. */
const updateBody = (x: Rec, over: Record<string, unknown> = {}) => ({
  form: x.form,
  symbol: x.symbol,
  number: x.number,
  date: x.date,
  seller_tax_code: x.seller_tax_code,
  amount_before_vat: x.amount_before_vat,
  vat_rate: x.vat_rate,
  version: x.version,
  ...over,
});

describe.each(backends)('payment request invoices (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let ketoan: string; // accountant of company HP (CT-001…CT-003)
  let giamdoc: string; // director of HP
  let ketoan2: string; // accountant of company DN (CT-004, CT-005)
  let f: Factories;
  let hpContract: Rec;
  let dnContract: Rec;

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    [admin, ketoan, giamdoc, ketoan2] = await Promise.all([
      s.login(),
      s.login('ketoan', 'ketoan123'),
      s.login('giamdoc', 'giamdoc123'),
      s.login('ketoan2', 'ketoan123'),
    ]);
    f = factories(s, { admin, accountant: ketoan, director: giamdoc });
    const ref = await f.lookup();
    hpContract = await f.contract({ amount_before_vat: '10000000000' });
    dnContract = await f.contract({
      construction_id: ref.constructions['CT-004']!.id,
      amount_before_vat: '10000000000',
      by: admin,
    });
  });
  afterAll(() => s?.close());

  const request = (options: Record<string, unknown> = {}) =>
    f.request(hpContract, { invoice_amount: '5000000', ...options });
  const add = (paymentId: number, over: Record<string, unknown> = {}, token = ketoan) =>
    s.call('POST', `${base}/create`, token, invoiceBody(paymentId, over));
  const added = async (paymentId: number, over: Record<string, unknown> = {}, token = ketoan) => {
    const res = await add(paymentId, over, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Rec;
  };
  const list = async (paymentId: number, token = ketoan) =>
    (await s.call('GET', `${base}/list/${paymentId}`, token)).body as Rec[];
  const get = async (paymentId: number) =>
    (await s.call('GET', `/api/payment-transaction/get/${paymentId}`, ketoan)).body as Rec;
  const update = (x: Rec, over: Record<string, unknown> = {}, token = ketoan) =>
    s.call('PUT', `${base}/update/${x.id}`, token, updateBody(x, over));
  const remove = (x: Rec, token = ketoan, version = x.version) =>
    s.call('DELETE', `${base}/delete/${x.id}`, token, { version });
  /** The request's own edit, as its form sends it. */
  const edit = async (r: Rec, over: Record<string, unknown> = {}) => {
    const { contract_id: _, ...fields } = await f.requestInput(hpContract, {
      invoice_amount: r.invoice_amount,
    });
    return s.call('PUT', `/api/payment-transaction/update/${r.id}`, ketoan, {
      ...fields,
      version: r.version,
      ...over,
    });
  };

  it('adds, lists, updates and deletes a request’s invoices; the invoice amount is their sum, null once none is left', async () => {
    const r = await request();
    expect(r.invoice_amount).toBe('5000000.00');
    const a = await added(r.id, { amount_before_vat: '100000000', vat_rate: '10' });
    expect(a).toMatchObject({
      payment_id: r.id,
      form: '1',
      symbol: 'C25TAA',
      date: '2025-06-01',
      seller_tax_code: '0101234565',
      amount_before_vat: '100000000.00',
      vat_rate: '10',
      vat_amount: '10000000.00',
      total: '110000000.00',
      status: 'O',
      version: 0,
    });
    expect((await get(r.id)).invoice_amount).toBe('110000000.00');
    const b = await added(r.id, { amount_before_vat: '50000000', vat_rate: '8', date: '2025-05-20' });
    expect(b.total).toBe('54000000.00');
    // by date: b first
    expect((await list(r.id)).map((x) => x.id)).toEqual([b.id, a.id]);
    expect((await get(r.id)).invoice_amount).toBe('164000000.00');

    const changed = await update(a, { amount_before_vat: '200000000', vat_rate: '5' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ vat_amount: '10000000.00', total: '210000000.00', version: 1 });
    expect((await get(r.id)).invoice_amount).toBe('264000000.00');

    // a stale version writes nothing
    const stale = await update(a, { amount_before_vat: '1' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('invalid_version');
    expect((await remove(a)).status).toBe(409);
    expect((await list(r.id)).find((x) => x.id === a.id)?.total).toBe('210000000.00');
    expect((await get(r.id)).invoice_amount).toBe('264000000.00');

    const gone = await remove(changed.body);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(gone.body.status).toBe('D');
    expect((await list(r.id)).map((x) => x.id)).toEqual([b.id]);
    expect((await get(r.id)).invoice_amount).toBe('54000000.00');
    expect((await remove(b)).status).toBe(200);
    expect(await list(r.id)).toEqual([]);
    expect((await get(r.id)).invoice_amount).toBeNull();
    // gone from reads
    expect((await s.call('GET', `${base}/get/${a.id}`, ketoan)).status).toBe(404);
  });

  it('computes VAT and total per rate, to the whole đồng, whatever VAT or total the client sends', async () => {
    const r = await request();
    const cases = [
      ['0', '12345678', '0.00', '12345678.00'],
      ['5', '12345678', '617284.00', '12962962.00'], // 617,283.9
      ['8', '12345', '988.00', '13333.00'], // 987.6
      ['10', '15', '2.00', '17.00'], // 1.5, half away from zero
      ['10', '12343', '1234.00', '13577.00'], // 1,234.3
      ['KCT', '250000000', '0.00', '250000000.00'],
      ['KKKNT', '250000000', '0.00', '250000000.00'],
    ] as const;
    const totals: string[] = [];
    for (const [rate, amount, vat, total] of cases) {
      const x = await added(r.id, {
        vat_rate: rate,
        amount_before_vat: amount,
        // a printed invoice's own figures are taken and not read
        vat_amount: '1',
        total: '999',
      });
      expect([x.vat_rate, x.vat_amount, x.total], rate).toEqual([rate, vat, total]);
      totals.push(total);
    }
    expect((await get(r.id)).invoice_amount).toBe(addAmounts(...totals));
    // a rate sent as a number, or in small letters
    expect((await added(r.id, { vat_rate: 8, amount_before_vat: '1000' })).vat_rate).toBe('8');
    expect((await added(r.id, { vat_rate: 'kct' })).vat_rate).toBe('KCT');
  });

  it('keeps the request’s invoice amount the invoices’ sum: an edit may send it again, not change it', async () => {
    let r = await request();
    await added(r.id, { amount_before_vat: '1000000', vat_rate: '10' });
    r = await get(r.id);
    expect(r.invoice_amount).toBe('1100000.00');
    const other = await edit(r, { invoice_amount: '2000000' });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      reason: 'invoice_amount_from_invoices',
      params: { amount: '1100000.00', count: 1 },
    });
    expect((await edit(r, { invoice_amount: null })).status).toBe(422);
    // the same amount (the form shows it read only), written as the form writes it
    const same = await edit(r, { invoice_amount: '1100000', note: 'Sửa nội dung' });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body).toMatchObject({ invoice_amount: '1100000.00', note: 'Sửa nội dung' });
    // without invoices the form's amount is the request's again
    const [x] = await list(r.id);
    expect((await remove(x!)).status).toBe(200);
    r = await get(r.id);
    const free = await edit(r, { invoice_amount: '2000000' });
    expect(free.status).toBe(200);
    expect(free.body.invoice_amount).toBe('2000000.00');
  });

  it('an invoice write is in the request’s history, moves its version on and makes the writer one of its preparers', async () => {
    let r = await request();
    const x = await added(r.id, { amount_before_vat: '1000000', number: 'HIST-1' }, admin);
    expect((await get(r.id)).version).toBe(r.version + 1);
    await update(x, { amount_before_vat: '2000000' }, admin);
    // the invoice's own field history (read while it lives)
    const own = (await s.call('GET', `${base}/history/${x.id}`, ketoan)).body as Rec[];
    expect(own.map((h) => h.action)).toEqual(['update', 'create']);
    expect(own[0]!.changes).toMatchObject({
      amount_before_vat: { old: '1000000.00', new: '2000000.00' },
      vat_amount: { old: '100000.00', new: '200000.00' },
      total: { old: '1100000.00', new: '2200000.00' },
    });
    await remove({ ...x, version: 1 }, admin);
    const history = (await s.call('GET', `/api/payment-transaction/history/${r.id}`, ketoan)).body as Rec[];
    const lines = history.filter((h) => h.action.startsWith('invoice-'));
    expect(lines.map((h) => [h.action, h.user_name, h.changes])).toEqual([
      [
        'invoice-remove',
        'admin',
        {
          invoice: { old: '1 · C25TAA · HIST-1 · 2,200,000', new: null },
          invoice_amount: { old: '2200000.00', new: null },
        },
      ],
      [
        'invoice-update',
        'admin',
        {
          invoice: { old: '1 · C25TAA · HIST-1 · 1,100,000', new: '1 · C25TAA · HIST-1 · 2,200,000' },
          invoice_amount: { old: '1100000.00', new: '2200000.00' },
        },
      ],
      [
        'invoice-add',
        'admin',
        {
          invoice: { old: null, new: '1 · C25TAA · HIST-1 · 1,100,000' },
          invoice_amount: { old: '5000000.00', new: '1100000.00' },
        },
      ],
    ]);
    // whoever changed its invoices prepared it: he does not approve it
    r = await get(r.id);
    const sent = await s.call('PATCH', `/api/payment-transaction/require-approval/${r.id}`, ketoan, {
      version: r.version,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const accept = await s.call('PATCH', `/api/payment-approval/accept/${r.id}`, admin, {
      version: sent.body.version,
    });
    expect(accept.status).toBe(422);
    expect(accept.body.reason).toBe('own_request');
  });

  it('refuses an invoice already on a live request of the company, naming that request; another company may hold it', async () => {
    const first = await request();
    const second = await request();
    const x = await added(first.id, { symbol: 'C25TBB', number: '00000777', seller_tax_code: '0109999982' });
    const same = { symbol: 'C25TBB', number: '00000777', seller_tax_code: '0109999982' };
    for (const [paymentId, over] of [
      [second.id, same],
      // the form and the symbol are compared trimmed and ignoring case
      [second.id, { ...same, symbol: ' c25tbb ', form: ' 1 ' }],
      // on its own request too: it would count twice
      [first.id, same],
    ] as const) {
      const twice = await add(paymentId, over);
      expect(twice.status, JSON.stringify(over)).toBe(422);
      expect(twice.body).toMatchObject({
        code: 'unprocessable',
        reason: 'invoice_used',
        params: {
          payment_id: first.id,
          requirement_no: first.requirement_no,
          contract_no: hpContract.contract_no,
          number: '00000777',
        },
      });
      expect(twice.body.message).toContain(
        `no. ${first.requirement_no} of contract ${hpContract.contract_no}`,
      );
    }
    // an update may not take it either
    const y = await added(second.id);
    const taken = await update(y, same);
    expect(taken.status).toBe(422);
    expect(taken.body.reason).toBe('invoice_used');
    // another seller, form, symbol or number is another invoice
    for (const over of [
      { seller_tax_code: '0109999982-001' },
      { form: '2' },
      { symbol: 'C25TBC' },
      { number: '0000777' },
    ])
      expect((await add(second.id, { ...same, ...over })).status, JSON.stringify(over)).toBe(200);
    // another company's request may hold the same invoice
    const dn = await f.request(dnContract, { by: ketoan2 });
    const theirs = await add(dn.id, same, ketoan2);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    // an invoice edited onto itself is no clash
    expect((await update(x, { amount_before_vat: '1' })).status).toBe(200);
  });

  it('a rejected or deactivated request still holds its invoice; a deleted one lets it go', async () => {
    const holder = await request({ state: 'rejected' });
    const other = await request();
    const claim = { number: 'REL-1', seller_tax_code: '0108888888' };
    const x = await added(holder.id, claim);
    expect((await add(other.id, claim)).body.reason).toBe('invoice_used');
    let h = await get(holder.id);
    const off = await s.call('PATCH', `/api/payment-transaction/deactivate/${h.id}`, ketoan, {
      version: h.version,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await add(other.id, claim)).body.reason).toBe('invoice_used');
    h = await get(holder.id);
    const del = await s.call('DELETE', `/api/payment-transaction/delete/${h.id}`, ketoan, {
      version: h.version,
    });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await s.call('GET', `${base}/get/${x.id}`, admin)).status).toBe(404);
    const [line] = await queryRows<{ action: string; changes: unknown }>(
      s.database.db,
      sql`select action, changes from record_history where entity = 'payment-invoice' and record_id = ${x.id}
          order by id desc limit 1`,
    );
    expect(line).toEqual({ action: 'delete', changes: { status: { old: 'O', new: 'D' } } });
    expect((await added(other.id, claim)).payment_id).toBe(other.id);
  });

  it('is read by whoever reads the request, changed only while the request could be edited', async () => {
    const r = await request();
    const x = await added(r.id);
    // the director reads them, changes nothing: his role has no write right on requests
    expect((await list(r.id, giamdoc)).map((i) => i.id)).toEqual([x.id]);
    expect((await add(r.id, {}, giamdoc)).status).toBe(403);
    expect((await update(x, {}, giamdoc)).status).toBe(403);
    expect((await remove(x, giamdoc)).status).toBe(403);
    // another company's accountant: as if the request did not exist
    for (const res of [
      await s.call('GET', `${base}/list/${r.id}`, ketoan2),
      await s.call('GET', `${base}/get/${x.id}`, ketoan2),
      await s.call('GET', `${base}/history/${x.id}`, ketoan2),
      await add(r.id, {}, ketoan2),
      await update(x, { amount_before_vat: '1' }, ketoan2),
      await remove(x, ketoan2),
    ])
      expect(res.status).toBe(404);
    expect((await list(r.id)).map((i) => [i.id, i.version])).toEqual([[x.id, 0]]);
    // sent: waiting for approval, nothing changes, with the reason an edit gets
    const w = await f.request(hpContract, { state: 'waiting' });
    expect((await add(w.id)).body).toMatchObject({ status: 422, reason: 'not_allowed_in_state' });
    const sent = await request();
    const y = await added(sent.id);
    const now = await get(sent.id);
    await s.call('PATCH', `/api/payment-transaction/require-approval/${now.id}`, ketoan, {
      version: now.version,
    });
    for (const res of [await update(y, { amount_before_vat: '1' }), await remove(y)])
      expect(res.body).toMatchObject({ status: 422, reason: 'not_allowed_in_state' });
    expect((await get(sent.id)).invoice_amount).toBe(y.total);
    // approved and paid: still not
    const paid = await f.request(hpContract, { state: 'paid' });
    expect((await add(paid.id)).body.reason).toBe('not_allowed_in_state');
    // deactivated: activate it first
    const off = await request();
    const offNow = await s.call('PATCH', `/api/payment-transaction/deactivate/${off.id}`, ketoan, {
      version: off.version,
    });
    expect(offNow.status).toBe(200);
    expect((await add(off.id)).body.reason).toBe('payment_inactive');
    // rejected: edited again, invoices with it
    const rejected = await request({ state: 'rejected' });
    expect((await add(rejected.id)).status).toBe(200);
    // an unknown request
    expect((await add(999999)).status).toBe(404);
    expect((await s.call('GET', `${base}/list/999999`, ketoan)).status).toBe(404);
  });

  it('answers bad input with 400 naming the field, and writes nothing', async () => {
    const r = await request();
    const tomorrow = addDays(businessToday(), 1);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ date: tomorrow }, 'date', 'future_date'],
      [{ date: '2025-02-30' }, 'date', 'invalid_date'],
      [{ date: '01/06/2025' }, 'date', 'invalid_date'],
      [{ seller_tax_code: '123' }, 'seller_tax_code', 'invalid_tax_code'],
      [{ seller_tax_code: '0101234565-1' }, 'seller_tax_code', 'invalid_tax_code'],
      [{ vat_rate: '7' }, 'vat_rate', 'invalid'],
      [{ vat_rate: null }, 'vat_rate', 'required'],
      [{ form: '123456789012' }, 'form', 'too_long'],
      [{ symbol: 'C'.repeat(21) }, 'symbol', 'too_long'],
      [{ number: '1'.repeat(21) }, 'number', 'too_long'],
      [{ number: '  ' }, 'number', 'required'],
      [{ amount_before_vat: '-1' }, 'amount_before_vat', 'too_small'],
      [{ amount_before_vat: '1.234' }, 'amount_before_vat', 'invalid_amount'],
      [{ amount_before_vat: 0.1 + 0.2 }, 'amount_before_vat', 'invalid_amount'],
      [{ vat_amount: 'abc' }, 'vat_amount', 'invalid_amount'],
      [{ payment_id: 'x' }, 'payment_id', 'required'],
      [{ company_id: 1 }, 'company_id', 'unknown_field'],
    ];
    for (const [over, field, message] of cases) {
      const res = await add(r.id, over);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.errors, JSON.stringify(over)).toEqual([{ field, message }]);
    }
    const x = await added(r.id);
    const bad = await update(x, { date: tomorrow });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'date', message: 'future_date' }]);
    expect((await update(x, { payment_id: r.id })).body.errors).toEqual([
      { field: 'payment_id', message: 'unknown_field' },
    ]);
    expect((await s.call('PUT', `${base}/update/${x.id}`, ketoan, { version: x.version })).status).toBe(400);
    expect((await s.call('DELETE', `${base}/delete/${x.id}`, ketoan, {})).status).toBe(400);
    expect((await s.call('PUT', `${base}/update/0x10`, ketoan, updateBody(x))).status).toBe(400);
    expect(await list(r.id)).toHaveLength(1);
    // today is not the future
    expect((await add(r.id, { date: businessToday() })).status).toBe(200);
  });

  it('prints the invoices on the request', async () => {
    const r = await request();
    await added(r.id, { number: 'PRINT-001', amount_before_vat: '1000000', date: '2025-05-02' });
    await added(r.id, { number: 'PRINT-002', amount_before_vat: '2000000', date: '2025-05-03' });
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/payment-transaction/download/${r.id}`,
      headers: authHeaders(ketoan),
    });
    expect(res.statusCode).toBe(200);
    const text = (await mammoth.extractRawText({ buffer: res.rawPayload })).value;
    expect(text).toContain('Hóa đơn PRINT-001, mẫu 1, ký hiệu C25TAA, ngày 02/05/2025');
    expect(text).toContain('Hóa đơn PRINT-002, mẫu 1, ký hiệu C25TAA, ngày 03/05/2025');
    expect(text).toMatch(/Giá trị hóa đơn\s+3\.300\.000/);
    expect(text).toMatch(/PRINT-002[^\n]*\s+2\.200\.000/);
  });
});

describe('invoice races on PostgreSQL', () => {
  let s: TestServer;
  let ketoan: string;
  let f: Factories;
  let contract: Rec;

  beforeAll(async () => {
    s = await createTestServer('postgres', { demo: true });
    const admin = await s.login();
    ketoan = await s.login('ketoan', 'ketoan123');
    f = factories(s, { admin, accountant: ketoan, director: await s.login('giamdoc', 'giamdoc123') });
    contract = await f.contract({ amount_before_vat: '100000000000' });
  });
  afterAll(() => s?.close());

  it('one invoice raced onto two requests: exactly one takes it, the other is told which', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = await Promise.all([f.request(contract), f.request(contract)]);
      const body = (paymentId: number) => invoiceBody(paymentId, { number: `RACE-${round}` });
      const results = await Promise.all([
        s.call('POST', `${base}/create`, ketoan, body(a!.id)),
        s.call('POST', `${base}/create`, ketoan, body(b!.id)),
      ]);
      expect(results.map((r) => r.status).sort(), JSON.stringify(results.map((r) => r.body))).toEqual([
        200, 422,
      ]);
      const won = results.find((r) => r.status === 200)!.body;
      const lost = results.find((r) => r.status === 422)!.body;
      expect(lost).toMatchObject({ reason: 'invoice_used', params: { payment_id: won.payment_id } });
    }
  });

  it('invoices added to one request at once: its invoice amount is the sum of all of them', async () => {
    const r = await f.request(contract);
    const amounts = Array.from({ length: 12 }, (_, i) => String(1000000 * (i + 1) + 1));
    const results = await Promise.all(
      amounts.map((amount) =>
        s.call('POST', `${base}/create`, ketoan, invoiceBody(r.id, { amount_before_vat: amount })),
      ),
    );
    expect(results.map((x) => x.status)).toEqual(amounts.map(() => 200));
    const stored = (await s.call('GET', `/api/payment-transaction/get/${r.id}`, ketoan)).body;
    expect(stored.invoice_amount).toBe(addAmounts(...results.map((x) => x.body.total)));
    expect(stored.version).toBe(r.version + amounts.length);
  });
});
