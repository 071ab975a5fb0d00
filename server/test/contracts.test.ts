import crypto from 'node:crypto';
import FormData from 'form-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories, type Rec } from './factories.ts';
import { authHeaders, backends, createTestServer, type TestServer } from './helpers.ts';

type Ref = { id: number; code: string; name: string; version: number };

describe.each(backends)('contracts and annexes (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let ketoan: string; // scope HP: CT-001..CT-003
  let ketoan2: string; // scope DN: CT-004, CT-005
  const ct: Record<string, Ref> = {};
  let vat8: number;
  let vat10: number;
  let typeId: number;
  let f: Factories;
  let nt: Rec;
  let benef: number;

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    [admin, ketoan, ketoan2] = await Promise.all([
      s.login(),
      s.login('ketoan', 'ketoan123'),
      s.login('ketoan2', 'ketoan123'),
    ]);
    for (const c of (await s.call('GET', '/api/construction/paging?itemsPerPage=100', admin)).body.items)
      ct[c.code] = c;
    const taxes = (await s.call('GET', '/api/admin/setting/tax', admin)).body;
    vat8 = taxes.find((t: { code: string }) => t.code === 'VAT8').id;
    vat10 = taxes.find((t: { code: string }) => t.code === 'VAT10').id;
    typeId = (await s.call('GET', '/api/contract-type/list/all', admin)).body[0].id;
    f = factories(s, { admin, accountant: ketoan });
    nt = await f.contractor({ code: 'NT-100', name: 'Công ty TNHH Xây dựng Minh Phát' });
    benef = (await f.payee(nt, { name: 'Minh Phát', account_number: '1234567890' })).id;
  });
  afterAll(() => s?.close());

  const contractBody = (over: Record<string, unknown> = {}) => ({
    contract_no: 'HĐ-001/2025',
    contract_type_id: typeId,
    construction_id: ct['CT-001']!.id,
    constructor_id: nt.id,
    beneficiary_id: benef,
    signed_date: '2025-03-15',
    amount_before_vat: '1000000000',
    tax_id: vat8,
    ...over,
  });

  it('computes VAT and the amount incl. VAT on the server, refusing them from the client', async () => {
    // the computed figures are not input: a body that sends them is refused, naming each
    const sent = await s.call('POST', '/api/contract/create', ketoan, {
      ...contractBody(),
      amount_vat: '1',
      vat_amount: '1',
      retention_percent: '5',
    });
    expect(sent.status).toBe(400);
    expect(sent.body.errors).toEqual([
      { field: 'amount_vat', message: 'unknown_field' },
      { field: 'vat_amount', message: 'unknown_field' },
    ]);
    const res = await s.call('POST', '/api/contract/create', ketoan, {
      ...contractBody(),
      retention_percent: '5',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      vat_rate: '8.00',
      vat_amount: '80000000.00',
      amount_vat: '1080000000.00',
      annex_amount: '0.00',
      contract_value: '1080000000.00',
      retention_amount: '54000000.00',
      constructor_code: 'NT-100',
      construction_code: 'CT-001',
      beneficiary_name: 'Minh Phát',
    });
    const upd = await s.call('PUT', `/api/contract/update/${res.body.id}`, ketoan, {
      ...contractBody(),
      tax_id: vat10,
      amount_before_vat: '1234567',
      version: res.body.version,
    });
    expect(upd.body).toMatchObject({ vat_amount: '123457.00', amount_vat: '1358024.00' });
  });

  it('its history names the records a reference points to, as the view does', async () => {
    const c = await f.contract(contractBody({ contract_no: 'HĐ-LS', construction_id: ct['CT-002']!.id }));
    await s.call('PUT', `/api/contract/update/${c.id}`, ketoan, {
      ...contractBody({ contract_no: 'HĐ-LS', construction_id: ct['CT-002']!.id }),
      tax_id: vat10,
      version: c.version,
    });
    const [update, create] = (await s.call('GET', `/api/contract/history/${c.id}`, ketoan)).body;
    expect(create.changes.construction_id).toMatchObject({
      old: null,
      new: ct['CT-002']!.id,
      new_label: ct['CT-002']!.name,
    });
    expect(create.changes.constructor_id.new_label).toBe('Công ty TNHH Xây dựng Minh Phát');
    const taxes = (await s.call('GET', '/api/admin/setting/tax', admin)).body as {
      id: number;
      name: string;
    }[];
    expect(update.changes.tax_id).toMatchObject({
      old: vat8,
      new: vat10,
      old_label: taxes.find((t) => t.id === vat8)!.name,
      new_label: taxes.find((t) => t.id === vat10)!.name,
    });
  });

  it('a percentage retention follows the value through annexes and settlement; a fixed one stays', async () => {
    const c = await f.contract(
      contractBody({
        contract_no: 'HĐ-BH',
        amount_before_vat: '1234567890',
        tax_id: vat10,
        retention_percent: '5',
        construction_id: ct['CT-002']!.id,
      }),
    );
    // 5 % of 1,358,024,679 incl. VAT
    expect(c).toMatchObject({
      contract_value: '1358024679.00',
      retention_effective: '67901234.00',
      retention_base: '1358024679.00',
    });
    await s.call('POST', '/api/contract-annex/create', ketoan, {
      contract_id: c.id,
      annex_no: 'PL-BH',
      amount: '250000000',
      signed_date: '2025-06-01',
    });
    const after = (await s.call('GET', `/api/contract/get/${c.id}`, ketoan)).body;
    // 5 % of 1,608,024,679: 80,401,233.95 → 80,401,234 đồng
    expect(after).toMatchObject({
      contract_value: '1608024679.00',
      retention_base: '1608024679.00',
      retention_effective: '80401234.00',
    });
    // the ceiling holds back the retention as it stands now
    expect((await s.call('GET', `/api/contract/summary/${c.id}`, ketoan)).body).toMatchObject({
      contract_value: '1608024679.00',
      ceiling: '1527623445.00',
    });
    // a settlement becomes the base
    const settled = (
      await s.call('PUT', `/api/contract/update/${c.id}`, ketoan, {
        ...contractBody({
          contract_no: 'HĐ-BH',
          amount_before_vat: '1234567890',
          tax_id: vat10,
          retention_percent: '5',
          construction_id: ct['CT-002']!.id,
        }),
        settlement_amount: '1600000000',
        version: after.version,
      })
    ).body;
    expect(settled).toMatchObject({ retention_base: '1600000000.00', retention_effective: '80000000.00' });
    // a fixed retention stays as given whatever the annexes
    const fixed = await f.contract(
      contractBody({
        contract_no: 'HĐ-BH2',
        amount_before_vat: '100000000',
        tax_id: vat10,
        retention_amount: '3000000',
        construction_id: ct['CT-002']!.id,
      }),
    );
    await s.call('POST', '/api/contract-annex/create', ketoan, {
      contract_id: fixed.id,
      annex_no: 'PL-1',
      amount: '50000000',
      signed_date: '2025-06-01',
    });
    expect((await s.call('GET', `/api/contract/get/${fixed.id}`, ketoan)).body).toMatchObject({
      retention_base: null,
      retention_effective: '3000000.00',
    });
  });

  it('annexes change the contract value at once, negatives included, never below zero', async () => {
    const c = await f.contract(
      contractBody({ contract_no: 'HĐ-002', amount_before_vat: '100000000', tax_id: vat10 }),
    );
    expect(c.contract_value).toBe('110000000.00');
    const a1 = await s.call('POST', '/api/contract-annex/create', ketoan, {
      contract_id: c.id,
      annex_no: 'PL-01',
      amount: '20000000',
      signed_date: '2025-04-01',
      note: 'Phát sinh',
    });
    expect(a1.status).toBe(200);
    const a2 = await s.call('POST', '/api/contract-annex/create', ketoan, {
      contract_id: c.id,
      annex_no: 'PL-02',
      amount: '-5000000.50',
      signed_date: '2025-05-01',
    });
    expect(a2.status).toBe(200);
    expect((await s.call('GET', `/api/contract/get/${c.id}`, ketoan)).body).toMatchObject({
      annex_amount: '14999999.50',
      contract_value: '124999999.50',
    });
    expect((await s.call('GET', `/api/contract/summary/${c.id}`, ketoan)).body).toEqual({
      contract_value: '124999999.50',
      ceiling: '124999999.50',
      requested: '0.00',
      approved: '0.00',
      paid: '0.00',
      remaining: '124999999.50',
    });
    const list = (await s.call('GET', `/api/contract-annex/list/${c.id}`, ketoan)).body;
    expect(list.map((a: { annex_no: string }) => a.annex_no)).toEqual(['PL-01', 'PL-02']);
    const tooMuch = await s.call('POST', '/api/contract-annex/create', ketoan, {
      contract_id: c.id,
      annex_no: 'PL-03',
      amount: '-200000000',
      signed_date: '2025-06-01',
    });
    expect(tooMuch.status).toBe(422);
    // deleting the positive annex would leave 105 M: allowed; editing it to -130 M is not
    const edit = await s.call('PUT', `/api/contract-annex/update/${a1.body.id}`, ketoan, {
      annex_no: 'PL-01',
      amount: '-130000000',
      signed_date: '2025-04-01',
      version: a1.body.version,
    });
    expect(edit.status).toBe(422);
    const del = await s.call('DELETE', `/api/contract-annex/delete/${a1.body.id}`, ketoan, {
      version: a1.body.version,
    });
    expect(del.status).toBe(200);
    expect((await s.call('GET', `/api/contract/get/${c.id}`, ketoan)).body.contract_value).toBe(
      '104999999.50',
    );
    expect((await s.call('GET', `/api/contract-annex/list/${c.id}`, ketoan)).body).toHaveLength(1);
  });

  it('contract numbers are unique within the company, not across companies', async () => {
    const dup = await s.call(
      'POST',
      '/api/contract/create',
      ketoan,
      contractBody({ contract_no: 'hđ-001/2025', construction_id: ct['CT-003']!.id }),
    );
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toEqual([{ field: 'contract_no', message: 'duplicate' }]);
    const otherCompany = await s.call(
      'POST',
      '/api/contract/create',
      ketoan2,
      contractBody({ construction_id: ct['CT-004']!.id }),
    );
    expect(otherCompany.status).toBe(200);
  });

  it('refuses a closed construction and an inactive contractor with the reason (422), and a foreign beneficiary', async () => {
    const target = ct['CT-002']!;
    const cur = (await s.call('GET', `/api/construction/get/${target.id}`, admin)).body;
    await s.call('PATCH', `/api/construction/close/${target.id}`, admin, { version: cur.version });
    const closed = await s.call(
      'POST',
      '/api/contract/create',
      ketoan,
      contractBody({ contract_no: 'HĐ-C', construction_id: target.id }),
    );
    expect(closed.status).toBe(422);
    expect(closed.body.message).toMatch(/CT-002 is closed/);
    const other = await f.contractor({ code: 'NT-OFF', name: 'Tạm ngừng' });
    await s.call('PATCH', `/api/constructor/deactivate/${other.id}`, admin, { version: other.version });
    const inactive = await s.call(
      'POST',
      '/api/contract/create',
      ketoan,
      contractBody({ contract_no: 'HĐ-I', constructor_id: other.id, beneficiary_id: null }),
    );
    expect(inactive.status).toBe(422);
    expect(inactive.body.message).toMatch(/NT-OFF is inactive/);
    const foreign = await s.call(
      'POST',
      '/api/contract/create',
      ketoan,
      contractBody({
        contract_no: 'HĐ-F',
        constructor_id: (await f.contractor({ code: 'NT-F', name: 'F' })).id,
      }),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([{ field: 'beneficiary_id', message: 'not_of_constructor' }]);
    const bad = await s.call(
      'POST',
      '/api/contract/create',
      ketoan,
      contractBody({ contract_no: 'HĐ-B', amount_before_vat: '12abc', signed_date: '31/12/2025' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'amount_before_vat',
      'signed_date',
    ]);
  });

  it('keeps contracts of other scopes out of lists and gets (404), and follows the selector', async () => {
    const mine = (await s.call('GET', '/api/contract/paging?constructionId=-1', ketoan)).body;
    expect(
      mine.items.every((c: { construction_code: string }) =>
        ['CT-001', 'CT-002', 'CT-003'].includes(c.construction_code),
      ),
    ).toBe(true);
    const theirs = (await s.call('GET', '/api/contract/paging', ketoan2)).body.items[0];
    expect((await s.call('GET', `/api/contract/get/${theirs.id}`, ketoan)).status).toBe(404);
    expect((await s.call('GET', `/api/contract-annex/list/${theirs.id}`, ketoan)).status).toBe(404);
    expect(
      (
        await s.call('PUT', `/api/contract/update/${theirs.id}`, ketoan, {
          ...contractBody(),
          version: theirs.version,
        })
      ).status,
    ).toBe(404);
    const bySel = (await s.call('GET', `/api/contract/paging?constructionId=${ct['CT-003']!.id}`, ketoan))
      .body;
    expect(bySel.total).toBe(0);
    const byCon = (
      await s.call('GET', `/api/contract/get-by-construction/paging/${ct['CT-001']!.id}`, ketoan)
    ).body;
    expect(byCon.total).toBe(2);
    expect(
      (await s.call('GET', `/api/contract/paging?search=${encodeURIComponent('hd-002')}`, ketoan)).body.total,
    ).toBe(1);
  });

  it('a stale version is refused and nothing changes; activate and deactivate work', async () => {
    const c = (await s.call('GET', '/api/contract/paging?search=hd-002', ketoan)).body.items[0];
    const stale = await s.call('PUT', `/api/contract/update/${c.id}`, ketoan, {
      ...contractBody({ contract_no: 'HĐ-002' }),
      amount_before_vat: '1',
      version: c.version + 1,
    });
    expect(stale.status).toBe(409);
    expect((await s.call('GET', `/api/contract/get/${c.id}`, ketoan)).body.amount_before_vat).toBe(
      '100000000.00',
    );
    const off = await s.call('PATCH', `/api/contract/deactivate/${c.id}`, ketoan, { version: c.version });
    expect(off.body.status).toBe('C');
    const v = (await s.call('GET', `/api/validate/contract/${c.id}`, ketoan)).body;
    expect(v.valid).toBe(false);
    expect(v.reasons.map((r: { code: string }) => r.code)).toContain('contract_inactive');
    await s.call('PATCH', `/api/contract/active/${c.id}`, ketoan, { version: off.body.version });
    expect((await s.call('GET', `/api/validate/contract/${c.id}`, ketoan)).body.valid).toBe(true);
  });

  it('the accountant who creates contracts may read the taxes the contract form offers', async () => {
    const res = await s.call('GET', '/api/admin/setting/tax', ketoan);
    expect(res.status).toBe(200);
    expect(res.body.map((t: { code: string }) => t.code)).toContain('VAT10');
  });

  it('a director may read contracts but not create them', async () => {
    const giamdoc = await s.login('giamdoc', 'giamdoc123');
    expect((await s.call('GET', '/api/contract/paging', giamdoc)).status).toBe(200);
    expect(
      (await s.call('POST', '/api/contract/create', giamdoc, contractBody({ contract_no: 'GD' }))).status,
    ).toBe(403);
  });

  describe('contract files', () => {
    const upload = async (contractId: number, token: string, parts: { name: string; data: Buffer }[]) => {
      const form = new FormData();
      for (const p of parts)
        form.append('file', p.data, { filename: p.name, contentType: 'application/octet-stream' });
      const res = await s.app.inject({
        method: 'POST',
        url: `/api/upload/contracts/${contractId}`,
        payload: form.getBuffer(),
        headers: { ...form.getHeaders(), ...authHeaders(token) },
      });
      return { status: res.statusCode, body: res.json() };
    };
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(4000)]);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      crypto.randomBytes(2000),
    ]);

    it('uploads several files, lists them, downloads byte for byte under the original name, deletes', async () => {
      const c = (await s.call('GET', '/api/contract/paging?search=hd-002', ketoan)).body.items[0];
      const up = await upload(c.id, ketoan, [
        { name: 'Hợp đồng ký kết.pdf', data: pdf },
        { name: 'ảnh công trường.png', data: png },
      ]);
      expect(up.status).toBe(200);
      expect(up.body.map((f: { file_name: string }) => f.file_name)).toEqual([
        'Hợp đồng ký kết.pdf',
        'ảnh công trường.png',
      ]);
      const list = (await s.call('GET', `/api/upload/contracts/${c.id}`, ketoan)).body;
      expect(list).toHaveLength(2);
      const dl = await s.app.inject({
        method: 'GET',
        url: `/api/download/contracts/${c.id}/${list[0].id}`,
        headers: { ...authHeaders(ketoan) },
      });
      expect(dl.statusCode).toBe(200);
      expect(Buffer.compare(dl.rawPayload, pdf)).toBe(0);
      expect(
        decodeURIComponent(String(dl.headers['content-disposition']).match(/filename\*=UTF-8''([^;]+)/)![1]!),
      ).toBe('Hợp đồng ký kết.pdf');
      const del = await s.call('DELETE', `/api/upload/contracts/${c.id}/${list[1].id}`, ketoan);
      expect(del.status).toBe(200);
      expect((await s.call('GET', `/api/upload/contracts/${c.id}`, ketoan)).body).toHaveLength(1);
      const h = (await s.call('GET', `/api/contract/history/${c.id}`, ketoan)).body.map(
        (x: { action: string }) => x.action,
      );
      expect(h.slice(0, 2)).toEqual(['file-remove', 'file-add']);
    });

    it('refuses a disallowed file with nothing stored, and answers 404 outside the scope or for another contract', async () => {
      const c = (await s.call('GET', '/api/contract/paging?search=hd-002', ketoan)).body.items[0];
      const before = (await s.call('GET', `/api/upload/contracts/${c.id}`, ketoan)).body.length;
      const exe = await upload(c.id, ketoan, [
        { name: 'setup.pdf', data: Buffer.concat([Buffer.from('MZ'), crypto.randomBytes(500)]) },
      ]);
      expect(exe.status).toBe(400);
      expect((await s.call('GET', `/api/upload/contracts/${c.id}`, ketoan)).body).toHaveLength(before);
      expect((await upload(c.id, ketoan2, [{ name: 'x.pdf', data: pdf }])).status).toBe(404);
      expect((await s.call('GET', `/api/upload/contracts/${c.id}`, ketoan2)).status).toBe(404);
      const file = (await s.call('GET', `/api/upload/contracts/${c.id}`, ketoan)).body[0];
      const other = (await s.call('GET', '/api/contract/paging?search=hd-001', ketoan)).body.items[0];
      expect((await s.call('GET', `/api/download/contracts/${other.id}/${file.id}`, ketoan)).status).toBe(
        404,
      );
      expect((await s.call('GET', `/api/download/contracts/${c.id}/${file.id}`, ketoan2)).status).toBe(404);
      const perm = await s.call('GET', `/api/contract/templates/${c.id}/permission`, ketoan);
      expect(perm).toMatchObject({ status: 200, body: { documentTypes: [] } });
    });
  });
});
