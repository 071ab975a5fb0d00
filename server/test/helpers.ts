/**
 * Test harness: a fully seeded app on a fresh database, spoken to over HTTP (app.inject).
 * Every API test runs on both backends: PGlite in memory, and a brand-new PostgreSQL database
 * created for the run on 127.0.0.1:5432 (TEST_PG_URL overrides). PostgreSQL must be reachable:
 * a run that cannot reach it fails rather than skipping half of the suite.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { WEB_APPLICATION_ID } from '@sitepay/domain/auth.schema';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp, prepareDatabase } from '../src/app.ts';
import type { Clock } from '../src/clock.ts';
import type { DailyJobOptions } from '../src/core/daily-job.ts';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import type { PdfOptions } from '../src/documents/pdf.ts';
import type { FilesConfig } from '../src/files/file-store.ts';
import type { MailWorkerOptions } from '../src/modules/mail/mail.worker.ts';

export const backends = ['pglite', 'postgres'] as const;
export type Backend = (typeof backends)[number];

const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const JWT_SECRET = 'test-secret-test-secret-test-secret';
export const ADMIN_PASSWORD = 'admin-pass-1';
/** The web app's client id: every call of the tests sends it as `ApplicationId` unless told otherwise. */
export const APPLICATION_ID = WEB_APPLICATION_ID;

/**
 * The headers a signed-in client sends (docs/product.md#signing-in-and-sessions), for tests that call
 * `app.inject` themselves.
 */
