/**
 * Issue 26, "Found" 4 and 5, through HTTP on both backends: an amount is exactly the API's form
 * (`^-?\d{1,15}(\.\d{1,2})?$`, or a JSON number that is that decimal) — "1,5" was stored as 15.00 —
 * and text XML 1.0 cannot hold is refused in every body, query and path, where it used to be saved
 * and then make the print fail (U+0001) or print a file Word refuses (U+FFFE). Each refusal is a 400
 * naming the field, and nothing is written. Rows stored before still print, well-formed.
 */
import { sql } from 'drizzle-orm';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { packageFault } from '../src/documents/xml-check.ts';
import { factories } from './factories.ts';
import { authHeaders, backends, createTestServer, type TestServer } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers of every shape
type Any = any;

/** Amounts the API once read as another number, or took with what surrounded them. */
const MALFORMED_AMOUNTS = [
  '1,5', // 15.00 before: one and a half in Vietnamese
  '1,00', // 100.00 before
  '12,34,56', // 123456.00 before
  '1,500,000',
  '1.500.000',
  ' 100 ',
  '100\n',
  '1 500 000',
  '1e3',
  '+1',
  '.5',
  '1.',
  '１００', // full-width digits
  '١٠٠', // Arabic-Indic digits
  '1234567890123456', // 16 integer digits
];
/** JSON numbers that are not the decimal they look like, or too long. */
const MALFORMED_NUMBERS = [0.1 + 0.2, 1e21, 1e16, 1.005];

/** Characters XML 1.0 cannot hold, as a note would carry them. */
const NOT_IN_XML = ['\u0001', '\u0008', '\u000b', '\u000c', '\u001f', '\ufffe', '\uffff', '\ud800', '\udc00'];

