import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser } from '../src/db/schema.ts';
import { backends, createTestServer, type TestServer } from './helpers.ts';

const codes = (items: { code: string }[]) => items.map((x) => x.code).sort();

describe.each(backends)('master data (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let ketoan: string; // scope: company HP → constructions CT-001..CT-003
  let nobody: string;
  const byCode: Record<string, { id: number; version: number; project_id?: number }> = {};

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    await s.database.db.insert(appUser).values({ user_name: 'khach', password_hash: await hash('khach123') });
    [admin, ketoan, nobody] = await Promise.all([
      s.login(),
      s.login('ketoan', 'ketoan123'),
      s.login('khach', 'khach123'),
    ]);
    for (const c of (await s.call('GET', '/api/construction/paging?itemsPerPage=100', admin)).body.items)
      byCode[c.code] = c;
    for (const c of (await s.call('GET', '/api/admin/company/list/all', admin)).body) byCode[c.code] = c;
    for (const p of (await s.call('GET', '/api/admin/project/list/all', admin)).body) byCode[p.code] = p;
  });
  afterAll(() => s?.close());

  describe('projects', () => {
    it('creates a project in a company, adds constructions to it and removes one, with history', async () => {
      const created = await s.call('POST', '/api/admin/project/create', admin, {
        code: 'DA-NEW',
        name: 'Dự án Cầu Vàng',
        description: '',
        company_id: byCode.HP!.id,
      });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({
        company_name: 'Công ty Cổ phần Xây dựng Hòa Phát',
        description: null,
        construction_count: 0,
      });
      const a = (await s.call('POST', '/api/construction/create', admin, { code: 'CT-A', name: 'Trụ cầu A' }))
        .body;
      const b = (await s.call('POST', '/api/construction/create', admin, { code: 'CT-B', name: 'Trụ cầu B' }))
        .body;
      const notIn = codes(
        (await s.call('GET', `/api/construction/not-in-project/${created.body.id}`, admin)).body,
      );
      expect(notIn).toEqual(expect.arrayContaining(['CT-A', 'CT-B']));
      const add = await s.call('POST', `/api/admin/project/add-constructions/${created.body.id}`, admin, {
        constructionIds: [a.id, b.id],
      });
      expect(add.status).toBe(200);
      expect(
        codes((await s.call('GET', `/api/construction/get-by-project/${created.body.id}`, admin)).body),
      ).toEqual(['CT-A', 'CT-B']);
      expect(
        (await s.call('GET', `/api/admin/project/get/${created.body.id}`, admin)).body.construction_count,
      ).toBe(2);
      const del = await s.call('DELETE', `/api/admin/project/delete-construction/${created.body.id}`, admin, {
        constructionId: a.id,
        projectId: created.body.id,
      });
      expect(del.status).toBe(200);
      expect(
        codes((await s.call('GET', `/api/construction/get-by-project/${created.body.id}`, admin)).body),
      ).toEqual(['CT-B']);
      const history = (await s.call('GET', `/api/construction/history/${a.id}`, admin)).body;
      expect(history.map((h: { action: string }) => h.action)).toEqual([
        'remove-from-project',
        'add-to-project',
        'create',
      ]);
      // the project by its name, as the view shows it
      expect(history[0].changes.project_id).toEqual({
        old: created.body.id,
        new: null,
        old_label: created.body.name,
        new_label: null,
      });
    });

    it('lists projects by company and not in a company; a company lists its constructions', async () => {
      expect(
        codes((await s.call('GET', `/api/admin/project/by-company/${byCode.DN!.id}`, admin)).body),
      ).toEqual(['DA-DN01']);
      expect(
        codes((await s.call('GET', `/api/admin/project/not-in-company/${byCode.HP!.id}`, admin)).body),
      ).toContain('DA-DN01');
      const cons = (await s.call('GET', `/api/admin/company/${byCode.DN!.id}/constructions`, admin)).body;
      expect(codes(cons)).toEqual(['CT-004', 'CT-005']);
      const move = await s.call('POST', '/api/admin/company/add-project', admin, {
        companyId: byCode.DN!.id,
        projectIds: [
          byCode['DA-NEW']?.id ??
            (await s.call('GET', '/api/admin/project/paging?search=cau vang', admin)).body.items[0].id,
        ],
      });
      expect(move.status).toBe(200);
      expect(
        codes((await s.call('GET', `/api/admin/project/by-company/${byCode.DN!.id}`, admin)).body),
      ).toEqual(['DA-DN01', 'DA-NEW']);
    });

    it('refuses a project pointing at a company that does not exist', async () => {
      const res = await s.call('POST', '/api/admin/project/create', admin, {
        code: 'DA-X',
        name: 'X',
        company_id: 999999,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'company_id', message: 'not_found' }]);
    });
  });

  describe('constructions', () => {
    it('a user sees only the constructions of his scope: other ones are 404 to list, get and update', async () => {
      const mine = await s.call('GET', '/api/construction/paging?constructionId=-1&itemsPerPage=100', ketoan);
      expect(codes(mine.body.items)).toEqual(['CT-001', 'CT-002', 'CT-003']);
      const other = byCode['CT-004']!;
      expect((await s.call('GET', `/api/construction/get/${other.id}`, ketoan)).status).toBe(404);
      expect(
        (await s.call('GET', `/api/construction/paging?constructionId=${other.id}`, ketoan)).body.total,
      ).toBe(0);
      expect((await s.call('GET', `/api/construction/paging?search=bai do xe`, ketoan)).body.total).toBe(0);
      expect((await s.call('GET', `/api/construction/paging?search=bai do xe`, admin)).body.total).toBe(1);
      const upd = await s.call('PUT', `/api/construction/update/${other.id}`, admin, {
        code: 'CT-004',
        name: 'Khối đế',
        version: other.version,
      });
      expect(upd.status).toBe(200);
    });

    it('follows the top-bar selector: constructionId filters constructions and projects', async () => {
      const ct = byCode['CT-003']!;
      expect(
        codes((await s.call('GET', `/api/construction/paging?constructionId=${ct.id}`, ketoan)).body.items),
      ).toEqual(['CT-003']);
      expect(
        codes((await s.call('GET', `/api/admin/project/paging?constructionId=${ct.id}`, ketoan)).body.items),
      ).toEqual(['DA-HP02']);
      expect((await s.call('GET', `/api/admin/project/paging?constructionId=-1`, ketoan)).body.total).toBe(2);
      const companies = await s.call(
        'GET',
        `/api/admin/company/paging?constructionId=${byCode['CT-004']!.id}`,
        admin,
      );
      expect(codes(companies.body.items)).toEqual(['DN']);
    });

    it('closes a construction: shown as closed, version raised, history kept', async () => {
      const ct = (await s.call('GET', `/api/construction/get/${byCode['CT-002']!.id}`, admin)).body;
      const stale = await s.call('PATCH', `/api/construction/close/${ct.id}`, admin, {
        version: ct.version + 3,
      });
      expect(stale.status).toBe(409);
      const closed = await s.call('PATCH', `/api/construction/close/${ct.id}`, admin, {
        version: ct.version,
      });
      expect(closed.status).toBe(200);
      expect(closed.body).toMatchObject({ closed: true, version: ct.version + 1 });
      expect(closed.body.closed_at).toBeTruthy();
      const list = (await s.call('GET', '/api/account/construction/list', ketoan)).body;
      expect(list.find((c: { code: string }) => c.code === 'CT-002').closed).toBe(true);
      // the input of an update cannot reopen it: `closed` is no field of it (400), and stays true
      const upd = await s.call('PUT', `/api/construction/update/${ct.id}`, admin, {
        code: 'CT-002',
        name: ct.name,
        closed: false,
        version: closed.body.version,
      });
      expect(upd.status).toBe(400);
      expect(upd.body.errors).toEqual([{ field: 'closed', message: 'unknown_field' }]);
      const again = await s.call('GET', `/api/construction/get/${ct.id}`, admin);
      expect(again.body).toMatchObject({ closed: true, version: closed.body.version });
      const history = (await s.call('GET', `/api/construction/history/${ct.id}`, admin)).body;
      expect(history.map((h: { action: string }) => h.action)).toContain('close');
    });

    it('lists by company and project with paging, and the items list is open to every user', async () => {
      const res = await s.call(
        'GET',
        `/api/construction/get-by-company/paging/${byCode.HP!.id}?itemsPerPage=2&sortBy=code`,
        admin,
      );
      expect(res.body).toMatchObject({ total: 3, itemsPerPage: 2 });
      expect(codes(res.body.items)).toEqual(['CT-001', 'CT-002']);
      const items = await s.call('GET', '/api/construction-item/list', nobody);
      expect(items.status).toBe(200);
      expect(items.body.map((i: { name: string }) => i.name)).toContain('Phần móng');
    });

    it('refuses an end date before the start date', async () => {
      const res = await s.call('POST', '/api/construction/create', admin, {
        code: 'CT-D',
        name: 'D',
        start_date: '2025-05-01',
        end_date: '2025-04-01',
      });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('end_date');
      const bad = await s.call('POST', '/api/construction/create', admin, {
        code: 'CT-E',
        name: 'E',
        start_date: '2025-02-30',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0]).toEqual({ field: 'start_date', message: 'invalid_date' });
    });
  });

  describe('settings as users look for them (issue 30, 13 and 16)', () => {
    it('finds a bank by its brand name and its BIN, ignoring case and diacritics', async () => {
      const found = async (search: string) =>
        (
          await s.call('GET', `/api/admin/setting/bank/paging?search=${encodeURIComponent(search)}`, admin)
        ).body.items.map((b: { code: string }) => b.code);
      expect(await found('Vietcombank')).toEqual(['VCB']);
      expect(await found('agribank')).toEqual(['VBA']);
      expect(await found('TECHCOMBANK')).toEqual(['TCB']);
      expect(await found('970436')).toEqual(['VCB']);
      expect(await found('ngoai thuong')).toEqual(['VCB']);
    });

    it('lists the VAT rates in the order of their values, in the picker and the list', async () => {
      const picker = (await s.call('GET', '/api/admin/setting/tax', admin)).body as {
        code: string;
        value: string;
      }[];
      expect(picker.filter((x) => x.code.startsWith('VAT')).map((x) => x.code)).toEqual([
        'VAT0',
        'VAT5',
        'VAT8',
        'VAT10',
      ]);
      const values = picker.map((x) => Number(x.value));
      expect(values).toEqual([...values].sort((a, b) => a - b));
      const list = (await s.call('GET', '/api/admin/setting/tax/paging?itemsPerPage=50', admin)).body
        .items as {
        value: string;
      }[];
      const listed = list.map((x) => Number(x.value));
      expect(listed).toEqual([...listed].sort((a, b) => a - b));
    });
  });

  describe('contractors and beneficiaries', () => {
    let bankId: number;
    let other: number;
    beforeAll(async () => {
      const banks = (await s.call('GET', '/api/bank/list/all', nobody)).body;
      bankId = banks.find((b: { code: string }) => b.code === 'VCB').id;
      other = banks.find((b: { code: string }) => b.code === 'BIDV').id;
    });

    it('refuses a phone number that is not one, naming the field (issue 30, 16)', async () => {
      const refused = await s.call('POST', '/api/constructor/create', admin, {
        code: 'NT-PHONE',
        name: 'Nhà thầu số điện thoại',
        phone: '09a',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'phone', message: 'invalid_phone' }]);
      for (const phone of ['0912', '+84 12', '0912 345 678 9999'])
        expect(
          (
            await s.call('POST', '/api/constructor/create', admin, {
              code: 'NT-PHONE',
              name: 'Nhà thầu số điện thoại',
              phone,
            })
          ).body.errors,
        ).toEqual([{ field: 'phone', message: 'invalid_phone' }]);
      // kept as typed, trimmed
      const taken = await s.call('POST', '/api/constructor/create', admin, {
        code: 'NT-PHONE',
        name: 'Nhà thầu số điện thoại',
        phone: ' +84 24  3974 2345 ',
      });
      expect(taken.status).toBe(200);
      expect(taken.body.phone).toBe('+84 24 3974 2345');
    });

    it('creates a contractor with two beneficiaries and finds them both ways', async () => {
      const types = (await s.call('GET', '/api/constructor-type/list/all', nobody)).body;
      const c = await s.call('POST', '/api/constructor/create', admin, {
        code: 'NT-001',
        name: 'Công ty TNHH Xây lắp Điện Thành Đạt',
        tax_code: '0312345673',
        phone: '0903 123 456',
        email: 'ketoan@thanhdat.vn',
        constructor_type_id: types[0].id,
        address: '',
      });
      expect(c.status).toBe(200);
      expect(c.body).toMatchObject({ constructor_type_name: types[0].name, address: null });
      const b1 = await s.call('POST', '/api/beneficiary/create', admin, {
        constructor_id: c.body.id,
        name: 'Công ty TNHH Xây lắp Điện Thành Đạt',
        bank_id: bankId,
        account_number: '0071 0012 34567',
        branch: 'CN Sài Gòn',
      });
      expect(b1.status).toBe(200);
      expect(b1.body).toMatchObject({
        account_number: '00710012345 67'.replace(/\s/g, ''),
        bank_name: 'Ngân hàng TMCP Ngoại thương Việt Nam',
      });
      const b2 = await s.call('POST', '/api/beneficiary/create', admin, {
        constructor_id: c.body.id,
        name: 'Nguyễn Văn Đạt',
        bank_id: other,
        account_number: '12010000123456',
      });
      expect(b2.status).toBe(200);
      const list = (await s.call('GET', `/api/beneficiary/get-by-constructor/${c.body.id}`, admin)).body;
      expect(list.map((x: { name: string }) => x.name).sort()).toEqual([
        'Công ty TNHH Xây lắp Điện Thành Đạt',
        'Nguyễn Văn Đạt',
      ]);
      expect(
        (await s.call('GET', `/api/constructor/get-by-beneficiary/${b2.body.id}`, admin)).body.code,
      ).toBe('NT-001');
      const paged = (await s.call('GET', `/api/beneficiary/paging?constructorId=${c.body.id}`, admin)).body;
      expect(paged.total).toBe(2);
      const found = (
        await s.call('GET', `/api/constructor/paging?search=${encodeURIComponent('thanh dat')}`, admin)
      ).body;
      expect(codes(found.items)).toEqual(['NT-001']);
      expect(
        codes((await s.call('GET', '/api/constructor/paging?search=0312345', admin)).body.items),
      ).toEqual(['NT-001']);
      expect((await s.call('GET', '/api/beneficiary/paging?search=12010000', admin)).body.total).toBe(1);
    });

    it('refuses a duplicate contractor code (ignoring case) and a bad tax code', async () => {
      const dup = await s.call('POST', '/api/constructor/create', admin, { code: 'nt-001', name: 'Khác' });
      expect(dup.status).toBe(400);
      expect(dup.body.errors).toEqual([{ field: 'code', message: 'duplicate' }]);
      const tax = await s.call('POST', '/api/constructor/create', admin, {
        code: 'NT-009',
        name: 'Khác',
        tax_code: '12AB',
      });
      expect(tax.body.errors).toEqual([{ field: 'tax_code', message: 'invalid_tax_code' }]);
    });

    it('refuses an account number that is not digits of a plausible length, and a duplicate bank account', async () => {
      const c = (
        await s.call('POST', '/api/constructor/create', admin, { code: 'NT-002', name: 'Nhà thầu Hai' })
      ).body;
      for (const account_number of ['12AB5678', '123', '12345678901234567890']) {
        const res = await s.call('POST', '/api/beneficiary/create', admin, {
          constructor_id: c.id,
          name: 'X',
          bank_id: bankId,
          account_number,
        });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([{ field: 'account_number', message: 'invalid_account_number' }]);
      }
      const dup = await s.call('POST', '/api/beneficiary/create', admin, {
        constructor_id: c.id,
        name: 'X',
        bank_id: bankId,
        account_number: '007100123456 7',
      });
      expect(dup.status).toBe(400);
      expect(dup.body.errors).toEqual([{ field: 'account_number', message: 'duplicate' }]);
      // the same number at another bank is another account
      const ok = await s.call('POST', '/api/beneficiary/create', admin, {
        constructor_id: c.id,
        name: 'X',
        bank_id: other,
        account_number: '0071001234567',
      });
      expect(ok.status).toBe(200);
    });

    it('records a beneficiary account change in the history with old and new values', async () => {
      const c = (await s.call('GET', '/api/constructor/paging?search=NT-001', admin)).body.items[0];
      const [b] = (await s.call('GET', `/api/beneficiary/get-by-constructor/${c.id}`, admin)).body.filter(
        (x: { bank_id: number }) => x.bank_id === bankId,
      );
      const upd = await s.call('PUT', `/api/beneficiary/update/${b.id}`, admin, {
        constructor_id: b.constructor_id,
        name: b.name,
        bank_id: b.bank_id,
        account_number: '0071009999999',
        version: b.version,
      });
      expect(upd.status).toBe(200);
      const h = (await s.call('GET', `/api/beneficiary/history/${b.id}`, admin)).body;
      expect(h[0]).toMatchObject({
        action: 'update',
        user_name: 'admin',
        changes: { account_number: { old: '0071001234567', new: '0071009999999' } },
      });
    });

    it('an accountant may manage contractors but a user without the menu may not', async () => {
      expect(
        (await s.call('POST', '/api/constructor/create', ketoan, { code: 'NT-K', name: 'Của kế toán' }))
          .status,
      ).toBe(200);
      expect((await s.call('GET', '/api/constructor/paging', nobody)).status).toBe(403);
    });
  });

  describe('departments and settings', () => {
    it('lists the users a director picker offers, never their password hashes', async () => {
      const users = (await s.call('GET', '/api/admin/user/list/all', admin)).body;
      expect(users.map((u: { user_name: string }) => u.user_name)).toEqual(
        expect.arrayContaining(['admin', 'ketoan', 'giamdoc']),
      );
      expect(users.find((u: { user_name: string }) => u.user_name === 'ketoan')).toMatchObject({
        full_name: 'Nguyễn Thị Lan',
        department_name: 'Phòng Kế toán',
      });
      expect(JSON.stringify(users)).not.toContain('argon2');
      // the payment form picks its head of unit from it: the payment screens may read it too
      const forAccountant = await s.call('GET', '/api/admin/user/list/all', ketoan);
      expect(forAccountant.status).toBe(200);
      expect(JSON.stringify(forAccountant.body)).not.toContain('argon2');
    });

    it('creates a department with a director and answers the director name', async () => {
      const users = (await s.call('GET', '/api/account/profile', ketoan)).body;
      const d = await s.call('POST', '/api/admin/department/create', admin, {
        code: 'TCHC',
        name: 'Phòng Tổ chức - Hành chính',
        director_id: users.id,
      });
      expect(d.status).toBe(200);
      expect(d.body.director_name).toBe('Nguyễn Thị Lan');
      expect(codes((await s.call('GET', '/api/admin/department/list/all', admin)).body)).toContain('TCHC');
      const del = await s.call('DELETE', `/api/admin/department/delete/${d.body.id}`, admin, {
        version: d.body.version,
      });
      expect(del.status).toBe(200);
      expect(codes((await s.call('GET', '/api/admin/department/list/all', admin)).body)).not.toContain(
        'TCHC',
      );
    });

    it('seeds the values a Vietnamese construction company uses', async () => {
      const taxes = (await s.call('GET', '/api/admin/setting/tax', admin)).body;
      expect(
        taxes.map((t: { value: string }) => Number(t.value)).sort((a: number, b: number) => a - b),
      ).toEqual([0, 0, 5, 8, 10]);
      const payTypes = (await s.call('GET', '/api/payment-type/list/all', nobody)).body;
      expect(payTypes.map((p: { note: string }) => p.note).sort()).toEqual([
        'Advance',
        'Progress',
        'Settlement',
        'Warranty',
      ]);
      const tt = (await s.call('GET', '/api/transaction-type/list/all', nobody)).body;
      expect(tt.find((t: { code: string }) => t.code === 'KL').pay_date).toBe(30);
      const docs = (
        await s.call(
          'GET',
          `/api/admin/setting/document-attachment/get-by-transaction-type/${tt.find((t: { code: string }) => t.code === 'KL').id}`,
          admin,
        )
      ).body;
      // the type's own documents and those asked of every type, in their order
      expect(codes(docs)).toEqual(['BBNT', 'BTGT', 'DNTT', 'HD']);
      expect(docs.find((d: { code: string }) => d.code === 'BBNT').transaction_type_name).toBe(
        'Thanh toán khối lượng hoàn thành',
      );
      expect(docs.find((d: { code: string }) => d.code === 'HD').transaction_type_name).toBeNull();
      expect(
        (await s.call('GET', '/api/admin/setting/contract-type/all', admin)).body.length,
      ).toBeGreaterThanOrEqual(5);
      expect((await s.call('GET', '/api/contract-type/list/all', nobody)).status).toBe(200);
      expect(
        (await s.call('GET', '/api/admin/setting/payment-date/all', admin)).body.map(
          (d: { day_of_month: number }) => d.day_of_month,
        ),
      ).toEqual([10, 25]);
    });

    it('edits a tax through its REST spelling, with validation', async () => {
      const created = await s.call('POST', '/api/admin/setting/tax', admin, {
        code: 'VAT7',
        name: 'Thuế 7%',
        value: '7.5',
      });
      expect(created.status).toBe(200);
      expect(created.body.value).toBe('7.50');
      expect((await s.call('GET', `/api/admin/setting/tax?id=${created.body.id}`, admin)).body.code).toBe(
        'VAT7',
      );
      const bad = await s.call('PUT', `/api/admin/setting/tax/${created.body.id}`, admin, {
        code: 'VAT7',
        name: 'Thuế',
        value: '120',
        version: 0,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe('value');
      const ok = await s.call('PUT', `/api/admin/setting/tax/${created.body.id}`, admin, {
        code: 'VAT7',
        name: 'Thuế 7%',
        value: '7',
        version: 0,
      });
      expect(ok.body.value).toBe('7.00');
      expect(
        (await s.call('DELETE', `/api/admin/setting/tax/${created.body.id}`, admin, { version: 1 })).status,
      ).toBe(200);
      expect((await s.call('GET', `/api/admin/setting/tax?id=${created.body.id}`, admin)).status).toBe(404);
    });

    it('updates a transaction type debt age and refuses a duplicate bank code', async () => {
      const tt = (await s.call('GET', '/api/admin/setting/transaction-type/all', admin)).body.find(
        (t: { code: string }) => t.code === 'TU',
      );
      const upd = await s.call('PUT', `/api/admin/setting/transaction-type/update/${tt.id}`, admin, {
        code: tt.code,
        name: tt.name,
        pay_date: 10,
        version: tt.version,
      });
      expect(upd.body.pay_date).toBe(10);
      const dup = await s.call('POST', '/api/admin/setting/bank/create', admin, {
        code: 'VCB',
        name: 'Trùng',
      });
      expect(dup.body.errors).toEqual([{ field: 'code', message: 'duplicate' }]);
      expect(
        (await s.call('GET', '/api/admin/setting/bank/paging?search=ngoai thuong', admin)).body.total,
      ).toBe(1);
    });

    it('keeps cost items, an entity described once: list, search, unique code, history, picker, menu', async () => {
      const created = await s.call('POST', '/api/admin/setting/cost-item/create', admin, {
        code: ' CP-VL ',
        name: 'Chi phí vật liệu',
      });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({
        code: 'CP-VL',
        name: 'Chi phí vật liệu',
        status: 'O',
        version: 0,
      });
      await s.call('POST', '/api/admin/setting/cost-item/create', admin, {
        code: 'CP-NC',
        name: 'Chi phí nhân công',
      });
      const blank = await s.call('POST', '/api/admin/setting/cost-item/create', admin, {
        code: 'CP-X',
        name: ' ',
      });
      expect(blank.status).toBe(400);
      expect(blank.body.errors).toEqual([{ field: 'name', message: 'required' }]);
      const dup = await s.call('POST', '/api/admin/setting/cost-item/create', admin, {
        code: 'CP-VL',
        name: 'Trùng',
      });
      expect(dup.status).toBe(400);
      expect(dup.body.errors).toEqual([{ field: 'code', message: 'duplicate' }]);
      // diacritics ignored, sorted by name by default
      const found = await s.call('GET', '/api/admin/setting/cost-item/paging?search=vat lieu', admin);
      expect(found.body.items.map((x: { code: string }) => x.code)).toEqual(['CP-VL']);
      const all = await s.call('GET', '/api/admin/setting/cost-item/all', admin);
      expect(all.body.map((x: { code: string }) => x.code)).toEqual(['CP-NC', 'CP-VL']);
      const renamed = await s.call('PUT', `/api/admin/setting/cost-item/update/${created.body.id}`, admin, {
        code: 'CP-VL',
        name: 'Chi phí vật liệu xây dựng',
        version: 0,
      });
      expect(renamed.body.version).toBe(1);
      const stale = await s.call('PUT', `/api/admin/setting/cost-item/update/${created.body.id}`, admin, {
        code: 'CP-VL',
        name: 'Ghi đè',
        version: 0,
      });
      expect(stale.status).toBe(409);
      const history = await s.call('GET', `/api/admin/setting/cost-item/history/${created.body.id}`, admin);
      expect(history.body[0].changes.name).toMatchObject({
        old: 'Chi phí vật liệu',
        new: 'Chi phí vật liệu xây dựng',
      });
      // every signed-in user reads the picker list; only holders of the menu the screens
      expect((await s.call('GET', '/api/cost-item/list/all', nobody)).body).toHaveLength(2);
      expect((await s.call('GET', '/api/admin/setting/cost-item/paging', ketoan)).status).toBe(403);
      // the drawer offers it under the settings, with its own create, update and view entries
      const menus = (await s.call('GET', '/api/admin/menu/list/all', admin)).body as {
        name: string;
        path: string;
        title: string;
        title_en: string;
        hidden: boolean;
      }[];
      expect(menus.filter((m) => m.name.startsWith('cost-item'))).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            name: 'cost-item',
            path: '/admin/setting/cost-item/list',
            title: 'Khoản mục chi phí',
            title_en: 'Cost items',
            hidden: false,
          }),
          expect.objectContaining({
            name: 'cost-item-create',
            title: 'Thêm khoản mục chi phí',
            hidden: true,
          }),
          expect.objectContaining({ name: 'cost-item-update', hidden: true }),
          expect.objectContaining({ name: 'cost-item-view', hidden: true }),
        ]),
      );
    });
  });
});
