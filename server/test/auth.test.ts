import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  backends,
  createTestServer,
  JWT_SECRET,
  type TestServer,
  testClock,
} from './helpers.ts';

describe.each(backends)('sign-in, sign-out and tokens (%s)', (backend) => {
  let s: TestServer;
  const clock = testClock();

  beforeAll(async () => {
    s = await createTestServer(backend, {
      loginThrottle: { windowSeconds: 2, maxFailuresPerUser: 5, maxAttemptsPerAddress: 1000 },
      clock,
    });
  });
  afterAll(() => s?.close());

  it('a correct login answers the documented token list', async () => {
    const res = await s.call('POST', '/api/auth/login', null, {
      user_name: 'admin',
      password: ADMIN_PASSWORD,
    });
    expect(res.status).toBe(200);
    const [auth] = res.body;
    expect(auth).toMatchObject({
      expires_in: 3600,
      token_type: 'Bearer',
      username: 'admin',
      department_id: null,
    });
    expect(typeof auth.token).toBe('string');
    expect(auth.id_token.split('.')).toHaveLength(3);
    expect(auth.menus.some((m: { name: string }) => m.name === 'company')).toBe(true);
  });

  it('a wrong password or unknown user answers 401 without saying which', async () => {
    const wrong = await s.call('POST', '/api/auth/login', null, {
      user_name: 'ketoan',
      password: 'nope-nope',
    });
    const unknown = await s.call('POST', '/api/auth/login', null, {
      user_name: 'nobody',
      password: 'nope-nope',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('a login without a password is a 400 naming the field', async () => {
    const res = await s.call('POST', '/api/auth/login', null, { user_name: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('password');
  });

  it('missing, forged and expired tokens answer 401 invalid_token', async () => {
    const missing = await s.call('GET', '/api/account/profile');
    expect(missing).toMatchObject({ status: 401, body: { code: 'invalid_token' } });
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setJti('x')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-some-other-secret'));
    expect((await s.call('GET', '/api/account/profile', forged)).body.code).toBe('invalid_token');
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setJti('x')
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(JWT_SECRET));
    expect((await s.call('GET', '/api/account/profile', expired)).status).toBe(401);
    expect((await s.call('GET', '/api/account/profile', 'garbage')).status).toBe(401);
  });

  it('logout revokes the token on the server', async () => {
    const token = await s.login();
    expect((await s.call('GET', '/api/account/profile', token)).status).toBe(200);
    expect((await s.call('POST', '/api/auth/logout', token)).status).toBe(200);
    const after = await s.call('GET', '/api/account/profile', token);
    expect(after).toMatchObject({ status: 401, body: { code: 'invalid_token' } });
    expect((await s.call('POST', '/api/auth/logout', token)).status).toBe(401);
  });

  it('every login and logout is in the access history, paged, newest first', async () => {
    const admin = await s.login();
    const ketoan = await s.login('ketoan', 'ketoan123');
    await s.call('POST', '/api/auth/logout', ketoan);
    await s.call('POST', '/api/auth/login', null, { user_name: 'ketoan', password: 'wrong-one' });
    const profile = (await s.call('GET', '/api/account/profile', await s.login('ketoan', 'ketoan123'))).body;
    const res = await s.call('GET', `/api/admin/history/login/${profile.id}?page=1&itemsPerPage=3`, admin);
    expect(res.status).toBe(200);
    expect(res.body.itemsPerPage).toBe(3);
    expect(res.body.items).toHaveLength(3);
    expect(res.body.total).toBeGreaterThanOrEqual(5);
    expect(res.body.items.map((h: { type: string; result: string }) => `${h.type}:${h.result}`)).toEqual([
      'login:success',
      'login:fail',
      'logout:success',
    ]);
    expect(res.body.items[0]).toMatchObject({ user_name: 'ketoan', address: expect.any(String) });
  });

  it('a flood of failed logins answers 429, and the real user gets in after the window', async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await s.call('POST', '/api/auth/login', null, { user_name: 'giamdoc', password: `bad-${i}` }))
          .status,
      ).toBe(401);
    }
    const blocked = await s.call('POST', '/api/auth/login', null, {
      user_name: 'giamdoc',
      password: 'giamdoc123',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('too_many_requests');
    // other users are not affected
    expect(
      (await s.call('POST', '/api/auth/login', null, { user_name: 'ketoan', password: 'ketoan123' })).status,
    ).toBe(200);
    clock.advance(2200);
    expect(
      (await s.call('POST', '/api/auth/login', null, { user_name: 'giamdoc', password: 'giamdoc123' }))
        .status,
    ).toBe(200);
  });

  it('changing the password checks the old one, the length and the version, then ends the session', async () => {
    const token = await s.login('ketoan2', 'ketoan123');
    const { version } = (await s.call('GET', '/api/account/profile', token)).body;
    const wrongOld = await s.call('PUT', '/api/account/change-password', token, {
      oldPassword: 'x',
      newPassword: 'newpass1',
      version,
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.errors[0]).toEqual({ field: 'oldPassword', message: 'old_password_mismatch' });
    const short = await s.call('PUT', '/api/account/change-password', token, {
      oldPassword: 'ketoan123',
      newPassword: '12345',
      version,
    });
    expect(short.status).toBe(400);
    expect(short.body.errors[0]).toEqual({ field: 'newPassword', message: 'password_min_length' });
    const stale = await s.call('PUT', '/api/account/change-password', token, {
      oldPassword: 'ketoan123',
      newPassword: 'newpass1',
      version: version + 5,
    });
    expect(stale.status).toBe(409);
    const ok = await s.call('PUT', '/api/account/change-password', token, {
      oldPassword: 'ketoan123',
      newPassword: 'newpass1',
      version,
    });
    expect(ok.status).toBe(200);
    expect((await s.call('GET', '/api/account/profile', token)).status).toBe(401);
    expect(
      (await s.call('POST', '/api/auth/login', null, { user_name: 'ketoan2', password: 'ketoan123' })).status,
    ).toBe(401);
    expect(
      (await s.call('POST', '/api/auth/login', null, { user_name: 'ketoan2', password: 'newpass1' })).status,
    ).toBe(200);
  });
});

describe.each(backends)('login throttle per address (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer(backend, {
      loginThrottle: { windowSeconds: 60, maxFailuresPerUser: 100, maxAttemptsPerAddress: 3 },
    });
  });
  afterAll(() => s?.close());

  it('failures across user names stop strangers from an address, never its known users', async () => {
    for (let i = 0; i < 5; i++) await s.login();
    for (const name of ['a1', 'a2', 'a3']) {
      expect((await s.call('POST', '/api/auth/login', null, { user_name: name, password: 'x' })).status).toBe(
        401,
      );
    }
    const stranger = await s.call('POST', '/api/auth/login', null, { user_name: 'a4', password: 'x' });
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    // admin has signed in from this address before: the office is not locked out
    expect(
      (await s.call('POST', '/api/auth/login', null, { user_name: 'admin', password: ADMIN_PASSWORD }))
        .status,
    ).toBe(200);
  });
});

