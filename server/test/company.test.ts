import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestServer, type TestServer } from './helpers.ts';

describe.each(backends)('companies through the generic record machinery (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  const base = '/api/admin/company';

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: false });
    admin = await s.login();
  });
  afterAll(() => s?.close());

  const create = (body: Record<string, unknown>) => s.call('POST', `${base}/create`, admin, body);

  it('creates a company, turning empty strings into null, and reads it back', async () => {
    const res = await create({
      code: 'HP',
      name: 'Công ty Cổ phần Xây dựng Hòa Phát',
      tax_code: ' ',
      email: '',
      address: 'Hà Nội',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 'HP',
      tax_code: null,
      email: null,
      address: 'Hà Nội',
      status: 'O',
      version: 0,
    });
    const got = await s.call('GET', `${base}/get/${res.body.id}`, admin);
    // read alone, it also says who created and changed it by the full name
    expect(got.body).toEqual({
      ...res.body,
      created_by_name: 'Quản trị hệ thống',
      updated_by_name: 'Quản trị hệ thống',
    });
    expect(got.body).not.toHaveProperty('search_text');
  });

  it('answers 400 naming the bad fields and writes nothing', async () => {
    const before = await s.call('GET', `${base}/paging?status=all`, admin);
    const res = await create({ code: '', name: 'X', email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('bad_request');
    const fields = res.body.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['code', 'email']);
    expect(res.body.errors.find((e: { field: string }) => e.field === 'code').message).toBe('required');
    const after = await s.call('GET', `${base}/paging?status=all`, admin);
    expect(after.body.total).toBe(before.body.total);
  });

  it('refuses a duplicate code with a field error', async () => {
    await create({ code: 'DUP', name: 'Một' });
    const res = await create({ code: 'DUP', name: 'Hai' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'code', message: 'duplicate' }]);
  });

  it('pages with the documented shape and sorts on request', async () => {
    for (const [code, name] of [
      ['S1', 'Alpha'],
      ['S2', 'Bravo'],
      ['S3', 'Charlie'],
    ])
      await create({ code, name: `Sort ${name}` });
    const res = await s.call(
      'GET',
      `${base}/paging?page=1&itemsPerPage=2&sortBy=name&sortDesc=true&search=sort`,
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, page: 1, itemsPerPage: 2 });
    expect(res.body.items.map((c: { name: string }) => c.name)).toEqual(['Sort Charlie', 'Sort Bravo']);
    const page2 = await s.call(
      'GET',
      `${base}/paging?page=2&itemsPerPage=2&sortBy=name&sortDesc=true&search=sort`,
      admin,
    );
    expect(page2.body.items.map((c: { name: string }) => c.name)).toEqual(['Sort Alpha']);
  });

  it('refuses a page size above 1000 and an unknown status filter', async () => {
    expect((await s.call('GET', `${base}/paging?itemsPerPage=5000`, admin)).status).toBe(400);
    expect((await s.call('GET', `${base}/paging?status=weird`, admin)).status).toBe(400);
  });

  it('search ignores Vietnamese diacritics and case', async () => {
    await create({ code: 'DN', name: 'Công ty TNHH Đầu tư Đông Nam', tax_code: '0309876547' });
    const plain = await s.call(
      'GET',
      `${base}/paging?search=${encodeURIComponent('dau tu dong nam')}`,
      admin,
    );
    expect(plain.body.items.map((c: { code: string }) => c.code)).toEqual(['DN']);
    const accented = await s.call('GET', `${base}/paging?search=${encodeURIComponent('ĐÔNG NAM')}`, admin);
    expect(accented.body.items.map((c: { code: string }) => c.code)).toEqual(['DN']);
    const byTax = await s.call('GET', `${base}/paging?search=0309876`, admin);
    expect(byTax.body.items.map((c: { code: string }) => c.code)).toEqual(['DN']);
    const wildcard = await s.call('GET', `${base}/paging?search=${encodeURIComponent('%')}`, admin);
    expect(wildcard.body.total).toBe(0);
  });

  it('a stale version is refused with 409 and nothing is written', async () => {
    const c = (await create({ code: 'V1', name: 'Phiên bản' })).body;
    const ok = await s.call('PUT', `${base}/update/${c.id}`, admin, {
      code: c.code,
      name: 'Phiên bản mới',
      version: 0,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.version).toBe(1);
    const stale = await s.call('PUT', `${base}/update/${c.id}`, admin, {
      code: c.code,
      name: 'Ghi đè',
      version: 0,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'invalid_version', message: 'data is out of date, press F5' });
    const now = await s.call('GET', `${base}/get/${c.id}`, admin);
    expect(now.body).toMatchObject({ name: 'Phiên bản mới', version: 1 });
    const staleStatus = await s.call('PATCH', `${base}/deactivate/${c.id}`, admin, { version: 0 });
    expect(staleStatus.status).toBe(409);
    expect((await s.call('GET', `${base}/get/${c.id}`, admin)).body.status).toBe('O');
  });

  it('deactivates, activates and soft-deletes, with the status filters following', async () => {
    const c = (await create({ code: 'ST', name: 'Trạng thái' })).body;
    const off = await s.call('PATCH', `${base}/deactivate/${c.id}`, admin, { version: c.version });
    expect(off.body).toMatchObject({ status: 'C', version: c.version + 1 });
    const inactive = await s.call('GET', `${base}/paging?status=deactive&search=trang thai`, admin);
    expect(inactive.body.items.map((x: { id: number }) => x.id)).toEqual([c.id]);
    const open = await s.call('GET', `${base}/paging?status=open&search=trang thai`, admin);
    expect(open.body.total).toBe(0);
    const on = await s.call('PATCH', `${base}/active/${c.id}`, admin, { version: off.body.version });
    expect(on.body.status).toBe('O');
    const del = await s.call('DELETE', `${base}/delete/${c.id}`, admin, { version: on.body.version });
    expect(del.status).toBe(200);
    expect(del.body.status).toBe('D');
    expect((await s.call('GET', `${base}/paging?search=trang thai`, admin)).body.total).toBe(0);
    expect((await s.call('GET', `${base}/paging?status=deleted&search=trang thai`, admin)).body.total).toBe(
      1,
    );
    expect((await s.call('GET', `${base}/get/${c.id}`, admin)).status).toBe(404);
    const all = await s.call('GET', `${base}/list/all`, admin);
    expect(all.body.map((x: { id: number }) => x.id)).not.toContain(c.id);
    // the code of a deleted company is free again
    expect((await create({ code: 'ST', name: 'Trạng thái mới' })).status).toBe(200);
  });

  it('keeps the change history with old and new values, newest first', async () => {
    const c = (await create({ code: 'H1', name: 'Lịch sử' })).body;
    const u = (
      await s.call('PUT', `${base}/update/${c.id}`, admin, {
        code: c.code,
        name: c.name,
        phone: '0909 123 456',
        version: c.version,
      })
    ).body;
    await s.call('PATCH', `${base}/deactivate/${c.id}`, admin, { version: u.version });
    const h = await s.call('GET', `${base}/history/${c.id}`, admin);
    expect(h.body.map((x: { action: string }) => x.action)).toEqual(['deactivate', 'update', 'create']);
    expect(h.body[1].changes).toEqual({ phone: { old: null, new: '0909 123 456' } });
    expect(h.body[0].changes.status).toEqual({ old: 'O', new: 'C' });
    expect(h.body[0].user_name).toBe('admin');
  });

  it('an update that leaves out an optional field keeps it; an empty one clears it', async () => {
    const c = (await create({ code: 'KEEP', name: 'Giữ', phone: '024 3974 2345', address: 'Hà Nội' })).body;
    const kept = await s.call('PUT', `${base}/update/${c.id}`, admin, {
      code: 'KEEP',
      name: 'Giữ lại',
      version: c.version,
    });
    expect(kept.body).toMatchObject({ name: 'Giữ lại', phone: '024 3974 2345', address: 'Hà Nội' });
    const cleared = await s.call('PUT', `${base}/update/${c.id}`, admin, {
      code: 'KEEP',
      name: 'Giữ lại',
      phone: '',
      version: kept.body.version,
    });
    expect(cleared.body).toMatchObject({ phone: null, address: 'Hà Nội' });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await s.call('GET', `${base}/get/999999`, admin)).status).toBe(404);
    expect((await s.call('GET', `${base}/get/abc`, admin)).status).toBe(400);
    expect(
      (await s.call('PUT', `${base}/update/999999`, admin, { code: 'X', name: 'Y', version: 0 })).status,
    ).toBe(404);
  });
});
