import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser } from '../src/db/schema.ts';
import { backends, createTestServer, type TestServer } from './helpers.ts';

describe.each(backends)('access control and data scope (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let ketoan: string; // ROLE_ACCOUNTANT, scope: company HP
  let ketoan2: string; // ROLE_ACCOUNTANT, scope: company DN
  let giamdoc: string; // ROLE_DIRECTOR, scope: company HP
  let nobody: string; // no role at all
  const companies: Record<string, { id: number; version: number }> = {};

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    await s.database.db.insert(appUser).values({ user_name: 'khach', password_hash: await hash('khach123') });
    [admin, ketoan, ketoan2, giamdoc, nobody] = await Promise.all([
      s.login(),
      s.login('ketoan', 'ketoan123'),
      s.login('ketoan2', 'ketoan123'),
      s.login('giamdoc', 'giamdoc123'),
      s.login('khach', 'khach123'),
    ]);
    for (const c of (await s.call('GET', '/api/admin/company/list/all', admin)).body) companies[c.code] = c;
  });
  afterAll(() => s?.close());

  it('a user without the right gets 403 on an endpoint, but the base set still answers', async () => {
    const res = await s.call('GET', '/api/admin/company/paging', nobody);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'forbidden' });
    expect(res.body.message).toContain('/api/admin/company/paging');
    expect((await s.call('GET', '/api/account/profile', nobody)).status).toBe(200);
    expect((await s.call('GET', '/api/account/menu/list', nobody)).body).toEqual([]);
    expect((await s.call('GET', '/api/account/permissions', nobody)).body).toEqual([
      { action: 'read', subject: 'Login' },
    ]);
  });

  it('an accountant may read companies but not create or change them', async () => {
    expect((await s.call('GET', '/api/admin/company/paging', ketoan)).status).toBe(200);
    const create = await s.call('POST', '/api/admin/company/create', ketoan, { code: 'NEW', name: 'Mới' });
    expect(create.status).toBe(403);
    const hp = companies.HP!;
    const del = await s.call('DELETE', `/api/admin/company/delete/${hp.id}`, ketoan, { version: hp.version });
    expect(del.status).toBe(403);
    expect((await s.call('GET', `/api/admin/company/get/${hp.id}`, admin)).body.status).toBe('O');
  });

  it('lists, gets and searches only what the data scope covers; outside it answers 404', async () => {
    const list = await s.call('GET', '/api/admin/company/paging?status=all', ketoan);
    expect(list.body.items.map((c: { code: string }) => c.code)).toEqual(['HP']);
    expect(list.body.total).toBe(1);
    expect((await s.call('GET', '/api/admin/company/paging?search=dong nam', ketoan)).body.total).toBe(0);
    expect((await s.call('GET', `/api/admin/company/get/${companies.DN!.id}`, ketoan)).status).toBe(404);
    expect((await s.call('GET', `/api/admin/company/get/${companies.DN!.id}`, ketoan2)).status).toBe(200);
    expect((await s.call('GET', `/api/admin/company/history/${companies.DN!.id}`, ketoan)).status).toBe(404);
    const all = await s.call('GET', '/api/admin/company/list/all', ketoan2);
    expect(all.body.map((c: { code: string }) => c.code)).toEqual(['DN']);
  });

  it('constructions in the selector follow the scope', async () => {
    const mine = (await s.call('GET', '/api/account/construction/list', ketoan)).body
      .map((c: { code: string }) => c.code)
      .sort();
    expect(mine).toEqual(['CT-001', 'CT-002', 'CT-003']);
    const theirs = (await s.call('GET', '/api/account/construction/list', ketoan2)).body
      .map((c: { code: string }) => c.code)
      .sort();
    expect(theirs).toEqual(['CT-004', 'CT-005']);
    // in code order: the selector's "first construction" is the same on every visit
    expect(
      (await s.call('GET', '/api/account/construction/list', admin)).body.map(
        (c: { code: string }) => c.code,
      ),
    ).toEqual(['CT-001', 'CT-002', 'CT-003', 'CT-004', 'CT-005']);
    expect((await s.call('GET', '/api/account/construction/list', nobody)).body).toEqual([]);
  });

  it('menus and CASL rules come from the roles, parents included', async () => {
    const menus = (await s.call('GET', '/api/account/menu/list', giamdoc)).body;
    const names = menus.map((m: { name: string }) => m.name);
    expect(names).toContain('approval');
    expect(names).toContain('management');
    expect(names).not.toContain('user');
    const approval = menus.find((m: { name: string }) => m.name === 'approval');
    expect(menus.find((m: { id: number }) => m.id === approval.parent_id).name).toBe('management');
    const rules = (await s.call('GET', '/api/account/permissions', ketoan)).body;
    expect(rules).toContainEqual({ action: 'read', subject: 'company' });
    expect(rules).toContainEqual({ action: 'create', subject: 'contract' });
    expect(rules).not.toContainEqual({ action: 'create', subject: 'company' });
    expect((await s.call('GET', '/api/account/permissions', admin)).body).toEqual([
      { action: 'manage', subject: 'all' },
    ]);
  });

  it('the admin endpoints of other users are closed to a director', async () => {
    const me = (await s.call('GET', '/api/account/profile', ketoan)).body;
    expect((await s.call('GET', `/api/admin/history/login/${me.id}`, giamdoc)).status).toBe(403);
    expect((await s.call('GET', `/api/admin/history/login/${me.id}`, admin)).status).toBe(200);
  });

  it('the profile names the department, roles and constructions', async () => {
    const me = (await s.call('GET', '/api/account/profile', giamdoc)).body;
    expect(me).toMatchObject({
      user_name: 'giamdoc',
      department_name: 'Ban Giám đốc',
      join_date: '2024-03-01',
    });
    expect(me.roles).toEqual(expect.arrayContaining(['ROLE_DIRECTOR', 'SCOPE_HP']));
    // each role's name beside its code, in the same order (the screens show names, not codes)
    expect(me.role_names).toHaveLength(me.roles.length);
    const names = (await s.call('GET', '/api/admin/role/list/all', admin)).body as {
      code: string;
      name: string;
    }[];
    expect(me.role_names).toEqual(me.roles.map((code: string) => names.find((r) => r.code === code)!.name));
    expect(me.role_names).not.toContain('ROLE_DIRECTOR');
    expect(me.constructions).toHaveLength(3);
    expect(me).not.toHaveProperty('password_hash');
    const depts = (await s.call('GET', '/api/account/department/list', giamdoc)).body;
    expect(depts.map((d: { code: string }) => d.code).sort()).toEqual(['BGD', 'KT', 'KTKT']);
    expect((await s.call('GET', `/api/account/department/get/${me.department_id}`, giamdoc)).body.name).toBe(
      'Ban Giám đốc',
    );
    expect(
      (await s.call('GET', '/api/account/company/list', ketoan2)).body.map((c: { code: string }) => c.code),
    ).toEqual(['DN']);
  });
});
