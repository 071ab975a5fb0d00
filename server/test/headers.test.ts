/**
 * The three headers every call sends (docs/product.md#signing-in-and-sessions): `ApplicationId` names an
 * active application, at sign-in and on every authenticated call; `AccessToken` beside the bearer token names
 * the same session; deactivating or deleting an application ends the sessions opened with it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { ADMIN_PASSWORD, APPLICATION_ID, backends, createTestServer, type TestServer } from './helpers.ts';

describe.each(backends)('request headers (%s)', (backend) => {
  let s: TestServer;
  let admin: string;

  /** Signs in with the given ApplicationId (undefined: none) and answers the whole result. */
  const signIn = (applicationId: string | undefined, user = 'admin', password = ADMIN_PASSWORD) =>
    s.call('POST', '/api/auth/login', null, { user_name: user, password }, { applicationid: applicationId });

  const profile = (token: string, headers: Record<string, string | undefined> = {}) =>
    s.call('GET', '/api/account/profile', token, undefined, headers);

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    admin = await s.login();
  });
  afterAll(() => s?.close());

  it('sign-in needs the client id of an active application', async () => {
    for (const id of [undefined, '', 'evil-app', APPLICATION_ID.toUpperCase()]) {
      const res = await signIn(id);
      expect(res.status, String(id)).toBe(401);
      expect(res.body).toMatchObject({ code: 'unknown_application', reason: 'unknown_application' });
    }
    const ok = await signIn(APPLICATION_ID);
    expect(ok.status).toBe(200);
  });

  it('every authenticated call needs it too; public routes do not', async () => {
    for (const id of [undefined, ' ', 'evil-app']) {
      const res = await profile(admin, { applicationid: id });
      expect(res.status, String(id)).toBe(401);
      expect(res.body.reason).toBe('unknown_application');
    }
    expect((await profile(admin)).status).toBe(200);
    // even a stale or missing token is told about the application first
    expect(
      (await s.call('GET', '/api/account/profile', null, undefined, { applicationid: undefined })).body.code,
    ).toBe('unknown_application');
    for (const url of ['/api/health', '/api/version', '/api/openapi.json']) {
      const res = await s.call('GET', url, null, undefined, { applicationid: undefined });
      expect(res.status, url).toBe(200);
    }
    // sign-out checks it as any authenticated call
    const other = (await signIn(APPLICATION_ID)).body[0].id_token as string;
    const out = await s.call('POST', '/api/auth/logout', other, undefined, { applicationid: 'evil-app' });
    expect(out.status).toBe(401);
    expect((await profile(other)).status).toBe(200);
  });

  it('an AccessToken beside the bearer token must name the same session', async () => {
    const mine = (await signIn(APPLICATION_ID)).body[0];
    const theirs = (await signIn(APPLICATION_ID, 'ketoan', 'ketoan123')).body[0];
    expect((await profile(mine.id_token, { accesstoken: mine.token })).status).toBe(200);
    for (const accessToken of [theirs.token, '', 'x', `${mine.token},${mine.token}`]) {
      const res = await profile(mine.id_token, { accesstoken: accessToken });
      expect(res.status, accessToken).toBe(401);
      expect(res.body.code).toBe('invalid_token');
    }
    // the bearer token of one user with the AccessToken of another: refused either way round
    expect((await profile(theirs.id_token, { accesstoken: mine.token })).status).toBe(401);
    // no AccessToken: the bearer token alone
    expect((await profile(theirs.id_token)).status).toBe(200);
  });

  it('deactivating or deleting an application ends its sessions; the web app keeps its own', async () => {
    const created = await s.call('POST', '/api/admin/application/create', admin, {
      code: 'MOBILE',
      name: 'Mobile',
      client_id: 'sitepay-mobile',
      environment: 'production',
    });
    expect(created.status).toBe(200);
    const mobile = (await signIn('sitepay-mobile', 'ketoan', 'ketoan123')).body[0].id_token as string;
    const web = (await signIn(APPLICATION_ID, 'ketoan', 'ketoan123')).body[0].id_token as string;
    expect((await profile(mobile, { applicationid: 'sitepay-mobile' })).status).toBe(200);
    // a session of one application is not another's
    expect((await profile(mobile)).body.code).toBe('invalid_token');
    expect((await profile(web, { applicationid: 'sitepay-mobile' })).body.code).toBe('invalid_token');

    const off = await s.call('PUT', `/api/admin/application/deactive/${created.body.id}`, admin, {
      version: created.body.version,
    });
    expect(off.status).toBe(200);
    // the session ended with its application (401 invalid_token: sign in again), and the
    // application signs nobody in any more
    const refused = await profile(mobile, { applicationid: 'sitepay-mobile' });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('invalid_token');
    expect((await signIn('sitepay-mobile', 'ketoan', 'ketoan123')).body.code).toBe('unknown_application');
    expect((await profile(web)).status).toBe(200);
    // activated again: a new sign-in works, the ended session stays ended
    const on = await s.call('PUT', `/api/admin/application/active/${created.body.id}`, admin, {
      version: off.body.version,
    });
    expect(on.status).toBe(200);
    expect((await profile(mobile, { applicationid: 'sitepay-mobile' })).body.code).toBe('invalid_token');
    const again = (await signIn('sitepay-mobile', 'ketoan', 'ketoan123')).body[0].id_token as string;
    expect((await profile(again, { applicationid: 'sitepay-mobile' })).status).toBe(200);
    const deleted = await s.call('DELETE', `/api/admin/application/delete/${created.body.id}`, admin, {
      version: on.body.version,
    });
    expect(deleted.status).toBe(200);
    expect((await profile(again, { applicationid: 'sitepay-mobile' })).status).toBe(401);
    expect((await signIn('sitepay-mobile', 'ketoan', 'ketoan123')).body.code).toBe('unknown_application');

    // the web app's own application: listed, and neither deactivated, deleted nor renamed away
    const list = await s.call('GET', '/api/admin/application/list/all', admin);
    const own = list.body.find((a: { client_id: string }) => a.client_id === APPLICATION_ID);
    expect(own).toMatchObject({ status: 'O' });
    for (const [method, url, body] of [
      ['PUT', `/api/admin/application/deactive/${own.id}`, { version: own.version }],
      ['DELETE', `/api/admin/application/delete/${own.id}`, { version: own.version }],
      [
        'PUT',
        `/api/admin/application/update/${own.id}`,
        {
          code: own.code,
          name: own.name,
          client_id: 'renamed',
          environment: own.environment,
          version: own.version,
        },
      ],
    ] as const) {
      const res = await s.call(method, url, admin, body);
      expect(res.status, url).toBe(422);
      expect(res.body.reason).toBe('web_application_fixed');
    }
    expect((await profile(admin)).status).toBe(200);
  });

  it('the seed adds the web app to a database without it, and activates it again', async () => {
    const db = s.database.db;
    await db.execute(sql`update application set status = 'C' where client_id = ${APPLICATION_ID}`);
    expect((await signIn(APPLICATION_ID)).body.code).toBe('unknown_application');
    await prepareDatabase(s.app, s.database, { adminPassword: null, demo: false });
    expect((await signIn(APPLICATION_ID)).status).toBe(200);
    await db.execute(sql`update application set status = 'D' where client_id = ${APPLICATION_ID}`);
    await prepareDatabase(s.app, s.database, { adminPassword: null, demo: false });
    await prepareDatabase(s.app, s.database, { adminPassword: null, demo: false });
    const rows = await queryRows<{ status: string }>(
      db,
      sql`select status from application where client_id = ${APPLICATION_ID} order by id`,
    );
    expect(rows.map((r) => r.status)).toEqual(['D', 'O']);
    expect((await signIn(APPLICATION_ID)).status).toBe(200);
  });
});