export const authHeaders = (token?: string | null): Record<string, string> => ({
  applicationid: APPLICATION_ID,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

export type TestServer = {
  app: FastifyInstance;
  database: Database;
  backend: Backend;
  /** The PostgreSQL database's URL (postgres backend): a second server can share it. */
  pgUrl?: string;
  /** The admin's password the start generated and printed (no ADMIN_PASSWORD), else null. */
  generatedAdminPassword: string | null;
  /** Signs in and returns the bearer id token. */
  login(user?: string, password?: string): Promise<string>;
  /**
   * The first sign-in with a password an administrator set (create, reset): signs in, changes it
   * to `chosen` as the server requires, signs in again with it and returns that token.
   */
  firstLogin(user: string, given: string, chosen?: string): Promise<string>;
  /** An HTTP call with the given token, JSON in and out. */
  call(
    method: InjectOptions['method'],
    url: string,
    token?: string | null,
    body?: unknown,
    /** Headers added to (or, with `applicationid: undefined`, taken from) the usual ones. */
    headers?: Record<string, string | undefined>,
    // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  close(): Promise<void>;
};

/**
 * A clock for the server's time windows (createTestServer's `clock`) that runs with real time and
 * that a test moves on with `advance` instead of sleeping until a window has passed.
 */
export function testClock(): Clock & { advance(ms: number): void } {
  let skipped = 0;
  return {
    now: () => sql`${new Date(Date.now() + skipped).toISOString()}::timestamptz`,
    advance(ms) {
      skipped += ms;
    },
  };
}

export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sitepay_t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is required for the tests and cannot be reached at ${PG_ADMIN_URL}: ${(error as Error).message}`,
    );
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createTestServer(
  backend: Backend,
  opts: {
    demo?: boolean;
    loginThrottle?: {
      windowSeconds: number;
      maxFailuresPerUser: number;
      maxFailuresPerUserAnywhere?: number;
      maxAttemptsPerAddress: number;
    };
    bodyLimit?: number;
    /** Where uploads go; without it, a scratch folder under the system's temp directory. */
    files?: FilesConfig;
    /** Receives the server's JSON log lines (info and above); without it, no log. */
    log?: (line: Record<string, unknown>) => void;
    /** A PostgreSQL database another test server already uses (it is not dropped on close). */
    pgUrl?: string;
    /** LibreOffice for PDF prints; without it, `soffice` on PATH. */
    pdf?: Partial<PdfOptions>;
    /** The mail worker's timing; without it, the defaults. */
    mail?: Partial<MailWorkerOptions>;
    /** The time windows' clock (testClock); without it, the database's now(). */
    clock?: Clock;
    /** The daily jobs (core/daily-job.ts); without it, none runs by itself. */
    dailyJobs?: Partial<DailyJobOptions>;
    /** A built web app's folder to serve; without it, the API alone. */
    webDist?: string;
    /** The start's ADMIN_PASSWORD; null: none, the start generates one (`generatedAdminPassword`). */
    adminPassword?: string | null;
  } = {},
): Promise<TestServer> {
  const pgDb = backend === 'postgres' && !opts.pgUrl ? await createTestDatabase() : null;
  const url = opts.pgUrl ?? pgDb?.url;
  const database = await openDatabase(
    backend === 'postgres' && url
      ? { kind: 'postgres', url, poolSize: 30 }
      : { kind: 'pglite', dataDir: null },
  );
  await database.migrate();
  const app = await buildApp(
    {
      jwtSecret: JWT_SECRET,
      webDist: opts.webDist ?? null,
      bodyLimit: opts.bodyLimit ?? 1024 * 1024,
      loginThrottle: {
        windowSeconds: 900,
        maxFailuresPerUser: 10,
        maxFailuresPerUserAnywhere: 50,
        maxAttemptsPerAddress: 1000,
        ...opts.loginThrottle,
      },
      trustProxy: false,
      files: opts.files,
      pdf: opts.pdf,
      mail: opts.mail,
      clock: opts.clock,
      dailyJobs: opts.dailyJobs ?? { enabled: false },
      logger: opts.log
        ? { level: 'info', stream: { write: (line: string) => opts.log?.(JSON.parse(line)) } }
        : false,
    },
    database,
  );
  const { generatedAdminPassword } = await prepareDatabase(app, database, {
    adminPassword: opts.adminPassword === undefined ? ADMIN_PASSWORD : opts.adminPassword,
    demo: opts.demo ?? true,
  });

  const call: TestServer['call'] = async (method, url, token, body, extra) => {
    const headers: Record<string, string> = authHeaders(token);
    for (const [name, value] of Object.entries(extra ?? {})) {
      if (value === undefined) delete headers[name.toLowerCase()];
      else headers[name.toLowerCase()] = value;
    }
    const res = await app.inject({
      method,
      url,
      headers,
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    let parsed: unknown = res.body;
    try {
      parsed = res.json();
    } catch {
      // not JSON
    }
    return { status: res.statusCode, body: parsed, headers: res.headers };
  };

  return {
    app,
    database,
    backend,
    generatedAdminPassword,
    pgUrl: backend === 'postgres' ? url : undefined,
    call,
    async login(user = 'admin', password = ADMIN_PASSWORD) {
      const res = await call('POST', '/api/auth/login', null, { user_name: user, password });
      if (res.status !== 200)
        throw new Error(`login ${user} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body[0].id_token as string;
    },
    async firstLogin(user, given, chosen = `${given}-mine`) {
      const first = await call('POST', '/api/auth/login', null, { user_name: user, password: given });
      if (first.status !== 200 || !first.body[0].must_change_password)
        throw new Error(`first login ${user}: ${first.status} ${JSON.stringify(first.body)}`);
      const token = first.body[0].id_token as string;
      const { version } = (await call('GET', '/api/account/profile', token)).body;
      const changed = await call('PUT', '/api/account/change-password', token, {
        oldPassword: given,
        newPassword: chosen,
        version,
      });
      if (changed.status !== 200)
        throw new Error(`change ${user}: ${changed.status} ${JSON.stringify(changed.body)}`);
      const res = await call('POST', '/api/auth/login', null, { user_name: user, password: chosen });
      if (res.status !== 200)
        throw new Error(`login ${user} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body[0].id_token as string;
    },
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
    },
  };
}

/**
 * The payment month summaries as kept by the trigger and as a plain grouped sum over the live
 * requests, in the same form (construction, month, approval and payment state: count and amount),
 * for a test to compare after any writes.
 */
export async function monthSummariesAndRows(db: Database['db']) {
  const months = (from: string) =>
    queryRows<Record<string, string>>(
      db,
      sql.raw(`select construction_id, to_char(month, 'YYYY-MM') as month, approval_status, payment_status,
            sum(n)::int as n, sum(amount)::numeric(18,2)::text as amount, sum(paid)::numeric(18,2)::text as paid
          from (${from}) x group by 1, 2, 3, 4 having sum(n) <> 0 order by 1, 2, 3, 4`),
    );
  return {
    kept: await months(
      'select construction_id, month, approval_status, payment_status, count as n, amount, paid from payment_month_totals',
    ),
    plain: await months(`select construction_id, date_trunc('month', date)::date as month, approval_status,
        payment_status, 1 as n, amount, paid_amount as paid from payment_transaction
        where status = 'O' and approval_status <> 'R'`),
  };
}

/**
 * The money paid out per construction and month of its paid date, as kept by the trigger on the
 * payments and as a plain grouped sum over the payments not reversed.
 */
export async function payoutSummariesAndRows(db: Database['db']) {
  const months = (from: string) =>
    queryRows<Record<string, string>>(
      db,
      sql.raw(`select construction_id, to_char(month, 'YYYY-MM') as month, sum(n)::int as n,
            sum(amount)::numeric(18,2)::text as amount
          from (${from}) x group by 1, 2 having sum(n) <> 0 order by 1, 2`),
    );
  return {
    kept: await months('select construction_id, month, count as n, amount from payout_month_totals'),
    plain:
      await months(`select p.construction_id, date_trunc('month', o.paid_date)::date as month, 1 as n, o.amount
        from payment_payout o join payment_transaction p on p.id = o.payment_id where o.reversed_at is null`),
  };
}

/** A TCP port free on 127.0.0.1 now (for a child process or a proxy a test starts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}
