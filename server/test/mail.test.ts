/**
 * Mail through HTTP and a local SMTP server (smtp-server), on both backends: the e-mail
 * configuration's calls and its write-only password, one active configuration at a time, the test
 * action, the payment workflow's mails, and the outbox's promises — mails wait for a configuration,
 * are retried with backoff, survive a worker stopped mid-send, and are sent exactly once (also by
 * two servers sharing one PostgreSQL). The worker runs with short timings (buildApp's `mail`).
 */
import dnsPromises from 'node:dns/promises';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, prepareDatabase } from '../src/app.ts';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { enqueueMail } from '../src/modules/mail/mail.outbox.ts';
import { resetPasswordMail } from '../src/modules/mail/mail.templates.ts';
import { refusedForGood } from '../src/modules/mail/mail.transport.ts';
import type { MailWorkerOptions } from '../src/modules/mail/mail.worker.ts';
import { factories } from './factories.ts';
import { type FakeSmtp, headerOf, startFakeSmtp } from './fake-smtp.ts';
import {
  ADMIN_PASSWORD,
  authHeaders,
  type Backend,
  backends,
  createTestDatabase,
  JWT_SECRET,
} from './helpers.ts';

/** Short timings: a poll every 50 ms, retries after 200, 400 ms…, a lease of 3 s. */
const FAST: Partial<MailWorkerOptions> = {
  pollMs: 50,
  retryBaseMs: 200,
  retryMaxMs: 2000,
  maxAttempts: 3,
  leaseMs: 3000,
  sendTimeoutMs: 2500,
  stopGraceMs: 200,
};

/**
 * The ports of this file's local SMTP servers (and of a closed one): SitePay connects only to the
 * usual SMTP ports and these (MAIL_SMTP_PORTS in production; mail.target.ts). Read at each send.
 */
const SMTP_PORTS: number[] = [];

/** A port nothing listens on, allowed as an SMTP port: a refused connection, not a refused target. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  SMTP_PORTS.push(port);
  return port;
}

const SMTP_USER = 'sitepay-mailer';
const SMTP_PASSWORD = 'smtp-Pa55word-rất-bí-mật';

/** The local SMTP server (fake-smtp.ts), signing in this file's mailer, on a port SitePay may send to. */
async function startSmtp(): Promise<FakeSmtp> {
  const smtp = await startFakeSmtp({ credentials: { user: SMTP_USER, password: SMTP_PASSWORD } });
  SMTP_PORTS.push(smtp.port);
  return smtp;
}

// ---------------------------------------------------------------- servers with fast mail timings

type Server = {
  database: Database;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    token?: string | null,
    body?: unknown,
    // biome-ignore lint/suspicious/noExplicitAny: answers of every shape
  ): Promise<{ status: number; body: any }>;
  login(user?: string, password?: string): Promise<string>;
  /** Stops the app (and its worker) and closes its database connection. */
  close(): Promise<void>;
};

