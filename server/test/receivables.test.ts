/**
 * Receivables through HTTP on both backends (issue 16, docs/receivables.md): customers with their
 * constructions, versions, soft delete, search without diacritics and scope; bills with VAT,
 * receipts, credit notes and the check; overpaying refused and nothing written; ageing and the
 * statistics equal to the sums of the bills the test made; support tickets and the Zendesk
 * importer on the shipped export files; the mail list and resending a failed mail. The receipt
 * races are at the end, on PostgreSQL only (docs/product.md#scale-and-the-embedded-database).
 */
import fs from 'node:fs';
import path from 'node:path';
import { addAmounts, compareAmounts, subtractAmounts } from '@sitepay/domain/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessToday } from '../src/core/business-time.ts';
import { queryRows } from '../src/db/client.ts';
import { enqueueMail } from '../src/modules/mail/mail.outbox.ts';
import { type FakeSmtp, startFakeSmtp } from './fake-smtp.ts';
import { authHeaders, backends, createTestServer, type TestServer } from './helpers.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures');
/** The local SMTP server's port, allowed beside the usual SMTP ports (MAIL_SMTP_PORTS; mail.target.ts). */
const SMTP_PORTS: number[] = [];
const FAST_MAIL = {
  smtpPorts: SMTP_PORTS,
  pollMs: 50,
  retryBaseMs: 100,
  retryMaxMs: 500,
  maxAttempts: 2,
  leaseMs: 3000,
  sendTimeoutMs: 2500,
  stopGraceMs: 200,
};

