/**
 * Administration through HTTP on both backends: users, roles, groups, privileges, menus, endpoints,
 * applications and the effective rights — the whole access path from an administrator's grant to
 * the user's next request, the last-administrator guard, and secrets that never come back.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { backends, createTestServer, type TestServer } from './helpers.ts';

type Rec = Record<string, unknown> & { id: number; version: number };

describe.each(backends)('administration (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  const ok = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    token = admin,
  ) => {
    const r = await s.call(method, url, token, body);
    if (r.status !== 200) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const menuId = async (name: string) =>
    ((await ok('GET', '/api/admin/menu/list/all')) as Rec[]).find((m) => m.name === name)!.id;
  const roleByCode = async (code: string) =>
    ((await ok('GET', '/api/admin/role/list/all')) as Rec[]).find((r) => r.code === code)!;
  let userCounter = 0;
  const newUser = async (extra: Record<string, unknown> = {}) => {
    userCounter++;
    return (await ok('POST', '/api/admin/user/create', {
      user_name: `nv${userCounter}.${backend}`,
      full_name: `Nhân viên ${userCounter}`,
      email: `nv${userCounter}@example.vn`,
      ...extra,
    })) as Rec & { generated_password: string | null };
  };

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: false });
    admin = await s.login();
  });
  afterAll(() => s?.close());

  it('creates a user with a generated password shown once, who signs in with it and changes it', async () => {
    const u = await newUser({ phone: '0903 123 456' });
    expect(u.generated_password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(u).toMatchObject({ status: 'O', version: 0, phone: '0903 123 456' });
    expect(JSON.stringify(u)).not.toContain('password_hash');
    const got = await ok('GET', `/api/admin/user/get/${u.id}`);
    expect(got).not.toHaveProperty('generated_password');
    await s.firstLogin(u.user_name as string, u.generated_password!);
    // a chosen password: none generated
    const chosen = await newUser({ password: 'chon-truoc-1' });
    expect(chosen.generated_password).toBeNull();
    await s.firstLogin(chosen.user_name as string, 'chon-truoc-1');
    // the same sign-in name in other letters' case is taken
    const dup = await s.call('POST', '/api/admin/user/create', admin, {
      user_name: String(u.user_name).toUpperCase(),
      full_name: 'Trùng',
      email: 'trung@example.vn',
    });
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toEqual([{ field: 'user_name', message: 'duplicate' }]);
    const bad = await s.call('POST', '/api/admin/user/create', admin, {
      user_name: 'có dấu',
      full_name: '',
      email: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'email',
      'full_name',
      'user_name',
    ]);
    const blank = await s.call('POST', '/api/admin/user/create', admin, {
      user_name: 'blank',
      full_name: 'Trống',
      email: ' ',
    });
    expect(blank.body.errors).toEqual([{ field: 'email', message: 'required' }]);
    // the last sign-in as an ISO moment
    const listed = await ok('GET', `/api/admin/user/get/${u.id}`);
    expect(listed.last_login_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('grants through a group take effect on the next request, and their removal too, with no new sign-in', async () => {
    const u = await newUser();
    const token = await s.firstLogin(u.user_name as string, u.generated_password!);
    expect((await s.call('GET', '/api/admin/setting/bank/paging', token)).status).toBe(403);

    const role = (await ok('POST', '/api/admin/role/create', {
      name: 'Xem ngân hàng',
      code: 'role_bank_reader',
      priority: 20,
    })) as Rec;
    expect(role.code).toBe('ROLE_BANK_READER');
    await ok('PATCH', `/api/admin/role/menus/${role.id}`, {
      ids: [await menuId('bank'), await menuId('setting')],
    });
    const group = (await ok('POST', '/api/admin/group/create', {
      name: 'Kế toán ngân hàng',
      code: 'KTNH',
      priority: 1,
    })) as Rec;
    expect(((await ok('GET', `/api/admin/user/not-groups/${u.id}`)) as Rec[]).map((g) => g.code)).toContain(
      'KTNH',
    );
    await ok('PATCH', `/api/admin/group/roles/${group.id}`, { ids: [role.id] });
    await ok('PATCH', `/api/admin/user/groups/${u.id}`, { groupId: group.id });

    expect((await s.call('GET', '/api/admin/setting/bank/paging', token)).status).toBe(200);
    const menus = (await ok('GET', '/api/account/menu/list', undefined, token)) as Rec[];
    expect(menus.map((m) => m.name).sort()).toEqual(['bank', 'setting']);
    expect(((await ok('GET', `/api/admin/user/menus/${u.id}`)) as Rec[]).map((m) => m.name).sort()).toEqual([
      'bank',
      'setting',
    ]);
    expect(
      ((await ok('GET', `/api/admin/group/menus/${group.id}`)) as Rec[]).map((m) => m.name).sort(),
    ).toEqual(['bank', 'setting']);
    expect(
      ((await ok('GET', `/api/admin/role/get-by-group/${group.id}`)) as Rec[]).map((r) => r.code),
    ).toEqual(['ROLE_BANK_READER']);
    // the rights the server computes, as the ability screen shows them
    const ability = await ok('GET', `/api/admin/ability/user/${u.id}`);
    expect(ability.roles.map((r: Rec) => r.code)).toEqual(['ROLE_BANK_READER']);
    expect(ability.admin).toBe(false);
    expect(ability.endpoints).toContainEqual({
      method: 'GET',
      path: '/api/admin/setting/bank/paging',
      via: ['menu bank'],
    });
    expect(ability.rules).toContainEqual({ action: 'read', subject: 'bank' });

    // the role leaves the group: the very next request is refused
    await ok('DELETE', `/api/admin/group/roles/${group.id}`, { ids: [role.id] });
    expect((await s.call('GET', '/api/admin/setting/bank/paging', token)).status).toBe(403);
    // given directly instead
    await ok('PATCH', `/api/admin/user/roles/${u.id}`, { roleId: role.id });
    expect(((await ok('GET', `/api/admin/user/roles/${u.id}`)) as Rec[]).map((r) => r.code)).toEqual([
      'ROLE_BANK_READER',
    ]);
    expect(
      ((await ok('GET', `/api/admin/user/not-roles/${u.id}`)) as Rec[]).map((r) => r.code),
    ).not.toContain('ROLE_BANK_READER');
    expect((await s.call('GET', '/api/admin/setting/bank/paging', token)).status).toBe(200);
    // the role deactivated: refused again
    const current = (await ok('GET', `/api/admin/role/get/${role.id}`)) as Rec;
    await ok('PATCH', `/api/admin/role/deactivate/${role.id}`, { version: current.version });
    expect((await s.call('GET', '/api/admin/setting/bank/paging', token)).status).toBe(403);
    // the user's history names each grant
    const history = (await ok('GET', `/api/admin/user/history/${u.id}`)) as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['create', 'add-group', 'add-role']));
  });

  it('a privilege opens its endpoints; list/not leaves out what the roles already have', async () => {
    const endpoints = (await ok('GET', '/api/admin/endpoint/list/all')) as Rec[];
    const taxList = endpoints.find((e) => e.method === 'GET' && e.path === '/api/admin/setting/tax')!;
    const p = (await ok('POST', '/api/admin/privilege/create', {
      name: 'Đọc thuế suất',
      code: 'TAX_READ',
      endpoint_ids: [taxList.id],
    })) as Rec;
    expect(p.endpoint_ids).toEqual([taxList.id]);
    const role = (await ok('POST', '/api/admin/role/create', { name: 'Thuế', code: 'ROLE_TAX' })) as Rec;
    expect(
      ((await ok('GET', `/api/admin/privilege/list/not?roleIds=${role.id}`)) as Rec[]).map((x) => x.code),
    ).toContain('TAX_READ');
    await ok('PATCH', `/api/admin/role/privileges/${role.id}`, { ids: [p.id] });
    expect(
      ((await ok('GET', `/api/admin/privilege/list/not?roleIds=${role.id},99999`)) as Rec[]).map(
        (x) => x.code,
      ),
    ).not.toContain('TAX_READ');
    const u = await newUser();
    await ok('PATCH', `/api/admin/user/roles/${u.id}`, { roleId: role.id });
    const token = await s.firstLogin(u.user_name as string, u.generated_password!);
    expect((await s.call('GET', '/api/admin/setting/tax', token)).status).toBe(200);
    expect((await s.call('GET', '/api/admin/setting/bank/paging', token)).status).toBe(403);
    expect(((await ok('GET', `/api/admin/user/privileges/${u.id}`)) as Rec[]).map((x) => x.code)).toEqual([
      'TAX_READ',
    ]);
    // an update without endpoint_ids keeps them; with [] clears them
    const kept = (await ok('PUT', `/api/admin/privilege/update/${p.id}`, {
      name: 'Đọc thuế',
      code: 'TAX_READ',
      version: p.version,
    })) as Rec;
    expect(kept.endpoint_ids).toEqual([taxList.id]);
    await ok('PUT', `/api/admin/privilege/update/${p.id}`, {
      name: 'Đọc thuế',
      code: 'TAX_READ',
      endpoint_ids: [],
      version: kept.version,
    });
    expect((await s.call('GET', '/api/admin/setting/tax', token)).status).toBe(403);
    const bad = await s.call('GET', '/api/admin/privilege/list/not?roleIds=1;drop', admin);
    expect(bad.status).toBe(400);
    const unknown = await s.call('POST', '/api/admin/privilege/create', admin, {
      name: 'X',
      code: 'X1',
      endpoint_ids: [2_000_000],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'endpoint_ids', message: 'not_found' }]);
  });

  it('the last active administrator cannot be deactivated, deleted or lose ROLE_ADMIN; nobody removes their own rights', async () => {
    const me = ((await ok('GET', '/api/admin/user/list/all')) as Rec[]).find((x) => x.user_name === 'admin')!;
    const adminRole = await roleByCode('ROLE_ADMIN');
    const meNow = (await ok('GET', `/api/admin/user/get/${me.id}`)) as Rec;
    for (const [method, url, body] of [
      ['PATCH', `/api/admin/user/deactivate/${me.id}`, { version: meNow.version }],
      ['DELETE', `/api/admin/user/delete/${me.id}`, { version: meNow.version }],
      ['DELETE', `/api/admin/user/roles/${me.id}`, { roleId: adminRole.id }],
      ['PATCH', `/api/admin/role/deactivate/${adminRole.id}`, { version: adminRole.version }],
      ['DELETE', `/api/admin/role/delete/${adminRole.id}`, { version: adminRole.version }],
      [
        'PUT',
        `/api/admin/role/update/${adminRole.id}`,
        { name: 'x', code: 'ROLE_OTHER', version: adminRole.version },
      ],
    ] as const) {
      const r = await s.call(method, url, admin, body);
      expect(r.status, `${method} ${url}`).toBe(422);
    }
    expect((await ok('GET', `/api/admin/user/get/${me.id}`)).status).toBe('O');

    // a second administrator may end the first; the first may not end himself
    const second = await newUser();
    await ok('PATCH', `/api/admin/user/roles/${second.id}`, { roleId: adminRole.id });
    const secondToken = await s.firstLogin(second.user_name as string, second.generated_password!);
    const self = (await ok('GET', `/api/admin/user/get/${second.id}`)) as Rec;
    const selfOff = await s.call('PATCH', `/api/admin/user/deactivate/${second.id}`, secondToken, {
      version: self.version,
    });
    expect(selfOff.status).toBe(422);
    expect(selfOff.body).toMatchObject({ code: 'unprocessable', reason: 'admin_own_rights' });
    const ownRole = await s.call('DELETE', `/api/admin/user/roles/${second.id}`, secondToken, {
      roleId: adminRole.id,
    });
    expect(ownRole.status).toBe(422);
    // the first takes the second's rights away: allowed, two were there
    await ok('DELETE', `/api/admin/user/roles/${second.id}`, { roleId: adminRole.id });
    expect((await s.call('GET', '/api/admin/role/list/all', secondToken)).status).toBe(403);
  });

  it('deactivating a user or resetting the password ends the sessions; the reset is mailed without the password', async () => {
    const u = await newUser();
    const token = await s.firstLogin(u.user_name as string, u.generated_password!);
    const current = (await ok('GET', `/api/admin/user/get/${u.id}`)) as Rec;
    const reset = await ok('PATCH', `/api/admin/user/reset/${u.id}`, { id: u.id, version: current.version });
    expect(reset.generated_password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await s.call('GET', '/api/account/profile', token)).status).toBe(401);
    expect(
      (
        await s.call('POST', '/api/auth/login', null, {
          user_name: u.user_name,
          password: u.generated_password,
        })
      ).status,
    ).toBe(401);
    const token2 = await s.login(u.user_name as string, reset.generated_password);
    const mails = await queryRows<{ to: string; event: string; text: string }>(
      s.database.db,
      sql`select "to", event, text from mail_outbox where event = 'reset_password' and "to" = ${u.email as string}`,
    );
    expect(mails).toHaveLength(1);
    // the mail says the password was reset, never the password (passwords.test.ts)
    expect(mails[0]!.text).not.toContain(reset.generated_password);
    // a stale version changes nothing
    expect(
      (
        await s.call('PATCH', `/api/admin/user/reset/${u.id}`, admin, {
          password: 'Khac-han-2468',
          version: current.version,
        })
      ).status,
    ).toBe(409);
    await s.login(u.user_name as string, reset.generated_password);

    const again = (await ok('GET', `/api/admin/user/get/${u.id}`)) as Rec;
    await ok('PATCH', `/api/admin/user/deactivate/${u.id}`, { version: again.version });
    expect((await s.call('GET', '/api/account/profile', token2)).status).toBe(401);
    expect(
      (
        await s.call('POST', '/api/auth/login', null, {
          user_name: u.user_name,
          password: reset.generated_password,
        })
      ).status,
    ).toBe(401);
    // history never holds a password or its hash
    const history = JSON.stringify(await ok('GET', `/api/admin/user/history/${u.id}`));
    expect(history).not.toMatch(/argon2|password_hash/);
    expect(history).not.toContain(reset.generated_password);
  });

  it('an application’s keys are answered once, on create and rotation, and never again', async () => {
    const role = await roleByCode('ROLE_ACCOUNTANT');
    const created = await ok('POST', '/api/admin/application/create', {
      code: 'ERP',
      name: 'Kế toán ERP',
      role_default_id: role.id,
      restrict: true,
      url: 'https://erp.example.vn/callback',
      environment: 'production',
    });
    expect(created.secret_key).toMatch(/^sps_[A-Za-z0-9_-]{43}$/);
    expect(created.api_key).toMatch(/^spk_[A-Za-z0-9_-]{43}$/);
    expect(created.client_id).toMatch(/^sp-/);
    expect(created.role_default_name).toBe(role.name);
    const rotated = await ok('POST', `/api/admin/application/rotate/${created.id}`, {
      version: created.version,
    });
    expect(rotated.secret_key).not.toBe(created.secret_key);
    const answers = JSON.stringify([
      await ok('GET', `/api/admin/application/get/${created.id}`),
      await ok('GET', '/api/admin/application/list/all'),
      await ok('GET', '/api/admin/application/list/paging'),
      await ok('GET', `/api/admin/application/history/${created.id}`),
      await ok('PUT', `/api/admin/application/update/${created.id}`, {
        code: 'ERP',
        name: 'ERP kế toán',
        environment: 'staging',
        version: rotated.version,
      }),
    ]);
    for (const secret of [
      created.secret_key,
      created.api_key,
      rotated.secret_key,
      rotated.api_key,
      'secret_hash',
      'api_key_hash',
    ]) {
      expect(answers).not.toContain(secret);
    }
    const [stored] = await queryRows<{ secret_hash: string }>(
      s.database.db,
      sql`select secret_hash from application where id = ${created.id}`,
    );
    expect(stored!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    // SPEC's PUT active / deactive spelling
    const now = (await ok('GET', `/api/admin/application/get/${created.id}`)) as Rec;
    expect(
      (await ok('PUT', `/api/admin/application/deactive/${created.id}`, { version: now.version })).status,
    ).toBe('C');
    expect(
      (await ok('PUT', `/api/admin/application/active/${created.id}`, { version: now.version + 1 })).status,
    ).toBe('O');
    const badUrl = await s.call('POST', '/api/admin/application/create', admin, {
      code: 'X',
      name: 'X',
      url: 'javascript:alert(1)',
      environment: 'production',
    });
    expect(badUrl.status).toBe(400);
  });

  it('menus: a tree without cycles, reordered among siblings, with their endpoints; merge restores shipped menus and keeps local edits', async () => {
    const endpoints = (await ok('GET', '/api/admin/endpoint/list/all')) as Rec[];
    const parent = (await ok('POST', '/api/admin/menu/create', {
      name: 'bao-cao-rieng',
      path: '/custom',
      title: 'Báo cáo riêng',
      title_en: 'Own reports',
    })) as Rec;
    const a = (await ok('POST', '/api/admin/menu/create', {
      parent_id: parent.id,
      name: 'bc-a',
      path: '/custom/a',
      title: 'Báo cáo A',
      title_en: 'Report A',
      endpoint_ids: [endpoints[0]!.id],
    })) as Rec;
    const b = (await ok('POST', '/api/admin/menu/create', {
      parent_id: parent.id,
      name: 'bc-b',
      path: '/custom/b',
      title: 'Báo cáo B',
      title_en: 'Report B',
    })) as Rec;
    expect(a.endpoint_ids).toEqual([endpoints[0]!.id]);
    expect(Number(b.sort_order)).toBeGreaterThan(Number(a.sort_order));
    const cycle = await s.call('PUT', `/api/admin/menu/update/${parent.id}`, admin, {
      name: parent.name,
      path: parent.path,
      title: parent.title,
      title_en: parent.title_en,
      parent_id: a.id,
      version: parent.version,
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.errors).toEqual([{ field: 'parent_id', message: 'invalid_parent' }]);
    const moved = (await ok('PATCH', `/api/admin/menu/move/${b.id}`, {
      direction: 'up',
      version: b.version,
    })) as Rec;
    const children = ((await ok('GET', '/api/admin/menu/list/all')) as Rec[]).filter(
      (m) => m.parent_id === parent.id,
    );
    expect(children.map((m) => m.name)).toEqual(['bc-b', 'bc-a']);
    expect(
      (await s.call('PATCH', `/api/admin/menu/move/${b.id}`, admin, { direction: 'up', version: b.version }))
        .status,
    ).toBe(409);
    await ok('PATCH', `/api/admin/menu/move/${b.id}`, { direction: 'up', version: moved.version }); // already first: unchanged
    expect(((await ok('GET', '/api/admin/menu/list/parent')) as Rec[]).map((m) => m.name)).toContain(
      'bao-cao-rieng',
    );

    // a shipped menu renamed locally keeps its title; one missing from the database comes back
    const bank = ((await ok('GET', '/api/admin/menu/list/all')) as Rec[]).find((m) => m.name === 'bank')!;
    await ok('PUT', `/api/admin/menu/update/${bank.id}`, {
      name: bank.name,
      path: bank.path,
      title: 'Ngân hàng (riêng)',
      title_en: bank.title_en,
      version: bank.version,
    });
    await s.database.db.execute(
      sql`delete from role_menu where menu_id = (select id from menu where name = 'tax-view')`,
    );
    await s.database.db.execute(
      sql`delete from menu_endpoint where menu_id = (select id from menu where name = 'tax-view')`,
    );
    await s.database.db.execute(sql`delete from menu where name = 'tax-view'`);
    const merged = await ok('POST', '/api/admin/migrate/menu/merge');
    expect(merged.added).toEqual(['tax-view']);
    expect(merged.endpoints_linked).toBeGreaterThan(0);
    const after = (await ok('GET', '/api/admin/menu/list/all')) as Rec[];
    expect(after.find((m) => m.name === 'bank')!.title).toBe('Ngân hàng (riêng)');
    expect((await ok('POST', '/api/admin/migrate/menu/merge')).added).toEqual([]);
  });

  it('endpoints and their types; login history for everyone and for one user', async () => {
    const e = (await ok('POST', '/api/admin/endpoint/create', {
      method: 'GET',
      path: '/api/custom/report',
      endpoint_type: 'report',
      description: 'Báo cáo riêng',
    })) as Rec;
    const dup = await s.call('POST', '/api/admin/endpoint/create', admin, {
      method: 'GET',
      path: '/api/custom/report',
      endpoint_type: 'api',
    });
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toEqual([{ field: 'path', message: 'duplicate' }]);
    expect(
      (
        await s.call('POST', '/api/admin/endpoint/create', admin, {
          method: 'GET',
          path: '../etc',
          endpoint_type: 'api',
        })
      ).status,
    ).toBe(400);
    expect((await ok('GET', '/api/admin/endpoint-type/list/all')).map((t: Rec) => t.code)).toEqual([
      'api',
      'file',
      'report',
    ]);
    expect((await ok('GET', '/api/admin/endpoint-type/findById/3')).code).toBe('report');
    expect((await s.call('GET', '/api/admin/endpoint-type/findById/9', admin)).status).toBe(404);
    expect(
      (
        (await ok('GET', '/api/admin/endpoint/list/paging?search=custom/report')) as { items: Rec[] }
      ).items.map((x) => x.id),
    ).toEqual([e.id]);

    await s.call('POST', '/api/auth/login', null, { user_name: 'admin', password: 'wrong-password' });
    const all = await ok('GET', '/api/admin/history/login/paging?search=admin&itemsPerPage=50');
    expect(all.items.some((h: Rec) => h.result === 'fail' && h.user_name === 'admin')).toBe(true);
    expect(all.items.some((h: Rec) => h.result === 'success' && h.type === 'login')).toBe(true);
    const me = ((await ok('GET', '/api/admin/user/list/all')) as Rec[]).find((x) => x.user_name === 'admin')!;
    const mine = await ok('GET', `/api/admin/history/login/${me.id}`);
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((h: Rec) => h.user_id === me.id)).toBe(true);
  });
});