async function startServer(
  backend: Backend,
  where: { pgUrl?: string; dataDir?: string },
  mail: Partial<MailWorkerOptions> = FAST,
): Promise<Server> {
  const database = await openDatabase(
    backend === 'postgres'
      ? { kind: 'postgres', url: where.pgUrl!, poolSize: 20 }
      : { kind: 'pglite', dataDir: where.dataDir ?? null },
  );
  await database.migrate();
  const app = await buildApp(
    {
      jwtSecret: JWT_SECRET,
      webDist: null,
      bodyLimit: 1024 * 1024,
      loginThrottle: {
        windowSeconds: 900,
        maxFailuresPerUser: 10,
        maxFailuresPerUserAnywhere: 50,
        maxAttemptsPerAddress: 1000,
      },
      trustProxy: false,
      mail: { smtpPorts: SMTP_PORTS, ...mail },
    },
    database,
  );
  await prepareDatabase(app, database, { adminPassword: ADMIN_PASSWORD, demo: true });
  const call: Server['call'] = async (method, url, token, body) => {
    const res = await app.inject({
      method,
      url,
      headers: authHeaders(token),
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };
  return {
    database,
    call,
    async login(user = 'admin', password = ADMIN_PASSWORD) {
      const res = await call('POST', '/api/auth/login', null, { user_name: user, password });
      if (res.status !== 200) throw new Error(`login ${user}: ${res.status}`);
      return res.body[0].id_token as string;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Polls until `probe` answers something truthy, and answers it. */
async function waitFor<T>(
  what: string,
  probe: () => Promise<T> | T,
  timeoutMs = 8000,
): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type OutboxItem = {
  id: number;
  event: string;
  to: string;
  subject: string;
  state: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
};

const enqueue = (db: Database['db'], key: string, to: string | null = 'nhan@hoaphat-xd.vn') =>
  db.transaction((tx) =>
    enqueueMail(tx, { key, event: 'test', to, subject: `Thư ${key}`, text: `Nội dung ${key}` }),
  );

/** The Message-ID a key is sent with (mail.outbox.ts: ':' becomes '.'). */
const idOf = (key: string) => `<${key.replaceAll(':', '.')}@sitepay>`;

// ---------------------------------------------------------------- one server per backend

describe.each(backends)('mail (%s)', (backend) => {
  let smtp: FakeSmtp;
  let s: Server;
  let pg: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let admin: string;
  let good: () => Record<string, unknown>;

  const outbox = async (search: string): Promise<OutboxItem[]> => {
    const res = await s.call(
      'GET',
      `/api/admin/mail/paging?itemsPerPage=100&search=${encodeURIComponent(search)}`,
      admin,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items;
  };
  const receivedWith = (messageId: string) => smtp.received.filter((m) => m.messageId === messageId);
  const get = async (id: number) => (await s.call('GET', `/api/admin/email-config/get/${id}`, admin)).body;
  const activate = async (id: number) => {
    const res = await s.call('PATCH', `/api/admin/email-config/active/${id}`, admin, {
      version: (await get(id)).version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    good = () => ({
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      user: SMTP_USER,
      password: SMTP_PASSWORD,
      from: 'sitepay@hoaphat-xd.vn',
    });
    pg = backend === 'postgres' ? await createTestDatabase() : undefined;
    s = await startServer(backend, { pgUrl: pg?.url });
    admin = await s.login();
  });
  afterAll(async () => {
    await s?.close();
    await pg?.drop();
    await smtp?.close();
  });

  let goodId: number;

  it('mails wait while no configuration is active, and go once one is created', async () => {
    await enqueue(s.database.db, 'test:wait:1');
    await enqueue(s.database.db, 'test:wait:1', 'khac@hoaphat-xd.vn'); // the same key: ignored
    await enqueue(s.database.db, 'test:wait:nobody', null); // a user without e-mail: nothing queued
    await enqueue(s.database.db, 'test:wait:blank', '  ');
    // what caused a mail and rolled back leaves no mail
    await expect(
      s.database.db.transaction(async (tx) => {
        await enqueueMail(tx, {
          key: 'test:wait:rolled-back',
          event: 'test',
          to: 'a@b.vn',
          subject: 'x',
          text: 'x',
        });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');

    await sleep(400); // several polls
    const waiting = await outbox('test:wait');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({
      to: 'nhan@hoaphat-xd.vn',
      state: 'pending',
      attempts: 0,
      last_error: null,
    });
    expect(smtp.attempts).toHaveLength(0);

    const created = await s.call('POST', '/api/admin/email-config/create', admin, good());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.status).toBe('O'); // the first one is the active one
    goodId = created.body.id;

    const sent = await waitFor('the waiting mail', async () =>
      (await outbox('test:wait')).find((m) => m.state === 'sent'),
    );
    expect(sent).toMatchObject({ attempts: 1, last_error: null });
    expect(sent!.sent_at).toBeTruthy();
    const [mail] = receivedWith(idOf('test:wait:1'));
    expect(mail!.to).toEqual(['nhan@hoaphat-xd.vn']);
    expect(headerOf(mail!.raw, 'From')).toContain('sitepay@hoaphat-xd.vn');
  });

  it('tells a user his password was reset, without the password, and then wipes the text from the outbox', async () => {
    await s.database.db.transaction((tx) =>
      enqueueMail(tx, {
        key: 'reset_password:test:1',
        event: 'reset_password',
        to: 'lan@hoaphat-xd.vn',
        ...resetPasswordMail({ user_name: 'lan', full_name: 'Nguyễn Thị Lan' }),
      }),
    );
    const [stored] = await queryRows<{ text: string }>(
      s.database.db,
      sql`select text from mail_outbox where key = 'reset_password:test:1'`,
    );
    expect(stored!.text).toContain('Tên đăng nhập: lan');
    expect(stored!.text).not.toMatch(/Mật khẩu mới:|new password:/i);
    const mail = await waitFor('the reset mail', () => receivedWith(idOf('reset_password:test:1'))[0]);
    expect(mail!.to).toEqual(['lan@hoaphat-xd.vn']);
    const after = await waitFor('the reset mail marked sent', async () => {
      const [row] = await queryRows<{ state: string; text: string; html: string | null }>(
        s.database.db,
        sql`select state, text, html from mail_outbox where key = 'reset_password:test:1'`,
      );
      return row?.state === 'sent' ? row : undefined;
    });
    expect(after).toEqual({ state: 'sent', text: '(removed after sending)', html: null });
  });

  it('keeps the SMTP password write-only: never answered, stored encrypted, kept on an update without it', async () => {
    const leaks = (body: unknown) => {
      const text = JSON.stringify(body);
      expect(text).not.toContain(SMTP_PASSWORD);
      expect(text).not.toContain('password_enc');
      expect(text).not.toMatch(/"password"/);
    };
    const created = await s.call('POST', '/api/admin/email-config/create', admin, {
      ...good(),
      host: 'smtp.hoaphat-xd.vn',
      port: 587,
      security: 'starttls',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      host: 'smtp.hoaphat-xd.vn',
      port: 587,
      has_password: true,
      status: 'C',
    });
    leaks(created.body);
    const id = created.body.id;

    const [stored] = await queryRows<{ password_enc: string }>(
      s.database.db,
      sql`select password_enc from email_config where id = ${id}`,
    );
    expect(stored!.password_enc).toMatch(/^v1:/);
    expect(stored!.password_enc).not.toContain(SMTP_PASSWORD);

    const one = await s.call('GET', `/api/admin/email-config/get/${id}`, admin);
    expect(one.body).toMatchObject({ id, has_password: true, user: SMTP_USER });
    leaks(one.body);
    const list = await s.call('GET', '/api/admin/email-config/list/paging?search=hoaphat', admin);
    expect(list.status).toBe(200);
    expect(list.body.items.map((x: { id: number }) => x.id)).toContain(id);
    leaks(list.body);

    // an update without a password (or a blank one) keeps it
    const kept = await s.call('PUT', `/api/admin/email-config/update/${id}`, admin, {
      ...good(),
      host: 'mail.hoaphat-xd.vn',
      port: 465,
      security: 'tls',
      password: '',
      version: one.body.version,
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toMatchObject({
      host: 'mail.hoaphat-xd.vn',
      has_password: true,
      version: one.body.version + 1,
    });
    const [same] = await queryRows<{ password_enc: string }>(
      s.database.db,
      sql`select password_enc from email_config where id = ${id}`,
    );
    expect(same!.password_enc).toBe(stored!.password_enc);
    // a new password replaces it; clearing the user drops it
    const replaced = await s.call('PUT', `/api/admin/email-config/update/${id}`, admin, {
      ...good(),
      password: 'another-secret',
      version: kept.body.version,
    });
    expect(replaced.body.has_password).toBe(true);
    leaks(replaced.body);
    expect(JSON.stringify(replaced.body)).not.toContain('another-secret');
    const noUser = await s.call('PUT', `/api/admin/email-config/update/${id}`, admin, {
      ...good(),
      user: '',
      password: undefined,
      version: replaced.body.version,
    });
    expect(noUser.body).toMatchObject({ user: null, has_password: false });

    const history = await s.call('GET', `/api/admin/email-config/history/${id}`, admin);
    expect(history.status).toBe(200);
    expect(history.body.map((h: { action: string }) => h.action)).toEqual([
      'update',
      'update',
      'update',
      'create',
    ]);
    expect(history.body[3].changes.host).toEqual({ old: null, new: 'smtp.hoaphat-xd.vn' });
    leaks(history.body);
    expect(JSON.stringify(history.body)).not.toContain('another-secret');
    expect(JSON.stringify(history.body)).not.toContain('v1:');

    // deactive (SPEC's spelling) and delete, with versions
    const off = await s.call('PATCH', `/api/admin/email-config/deactive/${id}`, admin, {
      version: noUser.body.version,
    });
    expect(off.status).toBe(200);
    const stale = await s.call('DELETE', `/api/admin/email-config/delete/${id}`, admin, {
      version: noUser.body.version,
    });
    expect(stale.status).toBe(409);
    const deleted = await s.call('DELETE', `/api/admin/email-config/delete/${id}`, admin, {
      version: off.body.version,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toMatchObject({ status: 'D', has_password: false });
    expect((await s.call('GET', `/api/admin/email-config/get/${id}`, admin)).status).toBe(404);

    // bad input is a 400 naming the field, never a 500
    const bad = await s.call('POST', '/api/admin/email-config/create', admin, {
      ...good(),
      host: 'smtp host',
      from: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['from', 'host']);
  });

  it('keeps one configuration active: activating one deactivates the other', async () => {
    const second = await s.call('POST', '/api/admin/email-config/create', admin, {
      ...good(),
      host: 'smtp2.hoaphat-xd.vn',
    });
    expect(second.body.status).toBe('C');
    const activeIds = async () =>
      (await s.call('GET', '/api/admin/email-config/list/paging?status=open', admin)).body.items.map(
        (x: { id: number }) => x.id,
      );
    expect(await activeIds()).toEqual([goodId]);

    const on = await activate(second.body.id);
    expect(on.status).toBe('O');
    expect(await activeIds()).toEqual([second.body.id]);
    expect((await get(goodId)).status).toBe('C');
    const goodHistory = (await s.call('GET', `/api/admin/email-config/history/${goodId}`, admin)).body;
    expect(goodHistory[0]).toMatchObject({
      action: 'deactivate',
      changes: { status: { old: 'O', new: 'C' } },
    });

    // a stale version writes nothing
    const stale = await s.call('PATCH', `/api/admin/email-config/active/${goodId}`, admin, { version: 0 });
    expect(stale.status).toBe(409);
    expect(await activeIds()).toEqual([second.body.id]);

    await activate(goodId);
    expect(await activeIds()).toEqual([goodId]);
    // deactivating the active one leaves none: mails wait
    const none = await s.call('PATCH', `/api/admin/email-config/deactive/${goodId}`, admin, {
      version: (await get(goodId)).version,
    });
    expect(none.status).toBe(200);
    expect(await activeIds()).toEqual([]);
    await activate(goodId);
  });

  if (backend === 'postgres') {
    it('two activations at once leave exactly one active configuration and no 500', async () => {
      const ids: number[] = [];
      for (const host of ['race-a.hoaphat-xd.vn', 'race-b.hoaphat-xd.vn', 'race-c.hoaphat-xd.vn']) {
        ids.push(
          (await s.call('POST', '/api/admin/email-config/create', admin, { ...good(), host })).body.id,
        );
      }
      for (let round = 0; round < 6; round += 1) {
        const pair = [ids[round % 3]!, ids[(round + 1) % 3]!];
        const versions = await Promise.all(pair.map(async (id) => (await get(id)).version));
        const answers = await Promise.all(
          pair.map((id, i) =>
            s.call('PATCH', `/api/admin/email-config/active/${id}`, admin, { version: versions[i] }),
          ),
        );
        for (const a of answers) expect([200, 409], JSON.stringify(a.body)).toContain(a.status);
        expect(answers.some((a) => a.status === 200)).toBe(true);
        const [row] = await queryRows<{ n: number }>(
          s.database.db,
          sql`select count(*)::int as n from email_config where status = 'O'`,
        );
        expect(row!.n).toBe(1);
      }
      // the same configuration activated twice at once: one wins, the other's version is stale
      const id = ids[0]!;
      const version = (await get(id)).version;
      const twice = await Promise.all(
        [0, 1].map(() => s.call('PATCH', `/api/admin/email-config/active/${id}`, admin, { version })),
      );
      expect(twice.map((a) => a.status).sort()).toEqual([200, 409]);
      await activate(goodId);
    });
  }

  it('sends a test mail now: to the address given or to the signed-in user, and says why one fails', async () => {
    const sent = await s.call('POST', `/api/admin/email-config/test/${goodId}`, admin, {
      to: 'kiemtra@hoaphat-xd.vn',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.ok).toBe(true);
    expect(sent.body.message).toMatch(/^250 /);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['kiemtra@hoaphat-xd.vn']);
    expect(mail.raw).toContain('Subject:');

    // no address and none on the user's profile: a 400 naming the field
    const nowhere = await s.call('POST', `/api/admin/email-config/test/${goodId}`, admin, {});
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.errors[0].field).toBe('to');
    await s.database.db.execute(
      sql`update app_user set email = 'quantri@hoaphat-xd.vn' where user_name = 'admin'`,
    );
    const toMe = await s.call('POST', `/api/admin/email-config/test/${goodId}`, admin, {});
    expect(toMe.body.ok).toBe(true);
    expect(smtp.received.at(-1)!.to).toEqual(['quantri@hoaphat-xd.vn']);

    // a closed port: 200 with ok false and the reason — never a 5xx
    const closed = (
      await s.call('POST', '/api/admin/email-config/create', admin, {
        ...good(),
        host: '127.0.0.1',
        port: await closedPort(),
      })
    ).body;
    const refused = await s.call('POST', `/api/admin/email-config/test/${closed.id}`, admin, {
      to: 'a@b.vn',
    });
    expect(refused.status).toBe(200);
    expect(refused.body.ok).toBe(false);
    expect(refused.body.message).toMatch(/ECONNREFUSED/);
    // a wrong password: the server's own answer
    const wrong = (
      await s.call('POST', '/api/admin/email-config/create', admin, { ...good(), password: 'wrong-password' })
    ).body;
    const denied = await s.call('POST', `/api/admin/email-config/test/${wrong.id}`, admin, { to: 'a@b.vn' });
    expect(denied.body).toMatchObject({ ok: false });
    expect(denied.body.message).toMatch(/535/);
    // an unknown configuration: 404; a bad address: 400
    expect((await s.call('POST', '/api/admin/email-config/test/999999', admin, {})).status).toBe(404);
    expect(
      (await s.call('POST', `/api/admin/email-config/test/${goodId}`, admin, { to: 'not-an-address' }))
        .status,
    ).toBe(400);
    // the accountant has no right to any of it
    const ketoan = await s.login('ketoan', 'ketoan123');
    expect((await s.call('POST', `/api/admin/email-config/test/${goodId}`, ketoan, {})).status).toBe(403);
    expect((await s.call('GET', '/api/admin/mail/paging', ketoan)).status).toBe(403);
    expect((await s.call('GET', '/api/admin/email-config/list/paging', ketoan)).status).toBe(403);
  });

  it('the test action connects to SMTP ports only, and never to link-local or metadata addresses', async () => {
    const refusedTarget = async (host: string, port: number) => {
      const created = await s.call('POST', '/api/admin/email-config/create', admin, {
        ...good(),
        host,
        port,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const started = Date.now();
      const res = await s.call('POST', `/api/admin/email-config/test/${created.body.id}`, admin, {
        to: 'a@b.vn',
      });
      expect(res.status, `${host}:${port} ${JSON.stringify(res.body)}`).toBe(422);
      expect(res.body.reason).toBe('smtp_target_refused');
      expect(Date.now() - started).toBeLessThan(2000); // refused before any connection is tried
    };
    // the probe's scan: ssh and PostgreSQL on the server itself, the metadata service
    await refusedTarget('127.0.0.1', 22);
    await refusedTarget('127.0.0.1', 5432);
    await refusedTarget('169.254.169.254', 80);
    await refusedTarget('169.254.169.254', 25);
    await refusedTarget('169.254.1.1', 587);
    // a name is resolved first, and every address it resolves to is checked
    const lookup = vi.spyOn(dnsPromises, 'lookup');
    try {
      for (const answer of [
        ['169.254.169.254'],
        ['10.0.0.5', '169.254.169.254'],
        ['::ffff:169.254.169.254'],
        ['fe80::1'],
        ['fd00:ec2::254'],
      ]) {
        lookup.mockResolvedValueOnce(
          answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })) as never,
        );
        await refusedTarget('metadata.hoaphat-xd.vn', 25);
      }
    } finally {
      lookup.mockRestore();
    }
    // loopback on an allowed port is a local MTA: tried (refused by nobody listening), not refused
    const local = (
      await s.call('POST', '/api/admin/email-config/create', admin, {
        ...good(),
        host: 'localhost',
        port: await closedPort(),
      })
    ).body;
    const tried = await s.call('POST', `/api/admin/email-config/test/${local.id}`, admin, { to: 'a@b.vn' });
    expect(tried.status).toBe(200);
    expect(tried.body.ok).toBe(false);
    // the saved configuration's own SMTP server still answers
    expect(
      (await s.call('POST', `/api/admin/email-config/test/${goodId}`, admin, { to: 'a@b.vn' })).body.ok,
    ).toBe(true);
  });

  it('mails a request’s approvers when it is sent, and its creator when it is accepted, rejected or paid', async () => {
    await s.database.db.execute(
      sql`update app_user set email = user_name || '@hoaphat-xd.vn' where user_name in ('ketoan', 'giamdoc')`,
    );
    const [ketoan, giamdoc] = await Promise.all([
      s.login('ketoan', 'ketoan123'),
      s.login('giamdoc', 'giamdoc123'),
    ]);
    const f = factories(s, { admin, accountant: ketoan, director: giamdoc });
    const k = await f.contractor({ code: 'NT-MAIL', name: 'Công ty TNHH Thư' });
    const ben = await f.payee(k, { account_number: '0099887766' });
    const contract = await f.contract({
      contract_no: 'HĐ-MAIL-01',
      constructor_id: k.id,
      beneficiary_id: ben.id,
    });
    const create = (amount: string) =>
      f.request(contract, { amount, invoice_amount: amount, note: 'Thanh toán khối lượng đợt 1' });
    const sendIt = async (p: { id: number; version: number }) => {
      const res = await s.call('PATCH', `/api/payment-transaction/require-approval/${p.id}`, ketoan, {
        version: p.version,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const storedMails = (paymentId: number) =>
      queryRows<{ key: string; event: string; to: string; subject: string; text: string; html: string }>(
        s.database.db,
        sql`select key, event, "to", subject, text, html from mail_outbox where key like ${`payment:${paymentId}:%`} order by id`,
      );
    const [giamdocId, ketoanId] = (
      await queryRows<{ id: number }>(
        s.database.db,
        sql`select id from app_user where user_name in ('giamdoc', 'ketoan') order by user_name`,
      )
    ).map((u) => u.id);

    // sent for approval: the director (by office) — not the administrator, though he has an e-mail
    const a = await create('1250000');
    const stale = await s.call('PATCH', `/api/payment-transaction/require-approval/${a.id}`, ketoan, {
      version: a.version + 5,
    });
    expect(stale.status).toBe(409);
    expect(await storedMails(a.id)).toEqual([]); // a refused move mails nobody
    const sentA = await sendIt(a);
    const [toApprover, ...others] = await storedMails(a.id);
    expect(others).toEqual([]);
    expect(toApprover).toMatchObject({ event: 'payment_send', to: 'giamdoc@hoaphat-xd.vn' });
    expect(toApprover!.key).toMatch(new RegExp(`^payment:${a.id}:send:\\d+:${giamdocId}$`));
    expect(toApprover!.subject).toContain('Yêu cầu thanh toán chờ duyệt');
    expect(toApprover!.subject).toContain('1.250.000 đồng');
    // the request by its own number, in the subject and the summary
    expect(toApprover!.subject).toContain(a.code);
    expect(toApprover!.text).toContain(`- Số YCTT: ${a.code}`);
    expect(toApprover!.text).toContain('Kính gửi Trần Văn Minh');
    expect(toApprover!.text).toContain('- Số tiền: 1.250.000 đồng');
    expect(toApprover!.text).toContain('- Ngày thanh toán: 10/06/2025');
    expect(toApprover!.text).toContain('HĐ-MAIL-01');
    expect(toApprover!.html).toContain('1.250.000 đồng');
    const delivered = await waitFor('the approver’s mail', () => receivedWith(idOf(toApprover!.key))[0]);
    expect(delivered!.to).toEqual(['giamdoc@hoaphat-xd.vn']);

    // accepted with a note → the creator
    const accepted = await s.call('PATCH', `/api/payment-approval/accept/${a.id}`, giamdoc, {
      version: sentA.version,
      note: 'Đồng ý chi',
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const acceptMail = (await storedMails(a.id)).find((m) => m.event === 'payment_accept')!;
    expect(acceptMail).toMatchObject({ to: 'ketoan@hoaphat-xd.vn' });
    expect(acceptMail.key).toMatch(new RegExp(`^payment:${a.id}:accept:\\d+:${ketoanId}$`));
    expect(acceptMail.subject).toContain('đã được duyệt');
    expect(acceptMail.text).toContain('- Ghi chú: Đồng ý chi');
    // paid by another user → the creator
    const paid = await s.call('PATCH', `/api/payment-transaction/require-paid/${a.id}`, admin, {
      version: accepted.body.version,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const paidMail = (await storedMails(a.id)).find((m) => m.event === 'payment_paid')!;
    expect(paidMail).toMatchObject({ to: 'ketoan@hoaphat-xd.vn' });
    expect(paidMail.subject).toContain('đã được chi');

    // rejected with its reason → the creator; sent again → a new mail to the approver
    const b = await create('3000000');
    const sentB = await sendIt(b);
    const rejected = await s.call('PATCH', `/api/payment-approval/reject/${b.id}`, giamdoc, {
      version: sentB.version,
      note: 'Thiếu biên bản nghiệm thu',
    });
    expect(rejected.status).toBe(200);
    const rejectMail = (await storedMails(b.id)).find((m) => m.event === 'payment_reject')!;
    expect(rejectMail).toMatchObject({ to: 'ketoan@hoaphat-xd.vn' });
    expect(rejectMail.subject).toContain('bị từ chối');
    expect(rejectMail.text).toContain('- Lý do từ chối: Thiếu biên bản nghiệm thu');
    await sendIt(rejected.body);
    expect((await storedMails(b.id)).filter((m) => m.event === 'payment_send')).toHaveLength(2);

    // the creator confirming her own request paid is not mailed about her own move
    const c = await create('500000');
    const sentC = await sendIt(c);
    const okC = await s.call('PATCH', `/api/payment-approval/accept/${c.id}`, giamdoc, {
      version: sentC.version,
    });
    const paidC = await s.call('PATCH', `/api/payment-transaction/require-paid/${c.id}`, ketoan, {
      version: okC.body.version,
    });
    expect(paidC.status, JSON.stringify(paidC.body)).toBe(200);
    expect((await storedMails(c.id)).map((m) => m.event)).toEqual(['payment_send', 'payment_accept']);

    // every queued mail of these requests is delivered, each exactly once, under its key
    const keys = [
      ...(await storedMails(a.id)),
      ...(await storedMails(b.id)),
      ...(await storedMails(c.id)),
    ].map((m) => m.key);
    expect(keys).toHaveLength(8);
    await waitFor('every payment mail', () => keys.every((key) => receivedWith(idOf(key)).length > 0));
    await sleep(200);
    for (const key of keys) expect(receivedWith(idOf(key))).toHaveLength(1);
    const listed = await waitFor('the payment mails marked sent', async () => {
      const items = await outbox(`payment:${a.id}:`);
      return items.every((m) => m.state === 'sent') ? items : undefined;
    });
    expect(listed.map((m) => m.event)).toEqual(['payment_paid', 'payment_accept', 'payment_send']); // newest first
  });

  it('retries a failing SMTP server with growing delays, shows the error, and gives up after the last attempt', async () => {
    // always refused: 3 attempts (FAST.maxAttempts), 200 then 400 ms apart, then failed
    smtp.reject = -1;
    await enqueue(s.database.db, 'test:retry:refused');
    const failed = await waitFor('the refused mail to fail', async () =>
      (await outbox('test:retry:refused')).find((m) => m.state === 'failed'),
    );
    expect(failed).toMatchObject({ attempts: 3, sent_at: null });
    expect(failed!.last_error).toMatch(/451/);
    expect(failed!.last_error).toContain('Mailbox busy');
    const tries = smtp.attempts.filter((x) => x.messageId === idOf('test:retry:refused')).map((x) => x.at);
    expect(tries).toHaveLength(3);
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(190);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(390);
    await sleep(500);
    expect(smtp.attempts.filter((x) => x.messageId === idOf('test:retry:refused'))).toHaveLength(3);

    // refused twice, then accepted: sent on the third attempt, the error cleared
    smtp.reject = 2;
    await enqueue(s.database.db, 'test:retry:later');
    const sent = await waitFor('the mail accepted at last', async () =>
      (await outbox('test:retry:later')).find((m) => m.state === 'sent'),
    );
    expect(sent).toMatchObject({ attempts: 3, last_error: null });
    expect(receivedWith(idOf('test:retry:later'))).toHaveLength(1);
    const states = await s.call('GET', '/api/admin/mail/paging?state=failed', admin);
    expect(states.body.items.map((m: OutboxItem) => m.subject)).toEqual(['Thư test:retry:refused']);
  });

  it('fails a mail the receiving server refuses for good (550) after its one attempt, with the reply', async () => {
    smtp.refusal = { responseCode: 550, message: 'No such user here' };
    smtp.reject = 1;
    try {
      await enqueue(s.database.db, 'test:refused:for-good');
      const failed = await waitFor('the refused mail to fail', async () =>
        (await outbox('test:refused:for-good')).find((m) => m.state === 'failed'),
      );
      expect(failed).toMatchObject({ attempts: 1, sent_at: null });
      expect(failed!.last_error).toMatch(/550.*No such user here/);
      // not tried again: a resend is the user's decision (mail.list.ts)
      await sleep(500);
      expect(smtp.attempts.filter((x) => x.messageId === idOf('test:refused:for-good'))).toHaveLength(1);
    } finally {
      smtp.refusal = { responseCode: 451, message: 'Mailbox busy, try again later' };
      smtp.reject = 0;
    }
  });

  it('tells a refusal for good from one worth another try', () => {
    expect(refusedForGood({ responseCode: 550, code: 'EENVELOPE' })).toBe(true);
    expect(refusedForGood({ responseCode: 554, code: 'EMESSAGE' })).toBe(true);
    expect(refusedForGood({ responseCode: 451, code: 'EMESSAGE' })).toBe(false);
    // a refused sign-in is the configuration's to mend: the mail keeps its tries
    expect(refusedForGood({ responseCode: 535, code: 'EAUTH' })).toBe(false);
    expect(refusedForGood({ code: 'ECONNREFUSED' })).toBe(false);
  });
});

// ---------------------------------------------------------------- restarts and two servers

describe.each(backends)('mail across restarts (%s)', (backend) => {
  let smtp: FakeSmtp;
  let pg: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    smtp = await startSmtp();
    pg = backend === 'postgres' ? await createTestDatabase() : undefined;
    dataDir = backend === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-mail-')) : undefined;
  });
  afterAll(async () => {
    await pg?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await smtp?.close();
  });

  it('a mail whose sending was cut off by a stop is sent after the restart, exactly once', async () => {
    // a delivery may take 20 s here: a stop that waited for it would show
    const first = await startServer(backend, { pgUrl: pg?.url, dataDir }, { ...FAST, sendTimeoutMs: 20_000 });
    const admin = await first.login();
    const created = await first.call('POST', '/api/admin/email-config/create', admin, {
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      user: SMTP_USER,
      password: SMTP_PASSWORD,
      from: 'sitepay@hoaphat-xd.vn',
    });
    expect(created.status).toBe(200);
    smtp.hold = true;
    const held = smtp.held();
    await enqueue(first.database.db, 'test:restart:1');
    await held; // the worker is waiting for the server's answer to the data

    const stopping = Date.now();
    await first.close();
    expect(Date.now() - stopping).toBeLessThan(6000); // the stop gives up on the mail after 200 ms
    expect(smtp.received).toHaveLength(0);
    smtp.hold = false;

    const second = await startServer(backend, { pgUrl: pg?.url, dataDir });
    try {
      await waitFor('the mail after the restart', () => smtp.received.length > 0, 15_000);
      await sleep(500);
      expect(smtp.received.map((m) => m.messageId)).toEqual([idOf('test:restart:1')]);
      const row = await waitFor('the mail marked sent', async () => {
        const [r] = await queryRows<{ state: string; attempts: number }>(
          second.database.db,
          sql`select state, attempts from mail_outbox where key = 'test:restart:1'`,
        );
        return r?.state === 'sent' ? r : undefined;
      });
      expect(row.attempts).toBe(2); // the cut-off attempt and the one after the restart
    } finally {
      await second.close();
    }
  });

  if (backend === 'postgres') {
    it('two servers on one PostgreSQL send each mail exactly once', async () => {
      const a = await startServer(backend, { pgUrl: pg?.url });
      const b = await startServer(backend, { pgUrl: pg?.url });
      try {
        smtp.received.length = 0;
        const keys = Array.from({ length: 30 }, (_, i) => `test:two:${i}`);
        for (const key of keys) await enqueue(a.database.db, key);
        await waitFor('every mail', () => smtp.received.length >= keys.length, 20_000);
        await sleep(500);
        expect(smtp.received.map((m) => m.messageId).sort()).toEqual(keys.map(idOf).sort());
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  }
});