type Body = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: answers of every shape
type Any = any;

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  ms = 10_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(backends)('receivables (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let ketoan: string;
  let ketoan2: string;
  let giamdoc: string;
  const ct: Record<string, { id: number; code: string; name: string }> = {};
  const today = businessToday();

  const ok = async (method: Any, url: string, token: string, body?: unknown) => {
    const res = await s.call(method, url, token, body);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const register = (token: string, body: Body) => ok('POST', '/api/manage/customer/register', token, body);
  const bill = (token: string, body: Body) => ok('POST', '/api/manage/billing/create', token, body);
  const getBill = (id: number, token = admin) => ok('GET', `/api/manage/billing/get/${id}`, token);
  const receipt = (id: number, body: Body, token = ketoan) =>
    s.call('POST', `/api/manage/billing/receipt/${id}`, token, body);

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true, mail: FAST_MAIL });
    [admin, ketoan, ketoan2, giamdoc] = await Promise.all([
      s.login(),
      s.login('ketoan', 'ketoan123'),
      s.login('ketoan2', 'ketoan123'),
      s.login('giamdoc', 'giamdoc123'),
    ]);
    for (const c of (await s.call('GET', '/api/construction/paging?itemsPerPage=100', admin)).body.items)
      ct[c.code] = c;
  }, 120_000);
  afterAll(() => s?.close());

  describe('customers', () => {
    let riverside: Any;

    it('registers a customer with its constructions and answers its figures', async () => {
      riverside = await register(ketoan, {
        code: 'KH-RS',
        name: 'Công ty Cổ phần Đầu tư Riverside',
        tax_code: '0102030405',
        address: 'Long Biên, Hà Nội',
        contact_person: 'Nguyễn Thị Lan',
        phone: '024 3333 4444',
        email: 'lan@riverside.vn',
        construction_ids: [ct['CT-002']!.id, ct['CT-001']!.id],
      });
      expect(riverside).toMatchObject({
        code: 'KH-RS',
        status: 'O',
        version: 0,
        construction_ids: [ct['CT-001']!.id, ct['CT-002']!.id],
        billed_total: '0.00',
        received_total: '0.00',
        outstanding: '0.00',
      });
      expect(riverside.constructions.map((c: Any) => c.code)).toEqual(['CT-001', 'CT-002']);
      const got = await ok('GET', `/api/manage/customer/get/${riverside.id}`, ketoan);
      expect(got).toMatchObject({ id: riverside.id, name: 'Công ty Cổ phần Đầu tư Riverside' });
    });

    it('finds customers without diacritics, by contact and tax code, and filters by construction', async () => {
      for (const search of ['dau tu riverside', 'NGUYEN THI LAN', '0102030405']) {
        const page = await ok(
          'GET',
          `/api/manage/customer/list/paging?search=${encodeURIComponent(search)}`,
          ketoan,
        );
        expect(
          page.items.map((c: Any) => c.code),
          search,
        ).toEqual(['KH-RS']);
      }
      const byCt = await ok(
        'GET',
        `/api/manage/customer/list/paging?constructionId=${ct['CT-001']!.id}`,
        ketoan,
      );
      expect(byCt.items.map((c: Any) => c.code)).toEqual(['KH-RS']);
      const other = await ok(
        'GET',
        `/api/manage/customer/list/paging?constructionId=${ct['CT-003']!.id}`,
        ketoan,
      );
      expect(other.items).toEqual([]);
      const picker = await ok('GET', '/api/manage/customer/list/all', ketoan);
      expect(picker.map((c: Any) => c.code)).toContain('KH-RS');
    });

    it('refuses bad input with 400 naming the field, and a construction owned by another customer with 422', async () => {
      const bad = await s.call('POST', '/api/manage/customer/register', ketoan, {
        code: 'KH-X',
        name: 'X',
        tax_code: '12345',
        email: 'not-an-email',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: Any) => e.field).sort()).toEqual(['email', 'tax_code']);
      const dup = await s.call('POST', '/api/manage/customer/register', ketoan, {
        code: 'kh-rs',
        name: 'Trùng',
      });
      expect(dup.status).toBe(400);
      expect(dup.body.errors).toEqual([{ field: 'code', message: 'duplicate' }]);
      const owned = await s.call('POST', '/api/manage/customer/register', ketoan, {
        code: 'KH-2',
        name: 'Chủ đầu tư thứ hai',
        construction_ids: [ct['CT-001']!.id],
      });
      expect(owned.status).toBe(422);
      expect(owned.body).toMatchObject({
        reason: 'construction_owned',
        params: { construction: 'CT-001', customer: 'Công ty Cổ phần Đầu tư Riverside' },
      });
      // nothing was written: the code is still free
      expect(
        (await s.call('GET', '/api/manage/customer/list/paging?search=KH-2', ketoan)).body.items,
      ).toEqual([]);
      // a construction outside the accountant's scope is not his to give
      const outside = await s.call('POST', '/api/manage/customer/register', ketoan, {
        code: 'KH-3',
        name: 'Ngoài phạm vi',
        construction_ids: [ct['CT-004']!.id],
      });
      expect(outside.status).toBe(400);
      expect(outside.body.errors).toEqual([{ field: 'construction_ids', message: 'not_found' }]);
    });

    it('keeps to the scope: another company’s accountant sees none of it (404), the director reads it', async () => {
      const list = await ok('GET', '/api/manage/customer/list/paging?itemsPerPage=100', ketoan2);
      expect(list.items.map((c: Any) => c.code)).not.toContain('KH-RS');
      for (const url of [
        `/api/manage/customer/get/${riverside.id}`,
        `/api/manage/customer/history/${riverside.id}`,
      ])
        expect((await s.call('GET', url, ketoan2)).status, url).toBe(404);
      const update = await s.call('PUT', `/api/manage/customer/update/${riverside.id}`, ketoan2, {
        code: 'KH-RS',
        name: 'Đổi tên',
        version: 0,
      });
      expect(update.status).toBe(404);
      expect(
        (await s.call('PATCH', `/api/manage/customer/deactive/${riverside.id}`, ketoan2, { version: 0 }))
          .status,
      ).toBe(404);
      expect((await s.call('GET', `/api/manage/credit/list/${riverside.id}`, ketoan2)).status).toBe(404);
      // the director of the same company reads, and may not write (no menu)
      expect((await ok('GET', `/api/manage/customer/get/${riverside.id}`, giamdoc)).code).toBe('KH-RS');
      expect(
        (await s.call('POST', '/api/manage/customer/register', giamdoc, { code: 'KH-GD', name: 'GD' }))
          .status,
      ).toBe(403);
      // a customer without constructions: the company that registered it and admins (issue 27)
      const bare = await register(ketoan2, { code: 'KH-BARE', name: 'Khách chưa có công trình' });
      expect((await ok('GET', `/api/manage/customer/get/${bare.id}`, ketoan2)).code).toBe('KH-BARE');
      expect((await s.call('GET', `/api/manage/customer/get/${bare.id}`, ketoan)).status).toBe(404);
      expect((await s.call('GET', `/api/manage/customer/get/${bare.id}`, giamdoc)).status).toBe(404);
      expect((await ok('GET', `/api/manage/customer/get/${bare.id}`, admin)).code).toBe('KH-BARE');
    });

    it('updates with the version read; a stale version is refused and nothing is written', async () => {
      const updated = await ok('PUT', `/api/manage/customer/update/${riverside.id}`, ketoan, {
        code: 'KH-RS',
        name: 'Công ty CP Đầu tư Riverside',
        version: riverside.version,
        construction_ids: [ct['CT-001']!.id],
      });
      expect(updated).toMatchObject({
        version: 1,
        construction_ids: [ct['CT-001']!.id],
        tax_code: '0102030405',
      });
      const stale = await s.call('PUT', `/api/manage/customer/update/${riverside.id}`, ketoan, {
        code: 'KH-RS',
        name: 'Cũ',
        version: 0,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('invalid_version');
      const now = await ok('GET', `/api/manage/customer/get/${riverside.id}`, ketoan);
      expect(now).toMatchObject({ name: 'Công ty CP Đầu tư Riverside', version: 1 });
      // CT-002 is free again: give it back
      riverside = await ok('PUT', `/api/manage/customer/update/${riverside.id}`, ketoan, {
        code: 'KH-RS',
        name: 'Công ty CP Đầu tư Riverside',
        version: 1,
        construction_ids: [ct['CT-001']!.id, ct['CT-002']!.id],
      });
      const history = await ok('GET', `/api/manage/customer/history/${riverside.id}`, ketoan);
      expect(history.changes[0].action).toBe('constructions');
      expect(history.changes.map((h: Any) => h.action)).toContain('create');
      expect(
        history.changes.find((h: Any) => h.action === 'update' && h.changes.name).changes.name,
      ).toMatchObject({
        old: 'Công ty Cổ phần Đầu tư Riverside',
        new: 'Công ty CP Đầu tư Riverside',
      });
    });

    it('deactivates, activates and deletes softly; a deleted customer frees its constructions', async () => {
      const c = await register(ketoan, {
        code: 'KH-DEL',
        name: 'Khách sẽ xoá',
        construction_ids: [ct['CT-003']!.id],
      });
      const off = await ok('PATCH', `/api/manage/customer/deactive/${c.id}`, ketoan, { version: c.version });
      expect(off.status).toBe('C');
      expect(
        (await ok('GET', '/api/manage/customer/list/paging?status=deactive', ketoan)).items.map(
          (x: Any) => x.code,
        ),
      ).toContain('KH-DEL');
      expect(
        (await ok('GET', '/api/manage/customer/list/all', ketoan)).map((x: Any) => x.code),
      ).not.toContain('KH-DEL');
      const on = await ok('PATCH', `/api/manage/customer/active/${c.id}`, ketoan, { version: off.version });
      expect(on.status).toBe('O');
      expect(
        (await s.call('DELETE', `/api/manage/customer/delete/${c.id}`, ketoan, { version: 0 })).status,
      ).toBe(409);
      await ok('DELETE', `/api/manage/customer/delete/${c.id}`, ketoan, { version: on.version });
      expect((await s.call('GET', `/api/manage/customer/get/${c.id}`, ketoan)).status).toBe(404);
      expect(
        (await ok('GET', '/api/manage/customer/list/paging?itemsPerPage=100', ketoan)).items.map(
          (x: Any) => x.code,
        ),
      ).not.toContain('KH-DEL');
      expect(
        (await ok('GET', '/api/manage/customer/list/paging?status=deleted', admin)).items.map(
          (x: Any) => x.code,
        ),
      ).toContain('KH-DEL');
      // CT-003 can belong to another customer now
      const next = await register(ketoan, {
        code: 'KH-CT3',
        name: 'Chủ đầu tư xưởng thép',
        construction_ids: [ct['CT-003']!.id],
      });
      expect(next.construction_ids).toEqual([ct['CT-003']!.id]);
    });
  });

  describe('bills, receipts, credit notes and the check', () => {
    let customer: Any;
    let dn: Any;
    let b1: Any;

    beforeAll(async () => {
      customer = (await ok('GET', '/api/manage/customer/list/paging?search=KH-RS', ketoan)).items[0];
      dn = await register(ketoan2, {
        code: 'KH-DN',
        name: 'Chủ đầu tư Đông Nam',
        construction_ids: [ct['CT-004']!.id],
      });
    });

    it('creates a bill: VAT rounded to the đồng, total computed, state open', async () => {
      b1 = await bill(ketoan, {
        customer_id: customer.id,
        construction_id: ct['CT-001']!.id,
        number: 'HD-0001',
        bill_date: addDays(today, -5),
        due_date: addDays(today, 25),
        amount: '100000000',
        vat_rate: 8,
        note: 'Đợt 1',
      });
      expect(b1).toMatchObject({
        customer_name: 'Công ty CP Đầu tư Riverside',
        construction_name: ct['CT-001']!.name,
        amount: '100000000.00',
        vat_rate: 8,
        vat_amount: '8000000.00',
        total: '108000000.00',
        paid_amount: '0.00',
        credited_amount: '0.00',
        remaining: '108000000.00',
        state: 'open',
        overdue_days: 0,
        version: 0,
      });
      // VAT 10 % by default, half a đồng rounded away from zero
      const b = await bill(ketoan, {
        customer_id: customer.id,
        construction_id: ct['CT-002']!.id,
        number: 'HD-0002',
        bill_date: today,
        due_date: today,
        amount: '1234567.50',
      });
      expect(b).toMatchObject({ vat_rate: 10, vat_amount: '123457.00', total: '1358024.50', state: 'open' });
    });

    it('refuses a construction of another customer (422), a taken number, bad dates and rates (400)', async () => {
      const base = {
        customer_id: customer.id,
        construction_id: ct['CT-001']!.id,
        number: 'HD-0009',
        bill_date: today,
        due_date: today,
        amount: '1000000',
      };
      const foreign = await s.call('POST', '/api/manage/billing/create', ketoan, {
        ...base,
        construction_id: ct['CT-003']!.id,
      });
      expect(foreign.status).toBe(422);
      expect(foreign.body.reason).toBe('billing_construction_not_customers');
      const dup = await s.call('POST', '/api/manage/billing/create', ketoan, { ...base, number: 'hd-0001' });
      expect(dup.status).toBe(400);
      expect(dup.body.errors).toEqual([{ field: 'number', message: 'duplicate' }]);
      const early = await s.call('POST', '/api/manage/billing/create', ketoan, {
        ...base,
        due_date: addDays(today, -1),
      });
      expect(early.body.errors).toEqual([{ field: 'due_date', message: 'before_bill_date' }]);
      for (const [field, value] of [
        ['vat_rate', 7],
        ['amount', '-5'],
        ['amount', '1.234'],
        ['bill_date', '2025-02-30'],
      ] as const) {
        const r = await s.call('POST', '/api/manage/billing/create', ketoan, { ...base, [field]: value });
        expect(r.status, `${field}=${value}`).toBe(400);
        expect(r.body.errors[0].field).toBe(field);
      }
      // another company's accountant cannot bill this customer: it does not exist for him
      const other = await s.call('POST', '/api/manage/billing/create', ketoan2, base);
      expect(other.status).toBe(400);
      expect(other.body.errors[0]).toEqual({ field: 'customer_id', message: 'not_found' });
    });

    it('records part receipts, refuses overpaying with 422 naming what remains and writes nothing', async () => {
      const r1 = await receipt(b1.id, {
        amount: '40000000',
        receipt_date: today,
        reference: 'UNC-01',
        version: 0,
      });
      expect(r1.status, JSON.stringify(r1.body)).toBe(200);
      expect(r1.body).toMatchObject({
        paid_amount: '40000000.00',
        remaining: '68000000.00',
        state: 'open',
        version: 1,
      });
      const stale = await receipt(b1.id, { amount: '1000', receipt_date: today, version: 0 });
      expect(stale.status).toBe(409);
      const over = await receipt(b1.id, { amount: '68000000.01', receipt_date: today, version: 1 });
      expect(over.status).toBe(422);
      expect(over.body).toMatchObject({
        reason: 'receipt_exceeds_remaining',
        params: { remaining: '68000000.00' },
      });
      expect(over.body.message).toContain('68,000,000');
      const bad = await receipt(b1.id, { amount: '0', receipt_date: today });
      expect(bad.status).toBe(400);
      const after = await getBill(b1.id);
      expect(after).toMatchObject({ paid_amount: '40000000.00', version: 1 });
      const receipts = await ok('GET', `/api/manage/billing/receipts/${b1.id}`, ketoan);
      expect(receipts).toHaveLength(1);
      expect(receipts[0]).toMatchObject({ amount: '40000000.00', reference: 'UNC-01', user_name: 'ketoan' });
      // another company's accountant: 404 for every call on the bill, nothing written
      for (const [method, url, body] of [
        ['GET', `/api/manage/billing/get/${b1.id}`],
        ['GET', `/api/manage/billing/check/${b1.id}`],
        ['GET', `/api/manage/billing/receipts/${b1.id}`],
        ['POST', `/api/manage/billing/receipt/${b1.id}`, { amount: '1', receipt_date: today }],
        ['DELETE', `/api/manage/billing/delete/${b1.id}`, { version: 1 }],
      ] as const)
        expect((await s.call(method, url, ketoan2, body)).status, `${method} ${url}`).toBe(404);
      expect((await getBill(b1.id)).version).toBe(1);
    });

    it('applies credit notes (never above the remaining), and the check adds it all up', async () => {
      const tooMuch = await s.call('POST', '/api/manage/credit/create', ketoan, {
        customer_id: customer.id,
        billing_id: b1.id,
        kind: 'note',
        amount: '68000001',
        reason: 'Giảm trừ',
        credit_date: today,
      });
      expect(tooMuch.status).toBe(422);
      expect(tooMuch.body).toMatchObject({
        reason: 'credit_exceeds_remaining',
        params: { remaining: '68000000.00' },
      });
      const note = await ok('POST', '/api/manage/credit/create', ketoan, {
        customer_id: customer.id,
        billing_id: b1.id,
        kind: 'note',
        amount: '8000000',
        reason: 'Giảm trừ khối lượng',
        credit_date: today,
        reference: 'CN-01',
      });
      expect(note).toMatchObject({
        kind: 'note',
        billing_id: b1.id,
        billing_number: 'HD-0001',
        amount: '8000000.00',
      });
      const limitOnBill = await s.call('POST', '/api/manage/credit/create', ketoan, {
        customer_id: customer.id,
        billing_id: b1.id,
        kind: 'limit',
        amount: '1',
        reason: 'x',
        credit_date: today,
      });
      expect(limitOnBill.status).toBe(400);
      let check = await ok('GET', `/api/manage/billing/check/${b1.id}`, ketoan);
      expect(check).toMatchObject({
        id: b1.id,
        number: 'HD-0001',
        total: '108000000.00',
        paid: '40000000.00',
        credited: '8000000.00',
        remaining: '60000000.00',
        state: 'open',
        overdue_days: 0,
        fixed: false,
      });
      expect(check.receipts).toHaveLength(1);
      expect(check.credits.map((c: Any) => c.id)).toEqual([note.id]);
      // the amount may not go below what was received and credited
      const below = await s.call('PUT', `/api/manage/billing/update/${b1.id}`, ketoan, {
        customer_id: customer.id,
        construction_id: ct['CT-001']!.id,
        number: 'HD-0001',
        bill_date: addDays(today, -5),
        due_date: addDays(today, 25),
        amount: '40000000',
        vat_rate: 8,
        version: (await getBill(b1.id)).version,
      });
      expect(below.status).toBe(422);
      expect(below.body).toMatchObject({ reason: 'billing_below_paid', params: { paid: '48000000.00' } });
      // an edited note is checked again against the bill (itself left out), and the update carries no billing id
      const noteNow = (await ok('GET', `/api/manage/credit/list/${customer.id}`, ketoan)).find(
        (c: Any) => c.id === note.id,
      );
      const edit = {
        kind: 'note',
        amount: '10000000',
        reason: 'Giảm trừ khối lượng (sửa)',
        credit_date: today,
        version: noteNow.version,
      };
      const moved = await s.call('PUT', `/api/manage/credit/update/${note.id}`, ketoan, {
        ...edit,
        billing_id: 999999,
      });
      expect(moved.status).toBe(400);
      expect(moved.body.errors).toEqual([{ field: 'billing_id', message: 'unknown_field' }]);
      const edited = await ok('PUT', `/api/manage/credit/update/${note.id}`, ketoan, edit);
      expect(edited).toMatchObject({ billing_id: b1.id, amount: '10000000.00', version: 1 });
      const staleNote = await s.call('PUT', `/api/manage/credit/update/${note.id}`, ketoan, {
        kind: 'note',
        amount: '1000',
        reason: 'cũ',
        credit_date: today,
        version: 0,
      });
      expect(staleNote.status).toBe(409);
      // the rest paid: the bill is paid, nothing remains; a further receipt is refused
      const bNow = await getBill(b1.id);
      expect(bNow).toMatchObject({ credited_amount: '10000000.00', remaining: '58000000.00' });
      expect(
        (await receipt(b1.id, { amount: '58000000', receipt_date: today, version: bNow.version })).status,
      ).toBe(200);
      check = await ok('GET', `/api/manage/billing/check/${b1.id}`, giamdoc);
      expect(check).toMatchObject({
        paid: '98000000.00',
        credited: '10000000.00',
        remaining: '0.00',
        state: 'paid',
      });
      const more = await receipt(b1.id, { amount: '1', receipt_date: today });
      expect(more.status).toBe(422);
      expect(more.body.reason).toBe('billing_settled');
    });

    it('the check recomputes figures that drifted from the rows and writes them back', async () => {
      await s.database.db.execute(sql`update billing set paid_amount = 1 where id = ${b1.id}`);
      const check = await ok('GET', `/api/manage/billing/check/${b1.id}`, ketoan);
      expect(check).toMatchObject({ paid: '98000000.00', remaining: '0.00', state: 'paid', fixed: true });
      expect((await getBill(b1.id)).paid_amount).toBe('98000000.00');
      expect((await ok('GET', `/api/manage/billing/check/${b1.id}`, ketoan)).fixed).toBe(false);
    });

    it('deletes a bill without receipts softly, refuses one with receipts (422)', async () => {
      const withReceipts = await s.call('DELETE', `/api/manage/billing/delete/${b1.id}`, ketoan, {
        version: (await getBill(b1.id)).version,
      });
      expect(withReceipts.status).toBe(422);
      expect(withReceipts.body.reason).toBe('billing_has_receipts');
      const b = await bill(ketoan, {
        customer_id: customer.id,
        construction_id: ct['CT-001']!.id,
        number: 'HD-DEL',
        bill_date: today,
        due_date: today,
        amount: '500000',
      });
      expect(
        (await s.call('DELETE', `/api/manage/billing/delete/${b.id}`, ketoan, { version: 5 })).status,
      ).toBe(409);
      await ok('DELETE', `/api/manage/billing/delete/${b.id}`, ketoan, { version: b.version });
      expect((await s.call('GET', `/api/manage/billing/get/${b.id}`, ketoan)).status).toBe(404);
      // the number is free again among live bills
      await bill(ketoan, {
        customer_id: customer.id,
        construction_id: ct['CT-001']!.id,
        number: 'HD-DEL',
        bill_date: today,
        due_date: today,
        amount: '500000',
      });
      // the customer with live bills cannot be deleted
      const c = await ok('GET', `/api/manage/customer/get/${customer.id}`, ketoan);
      const del = await s.call('DELETE', `/api/manage/customer/delete/${customer.id}`, ketoan, {
        version: c.version,
      });
      expect(del.status).toBe(422);
      expect(del.body.reason).toBe('customer_has_bills');
    });

    it('lists the bills the caller may see, filtered and searched', async () => {
      await bill(ketoan2, {
        customer_id: dn.id,
        construction_id: ct['CT-004']!.id,
        number: 'DN-0001',
        bill_date: today,
        due_date: addDays(today, 30),
        amount: '2000000',
      });
      const mine = await ok('GET', '/api/user/billing/list?itemsPerPage=100', ketoan);
      expect(mine.items.map((b: Any) => b.number)).not.toContain('DN-0001');
      expect(mine.items.map((b: Any) => b.number)).toEqual(expect.arrayContaining(['HD-0001', 'HD-0002']));
      const theirs = await ok('GET', '/api/user/billing/list?itemsPerPage=100', ketoan2);
      expect(theirs.items.map((b: Any) => b.number)).toEqual(['DN-0001']);
      const all = await ok('GET', '/api/user/billing/list?itemsPerPage=100', admin);
      expect(all.items.map((b: Any) => b.number)).toEqual(expect.arrayContaining(['HD-0001', 'DN-0001']));
      const paid = await ok('GET', `/api/user/billing/list?state=paid&customerId=${customer.id}`, ketoan);
      expect(paid.items.map((b: Any) => b.number)).toEqual(['HD-0001']);
      const byName = await ok(
        'GET',
        `/api/user/billing/list?search=${encodeURIComponent('dau tu riverside')}`,
        ketoan,
      );
      expect(byName.total).toBeGreaterThanOrEqual(3);
      const sorted = await ok(
        'GET',
        `/api/user/billing/list?customerId=${customer.id}&sortBy=total&sortDesc=true&itemsPerPage=100`,
        ketoan,
      );
      const totals = sorted.items.map((b: Any) => b.total);
      expect([...totals].sort((a: string, b: string) => compareAmounts(b, a))).toEqual(totals);
      const ranged = await ok(
        'GET',
        `/api/user/billing/list?from=${addDays(today, -6)}&to=${addDays(today, -4)}`,
        ketoan,
      );
      expect(ranged.items.map((b: Any) => b.number)).toEqual(['HD-0001']);
      const bad = await s.call('GET', '/api/user/billing/list?state=lost', ketoan);
      expect(bad.status).toBe(400);
    });

    it('answers the customer’s figures, credit list and billing history within the caller’s scope', async () => {
      const c = await ok('GET', `/api/manage/customer/get/${customer.id}`, ketoan);
      const bills = (
        await ok('GET', `/api/user/billing/list?customerId=${customer.id}&itemsPerPage=100`, ketoan)
      ).items;
      const billed = addAmounts(...bills.map((b: Any) => b.total));
      const received = addAmounts(...bills.map((b: Any) => b.paid_amount));
      const credited = addAmounts(...bills.map((b: Any) => b.credited_amount));
      expect(c).toMatchObject({ billed_total: billed, received_total: received });
      expect(c.outstanding).toBe(subtractAmounts(subtractAmounts(billed, received), credited));
      // a credit note on no bill lowers what is owed; a limit is shown, the latest in effect counts
      await ok('POST', '/api/manage/credit/create', ketoan, {
        customer_id: customer.id,
        kind: 'note',
        amount: '100000',
        reason: 'Chiết khấu thanh toán sớm',
        credit_date: today,
      });
      await ok('POST', '/api/manage/credit/create', ketoan, {
        customer_id: customer.id,
        kind: 'limit',
        amount: '500000000',
        reason: 'Hạn mức 2026',
        credit_date: addDays(today, -30),
      });
      await ok('POST', '/api/manage/credit/create', ketoan, {
        customer_id: customer.id,
        kind: 'limit',
        amount: '900000000',
        reason: 'Hạn mức tương lai',
        credit_date: addDays(today, 30),
      });
      const after = await ok('GET', `/api/manage/customer/get/${customer.id}`, ketoan);
      expect(after.outstanding).toBe(subtractAmounts(c.outstanding, '100000'));
      expect(after.credit_limit).toBe('500000000.00');
      const credits = await ok('GET', `/api/manage/credit/list/${customer.id}`, giamdoc);
      expect(credits.map((k: Any) => k.credit_date)).toEqual(
        [...credits.map((k: Any) => k.credit_date)].sort().reverse(),
      );
      expect(credits).toHaveLength(4);
      const history = await ok('GET', `/api/manage/customer/history/${customer.id}`, ketoan);
      const kinds = history.billing.map((e: Any) => e.kind);
      expect(kinds).toEqual(expect.arrayContaining(['bill', 'receipt', 'credit']));
      const ats = history.billing.map((e: Any) => e.at);
      expect([...ats].sort().reverse()).toEqual(ats);
      expect(history.billing.find((e: Any) => e.kind === 'receipt')).toMatchObject({
        billing_id: b1.id,
        number: 'HD-0001',
        user_name: 'ketoan',
      });
    });
  });

  describe('statistics and ageing', () => {
    let owner: Any;
    const made: { total: string; paid: string; due: string; bill: string }[] = [];

    beforeAll(async () => {
      owner = (await ok('GET', '/api/manage/customer/list/paging?search=KH-CT3', ketoan)).items[0];
      const cases = [
        { due: 10, paid: '0', amount: '10000000' }, // not yet due: 0-30
        { due: -45, paid: '2000000', amount: '20000000' }, // 31-60
        { due: -75, paid: '0', amount: '30000000' }, // 61-90
        { due: -200, paid: '0', amount: '40000000' }, // 90+
        { due: -100, paid: '50000000', amount: '50000000' }, // paid in full
      ];
      let n = 0;
      for (const c of cases) {
        n += 1;
        const due = addDays(today, c.due);
        const bDate = addDays(due, -30);
        const b = await bill(ketoan, {
          customer_id: owner.id,
          construction_id: ct['CT-003']!.id,
          number: `TK-${n}`,
          bill_date: bDate,
          due_date: due,
          amount: c.amount,
          vat_rate: 0,
        });
        if (c.paid !== '0')
          expect((await receipt(b.id, { amount: c.paid, receipt_date: addDays(bDate, 3) })).status).toBe(200);
        made.push({ total: b.total, paid: c.paid, due, bill: bDate });
      }
    });

    it('derives overdue states and days from the due date and today', async () => {
      const list = (
        await ok(
          'GET',
          `/api/user/billing/list?customerId=${owner.id}&sortBy=number&itemsPerPage=100`,
          ketoan,
        )
      ).items;
      expect(list.map((b: Any) => [b.number, b.state, b.overdue_days])).toEqual([
        ['TK-1', 'open', 0],
        ['TK-2', 'overdue', 45],
        ['TK-3', 'overdue', 75],
        ['TK-4', 'overdue', 200],
        ['TK-5', 'paid', 0],
      ]);
      const overdue = await ok('GET', `/api/user/billing/list?customerId=${owner.id}&state=overdue`, ketoan);
      expect(overdue.total).toBe(3);
      const open = await ok('GET', `/api/user/billing/list?customerId=${owner.id}&state=open`, ketoan);
      expect(open.items.map((b: Any) => b.number)).toEqual(['TK-1']);
    });

    it('billing statistics equal the sums of the bills made, ageing by days past due', async () => {
      const st = await ok('GET', `/api/manage/statistics/billing?customerId=${owner.id}`, ketoan);
      const billed = addAmounts(...made.map((m) => m.total));
      const received = addAmounts(...made.map((m) => m.paid));
      expect(st).toMatchObject({
        total_billed: billed,
        total_received: received,
        total_outstanding: subtractAmounts(billed, received),
        by_state: {
          open: { count: 1, amount: '10000000.00' },
          overdue: { count: 3, amount: '88000000.00' },
          paid: { count: 1, amount: '50000000.00' },
        },
      });
      expect(st.ageing).toEqual([
        { bucket: '0-30', count: 1, amount: '10000000.00' },
        { bucket: '31-60', count: 1, amount: '18000000.00' },
        { bucket: '61-90', count: 1, amount: '30000000.00' },
        { bucket: '90+', count: 1, amount: '40000000.00' },
      ]);
      // months: every month from the first bill to the last receipt, adding up to the totals
      expect(addAmounts(...st.monthly.map((m: Any) => m.billed))).toBe(billed);
      expect(addAmounts(...st.monthly.map((m: Any) => m.received))).toBe(received);
      const months = st.monthly.map((m: Any) => m.month);
      expect(months[0]).toBe(
        made
          .map((m) => m.bill)
          .sort()[0]!
          .slice(0, 7),
      );
      for (let i = 1; i < months.length; i++) expect(months[i] > months[i - 1]).toBe(true);
      const byMonth = (month: string) =>
        addAmounts('0', ...made.filter((m) => m.bill.slice(0, 7) === month).map((m) => m.total));
      for (const m of st.monthly) expect(m.billed, m.month).toBe(byMonth(m.month));
      // a date range picks bills by bill date
      const ranged = await ok(
        'GET',
        `/api/manage/statistics/billing?customerId=${owner.id}&from=${made[0]!.bill}&to=${made[0]!.bill}`,
        ketoan,
      );
      expect(ranged.total_billed).toBe(made[0]!.total);
      // another company's accountant sees none of these bills
      const other = await ok('GET', `/api/manage/statistics/billing?customerId=${owner.id}`, ketoan2);
      expect(other).toMatchObject({ total_billed: '0.00', total_outstanding: '0.00', monthly: [] });
      expect(other.ageing.every((a: Any) => a.count === 0)).toBe(true);
      expect((await s.call('GET', '/api/manage/statistics/billing?from=yesterday', ketoan)).status).toBe(400);
    });

    it('customer statistics count the customers the caller sees and rank what they owe', async () => {
      const mine = await ok('GET', '/api/manage/statistics/customer', ketoan);
      const list = (await ok('GET', '/api/manage/customer/list/paging?status=all&itemsPerPage=100', ketoan))
        .items;
      expect(mine.total).toBe(list.length);
      expect(mine.by_status.active).toBe(list.filter((c: Any) => c.status === 'O').length);
      expect(mine.with_outstanding).toBe(
        list.filter((c: Any) => compareAmounts(c.outstanding, '0') > 0).length,
      );
      expect(mine.top[0]).toMatchObject({ id: owner.id, code: 'KH-CT3', outstanding: '98000000.00' });
      const theirs = await ok('GET', '/api/manage/statistics/customer', ketoan2);
      expect(theirs.top.map((c: Any) => c.code)).not.toContain('KH-CT3');
      expect((await s.call('GET', '/api/manage/statistics/customer', giamdoc)).status).toBe(200);
    });
  });

  describe('support tickets and the Zendesk importer', () => {
    it('creates, searches without diacritics, filters and updates tickets with versions', async () => {
      const t = await ok('POST', '/api/manage/zendesk/create', ketoan, {
        subject: 'Khách hàng hỏi về hoá đơn điều chỉnh',
        requester_name: 'Phạm Quốc Bảo',
        requester_email: 'bao@dongnam.vn',
        priority: 'high',
      });
      expect(t).toMatchObject({ state: 'new', priority: 'high', external_id: null, version: 0 });
      expect(Date.parse(t.opened_at)).toBeGreaterThan(0);
      const found = await ok(
        'GET',
        `/api/manage/zendesk/list/paging?search=${encodeURIComponent('hoa don dieu chinh')}`,
        ketoan,
      );
      expect(found.items.map((x: Any) => x.id)).toEqual([t.id]);
      const u = await ok('PUT', `/api/manage/zendesk/update/${t.id}`, ketoan, {
        subject: t.subject,
        requester_name: t.requester_name,
        state: 'solved',
        version: 0,
      });
      expect(u).toMatchObject({
        state: 'solved',
        priority: 'high',
        requester_email: 'bao@dongnam.vn',
        version: 1,
      });
      expect(
        (
          await s.call('PUT', `/api/manage/zendesk/update/${t.id}`, ketoan, {
            subject: 'x',
            requester_name: 'y',
            version: 0,
          })
        ).status,
      ).toBe(409);
      expect((await ok('GET', `/api/manage/zendesk/get/${t.id}`, ketoan)).subject).toBe(t.subject);
      expect(
        (await ok('GET', '/api/manage/zendesk/list/paging?state=solved', ketoan)).items.map((x: Any) => x.id),
      ).toContain(t.id);
      expect((await s.call('GET', '/api/manage/zendesk/list/paging?state=archived', ketoan)).status).toBe(
        400,
      );
      const bad = await s.call('POST', '/api/manage/zendesk/create', ketoan, {
        subject: '',
        requester_name: 'x',
        state: 'lost',
      });
      expect(bad.status).toBe(400);
      // a director has no ticket menu
      expect((await s.call('GET', '/api/manage/zendesk/list/paging', giamdoc)).status).toBe(403);
    });

    it('imports the Zendesk API export; importing it again changes nothing; a change is updated, not duplicated', async () => {
      const file = JSON.parse(fs.readFileSync(path.join(fixtures, 'zendesk-tickets.json'), 'utf8'));
      const first = await ok('POST', '/api/manage/zendesk/import', ketoan, file);
      expect(first).toEqual({ imported: 4, updated: 0, skipped: 0, errors: [] });
      const byExt = async (ext: string) =>
        (
          await ok('GET', `/api/manage/zendesk/list/paging?search=${ext}&itemsPerPage=100`, ketoan)
        ).items.filter((x: Any) => x.external_id === ext);
      const t1001 = (await byExt('1001'))[0];
      expect(t1001).toMatchObject({
        subject: 'Hoá đơn tháng 2 chưa nhận được',
        requester_name: 'Nguyễn Thị Lan',
        requester_email: 'lan.nguyen@riverside.vn',
        state: 'open',
        priority: 'high',
        opened_at: '2026-03-02T02:15:00.000Z',
      });
      expect((await byExt('1003'))[0]).toMatchObject({ state: 'solved', priority: 'normal' });
      expect((await byExt('1004'))[0]).toMatchObject({ state: 'pending', requester_name: 'Trần Minh Đức' });
      const again = await ok('POST', '/api/manage/zendesk/import', ketoan, file);
      expect(again).toEqual({ imported: 0, updated: 0, skipped: 4, errors: [] });
      file.tickets[0].status = 'solved';
      const changed = await ok('POST', '/api/manage/zendesk/import', ketoan, file);
      expect(changed).toEqual({ imported: 0, updated: 1, skipped: 3, errors: [] });
      const now = await byExt('1001');
      expect(now).toHaveLength(1);
      expect(now[0]).toMatchObject({ state: 'solved', version: 1 });
      const history = await ok('GET', `/api/manage/zendesk/history/${now[0].id}`, ketoan);
      expect(history[0]).toMatchObject({
        action: 'import',
        changes: { state: { old: 'open', new: 'solved' } },
      });
    });

    it('imports an NDJSON export file line by line: bad lines are reported with their reason, not a 500', async () => {
      const text = fs.readFileSync(path.join(fixtures, 'zendesk-tickets.ndjson'), 'utf8');
      for (const contentType of ['application/x-ndjson', 'text/plain']) {
        const res = await s.app.inject({
          method: 'POST',
          url: '/api/manage/zendesk/import',
          headers: { ...authHeaders(ketoan), 'content-type': contentType },
          payload: text,
        });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body.errors).toEqual([
          { line: 3, reason: 'not valid JSON' },
          { line: 5, reason: 'unknown status "archived"' },
          { line: 6, reason: 'missing ticket id' },
        ]);
        expect(body).toMatchObject(
          contentType === 'text/plain'
            ? { imported: 0, updated: 0, skipped: 3 }
            : { imported: 2, updated: 0, skipped: 1 },
        );
      }
      const t2002 = (await ok('GET', '/api/manage/zendesk/list/paging?search=2002', ketoan)).items.find(
        (x: Any) => x.external_id === '2002',
      );
      // no subject: the description's first line stands for it
      expect(t2002).toMatchObject({
        subject: 'Đề nghị xuất hoá đơn điều chỉnh',
        state: 'closed',
        requester_name: 'Đỗ Thu Trang',
      });
      for (const body of [{}, { tickets: 'x' }, 42]) {
        const res = await s.call('POST', '/api/manage/zendesk/import', ketoan, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      const garbage = await s.app.inject({
        method: 'POST',
        url: '/api/manage/zendesk/import',
        headers: { ...authHeaders(ketoan), 'content-type': 'application/x-ndjson' },
        payload: 'hello\n[1,2]\n{"id": "abc"}\n',
      });
      expect(garbage.statusCode).toBe(200);
      expect(garbage.json().errors.map((e: Any) => e.line)).toEqual([1, 2, 3]);
    });
  });

  describe('the mail list and resending a failed mail', () => {
    let smtp: FakeSmtp;

    beforeAll(async () => {
      // refusing every mail until the test says otherwise
      smtp = await startFakeSmtp({ refusal: { responseCode: 550, message: 'Mailbox unavailable' } });
      smtp.reject = -1;
      SMTP_PORTS.push(smtp.port);
      await ok('POST', '/api/admin/email-config/create', admin, {
        host: '127.0.0.1',
        port: smtp.port,
        security: 'none',
        from: 'sitepay@hoaphat-xd.vn',
      });
    });
    afterAll(() => smtp?.close());

    const outbox = async (token = ketoan, query = '') =>
      (await ok('GET', `/api/manage/mail/list/paging?itemsPerPage=100${query}`, token)).items as Any[];

    it('a refused mail fails; resend puts it back with its attempts counted afresh, and it is sent', async () => {
      await s.database.db.transaction((tx) =>
        enqueueMail(tx, {
          key: 'test:receivables:resend',
          event: 'billing_notice',
          to: 'ketoan@hoaphat-xd.vn',
          subject: 'Thông báo công nợ',
          text: 'Kính gửi quý khách…',
          // about a record of CT-001: ketoan's (issue 27)
          construction_id: ct['CT-001']!.id,
        }),
      );
      const failed = await waitFor('the mail to fail', async () =>
        (await outbox(ketoan, '&state=failed')).find((m) => m.subject === 'Thông báo công nợ'),
      );
      // a 550 is a refusal for good: failed after its one attempt, and a resend may take it
      expect(failed).toMatchObject({
        state: 'failed',
        attempts: 1,
        to: 'ketoan@hoaphat-xd.vn',
        event: 'billing_notice',
        resendable: true,
      });
      expect(failed.last_error).toMatch(/550/);
      // the same items as the administrators' outbox
      const adminItem = (
        await ok('GET', '/api/admin/mail/paging?state=failed&itemsPerPage=100', admin)
      ).items.find((m: Any) => m.id === failed.id);
      expect(adminItem).toEqual(failed);
      smtp.reject = 0;
      const again = await ok('POST', `/api/manage/mail/resend/${failed.id}`, ketoan);
      expect(again).toMatchObject({ id: failed.id, state: 'pending', attempts: 0, last_error: null });
      const sent = await waitFor('the resent mail', async () =>
        (await outbox()).find((m) => m.id === failed.id && m.state === 'sent'),
      );
      expect(sent.attempts).toBe(1);
      expect(smtp.received.map((m) => m.to.join(','))).toContain('ketoan@hoaphat-xd.vn');
      const twice = await s.call('POST', `/api/manage/mail/resend/${failed.id}`, ketoan);
      expect(twice.status).toBe(422);
      expect(twice.body).toMatchObject({ reason: 'mail_not_failed', params: { state: 'sent' } });
      expect((await s.call('POST', '/api/manage/mail/resend/999999', ketoan)).status).toBe(404);
      expect((await s.call('POST', '/api/manage/mail/resend/abc', ketoan)).status).toBe(400);
    });

    it('a password mail given up is not resent (its text is gone), and is the administrators’ only; the list needs its menu', async () => {
      const [row] = await queryRows<{ id: number }>(
        s.database.db,
        sql`insert into mail_outbox (key, event, "to", subject, text, state, attempts)
            values ('test:receivables:pw', 'reset_password', 'x@example.vn', 'Mật khẩu mới', '(removed after sending)', 'failed', 8)
            returning id`,
      );
      // an account mail: not an accountant's (issue 27)
      expect((await s.call('POST', `/api/manage/mail/resend/${row!.id}`, ketoan)).status).toBe(404);
      expect((await outbox(ketoan, '&state=failed')).find((m) => m.id === Number(row!.id))).toBeUndefined();
      const res = await s.call('POST', `/api/manage/mail/resend/${row!.id}`, admin);
      expect(res.status).toBe(422);
      expect(res.body.reason).toBe('mail_secret_removed');
      // and the list says so beforehand: the screen offers no resend on it
      expect((await outbox(admin, '&state=failed')).find((m) => m.id === Number(row!.id))).toMatchObject({
        attempts: 8,
        resendable: false,
      });
      expect((await s.call('GET', '/api/manage/mail/list/paging', giamdoc)).status).toBe(403);
      expect((await s.call('POST', `/api/manage/mail/resend/${row!.id}`, giamdoc)).status).toBe(403);
    });
  });
});

