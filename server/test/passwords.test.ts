/**
 * Passwords as a bank's back office keeps them (issue 27, docs/adr/0008-passwords-as-a-bank-keeps-them.md): the rules,
 * one sign-in for a password someone else set, no password in any mail, and failed sign-ins that
 * stop the attacker's address rather than the user.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { ADMIN_PASSWORD, authHeaders, backends, createTestServer, type TestServer } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
type Body = any;

describe.each(backends)('passwords (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let n = 0;
  const create = async (extra: Record<string, unknown> = {}) => {
    n++;
    return s.call('POST', '/api/admin/user/create', admin, {
      user_name: `mk${n}`,
      full_name: `Người dùng ${n}`,
      email: `mk${n}@example.vn`,
      ...extra,
    });
  };
  const errorsOf = (res: { body: Body }) => res.body.errors as { field: string; message: string }[];

  beforeAll(async () => {
    s = await createTestServer(backend);
    admin = await s.login();
  });
  afterAll(() => s?.close());

  it('refuses short, too long, the user name and common passwords on create, reset and change', async () => {
    for (const [password, message] of [
      ['abc12', 'password_min_length'],
      ['x'.repeat(10_000), 'too_long'],
      ['x'.repeat(129), 'too_long'],
      ['123456', 'common_password'],
      ['password', 'common_password'],
      ['Password', 'common_password'],
      ['aaaaaa', 'common_password'],
    ]) {
      const res = await create({ password });
      expect(res.status, password).toBe(400);
      expect(errorsOf(res), password).toEqual([{ field: 'password', message }]);
    }
    const same = await create({ user_name: 'trung.ten', password: 'Trung.Ten' });
    expect(errorsOf(same)).toEqual([{ field: 'password', message: 'same_as_user_name' }]);
    const longest = `Ab1-${'x'.repeat(124)}`;
    const made = await create({ user_name: `nguoi.dung.${backend}`, password: longest });
    expect(made.status).toBe(200);

    const reset = (password: string) =>
      s.call('PATCH', `/api/admin/user/reset/${made.body.id}`, admin, {
        password,
        version: made.body.version,
      });
    expect(errorsOf(await reset('qwerty123'))).toEqual([{ field: 'password', message: 'common_password' }]);
    expect(errorsOf(await reset(made.body.user_name))).toEqual([
      { field: 'password', message: 'same_as_user_name' },
    ]);

    // the user's own change, with the same rules
    const token = (
      await s.call('POST', '/api/auth/login', null, {
        user_name: made.body.user_name,
        password: longest,
      })
    ).body[0].id_token;
    const { version } = (await s.call('GET', '/api/account/profile', token)).body;
    const change = (newPassword: string) =>
      s.call('PUT', '/api/account/change-password', token, {
        oldPassword: longest,
        newPassword,
        version,
      });
    for (const [newPassword, message] of [
      ['        ', 'common_password'],
      ['iloveyou', 'common_password'],
      [made.body.user_name, 'same_as_user_name'],
      ['y'.repeat(10_000), 'too_long'],
    ]) {
      const res = await change(newPassword);
      expect(res.status, newPassword).toBe(400);
      expect(errorsOf(res), newPassword).toEqual([{ field: 'newPassword', message }]);
    }
    expect((await change('Công-trình-2026')).status).toBe(200);
  });

  it('a new user’s password is for one sign-in: only the profile, the change and sign-out answer until changed', async () => {
    const made = await create({ password: 'Tam-thoi-2468' });
    const login = await s.call('POST', '/api/auth/login', null, {
      user_name: made.body.user_name,
      password: 'Tam-thoi-2468',
    });
    expect(login.status).toBe(200);
    expect(login.body[0].must_change_password).toBe(true);
    const token = login.body[0].id_token;
    for (const [method, url] of [
      ['GET', '/api/account/menu/list'],
      ['GET', '/api/account/permissions'],
      ['GET', '/api/account/construction/list'],
      ['GET', '/api/admin/user/paging'],
      ['GET', '/api/admin/company/paging'],
    ] as const) {
      const res = await s.call(method, url, token);
      expect(res.status, url).toBe(403);
      expect(res.body.code, url).toBe('password_change_required');
    }
    const profile = await s.call('GET', '/api/account/profile', token);
    expect(profile.status).toBe(200);
    expect(profile.body.must_change_password).toBe(true);
    expect(
      (
        await s.call('PUT', '/api/account/change-password', token, {
          oldPassword: 'Tam-thoi-2468',
          newPassword: 'Cua-toi-13579',
          version: profile.body.version,
        })
      ).status,
    ).toBe(200);
    // a change ends the session, as every password change does: sign in again
    expect((await s.call('GET', '/api/account/profile', token)).status).toBe(401);
    const again = await s.call('POST', '/api/auth/login', null, {
      user_name: made.body.user_name,
      password: 'Cua-toi-13579',
    });
    expect(again.body[0].must_change_password).toBe(false);
    expect((await s.call('GET', '/api/account/menu/list', again.body[0].id_token)).status).toBe(200);
  });

  it('a generated password and a reset are for one sign-in too; sign-out still works meanwhile', async () => {
    const made = await create();
    expect(made.body.generated_password).toMatch(/^[A-Za-z0-9]{12}$/);
    const token = await s.firstLogin(made.body.user_name, made.body.generated_password, 'Rieng-cua-toi-1');
    expect((await s.call('GET', '/api/account/menu/list', token)).status).toBe(200);

    const current = (await s.call('GET', `/api/admin/user/get/${made.body.id}`, admin)).body;
    const reset = await s.call('PATCH', `/api/admin/user/reset/${made.body.id}`, admin, {
      version: current.version,
    });
    expect(reset.status).toBe(200);
    const login = await s.call('POST', '/api/auth/login', null, {
      user_name: made.body.user_name,
      password: reset.body.generated_password,
    });
    expect(login.body[0].must_change_password).toBe(true);
    const t2 = login.body[0].id_token;
    expect((await s.call('GET', '/api/account/menu/list', t2)).body.code).toBe('password_change_required');
    expect((await s.call('POST', '/api/auth/logout', t2)).status).toBe(200);
    expect((await s.call('GET', '/api/account/profile', t2)).status).toBe(401);
  });

  it('the administrator seeded from ADMIN_PASSWORD and the demo users sign in without a change', async () => {
    for (const [user, password] of [
      ['admin', ADMIN_PASSWORD],
      ['ketoan', 'ketoan123'],
    ]) {
      const res = await s.call('POST', '/api/auth/login', null, { user_name: user, password });
      expect(res.body[0].must_change_password, user).toBe(false);
    }
  });

  it('the password the first start generates and prints for the admin is for one sign-in (issue 30, 21)', async () => {
    const fresh = await createTestServer(backend, { demo: false, adminPassword: null });
    try {
      const printed = fresh.generatedAdminPassword!;
      expect(printed).toBeTruthy();
      const login = await fresh.call('POST', '/api/auth/login', null, {
        user_name: 'admin',
        password: printed,
      });
      expect(login.body[0].must_change_password).toBe(true);
      const token = login.body[0].id_token;
      expect((await fresh.call('GET', '/api/admin/user/list/paging', token)).body.code).toBe(
        'password_change_required',
      );
      // changed, the admin works as usual
      const mine = await fresh.firstLogin('admin', printed, 'Quan-tri-2026!');
      expect((await fresh.call('GET', '/api/admin/user/list/paging', mine)).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('no mail and no stored text holds a password: the reset mail says how to sign in without it', async () => {
    const made = await create();
    const typed = 'Go-tay-97531';
    const r1 = await s.call('PATCH', `/api/admin/user/reset/${made.body.id}`, admin, {
      password: typed,
      version: made.body.version,
    });
    expect(r1.status).toBe(200);
    const r2 = await s.call('PATCH', `/api/admin/user/reset/${made.body.id}`, admin, {
      version: r1.body.version,
    });
    const generated = r2.body.generated_password as string;
    expect(generated).toMatch(/^[A-Za-z0-9]{12}$/);
    const mails = await queryRows<{ text: string; html: string | null; subject: string }>(
      s.database.db,
      sql`select subject, text, html from mail_outbox where event = 'reset_password' and ${sql.raw('"to"')} = ${made.body.email}`,
    );
    expect(mails.length).toBe(2);
    for (const mail of mails) {
      const all = `${mail.subject}\n${mail.text}\n${mail.html ?? ''}`;
      expect(all).not.toContain(typed);
      expect(all).not.toContain(generated);
      expect(all).not.toContain(made.body.generated_password);
      expect(mail.text).toContain(`Tên đăng nhập: ${made.body.user_name}`);
      expect(mail.text).toMatch(/đặt mật khẩu mới/);
    }
  });
});

describe.each(backends)('failed sign-ins stop the address, not the user (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer(backend, {
      demo: true,
      loginThrottle: {
        windowSeconds: 600,
        maxFailuresPerUser: 3,
        maxFailuresPerUserAnywhere: 8,
        maxAttemptsPerAddress: 1000,
      },
    });
  });
  afterAll(() => s?.close());

  const from = async (address: string, user_name: string, password: string) => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: address,
      headers: authHeaders(),
      payload: { user_name, password },
    });
    return res.statusCode;
  };

  it('locks the user at the failing address only; elsewhere he still signs in, until a much higher count', async () => {
    for (let i = 0; i < 3; i++) expect(await from('10.0.0.1', 'ketoan', `sai-${i}`)).toBe(401);
    // the attacker's address is stopped, even with the right password
    expect(await from('10.0.0.1', 'ketoan', 'ketoan123')).toBe(429);
    // the user at his own desk signs in
    expect(await from('10.0.0.2', 'ketoan', 'ketoan123')).toBe(200);
    // another user from the attacker's address is not stopped by ketoan's lock
    expect(await from('10.0.0.1', 'giamdoc', 'giamdoc123')).toBe(200);
    // guesses spread over addresses: 3 + 5 = 8 failures lock ketoan everywhere
    for (const address of ['10.0.1.1', '10.0.1.2', '10.0.1.3', '10.0.1.4', '10.0.1.5'])
      expect(await from(address, 'ketoan', 'doan-mo')).toBe(401);
    expect(await from('10.0.0.2', 'ketoan', 'ketoan123')).toBe(429);
    // an administrator lifts the lock
    const admin = await s.login();
    const users = (await s.call('GET', '/api/admin/user/list/all', admin)).body as Body[];
    const ketoan = users.find((u) => u.user_name === 'ketoan');
    expect((await s.call('POST', `/api/admin/user/unlock/${ketoan.id}`, admin)).status).toBe(200);
    expect(await from('10.0.0.2', 'ketoan', 'ketoan123')).toBe(200);
    expect(await from('10.0.0.1', 'ketoan', 'ketoan123')).toBe(200);
  });
});