describe.each(backends)('login throttle per user (%s)', (backend) => {
  let s: TestServer;
  const clock = testClock();
  beforeAll(async () => {
    s = await createTestServer(backend, {
      demo: true,
      loginThrottle: { windowSeconds: 600, maxFailuresPerUser: 10, maxAttemptsPerAddress: 1000 },
      clock,
    });
  });
  afterAll(() => s?.close());

  it('40 parallel wrong passwords: at most the limit are checked, the rest answer 429 with Retry-After', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        s.call('POST', '/api/auth/login', null, { user_name: 'ketoan', password: `wrong-${i}` }),
      ),
    );
    const checked = results.filter((r) => r.status === 401);
    const refused = results.filter((r) => r.status === 429);
    expect(checked.length).toBe(10);
    expect(refused.length).toBe(30);
    for (const r of refused) expect(Number(r.headers['retry-after'])).toBeGreaterThan(500);
    // refused attempts do not extend the lock: it still ends when the oldest failure ages out
    const first = Math.max(...refused.map((r) => Number(r.headers['retry-after'])));
    clock.advance(1100);
    const again = await s.call('POST', '/api/auth/login', null, { user_name: 'ketoan', password: 'x' });
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeLessThan(first);
  });

  it('an administrator’s unlock lets the user in at once', async () => {
    const admin = await s.login();
    const locked = await s.call('POST', '/api/auth/login', null, {
      user_name: 'ketoan',
      password: 'ketoan123',
    });
    expect(locked.status).toBe(429);
    const users = (await s.call('GET', '/api/admin/user/list/all', admin)).body;
    const ketoan = users.find((u: { user_name: string }) => u.user_name === 'ketoan');
    expect((await s.call('POST', `/api/admin/user/unlock/${ketoan.id}`, admin)).status).toBe(200);
    expect(
      (await s.call('POST', '/api/auth/login', null, { user_name: 'ketoan', password: 'ketoan123' })).status,
    ).toBe(200);
    const other = await s.login('giamdoc', 'giamdoc123');
    expect((await s.call('POST', `/api/admin/user/unlock/${ketoan.id}`, other)).status).toBe(403);
  });
});