describe('receipt and credit races on PostgreSQL', () => {
  let s: TestServer;
  let ketoan: string;
  let customerId: number;
  let constructionId: number;
  let n = 0;

  beforeAll(async () => {
    s = await createTestServer('postgres', { demo: true });
    const admin = await s.login();
    ketoan = await s.login('ketoan', 'ketoan123');
    constructionId = (
      await s.call('GET', '/api/construction/paging?itemsPerPage=100', admin)
    ).body.items.find((c: Any) => c.code === 'CT-001').id;
    customerId = (
      await s.call('POST', '/api/manage/customer/register', ketoan, {
        code: 'KH-RACE',
        name: 'Khách đua',
        construction_ids: [constructionId],
      })
    ).body.id;
  }, 120_000);
  afterAll(() => s?.close());

  const newBill = async (amount: string) => {
    n += 1;
    const r = await s.call('POST', '/api/manage/billing/create', ketoan, {
      customer_id: customerId,
      construction_id: constructionId,
      number: `RACE-${n}`,
      bill_date: '2026-01-01',
      due_date: '2026-02-01',
      amount,
      vat_rate: 0,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { id: number; version: number };
  };

  it('10 receipts at once, each of half the bill: exactly 2 pass, paid never exceeds the total', async () => {
    const b = await newBill('1000000');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        s.call('POST', `/api/manage/billing/receipt/${b.id}`, ketoan, {
          amount: '500000',
          receipt_date: '2026-01-15',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(422);
      expect(['receipt_exceeds_remaining', 'billing_settled']).toContain(r.body.reason);
    }
    const check = (await s.call('GET', `/api/manage/billing/check/${b.id}`, ketoan)).body;
    expect(check).toMatchObject({ paid: '1000000.00', remaining: '0.00', state: 'paid', fixed: false });
    expect(check.receipts).toHaveLength(2);
  });

  it('receipts and credit notes at once on one bill never take more than it', async () => {
    const b = await newBill('900000');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2
          ? s.call('POST', `/api/manage/billing/receipt/${b.id}`, ketoan, {
              amount: '300000',
              receipt_date: '2026-01-15',
            })
          : s.call('POST', '/api/manage/credit/create', ketoan, {
              customer_id: customerId,
              billing_id: b.id,
              kind: 'note',
              amount: '300000',
              reason: 'Đua',
              credit_date: '2026-01-15',
            }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 422)).toBe(true);
    const check = (await s.call('GET', `/api/manage/billing/check/${b.id}`, ketoan)).body;
    expect(addAmounts(check.paid, check.credited)).toBe('900000.00');
    expect(check).toMatchObject({ remaining: '0.00', fixed: false });
  });

  it('receipts sent with the same version: one passes, the others are stale (409)', async () => {
    const b = await newBill('1000000');
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        s.call('POST', `/api/manage/billing/receipt/${b.id}`, ketoan, {
          amount: '100000',
          receipt_date: '2026-01-15',
          version: b.version,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await s.call('GET', `/api/manage/billing/get/${b.id}`, ketoan)).body.paid_amount).toBe(
      '100000.00',
    );
  });
});
