/**
 * E-invoices read from the tax authority's XML (docs/adr/0092-einvoice-xml-checks.md) through the
 * API, on both backends: the hand-written files of fixtures/einvoice/ (with a provider's wrapper and
 * without, VAT-exempt lines, an adjusting invoice, a duplicate, a wrong seller, a billion-laughs
 * DTD) and a zip of them; every check both ways; what is refused with nothing saved; the send
 * refused while a check blocks, an administrator's waiver, the replaced invoice. The race of two
 * imports of one invoice is at the end, on PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import FormData from 'form-data';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories, type Rec } from './factories.ts';
import { authHeaders, backends, createTestServer, type TestServer } from './helpers.ts';

const dir = path.join(import.meta.dirname, 'fixtures', 'einvoice');
const fixture = (name: string) => fs.readFileSync(path.join(dir, name));
/** The MSTs the fixtures are written with: the contractor (seller), the company HP (buyer). */
const SELLER = '0312345673';
const BUYER = '0101234565';
const PAYEE_ACCOUNT = '0011002233445';

type Part = { name: string; data: Buffer };

async function setUp(s: TestServer) {
  const admin = await s.login();
  const ketoan = await s.login('ketoan', 'ketoan123');
  const f = factories(s, { admin, accountant: ketoan, director: await s.login('giamdoc', 'giamdoc123') });
  // the company the fixtures bill, whatever tax code the demo gives it
  await s.database.db.execute(sql`update company set tax_code = ${BUYER} where code = 'HP'`);
  const k = await f.contractor({ tax_code: SELLER });
  const payee = await f.payee(k, { account_number: PAYEE_ACCOUNT });
  const contract = await f.contract({
    constructor_id: k.id,
    beneficiary_id: payee.id,
    amount_before_vat: '100000000000',
  });
  return { admin, ketoan, f, contract };
}

