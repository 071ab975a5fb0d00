/**
 * Tax codes checked as the tax authority checks them (docs/adr/0093-tax-codes-checked-by-their-check-digit.md),
 * on both backends: an MST's check digit, a branch's suffix, a person's 12-digit number where the
 * record may be a person; 400 `invalid_tax_code` naming the field with nothing written; older data
 * that fails read and edited with its code unchanged, refused once the code changes, and listed by
 * the one-off report.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { type Factories, factories, type Rec } from './factories.ts';
import { backends, createTestServer, type TestServer } from './helpers.ts';

const VIETTEL = '0100109106';
const WRONG_CHECK = '0100109107';
const CCCD = '079185001234';
const invalid = (field: string) => [{ field, message: 'invalid_tax_code' }];

describe.each(backends)('tax codes (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let ketoan: string;
  let f: Factories;
  let hp: number;
  let n = 0;
  const code = (prefix: string) => `${prefix}-${++n}`;

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    [admin, ketoan] = await Promise.all([s.login(), s.login('ketoan', 'ketoan123')]);
    f = factories(s, { admin, accountant: ketoan });
    hp = (await s.call('GET', '/api/admin/company/list/all', admin)).body.find(
      (c: Rec) => c.code === 'HP',
    ).id;
  });
  afterAll(() => s?.close());

  const count = async (table: string) =>
    Number(
      (
        await queryRows<{ n: number }>(s.database.db, sql`select count(*)::int as n from ${sql.raw(table)}`)
      )[0]!.n,
    );
  /** A record written straight into its table, as older data with a code of the old rule. */
  const stored = async (table: string, values: Record<string, unknown>) => {
    const columns = Object.keys(values);
    const [row] = await queryRows<{ id: number }>(
      s.database.db,
      sql`insert into ${sql.raw(table)} (${sql.raw(columns.join(', '))}) values (${sql.join(
        columns.map((c) => sql`${values[c]}`),
        sql`, `,
      )}) returning id`,
    );
    return row!.id;
  };

  it('a company: a wrong check digit answers 400 invalid_tax_code naming the field, and nothing is written', async () => {
    const before = await count('company');
    for (const tax_code of [WRONG_CHECK, '0101234567', '12345', '0100109106-000', CCCD]) {
      const res = await s.call('POST', '/api/admin/company/create', admin, {
        code: code('MST'),
        name: 'Công ty sai mã',
        tax_code,
      });
      expect(res.status, tax_code).toBe(400);
      expect(res.body.code).toBe('bad_request');
      expect(res.body.errors).toEqual(invalid('tax_code'));
    }
    expect(await count('company')).toBe(before);
  });

  it('a company takes a published MST and a branch’s; 13 digits typed without the dash are kept with it', async () => {
    const made = [];
    for (const tax_code of [VIETTEL, '0100109106-001', ' 0100112437002 ']) {
      const res = await s.call('POST', '/api/admin/company/create', admin, {
        code: code('MST'),
        name: 'Chi nhánh',
        tax_code,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      made.push(res.body.tax_code);
    }
    expect(made).toEqual([VIETTEL, '0100109106-001', '0100112437-002']);
  });

  it('a contractor and a customer may be persons: a 12-digit CCCD is taken; a wrong MST is not', async () => {
    const person = await f.contractor({ name: 'Nguyễn Văn Tổ', tax_code: CCCD });
    expect(person.tax_code).toBe(CCCD);
    const bad = await s.call('POST', '/api/constructor/create', admin, {
      code: code('NT'),
      name: 'Sai',
      tax_code: WRONG_CHECK,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(invalid('tax_code'));

    const owner = await s.call('POST', '/api/manage/customer/register', ketoan, {
      code: code('KH'),
      name: 'Ông Trần Văn Chủ',
      tax_code: '001090012345',
    });
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(owner.body.tax_code).toBe('001090012345');
    const wrong = await s.call('POST', '/api/manage/customer/register', ketoan, {
      code: code('KH'),
      name: 'Sai',
      tax_code: '0101234567',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual(invalid('tax_code'));
  });

  it('an invoice’s seller: a branch and a CCCD are taken, a wrong check digit is refused', async () => {
    const contract = await f.contract({ amount_before_vat: '10000000000' });
    const r = await f.request(contract, { invoice_amount: '5000000' });
    const body = (seller_tax_code: string, number: string) => ({
      payment_id: r.id,
      form: '1',
      symbol: 'C26TAA',
      number,
      date: '2025-06-01',
      seller_tax_code,
      amount_before_vat: '1000000',
      vat_rate: '10',
    });
    const branch = await s.call(
      'POST',
      '/api/payment-invoice/create',
      ketoan,
      body('0100109106001', '00000091'),
    );
    expect(branch.status, JSON.stringify(branch.body)).toBe(200);
    expect(branch.body.seller_tax_code).toBe('0100109106-001');
    const person = await s.call('POST', '/api/payment-invoice/create', ketoan, body(CCCD, '00000092'));
    expect(person.status, JSON.stringify(person.body)).toBe(200);
    const wrong = await s.call('POST', '/api/payment-invoice/create', ketoan, body(WRONG_CHECK, '00000093'));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual(invalid('seller_tax_code'));
  });

  it('older data whose code fails: read, its other fields edited with the code unchanged; a changed code must be right', async () => {
    const contractorId = await stored('constructor', {
      code: code('OLD'),
      name: 'Nhà thầu cũ',
      tax_code: '0101234567',
    });
    const customerId = await stored('customer', {
      code: code('OLDKH'),
      name: 'Khách hàng cũ',
      tax_code: '0309876543',
      company_id: hp,
    });
    const companyId = await stored('company', {
      code: code('OLDCT'),
      name: 'Công ty cũ',
      tax_code: '0102030406',
    });

    const cases = [
      {
        get: `/api/constructor/get/${contractorId}`,
        put: `/api/constructor/update/${contractorId}`,
        by: admin,
      },
      {
        get: `/api/manage/customer/get/${customerId}`,
        put: `/api/manage/customer/update/${customerId}`,
        by: ketoan,
      },
      {
        get: `/api/admin/company/get/${companyId}`,
        put: `/api/admin/company/update/${companyId}`,
        by: admin,
      },
    ];
    for (const c of cases) {
      const read = await s.call('GET', c.get, c.by);
      expect(read.status, c.get).toBe(200);
      const x = read.body as Rec;
      const {
        id: _i,
        created_at: _c,
        updated_at: _u,
        created_by: _cb,
        updated_by: _ub,
        status: _s,
        ...rest
      } = x;
      const editable = Object.fromEntries(
        Object.entries(rest).filter(([k]) =>
          ['code', 'name', 'tax_code', 'address', 'version', 'company_id', 'construction_ids'].includes(k),
        ),
      );
      // another field changed, the code sent back as stored: taken
      const kept = await s.call('PUT', c.put, c.by, { ...editable, address: 'Số 1 Tràng Tiền' });
      expect(kept.status, `${c.put} ${JSON.stringify(kept.body)}`).toBe(200);
      expect(kept.body).toMatchObject({ address: 'Số 1 Tràng Tiền', tax_code: x.tax_code });
      // the code changed to another that fails: 400, nothing changed
      const changed = await s.call('PUT', c.put, c.by, {
        ...editable,
        tax_code: '0101234568',
        version: kept.body.version,
      });
      expect(changed.status, c.put).toBe(400);
      expect(changed.body.errors).toEqual(invalid('tax_code'));
      expect((await s.call('GET', c.get, c.by)).body).toMatchObject({
        tax_code: x.tax_code,
        version: kept.body.version,
      });
      // corrected: taken
      const fixed = await s.call('PUT', c.put, c.by, {
        ...editable,
        tax_code: VIETTEL,
        version: kept.body.version,
      });
      expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
      expect(fixed.body.tax_code).toBe(VIETTEL);
    }
  });

  it('the one-off report lists the live records whose stored code fails, for administrators only', async () => {
    const badContractor = await stored('constructor', {
      code: code('RPT'),
      name: 'Mã cũ',
      tax_code: '0101234567',
    });
    const badCustomer = await stored('customer', {
      code: code('RPTKH'),
      name: 'Mã cũ',
      tax_code: '12345',
      company_id: hp,
    });
    const badCompany = await stored('company', {
      code: code('RPTCT'),
      name: 'Mã cũ',
      tax_code: '0100109106-000',
    });
    const deleted = await stored('constructor', {
      code: code('RPTD'),
      name: 'Đã xóa',
      tax_code: '1',
      status: 'D',
    });
    const good = await f.contractor({ tax_code: '0100112437' });

    const res = await s.call('GET', '/api/admin/tax-code/invalid', admin);
    expect(res.status).toBe(200);
    expect(res.body.checked).toBeGreaterThan(3);
    const listed = (kind: string, id: number) =>
      (res.body.items as Rec[]).find((i) => i.kind === kind && i.id === id);
    expect(listed('constructor', badContractor)).toMatchObject({
      name: 'Mã cũ',
      field: 'tax_code',
      tax_code: '0101234567',
      payment_id: null,
    });
    expect(listed('customer', badCustomer)).toMatchObject({ tax_code: '12345' });
    expect(listed('company', badCompany)).toMatchObject({ tax_code: '0100109106-000' });
    expect(listed('constructor', deleted)).toBeUndefined();
    expect(listed('constructor', good.id)).toBeUndefined();
    // the seeded and demo data pass: nothing of theirs is listed
    const seededCompanies = (await s.call('GET', '/api/admin/company/list/all', admin)).body as Rec[];
    for (const c of seededCompanies.filter((c) => ['HP', 'DN'].includes(c.code)))
      expect(listed('company', c.id), c.code).toBeUndefined();
    expect((res.body.items as Rec[]).filter((i) => i.kind === 'payment-invoice')).toEqual([]);

    expect((await s.call('GET', '/api/admin/tax-code/invalid', ketoan)).status).toBe(403);
  });
});