describe.each(backends)('strict input (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  const ct: Record<string, Any> = {};
  let contract: Any;
  let customer: Any;
  let bill: Any;
  /** A valid body of each, as the factories make them; the tests spoil one field at a time. */
  let validContract: Record<string, unknown>;
  let validPayment: Record<string, unknown>;

  const count = async (table: string) =>
    Number(
      (await queryRows<{ n: string }>(s.database.db, sql.raw(`select count(*)::text as n from ${table}`)))[0]!
        .n,
    );
  const post = (url: string, body: unknown) => s.call('POST', url, admin, body);
  const put = (url: string, body: unknown) => s.call('PUT', url, admin, body);

  /** A request refused with 400 naming `field` with `message`, and `table` has as many rows as before. */
  async function refused(
    send: () => Promise<{ status: number; body: Any }>,
    field: string,
    message: string,
    table: string,
    what: string,
  ) {
    const before = await count(table);
    const res = await send();
    expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
    expect(res.body.errors, what).toContainEqual({ field, message });
    expect(await count(table), what).toBe(before);
  }

  const payment = (over: Record<string, unknown> = {}) => ({ ...validPayment, ...over });
  const contractBody = (over: Record<string, unknown> = {}) => ({
    ...validContract,
    contract_no: `HĐ-SI-${Math.random().toString(36).slice(2, 8)}`,
    ...over,
  });
  const today = new Date().toISOString().slice(0, 10);
  const billBody = (over: Record<string, unknown> = {}) => ({
    customer_id: customer.id,
    construction_id: ct['CT-001'].id,
    number: `HD-SI-${Math.random().toString(36).slice(2, 8)}`,
    bill_date: today,
    due_date: today,
    amount: '1000000',
    ...over,
  });

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    admin = await s.login();
    for (const c of (await s.call('GET', '/api/construction/paging?itemsPerPage=100', admin)).body.items)
      ct[c.code] = c;
    const f = factories(s, { admin, accountant: admin });
    contract = await f.contract({ contract_no: 'HĐ-SI-0' });
    validContract = await f.contractInput({
      constructor_id: contract.constructor_id,
      beneficiary_id: contract.beneficiary_id,
    });
    validPayment = await f.requestInput(contract, { amount: '1000000', note: 'Thanh toán khối lượng đợt 1' });
    const reg = await post('/api/manage/customer/register', {
      code: 'KH-SI',
      name: 'Chủ đầu tư Nghiêm',
      construction_ids: [ct['CT-001'].id],
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    customer = reg.body;
    const b = await post('/api/manage/billing/create', billBody({ amount: '50000000' }));
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    bill = b.body;
  }, 120_000);
  afterAll(() => s?.close());

  describe('amounts are exactly the API form', () => {
    it('a payment amount with a comma, a space, an exponent or foreign digits is refused, not read as another number', async () => {
      for (const amount of [...MALFORMED_AMOUNTS, ...MALFORMED_NUMBERS])
        await refused(
          () => post('/api/payment-transaction/create', payment({ amount })),
          'amount',
          'invalid_amount',
          'payment_transaction',
          `amount ${JSON.stringify(amount)}`,
        );
      for (const field of ['invoice_amount', 'settlement_amount', 'guarantee_amount', 'penalty_amount'])
        await refused(
          () => post('/api/payment-transaction/create', payment({ [field]: '1,5' })),
          field,
          'invalid_amount',
          'payment_transaction',
          field,
        );
    });

    it('an edit of a payment with "1,5" is refused and leaves the request as it was', async () => {
      const created = (await post('/api/payment-transaction/create', payment())).body;
      for (const amount of ['1,5', '100\n', 1e21]) {
        const res = await put(`/api/payment-transaction/update/${created.id}`, {
          ...payment({ amount }),
          contract_id: undefined,
          version: created.version,
        });
        expect(res.status).toBe(400);
        expect(res.body.errors).toContainEqual({ field: 'amount', message: 'invalid_amount' });
      }
      const after = (await s.call('GET', `/api/payment-transaction/get/${created.id}`, admin)).body;
      expect(after).toMatchObject({ amount: '1000000.00', version: created.version });
    });

    it('valid amounts are stored exactly, as strings or as JSON numbers', async () => {
      for (const [amount, stored] of [
        ['1500000', '1500000.00'],
        ['1500000.5', '1500000.50'],
        [1500000, '1500000.00'],
        [1.5, '1.50'],
      ] as const) {
        const res = await post(
          '/api/payment-transaction/create',
          payment({ amount, invoice_amount: amount }),
        );
        expect(res.status, `${amount}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(res.body).toMatchObject({ amount: stored, invoice_amount: stored });
      }
    });

    it('contract amounts are refused the same way, and a retention percentage too', async () => {
      for (const amount of ['1,5', ' 1000000 ', '1e9', 1e21])
        await refused(
          () => post('/api/contract/create', contractBody({ amount_before_vat: amount })),
          'amount_before_vat',
          'invalid_amount',
          'contract',
          `amount_before_vat ${JSON.stringify(amount)}`,
        );
      for (const field of ['settlement_amount', 'retention_amount', 'penalty_amount'])
        await refused(
          () => post('/api/contract/create', contractBody({ [field]: '12,34,56' })),
          field,
          'invalid_amount',
          'contract',
          field,
        );
      for (const percent of ['5,5', ' 5', '5e0', '+5', 0.1 + 0.2])
        await refused(
          () => post('/api/contract/create', contractBody({ retention_percent: percent })),
          'retention_percent',
          'invalid_number',
          'contract',
          `retention_percent ${JSON.stringify(percent)}`,
        );
      const update = await put(`/api/contract/update/${contract.id}`, {
        ...contractBody({ contract_no: contract.contract_no, amount_before_vat: '1,00' }),
        version: contract.version,
      });
      expect(update.status).toBe(400);
      expect(update.body.errors).toContainEqual({ field: 'amount_before_vat', message: 'invalid_amount' });
      const got = (await s.call('GET', `/api/contract/get/${contract.id}`, admin)).body;
      expect(got).toMatchObject({ amount_before_vat: '1000000000.00', version: contract.version });
      const ok = await post('/api/contract/create', contractBody({ amount_before_vat: 1500000.5 }));
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.amount_before_vat).toBe('1500000.50');
    });

    it('an annex amount is refused the same way; a negative one is taken exactly', async () => {
      const annex = (amount: unknown) => ({
        contract_id: contract.id,
        annex_no: `PL-${Math.random().toString(36).slice(2, 8)}`,
        amount,
        signed_date: '2025-02-01',
      });
      for (const amount of ['-1,5', '1,00', '-100\n', '- 100', '1e3'])
        await refused(
          () => post('/api/contract-annex/create', annex(amount)),
          'amount',
          'invalid_amount',
          'contract_annex',
          `annex ${JSON.stringify(amount)}`,
        );
      const ok = await post('/api/contract-annex/create', annex('-100.25'));
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.amount).toBe('-100.25');
      const edit = await put(`/api/contract-annex/update/${ok.body.id}`, {
        annex_no: ok.body.annex_no,
        amount: '-1,5',
        signed_date: '2025-02-01',
        version: ok.body.version,
      });
      expect(edit.status).toBe(400);
      expect(edit.body.errors).toContainEqual({ field: 'amount', message: 'invalid_amount' });
    });

    it('bill, credit and receipt amounts are refused the same way, and a bill VAT rate too', async () => {
      for (const amount of ['1,5', ' 100 ', '1e6'])
        await refused(
          () => post('/api/manage/billing/create', billBody({ amount })),
          'amount',
          'invalid_amount',
          'billing',
          `bill ${JSON.stringify(amount)}`,
        );
      for (const rate of ['8,0', ' 8', '8e0', '0x8', Number('8.000000000000001')])
        await refused(
          () => post('/api/manage/billing/create', billBody({ vat_rate: rate })),
          'vat_rate',
          'invalid_number',
          'billing',
          `vat_rate ${JSON.stringify(rate)}`,
        );
      const eight = await post('/api/manage/billing/create', billBody({ vat_rate: '8.00' }));
      expect(eight.status, JSON.stringify(eight.body)).toBe(200);
      expect(eight.body.vat_rate).toBe(8);
      await refused(
        () =>
          post('/api/manage/credit/create', {
            customer_id: customer.id,
            billing_id: bill.id,
            kind: 'note',
            amount: '1,5',
            reason: 'Giảm trừ',
            credit_date: today,
          }),
        'amount',
        'invalid_amount',
        'credit',
        'credit',
      );
      await refused(
        () => post(`/api/manage/billing/receipt/${bill.id}`, { amount: '1,00', receipt_date: today }),
        'amount',
        'invalid_amount',
        'billing_receipt',
        'receipt',
      );
    });

    it('a tax rate is read as strictly', async () => {
      await refused(
        () => post('/api/admin/setting/tax', { code: 'VAT-SI', name: 'Thuế lạ', value: '8,5' }),
        'value',
        'invalid_number',
        'tax',
        'tax value',
      );
    });
  });

  describe('text XML cannot hold is refused everywhere', () => {
    it('a note with a control character, U+FFFE, U+FFFF or half a surrogate pair answers 400 naming it', async () => {
      for (const c of NOT_IN_XML) {
        const what = `U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
        await refused(
          () => post('/api/payment-transaction/create', payment({ note: `Ghi chú ${c} đợt 1` })),
          'note',
          'invalid_character',
          'payment_transaction',
          what,
        );
      }
      await refused(
        () => post('/api/payment-transaction/create', payment({ internal_note: 'a\u0002b' })),
        'internal_note',
        'invalid_character',
        'payment_transaction',
        'internal note',
      );
    });

    it('a lone surrogate written as a JSON escape is refused too', async () => {
      const before = await count('payment_transaction');
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/payment-transaction/create',
        headers: { ...authHeaders(admin), 'content-type': 'application/json' },
        payload: JSON.stringify(payment({ note: 'NOTE' })).replace('NOTE', 'x\\ud800y'),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'note', message: 'invalid_character' }]);
      expect(await count('payment_transaction')).toBe(before);
    });

    it('in a key, a nested value, the query and the path as well', async () => {
      const key = await post('/api/admin/company/create', { code: 'SI-1', name: 'X', 'bad\u0001key': 1 });
      expect(key.status).toBe(400);
      expect(key.body.errors[0].message).toBe('invalid_character');
      const nested = await post('/api/payment-approval/accept-many', {
        items: [{ id: 1, version: 0 }],
        note: 'ok\ufffe',
      });
      expect(nested.status).toBe(400);
      expect(nested.body.errors).toEqual([{ field: 'note', message: 'invalid_character' }]);
      const query = await s.call('GET', '/api/payment-transaction/paging?search=a%01b', admin);
      expect(query.status).toBe(400);
      expect(query.body.errors).toEqual([{ field: 'search', message: 'invalid_character' }]);
      const unicode = await s.call('GET', '/api/payment-transaction/paging?search=%EF%BF%BE', admin);
      expect(unicode.body.errors).toEqual([{ field: 'search', message: 'invalid_character' }]);
      const path = await s.call('GET', '/api/payment-transaction/get/1%1F', admin);
      expect(path.status).toBe(400);
      expect(path.body.errors).toEqual([{ field: 'id', message: 'invalid_character' }]);
    });

    it('tab, line breaks, Vietnamese text and emoji are taken as typed', async () => {
      const note = 'Đợt 1:\tkhối lượng tháng 6\r\nnghiệm thu “đạt” ✓ 🏗️👷 & <đủ hồ sơ>';
      const res = await post('/api/payment-transaction/create', payment({ note }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.note).toBe(note);
    });
  });

  describe('the print is well-formed Word', () => {
    async function printed(id: number) {
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/payment-transaction/download/${id}`,
        headers: { ...authHeaders(admin) },
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers['content-type']).toContain('wordprocessingml');
      const zip = new PizZip(res.rawPayload);
      return { fault: packageFault(zip), body: zip.file('word/document.xml')!.asText() };
    }

    it('a note with tabs, line breaks, Vietnamese text and emoji prints as typed', async () => {
      const note = 'Đợt 2:\tkhối lượng\nnghiệm thu “đạt” ✓ 🏗️👷 & <đủ>';
      const created = (await post('/api/payment-transaction/create', payment({ note }))).body;
      const { fault, body } = await printed(created.id);
      expect(fault).toBeNull();
      for (const part of ['Đợt 2:', 'khối lượng', 'nghiệm thu “đạt” ✓ 🏗️👷 &amp; &lt;đủ&gt;'])
        expect(body).toContain(part);
    });

    it('a row stored with such characters before they were refused still prints, without them', async () => {
      const created = (await post('/api/payment-transaction/create', payment({ note: 'placeholder' }))).body;
      const stored = 'Ghi\u0001 chú\u000b cũ\ufffe lưu\uffff trước\u001f đây';
      await s.database.db.execute(
        sql`update payment_transaction set note = ${stored} where id = ${created.id}`,
      );
      const { fault, body } = await printed(created.id);
      expect(fault).toBeNull();
      expect(body).toContain('Ghi chú cũ lưu trước đây');
    });
  });
});