function importer(s: TestServer) {
  return async (paymentId: number, parts: Part[], token: string) => {
    const form = new FormData();
    for (const p of parts)
      form.append('file', p.data, { filename: p.name, contentType: 'application/octet-stream' });
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/payment-invoice/import-xml/${paymentId}`,
      payload: form.getBuffer(),
      headers: { ...form.getHeaders(), ...authHeaders(token) },
    });
    return { status: res.statusCode, body: res.json() };
  };
}

const file = (name: string): Part => ({ name, data: fixture(name) });
/** A fixture with some of its text replaced: another invoice number, another related one. */
const variant = (name: string, ...swaps: [string, string][]): Part => {
  let text = fixture(name).toString('utf8');
  for (const [from, to] of swaps) {
    expect(text).toContain(from);
    text = text.replace(from, to);
  }
  return {
    name: name.replace('.xml', `-${swaps.map((x) => x[1].replace(/\D/g, '')).join('-')}.xml`),
    data: Buffer.from(text),
  };
};
const resultOf = (x: Rec, code: string) => (x.checks as Rec[]).find((c) => c.code === code);

describe.each(backends)('e-invoice XML import (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let ketoan: string;
  let f: Factories;
  let contract: Rec;
  let importXml: ReturnType<typeof importer>;

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    ({ admin, ketoan, f, contract } = await setUp(s));
    importXml = importer(s);
  });
  afterAll(() => s?.close());

  const invoices = async (paymentId: number) =>
    (await s.call('GET', `/api/payment-invoice/list/${paymentId}`, ketoan)).body as Rec[];
  const send = (r: Rec) =>
    s.call('PATCH', `/api/payment-transaction/require-approval/${r.id}`, ketoan, { version: r.version });
  const get = async (id: number) =>
    (await s.call('GET', `/api/payment-transaction/get/${id}`, ketoan)).body as Rec;

  it('reads an invoice without a wrapper: its record, its lines, and all six checks pass', async () => {
    const r = await f.request(contract);
    const res = await importXml(r.id, [file('plain.xml')], ketoan);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [x] = res.body as Rec[];
    expect(x).toMatchObject({
      payment_id: r.id,
      form: '1',
      symbol: 'C26TAA',
      number: '101',
      date: '2025-06-01',
      seller_tax_code: SELLER,
      amount_before_vat: '100000000.00',
      vat_rate: '10',
      vat_amount: '10000000.00',
      total: '110000000.00',
      source: 'xml',
    });
    expect(x!.einvoice).toMatchObject({
      seller: { name: 'Công ty TNHH Xây lắp Minh Long', tax_code: SELLER, account: '0011 0022 33445' },
      buyer: { tax_code: BUYER },
      authority_code: '00A1B2C3D4E5F60718293A4B5C6D7E8F90',
      signatures: { seller: true },
      lines: [
        { name: 'Thi công phần thân nhà A, đợt 3', amount: '80000000', rate: '10%' },
        { name: 'Cốp pha, giàn giáo', amount: '20000000', rate: '10%' },
      ],
    });
    expect((x!.checks as Rec[]).map((c) => [c.code, c.result])).toEqual([
      ['parties', 'pass'],
      ['authority_code', 'pass'],
      ['totals', 'pass'],
      ['duplicate', 'pass'],
      ['signature', 'pass'],
      ['bank_account', 'pass'],
    ]);
    expect(resultOf(x!, 'signature')).toMatchObject({
      vi: expect.stringContaining('chưa xác minh'),
      en: expect.stringContaining('not yet verified'),
    });
    expect((await get(r.id)).invoice_amount).toBe('110000000.00');
    // the list judges the same
    expect((await invoices(r.id))[0]!.checks).toEqual(x!.checks);
    // an XML invoice is the invoice itself: not edited, deleted and imported again
    const edit = await s.call('PUT', `/api/payment-invoice/update/${x!.id}`, ketoan, {
      form: '1',
      symbol: 'C26TAA',
      number: '101',
      date: '2025-06-01',
      seller_tax_code: SELLER,
      amount_before_vat: '1',
      vat_rate: '10',
      version: x!.version,
    });
    expect(edit.status).toBe(422);
    expect(edit.body.reason).toBe('invoice_from_xml');
    // the request is sent: nothing blocks
    expect((await send(await get(r.id))).status).toBe(200);
  });

  it('finds HDon inside a provider’s wrapper; KCT and KKKNT lines stay themselves, a K symbol needs no MCCQT', async () => {
    const r = await f.request(contract, { amount: '115000000' });
    const res = await importXml(r.id, [file('wrapped-exempt.xml')], ketoan);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [x] = res.body as Rec[];
    expect(x).toMatchObject({
      symbol: 'K26TBB',
      number: '202',
      amount_before_vat: '110000000.00',
      vat_amount: '5600000.00',
      total: '115600000.00',
      vat_rate: 'MIXED',
    });
    expect((x!.einvoice as Rec).lines.map((l: Rec) => l.rate)).toEqual(['KCT', 'KKKNT', '8%', '8%', null]);
    expect(resultOf(x!, 'authority_code')).toMatchObject({
      result: 'pass',
      en: expect.stringContaining('K26TBB'),
    });
    expect(resultOf(x!, 'totals')!.result).toBe('pass');
    // no account printed: nothing to compare
    expect(resultOf(x!, 'bank_account')!.result).toBe('pass');
  });

  it('blocks or warns as each check fails, and the request cannot be sent: 422 invoice_blocked', async () => {
    const r = await f.request(contract);
    const res = await importXml(r.id, [file('faulty.xml')], ketoan);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [x] = res.body as Rec[];
    expect(x!.vat_rate).toBe('MIXED');
    expect((x!.einvoice as Rec).lines[0].rate).toBe('KHAC:5.26%');
    expect((x!.checks as Rec[]).map((c) => [c.code, c.result])).toEqual([
      ['parties', 'pass'],
      ['authority_code', 'block'],
      ['totals', 'block'],
      ['duplicate', 'pass'],
      ['signature', 'block'],
      ['bank_account', 'warn'],
    ]);
    expect(resultOf(x!, 'authority_code')!.vi).toContain('MCCQT');
    expect(resultOf(x!, 'totals')!.en).toContain('The lines add up to 90,000,000');
    expect(resultOf(x!, 'totals')!.vi).toContain('Cộng tiền các dòng 90,000,000');
    expect(resultOf(x!, 'bank_account')!.en).toContain(PAYEE_ACCOUNT);
    const sent = await send(await get(r.id));
    expect(sent.status).toBe(422);
    expect(sent.body).toMatchObject({
      reason: 'invoice_blocked',
      params: { count: 3, invoices: '303: authority_code, 303: totals, 303: signature' },
    });
    expect((await get(r.id)).approval_status).toBe('O');
  });

  it('a wrong seller blocks; an administrator waives it with a reason, recorded in the history, and the request is sent', async () => {
    const r = await f.request(contract);
    const [x] = (await importXml(r.id, [file('wrong-seller.xml')], ketoan)).body as Rec[];
    expect(resultOf(x!, 'parties')).toMatchObject({
      result: 'block',
      en: expect.stringContaining('0209998887'),
      vi: expect.stringContaining('MST người bán 0209998887'),
    });
    expect((await send(await get(r.id))).body.reason).toBe('invoice_blocked');
    const waive = (token: string, body: Record<string, unknown>) =>
      s.call('PATCH', `/api/payment-invoice/waive/${x!.id}`, token, body);
    // only an administrator, only a check that blocks, with a reason
    expect(
      (await waive(ketoan, { check: 'parties', reason: 'Đã xác minh', version: x!.version })).status,
    ).toBe(403);
    const notBlocking = await waive(admin, { check: 'signature', reason: 'x', version: x!.version });
    expect(notBlocking.status).toBe(422);
    expect(notBlocking.body.reason).toBe('check_not_blocking');
    expect((await waive(admin, { check: 'parties', reason: ' ', version: x!.version })).status).toBe(400);
    const waived = await waive(admin, {
      check: 'parties',
      reason: 'Nhà cung cấp vật tư được nhà thầu ủy quyền xuất hóa đơn',
      version: x!.version,
    });
    expect(waived.status, JSON.stringify(waived.body)).toBe(200);
    expect(resultOf(waived.body, 'parties')).toMatchObject({
      result: 'block',
      waived: { by: 'admin', reason: 'Nhà cung cấp vật tư được nhà thầu ủy quyền xuất hóa đơn' },
    });
    expect(resultOf((await invoices(r.id))[0]!, 'parties')!.waived).toBeTruthy();
    const history = (await s.call('GET', `/api/payment-transaction/history/${r.id}`, ketoan)).body;
    expect(JSON.stringify(history)).toContain('invoice-waive');
    expect(JSON.stringify(history)).toContain('Nhà cung cấp vật tư được nhà thầu ủy quyền');
    expect((await send(await get(r.id))).status).toBe(200);
  });

  it('a wrong seller replaced by the right invoice: the request is sent', async () => {
    const r = await f.request(contract, { amount: '2000000' });
    // another invoice of the wrong seller than the waiver's test
    const wrongOne = variant('wrong-seller.xml', ['<SHDon>7</SHDon>', '<SHDon>8</SHDon>']);
    const [wrong] = (await importXml(r.id, [wrongOne], ketoan)).body as Rec[];
    expect(wrong).toBeDefined();
    expect((await send(await get(r.id))).body.reason).toBe('invoice_blocked');
    const removed = await s.call('DELETE', `/api/payment-invoice/delete/${wrong!.id}`, ketoan, {
      version: wrong!.version,
    });
    expect(removed.status).toBe(200);
    // the adjusting invoice names one on another request of the company: linked
    const original = await f.request(contract);
    const taken = await importXml(
      original.id,
      [variant('plain.xml', ['<SHDon>101</SHDon>', '<SHDon>130</SHDon>'])],
      ketoan,
    );
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const adjusting = variant(
      'adjusting.xml',
      ['<SHDon>105</SHDon>', '<SHDon>131</SHDon>'],
      ['<SHDCLQuan>101</SHDCLQuan>', '<SHDCLQuan>130</SHDCLQuan>'],
    );
    const res = await importXml(r.id, [adjusting], ketoan);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(resultOf(res.body[0], 'duplicate')).toMatchObject({
      result: 'pass',
      en: expect.stringContaining(
        `adjusts invoice 1 · C26TAA · 130 (request no. ${original.requirement_no})`,
      ),
    });
    expect((await send(await get(r.id))).status).toBe(200);
  });

  it('the buyer’s tax code must be the company’s: judged again as the company’s stands now', async () => {
    const r = await f.request(contract);
    const xml = fixture('plain.xml').toString('utf8').replace('<SHDon>101</SHDon>', '<SHDon>110</SHDon>');
    await s.database.db.execute(sql`update company set tax_code = '0501231230' where code = 'HP'`);
    try {
      const res = await importXml(r.id, [{ name: 'buyer.xml', data: Buffer.from(xml) }], ketoan);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(resultOf(res.body[0], 'parties')).toMatchObject({
        result: 'block',
        en: expect.stringContaining(
          "The buyer's tax code 0101234565 is not the request's company's (0501231230)",
        ),
      });
    } finally {
      await s.database.db.execute(sql`update company set tax_code = ${BUYER} where code = 'HP'`);
    }
    expect(resultOf((await invoices(r.id))[0]!, 'parties')!.result).toBe('pass');
  });

  it('reads a zip of invoices; an adjusting invoice naming none of the company’s blocks', async () => {
    const r = await f.request(contract, { amount: '900000000' });
    const zip = new PizZip();
    const adjusting = fixture('adjusting.xml')
      .toString('utf8')
      .replace('<SHDon>105</SHDon>', '<SHDon>106</SHDon>')
      .replace('<SHDCLQuan>101</SHDCLQuan>', '<SHDCLQuan>999</SHDCLQuan>');
    zip.file('thang6/adjusting-106.xml', adjusting);
    zip.file('readme.txt', 'not read');
    const res = await importXml(
      r.id,
      [{ name: 'hoa-don.zip', data: zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }) }],
      ketoan,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toHaveLength(1);
    const [x] = res.body as Rec[];
    expect((x!.einvoice as Rec).file).toBe('hoa-don.zip/thang6/adjusting-106.xml');
    expect(resultOf(x!, 'duplicate')).toMatchObject({ result: 'block', en: expect.stringContaining('999') });
    // the invoices (2,200,000) are below the 900,000,000 requested
    expect(resultOf(x!, 'totals')).toMatchObject({ result: 'block', en: expect.stringContaining('below') });
  });

  it('refuses with 400 and the reason, saving nothing: malformed, not an invoice, a DTD, over 5 MB, a zip bomb, a duplicate', async () => {
    const r = await f.request(contract);
    const refused = async (parts: Part[], reason: string, status = 400) => {
      const res = await importXml(r.id, parts, ketoan);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.reason).toBe(reason);
      return res.body;
    };
    // a good file beside a bad one: neither is saved
    const malformed = await refused([file('adjusting.xml'), file('malformed.xml')], 'einvoice_malformed');
    expect(malformed.params.file).toBe('malformed.xml');
    expect(malformed.errors).toEqual([{ field: 'file', message: 'einvoice_malformed' }]);
    await refused([file('not-invoice.xml')], 'einvoice_not_invoice');
    const dtd = await refused([file('billion-laughs.xml')], 'einvoice_doctype');
    expect(dtd.message).toContain('DOCTYPE');
    await refused(
      [{ name: 'external.xml', data: Buffer.from('<!DOCTYPE HDon SYSTEM "file:///etc/passwd"><HDon/>') }],
      'einvoice_doctype',
    );
    const big = Buffer.concat([fixture('plain.xml'), Buffer.from(`<!-- ${'x'.repeat(5 * 1024 * 1024)} -->`)]);
    await refused([{ name: 'big.xml', data: big }], 'einvoice_too_large');
    const bomb = new PizZip();
    bomb.file('bomb.xml', Buffer.alloc(20 * 1024 * 1024, 0x20));
    await refused(
      [{ name: 'bomb.zip', data: bomb.generate({ type: 'nodebuffer', compression: 'DEFLATE' }) }],
      'einvoice_too_large',
    );
    await refused([{ name: 'invoice.pdf', data: Buffer.from('%PDF-1.7') }], 'einvoice_file_type');
    const none = await importXml(r.id, [], ketoan);
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([{ field: 'file', message: 'required' }]);
    // the same invoice twice in one import: the second is refused, the first not kept
    await refused([file('adjusting.xml'), file('adjusting.xml')], 'invoice_used', 422);
    // an invoice on another request, sent again through another provider's wrapper (its symbol in
    // small letters, its MST with spaces)
    const holder = await f.request(contract);
    const held = await importXml(
      holder.id,
      [variant('plain.xml', ['<SHDon>101</SHDon>', '<SHDon>140</SHDon>'])],
      ketoan,
    );
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const duplicate = await refused(
      [variant('duplicate.xml', ['<SHDon>101</SHDon>', '<SHDon>140</SHDon>'])],
      'invoice_used',
      422,
    );
    expect(duplicate.params).toMatchObject({ number: '140', payment_id: holder.id });
    expect(await invoices(r.id)).toEqual([]);
    expect((await get(r.id)).version).toBe(r.version);
  });

  it('answers 404 for a request outside the caller’s scope, and 422 once the request is sent', async () => {
    const ketoan2 = await s.login('ketoan2', 'ketoan123');
    const r = await f.request(contract);
    expect((await importXml(r.id, [file('wrapped-exempt.xml')], ketoan2)).status).toBe(404);
    const sent = await f.request(contract, { state: 'waiting' });
    const res = await importXml(sent.id, [file('wrapped-exempt.xml')], ketoan);
    expect(res.status).toBe(422);
  });
});

describe('e-invoice import races on PostgreSQL', () => {
  let s: TestServer;
  let ketoan: string;
  let f: Factories;
  let contract: Rec;

  beforeAll(async () => {
    s = await createTestServer('postgres', { demo: true });
    ({ ketoan, f, contract } = await setUp(s));
  });
  afterAll(() => s?.close());

  it('one invoice imported into two requests at once: exactly one takes it, the other is told which', async () => {
    const importXml = importer(s);
    for (let round = 0; round < 4; round++) {
      const [a, b] = await Promise.all([f.request(contract), f.request(contract)]);
      const xml = fixture('plain.xml')
        .toString('utf8')
        .replace('<SHDon>101</SHDon>', `<SHDon>9${round}</SHDon>`);
      const part = { name: `race-${round}.xml`, data: Buffer.from(xml) };
      const results = await Promise.all([importXml(a!.id, [part], ketoan), importXml(b!.id, [part], ketoan)]);
      expect(results.map((r) => r.status).sort(), JSON.stringify(results.map((r) => r.body))).toEqual([
        200, 422,
      ]);
      const won = results.find((r) => r.status === 200)!.body[0];
      const lost = results.find((r) => r.status === 422)!.body;
      expect(lost).toMatchObject({ reason: 'invoice_used', params: { payment_id: won.payment_id } });
    }
  });
});
