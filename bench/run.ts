/**
 * SitePay benchmark (docs/product.md#performance-budgets): builds a fresh database with the server's own
 * migrations and seed, fills it with bench/generate.ts, starts the real server (scripts/start.mjs, as
 * `npm start`) on 127.0.0.1, signs in as admin and loads the list endpoints with autocannon; then runs the same
 * SQL through a bare Fastify + pg route (framework and driver limit) and through pgbench (database limit; on
 * PGlite: the SQL in a loop in-process). Prints a table, writes bench/out/<date>.json.
 *
 *   npx tsx bench/run.ts                 # PostgreSQL on 127.0.0.1:5432 (a new database, dropped after)
 *   npx tsx bench/run.ts --pglite        # embedded PGlite in a new temporary folder
 *   options: --rows 100000 --payments 1000000 --contracts 50000 --duration 10 --warmup 2
 *            --connections 20 --seed 42 --only list,deep (or: companies, payments) --cpu-prof
 *            --log-level info --keep (leave the database) --reuse <the kept database's URL> --pg-url postgres://postgres@127.0.0.1:5432/postgres
 *
 * Every loop is bounded in count and time; every connection targets 127.0.0.1. Not a test: it
 * asserts nothing and never fails on a budget, it reports.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { EXACT_TOTAL_LIMIT, pagingQuerySchema } from '@sitepay/domain/common.schema';
import autocannon from 'autocannon';
import { fillPlaceholders } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
// node-postgres' own serialisation of a parameter (not in its types)
import pgUtils from 'pg/lib/utils.js';
import { buildApp, prepareDatabase } from '../server/src/app.ts';
import { type Database, openDatabase } from '../server/src/db/client.ts';
import * as schema from '../server/src/db/schema.ts';
import { listRecords } from '../server/src/http/record-reads.ts';
import { companyKind } from '../server/src/modules/company/company.resource.ts';
import { type BareConfig, type BareScenario, barePath, type Statement } from './bare-server.ts';
import { type CpuUsage, cpuMeter, waitQuiet } from './cpu.ts';
import { BENCH_USER_PASSWORD, generate, type Sink, scaleFor } from './generate.ts';
import { BENCH_DIRECTOR } from './generate-payments.ts';
import { serverNodeFlags } from './harness.ts';
import {
  type CapturedStatement,
  capturePayments,
  directorToken,
  type PaymentScenario,
  paymentRoutesExist,
  paymentScenarios,
  type Who,
} from './payment-scenarios.ts';
import { type ProfileSummary, summarizeProfile } from './profile.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const benchDir = path.join(root, 'bench');

const { values: args } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    rows: { type: 'string', default: '100000' },
    /**
     * Payment requests; default 1,000,000 on PostgreSQL, 100,000 on PGlite
     * (docs/product.md#performance-budgets); 0: none.
     */
    payments: { type: 'string' },
    contracts: { type: 'string' },
    'cpu-prof': { type: 'boolean', default: false },
    /** PGOPTIONS for the app, the bare route and pgbench, e.g. '-c jit=off' (a what-if, not the default). */
    'pg-options': { type: 'string' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '20' },
    seed: { type: 'string', default: '42' },
    only: { type: 'string' },
    'log-level': { type: 'string', default: 'info' },
    'quiet-wait': { type: 'string', default: '90' },
    keep: { type: 'boolean', default: false },
    /** A PostgreSQL database a run kept (--keep): measured as it is, neither generated nor dropped. */
    reuse: { type: 'string' },
    'pg-url': {
      type: 'string',
      default: process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const backend: 'pglite' | 'postgres' = args.pglite ? 'pglite' : 'postgres';
const rows = bounded(Number(args.rows), 1000, 2_000_000, 'rows');
const payments = bounded(
  Number(args.payments ?? (backend === 'pglite' ? 100_000 : 1_000_000)),
  0,
  5_000_000,
  'payments',
);
const pgOptions: Record<string, string> = args['pg-options'] ? { PGOPTIONS: args['pg-options'] } : {};
const contracts =
  args.contracts === undefined ? undefined : bounded(Number(args.contracts), 100, 500_000, 'contracts');
const duration = bounded(Number(args.duration), 1, 120, 'duration');
const warmup = bounded(Number(args.warmup), 0, 30, 'warmup');
const connections = bounded(Number(args.connections), 1, 200, 'connections');
const seed = Number(args.seed) || 42;
const quietWait = bounded(Number(args['quiet-wait']), 0, 600, 'quiet-wait');
const ADMIN_PASSWORD = 'bench-admin-1';
const APP_POOL_SIZE = 10; // the server's default pool (db/client.ts), which `npm start` uses
/** A server counts as at rest after this long without requests: its idle trim has run by then. */
const AT_REST_MS = 20_000;

function bounded(n: number, min: number, max: number, name: string) {
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`--${name} must be within ${min}…${max}`);
  return n;
}

// ---------------------------------------------------------------- scenarios

type Scenario = {
  name: string;
  /** The app's list query string; absent for SQL variants measured only bare and in the database. */
  query?: string;
  /** The list's route (default: the companies'), and who asks (default: admin). */
  path?: string;
  user?: Who;
  /**
   * A payment scenario (the budgets' own lists, docs/product.md#performance-budgets): measured bare both
   * unprepared and with its statements prepared, in the database both ways, and judged against the prepared
   * figures.
   */
  payment?: boolean;
  /** Statements of one answer; filled from the app's own SQL (or derived from it for variants). */
  statements?: Statement[];
  kind: 'list' | 'deep' | 'variant';
  note: string;
  /** Measured in the database only (pgbench / PGlite loop), not through the bare route. */
  dbOnly?: boolean;
  /** pgbench protocol; the app's driver sends unnamed extended-protocol statements. */
  pgbenchMode?: 'extended' | 'prepared';
};

const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const page1 = { page: 1, itemsPerPage: 20, sortBy: 'name' };
const deepPage = Math.floor(50_000 / 20) + 1; // rows 50,001–50,020

const appScenarios: Scenario[] = [
  { name: 'list', kind: 'list', query: q(page1), note: 'page 1, 20 rows, sorted by name, all but deleted' },
  { name: 'list-open', kind: 'list', query: q({ ...page1, status: 'open' }), note: '+ status=open' },
  {
    name: 'search',
    kind: 'list',
    query: q({ ...page1, search: 'hòa phát' }),
    note: '+ search "hòa phát" (narrow)',
  },
  {
    name: 'search-broad',
    kind: 'list',
    query: q({ ...page1, search: 'xây dựng', status: 'open' }),
    note: '+ search "xây dựng" + status=open (broad)',
  },
  // its cursor (after row 50,000) is added once the data is there: see deepCursor()
  {
    name: 'deep',
    kind: 'deep',
    query: q({ ...page1, page: deepPage }),
    note: 'page 2,501 by cursor: after row 50,000',
  },
];

// ---------------------------------------------------------------- small helpers

const log = (line: string) => console.log(line);
const ms = (n: number) => Math.round(n * 100) / 100;
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
const stats = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: ms(percentile(s, 50)),
    p99: ms(percentile(s, 99)),
    min: ms(s[0] ?? Number.NaN),
    max: ms(s.at(-1) ?? Number.NaN),
  };
};
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

function rssOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? Number.NaN);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

type Child = { proc: ChildProcess; stderr: () => string };
const children = new Set<ChildProcess>();

function startChild(script: string, env: Record<string, string>, nodeArgs: string[] = []): Child {
  let stderr = '';
  // scripts/start.mjs registers tsx itself (as `npm start` runs it); bench's own .ts need the loader
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const proc = spawn(process.execPath, [...nodeArgs, ...loader, script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'], // stdout (the JSON access log at info) goes to /dev/null
  });
  proc.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  children.add(proc);
  proc.once('exit', () => children.delete(proc));
  return { proc, stderr: () => stderr };
}

async function waitReady(child: Child, url: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.proc.exitCode !== null)
      throw new Error(`server exited (${child.proc.exitCode}): ${child.stderr()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`server not ready after ${timeoutMs / 1000} s: ${child.stderr()}`);
}

async function stopChild(child: Child) {
  const { proc } = child;
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  proc.kill('SIGTERM');
  const timeout = sleep(20_000).then(() => 'timeout');
  if ((await Promise.race([exited.then(() => 'exit'), timeout])) === 'timeout') {
    proc.kill('SIGKILL');
    await exited;
  }
}

type Load = {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const r = await autocannon({ url, connections, duration: seconds, headers, timeout: 10 });
  return {
    requests: r.requests.total,
    rps: Math.round(r.requests.total / r.duration),
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

type Cpu = CpuUsage | null;
type Measured<T> = T & { cpu: Cpu; quiet: { waitedS: number; busyCores: number | null } };

/** Waits for a quiet machine (bounded), then runs `fn`, recording the cores used meanwhile and by whom. */
async function measured<T extends object>(fn: () => Promise<T>): Promise<Measured<T>> {
  const quiet = await waitQuiet(quietWait);
  const meter = cpuMeter();
  const r = await fn();
  return { ...r, cpu: await meter.stop(), quiet };
}

async function measureHttp(url: string, headers: Record<string, string>): Promise<Measured<Load>> {
  if (warmup > 0) await load(url, headers, warmup);
  return measured(() => load(url, headers, duration));
}

/** A parameter as node-postgres sends it (arrays as '{…}', dates as timestamps), or null. */
const asSent = (v: unknown): string | null => {
  const x = pgUtils.prepareValue(v);
  return x === null || x === undefined ? null : String(x);
};

const literal = (v: unknown) => {
  const x = asSent(v);
  return x === null
    ? 'null'
    : typeof v === 'number' || typeof v === 'bigint'
      ? x
      : `'${x.replace(/'/g, "''")}'`;
};

/** `$n` placeholders replaced by literals, for the plans printed. */
function inline(s: Statement): string {
  let text = s.sql;
  for (let i = s.params.length; i >= 1; i--) text = text.split(`$${i}`).join(literal(s.params[i - 1]));
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A pgbench script of the statements: each parameter a pgbench variable (`-D s0p1=…`), which pgbench
 * binds as the app does (extended or prepared protocol) — never a literal, whose colons (a time, a
 * date) pgbench would take for variables. A null stays a literal null.
 */
function pgbenchScript(statements: Statement[]): { script: string; defines: string[] } {
  const defines: string[] = [];
  const lines = statements.map((st, n) => {
    let text = st.sql;
    for (let i = st.params.length; i >= 1; i--) {
      const v = asSent(st.params[i - 1]);
      if (v !== null) defines.push('-D', `s${n}p${i}=${v}`);
      text = text.split(`$${i}`).join(v === null ? 'null' : `:s${n}p${i}`);
    }
    return `${withoutVariableLookalikes(text).replace(/\s+/g, ' ').trim()};`;
  });
  return { script: `${lines.join('\n')}\n`, defines };
}

/**
 * pgbench reads `:name` as a variable even inside a string literal (a date format's `HH24:MI:SS`
 * became a parameter of no type): such a colon is written `chr(58)` instead, the literal split around
 * it and kept one expression in parentheses (PostgreSQL folds it back into the same constant).
 */
function withoutVariableLookalikes(text: string): string {
  return text.replace(/'(?:[^']|'')*'/g, (literal) =>
    /:[A-Za-z_]/.test(literal) ? `(${literal.replace(/:(?=[A-Za-z_])/g, "' || chr(58) || '")})` : literal,
  );
}

// ---------------------------------------------------------------- phases

type Target =
  | 'app'
  | 'bare'
  | 'bare-prepared'
  | 'pgbench'
  | 'pgbench-prepared'
  | 'pglite-direct'
  | 'pglite-direct-prepared';

type Result = {
  scenario: string;
  target: Target;
  rps: number;
  p50: number;
  p99: number;
  max?: number;
  requests?: number;
  failures?: number;
  /** Cores busy during the run: the bench's processes, PostgreSQL, and others (a shared machine). */
  cpu?: Cpu;
  quiet?: { waitedS: number; busyCores: number | null };
};

async function main() {
  const started = Date.now();
  const only = args.only ? new Set(args.only.split(',')) : null;
  const group = (name: string) => (/^(payment|approval)/.test(name) ? 'payments' : 'companies');
  const picked = (name: string) =>
    !only || only.has(name) || only.has(name.split(':')[0]!) || only.has(group(name));
  log(
    `SitePay bench: ${backend}, ${rows.toLocaleString('en')} companies, ${payments.toLocaleString('en')} payment requests, ` +
      `${connections} connections, ${duration} s per run (+${warmup} s warm-up), ${os.cpus().length} cores, Node ${process.version}`,
  );

  // 1. a fresh database
  let pgDatabaseUrl: string | null = null;
  let dataDir: string | null = null;
  const dbName = `sitepay_bench_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const adminUrl = new URL(args['pg-url']);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(adminUrl.hostname)) {
    throw new Error('the bench targets 127.0.0.1 only');
  }
  if (args.reuse) {
    const reused = new URL(args.reuse);
    if (backend !== 'postgres' || !['127.0.0.1', 'localhost', '::1', '[::1]'].includes(reused.hostname))
      throw new Error('--reuse takes a PostgreSQL database on 127.0.0.1');
    pgDatabaseUrl = reused.toString();
  } else if (backend === 'postgres') {
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    pgDatabaseUrl = u.toString();
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-bench-'));
  }
  const cleanup = async () => {
    for (const c of children) c.kill('SIGKILL');
    if (args.keep || args.reuse) {
      log(`kept: ${pgDatabaseUrl ?? dataDir}`);
      return;
    }
    if (pgDatabaseUrl) {
      const admin = new pg.Client({ connectionString: adminUrl.toString() });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const out: Record<string, unknown> = {
    date: new Date().toISOString(),
    backend,
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    options: {
      rows,
      payments,
      contracts,
      duration,
      warmup,
      connections,
      seed,
      logLevel: args['log-level'],
      pgOptions: args['pg-options'] ?? null,
      appPoolSize: APP_POOL_SIZE,
    },
  };
  const results: Result[] = [];
  try {
    // 2. migrations and seed through the server's own code, then the generated data
    const dbOptions =
      backend === 'postgres'
        ? ({ kind: 'postgres', url: pgDatabaseUrl!, poolSize: 4 } as const)
        : ({ kind: 'pglite', dataDir: dataDir! } as const);
    let database: Database | null = await openDatabase(dbOptions);
    await database.migrate();
    const setupConfig = {
      jwtSecret: 'bench-setup-secret-bench-setup-secret',
      webDist: null,
      bodyLimit: 1024 * 1024,
      loginThrottle: {
        windowSeconds: 900,
        maxFailuresPerUser: 10,
        maxFailuresPerUserAnywhere: 50,
        maxAttemptsPerAddress: 50,
      },
      trustProxy: false,
    };
    const setupApp = await buildApp(setupConfig, database);
    await prepareDatabase(setupApp, database, { adminPassword: ADMIN_PASSWORD, demo: false });
    await setupApp.close();
    // biome-ignore lint/suspicious/noExplicitAny: the driver's own client (pg.Pool or PGlite) under Drizzle
    const client = (database.db as any).$client as Sink;
    if (args.reuse) {
      log(`reusing ${args.reuse}: not generated again`);
      out.generate = { reused: true };
    } else {
      log('generating…');
      const genStarted = performance.now();
      const scale = scaleFor({ companies: rows, paymentRequests: payments, contracts });
      const generated = await generate(client, scale, { seed, log });
      await client.query('vacuum analyze');
      out.generate = { seconds: ms((performance.now() - genStarted) / 1000), scale, tables: generated };
      log(`generated in ${Math.round((performance.now() - genStarted) / 1000)} s (vacuum analyze included)`);
    }
    if (backend === 'postgres') {
      const settings = await client.query(
        `select name, setting, unit from pg_settings where name in
          ('shared_buffers','work_mem','effective_cache_size','max_parallel_workers_per_gather','jit','random_page_cost','max_connections')`,
      );
      out.postgres = {
        version: (await client.query('select version()')).rows[0]?.version,
        settings: Object.fromEntries(settings.rows.map((r) => [r.name, `${r.setting}${r.unit ?? ''}`])),
      };
    }

    // 3. the exact SQL the app runs for each list: listRecords() itself, through a logging Drizzle
    const captured: CapturedStatement[] = [];
    const logger = { logQuery: (sql: string, params: unknown[]) => void captured.push({ sql, params }) };
    const logging =
      backend === 'postgres'
        ? drizzleNodePg(client as unknown as pg.Pool, { schema, logger })
        : drizzlePglite(client as never, { schema, logger });
    const adminId = Number(
      (await client.query(`select id from app_user where user_name = 'admin'`)).rows[0]?.id,
    );
    const admin = { id: adminId, user_name: 'admin', department_id: null, isAdmin: true, sessionId: 'bench' };
    const totals: Record<string, { total: number; exact: boolean }> = {};
    const listPage = (query: string) =>
      listRecords(
        logging as never,
        companyKind,
        pagingQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))) as never,
        admin as never,
      );
    // the deep page is read as the web reads it: by the cursor of the page before (here, after 50
    // pages of 1,000 rows; the cursor does not depend on the page size)
    const deep = appScenarios.find((s) => s.name === 'deep')!;
    let walk = await listPage(q({ ...page1, itemsPerPage: 1000 }));
    for (let p = 2; p <= 50 && walk.nextCursor; p++)
      walk = await listPage(q({ ...page1, itemsPerPage: 1000, page: p, cursor: walk.nextCursor }));
    if (walk.nextCursor) deep.query = q({ ...page1, page: deepPage, cursor: walk.nextCursor });
    else appScenarios.splice(appScenarios.indexOf(deep), 1); // fewer than 50,000 companies
    for (const s of appScenarios) {
      captured.length = 0;
      const page = await listPage(s.query!);
      s.statements = captured.map((c) => ({ sql: c.sql, params: [...c.params] }));
      totals[s.name] = { total: page.total, exact: page.totalExact };
      if (page.items.length !== 20 && s.kind !== 'variant')
        log(`  note: ${s.name} answers ${page.items.length} rows`);
    }
    // every statement one app request runs (authentication, transaction, page, count), from the app itself
    const dialect = new PgDialect();
    const captureApp = await buildApp(setupConfig, {
      ...database,
      db: logging as never,
      // the request check runs as a named prepared statement, outside Drizzle's logger
      prepared: (name, query, values) => {
        const { sql, params } = dialect.sqlToQuery(query);
        const filled = values ? fillPlaceholders(params, values) : params;
        captured.push({ sql, params: [...filled], prepared: true });
        return database!.prepared(name, query, values);
      },
    });
    const capLogin = await captureApp.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ApplicationId: 'sitepay-web' },
      payload: { user_name: 'admin', password: ADMIN_PASSWORD },
    });
    const capToken = (capLogin.json() as { id_token: string }[])[0]?.id_token;
    captured.length = 0;
    const capPage = await captureApp.inject({
      method: 'GET',
      url: `/api/admin/company/paging?${appScenarios[0]!.query}`,
      headers: { ApplicationId: 'sitepay-web', authorization: `Bearer ${capToken}` },
    });
    if (capPage.statusCode !== 200) throw new Error(`capture: the app answers ${capPage.statusCode}`);
    const requestSql = captured.map((c) => ({ sql: c.sql, params: [...c.params] }));
    // the payment lists, through the app's own routes (their SQL as the app builds it)
    const paymentSet: Scenario[] = [];
    let paymentDefs: PaymentScenario[] = [];
    if (payments > 0 && (await paymentRoutesExist(captureApp, capToken!))) {
      const director = await directorToken(captureApp);
      if (!director) throw new Error('the bench director cannot sign in (bench/generate-payments.ts)');
      paymentDefs = (await paymentScenarios(client)).filter((s) => picked(s.name));
      await capturePayments(captureApp, captured, { admin: capToken!, director }, paymentDefs, log);
      for (const p of paymentDefs) {
        paymentSet.push({
          name: p.name,
          kind: p.kind,
          query: p.query,
          path: p.path,
          user: p.user,
          payment: true,
          statements: p.statements,
          note: p.note,
        });
        totals[p.name] = { total: p.total!, exact: p.totalExact! };
      }
    } else if (payments > 0) {
      log(
        '  note: the app has no payment lists yet (GET /api/payment-transaction/paging): payment scenarios skipped',
      );
    }
    await captureApp.close();
    const authSql = requestSql.find((st) => /from session/i.test(st.sql));
    const requestVariants: Scenario[] = [
      {
        name: 'list:app-sql',
        kind: 'variant',
        dbOnly: true,
        statements: requestSql,
        note: 'every statement of one app list request, in order, unprepared',
      },
      {
        name: 'list:app-sql-prepared',
        kind: 'variant',
        dbOnly: true,
        pgbenchMode: 'prepared',
        statements: requestSql,
        note: 'the same, every statement prepared (the app prepares the request check only)',
      },
      ...(authSql
        ? ([
            {
              name: 'auth',
              kind: 'variant',
              dbOnly: true,
              statements: [authSql],
              note: "the app's per-request authentication query",
            },
            {
              name: 'auth:prepared',
              kind: 'variant',
              dbOnly: true,
              pgbenchMode: 'prepared',
              statements: [authSql],
              note: 'the same, as a prepared statement',
            },
          ] as Scenario[])
        : []),
    ];
    const sqlVariants = await variants(listPage, captured);
    const paymentVariants: Scenario[] = paymentDefs
      .filter((p) => p.name === 'payment-list')
      .map((p) => ({
        name: `${p.name}:app-sql-prepared`,
        kind: 'variant',
        dbOnly: true,
        pgbenchMode: 'prepared',
        statements: p.requestSql!.filter((st) => /^\s*(select|with)\b/i.test(st.sql)),
        note: 'every statement of one app request (request check included), in order, prepared',
      }));
    const scenarios = [
      ...appScenarios,
      ...sqlVariants,
      ...requestVariants,
      ...paymentSet,
      ...paymentVariants,
    ].filter((s) => picked(s.name));
    out.scenarios = scenarios.map((s) => ({
      name: s.name,
      path: s.path,
      user: s.user,
      query: s.query,
      note: s.note,
      total: totals[s.name]?.total,
      totalExact: totals[s.name]?.exact,
      statements: s.statements,
    }));
    log(
      `SQL captured; totals: ${Object.entries(totals)
        .map(([k, v]) => `${k} ${v.total}${v.exact ? '' : ' (estimate)'}`)
        .join(', ')}`,
    );

    // 4. (d) the exact total over all live rows, idle, one at a time; plus the plans
    const exactList = (await listPage(`${appScenarios[0]!.query}&exactTotal=true`)).total;
    const count = sqlVariants.find((s) => s.name === 'list:exact-count')!.statements![1]!;
    const countTimes: number[] = [];
    const until = Date.now() + 30_000;
    for (let i = 0; i < 35 && Date.now() < until; i++) {
      const t0 = performance.now();
      await client.query(count.sql, count.params);
      if (i >= 5) countTimes.push(performance.now() - t0);
    }
    const plans: Record<string, unknown> = {};
    for (const s of scenarios) {
      plans[s.name] = [];
      for (const st of s.statements ?? []) {
        if (!/^\s*(select|with)\b/i.test(st.sql)) continue; // begin, commit, explain
        const res = await client.query(`explain (analyze, format json) ${st.sql}`, st.params);
        // biome-ignore lint/suspicious/noExplicitAny: EXPLAIN's JSON
        const plan = (res.rows[0] as any)['QUERY PLAN'][0];
        (plans[s.name] as unknown[]).push({
          planningMs: ms(plan['Planning Time']),
          executionMs: ms(plan['Execution Time']),
          top: summarizePlan(plan.Plan),
        });
      }
    }
    // the payment lists' plans in full, as EXPLAIN prints them (for docs/performance.md)
    const explained: Record<string, string[]> = {};
    for (const s of scenarios.filter((x) => x.payment)) {
      explained[s.name] = [];
      for (const st of s.statements ?? []) {
        if (!/^\s*(select|with)\b/i.test(st.sql)) continue;
        const res = await client.query(`explain (analyze, buffers) ${st.sql}`, st.params);
        explained[s.name]!.push(
          `${inline(st)}\n${res.rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n')}`,
        );
      }
    }
    out.explain = explained;
    // a plan costly enough for JIT compiles it on every execution: measure the same SQL without it
    for (const s of scenarios.filter(
      (x) => x.payment && explained[x.name]?.some((e) => e.includes('JIT:')),
    )) {
      log(`  note: ${s.name} is JIT-compiled on every execution (jit_above_cost): adding ${s.name}:no-jit`);
      scenarios.push({
        name: `${s.name}:no-jit`,
        kind: 'variant',
        dbOnly: true,
        statements: [{ sql: 'set jit = off', params: [] }, ...s.statements!],
        note: 'the same statements with jit = off (session setting first)',
      });
    }
    out.count = { sql: inline(count), matching: exactList, ...stats(countTimes) };
    out.plans = plans;
    log(
      `exact count over ${exactList} rows: p50 ${stats(countTimes).p50} ms, p99 ${stats(countTimes).p99} ms (${countTimes.length} idle runs)`,
    );

    // 4b. PGlite: the database limit is the SQL itself in a loop, in-process, one at a time
    if (backend === 'pglite') {
      for (const [s, mode] of databaseRuns(scenarios)) {
        const times: number[] = [];
        // 'prepared': PGlite has no named statements in its API, so SQL-level PREPARE / EXECUTE
        let statements = s.statements!;
        if (mode === 'prepared') {
          statements = [];
          for (const [i, st] of s.statements!.entries()) {
            if (!/^\s*(select|with)\b/i.test(st.sql)) {
              statements.push(st); // begin / commit / explain: not preparable in SQL
              continue;
            }
            await client.query(`prepare bench_${i} as ${st.sql}`);
            statements.push({
              sql: `execute bench_${i}${st.params.length ? `(${st.params.map(literal).join(', ')})` : ''}`,
              params: [],
            });
          }
        }
        const { cpu, quiet } = await measured(async () => {
          const stop = Date.now() + duration * 1000;
          for (let i = 0; i < 200_000 && Date.now() < stop; i++) {
            const t0 = performance.now();
            for (const st of statements) await client.query(st.sql, st.params);
            times.push(performance.now() - t0);
          }
          return {};
        });
        if (mode === 'prepared') await client.query('deallocate all');
        const st = stats(times);
        const target = s.payment && mode === 'prepared' ? 'pglite-direct-prepared' : 'pglite-direct';
        results.push({
          scenario: s.name,
          target,
          rps: Math.round(times.length / duration),
          p50: st.p50,
          p99: st.p99,
          max: st.max,
          requests: times.length,
          cpu,
          quiet,
        });
        log(
          `  ${target} ${s.name}: ${Math.round(times.length / duration)} /s, p50 ${st.p50} ms, p99 ${st.p99} ms`,
        );
      }
    }
    await database.close();
    database = null;

    // 5. the real server, as `npm start` runs it
    const appPort = await freePort();
    const appEnv: Record<string, string> = {
      PORT: String(appPort),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      LOG_LEVEL: args['log-level'],
      WEB_DIST: '',
      SKIP_WEB_BUILD: '1',
      ...(backend === 'postgres' ? { DATABASE_URL: pgDatabaseUrl!, ...pgOptions } : { DATA_DIR: dataDir! }),
    };
    delete process.env.DATABASE_URL;
    delete process.env.DATA_DIR;
    const base = `http://127.0.0.1:${appPort}`;
    /** The server as `npm start` runs it; with node flags for a CPU profile if asked. */
    const startApp = async (nodeArgs: string[] = []) => {
      const t0 = Date.now();
      const child = startChild(path.join(root, 'scripts/start.mjs'), appEnv, [
        ...serverNodeFlags(),
        ...nodeArgs,
      ]);
      await waitReady(child, `${base}/api/health`);
      return { child, startMs: Date.now() - t0, startedAt: t0 };
    };
    const signIn = async (user_name: string, password: string) => {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { ApplicationId: 'sitepay-web', 'content-type': 'application/json' },
        body: JSON.stringify({ user_name, password }),
      });
      const body = await res.json();
      const token = (Array.isArray(body) ? body[0] : body)?.id_token as string | undefined;
      if (!token) throw new Error(`${user_name} sign-in failed: ${res.status} ${JSON.stringify(body)}`);
      return token;
    };
    const signInAll = async (): Promise<Record<Who, string>> => ({
      admin: await signIn('admin', ADMIN_PASSWORD),
      director: scenarios.some((s) => s.user === 'director')
        ? await signIn(BENCH_DIRECTOR, BENCH_USER_PASSWORD)
        : '',
    });
    const urlOf = (s: Scenario) => `${base}${s.path ?? '/api/admin/company/paging'}?${s.query}`;
    const { child: app, startMs } = await startApp();
    await sleep(3000);
    const rssStarted = rssOf(app.proc.pid!);
    // at rest: quiet long enough for the server's idle trim (server/src/idle-memory.ts) to have run
    await sleep(AT_REST_MS - 3000);
    const rssIdle = rssOf(app.proc.pid!);
    log(
      `server ready in ${startMs} ms; RSS ${rssStarted.rssMb} MB 3 s after start, ${rssIdle.rssMb} MB at rest (${AT_REST_MS / 1000} s)`,
    );
    const tokens = await signInAll();
    for (const s of scenarios.filter((x) => x.query)) {
      const url = urlOf(s);
      const auth = { ApplicationId: 'sitepay-web', authorization: `Bearer ${tokens[s.user ?? 'admin']}` };
      const check = await fetch(url, { headers: auth });
      const body = (await check.json()) as { items?: unknown[]; total?: number; totalExact?: boolean };
      const want = totals[s.name]!;
      // an estimate is the planner's, and moves with every ANALYZE in between (a search's by ten
      // times, on a reused database): it must only still be beyond the exact range
      const close = body.total !== undefined && body.total > EXACT_TOTAL_LIMIT;
      if (
        check.status !== 200 ||
        body.totalExact !== want.exact ||
        !(want.exact ? body.total === want.total : close)
      ) {
        throw new Error(
          `${s.name}: the app answers ${check.status} total ${body.total} (exact: ${body.totalExact}), expected ${want.total} (exact: ${want.exact})`,
        );
      }
      const r = await measureHttp(url, auth);
      results.push({ scenario: s.name, target: 'app', ...pick(r) });
      log(
        `  app ${s.name}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.non2xx + r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}`,
      );
    }
    await sleep(5000);
    const rssSoonAfter = rssOf(app.proc.pid!);
    await sleep(AT_REST_MS - 5000);
    const rssAfter = rssOf(app.proc.pid!);
    log(
      `RSS after the load: ${rssSoonAfter.rssMb} MB 5 s after, ${rssAfter.rssMb} MB at rest (${AT_REST_MS / 1000} s; peak ${rssAfter.peakMb} MB)`,
    );
    out.server = {
      startMs,
      rssStartedMb: rssStarted.rssMb,
      rssIdleMb: rssIdle.rssMb,
      rssSoonAfterLoadMb: rssSoonAfter.rssMb,
      rssAfterLoadMb: rssAfter.rssMb,
      rssPeakMb: rssAfter.peakMb,
    };
    await stopChild(app);

    // 5b. --cpu-prof: each list again on a server of its own that V8 profiles (written at exit)
    if (args['cpu-prof']) {
      const profiles: Record<string, unknown> = {};
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      for (const s of scenarios.filter((x) => x.query)) {
        const dir = path.join(benchDir, 'out', `profile-${stamp}`, s.name);
        const { child, startedAt } = await startApp(['--cpu-prof', `--cpu-prof-dir=${dir}`]);
        const auth = {
          ApplicationId: 'sitepay-web',
          authorization: `Bearer ${(await signInAll())[s.user ?? 'admin']}`,
        };
        if (warmup > 0) await load(urlOf(s), auth, warmup);
        const measuredFrom = Date.now() - startedAt; // start-up and warm-up are left out of the summary
        await load(urlOf(s), auth, duration);
        await stopChild(child);
        const file = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile')) : null;
        if (!file) {
          log(`  ${s.name}: no CPU profile in ${dir}`);
          continue;
        }
        const profile = summarizeProfile(
          path.join(dir, file),
          path.join(root, 'server/dist/main.mjs'),
          measuredFrom,
        );
        profiles[s.name] = { file: path.relative(root, path.join(dir, file)), ...profile };
        printProfile(s.name, profile);
      }
      out.profiles = profiles;
    }

    // 6. the bare route: same SQL, Fastify + driver only
    const barePort = await freePort();
    // payment lists both ways: unprepared, and with their statements prepared (the budgets' reference,
    // docs/product.md#performance-budgets)
    const bareScenarios: BareScenario[] = scenarios
      .filter((s) => !s.dbOnly)
      .flatMap((s) =>
        [false, ...(s.payment ? [true] : [])].map((prepared) => ({
          name: s.name,
          statements: s.statements!,
          itemsPerPage: 20,
          prepared,
        })),
      );
    const bareConfig: BareConfig =
      backend === 'postgres'
        ? { kind: 'postgres', url: pgDatabaseUrl!, poolSize: APP_POOL_SIZE, scenarios: bareScenarios }
        : { kind: 'pglite', dataDir: dataDir!, scenarios: bareScenarios };
    const bareFile = path.join(os.tmpdir(), `sitepay-bare-${process.pid}.json`);
    fs.writeFileSync(bareFile, JSON.stringify(bareConfig));
    const bare = startChild(path.join(benchDir, 'bare-server.ts'), {
      BENCH_BARE_FILE: bareFile,
      BENCH_PORT: String(barePort),
      ...pgOptions,
    });
    await waitReady(bare, `http://127.0.0.1:${barePort}/health`);
    await sleep(1000);
    const bareRss = rssOf(bare.proc.pid!);
    log(`bare server idle RSS ${bareRss.rssMb} MB (Node + tsx + Fastify + driver, for comparison)`);
    for (const s of bareScenarios) {
      const r = await measureHttp(`http://127.0.0.1:${barePort}${barePath(s)}`, {});
      const target = s.prepared ? 'bare-prepared' : 'bare';
      results.push({ scenario: s.name, target, ...pick(r) });
      log(`  ${target} ${s.name}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
    }
    out.bare = { rssIdleMb: bareRss.rssMb, rssPeakMb: rssOf(bare.proc.pid!).peakMb };
    await stopChild(bare);

    // 7. pgbench: the same SQL, the database alone
    if (backend === 'postgres') {
      const which = spawnSync('which', ['pgbench'], { encoding: 'utf8' });
      if (which.status !== 0) {
        log('  pgbench not found (apt-get install postgresql-client): database limit skipped');
      } else {
        for (const [s, mode] of databaseRuns(scenarios)) results.push(await pgbench(pgDatabaseUrl!, s, mode));
      }
    }

    out.results = results;
    out.budgets = judge(results, scenarios, out);
    out.seconds = Math.round((Date.now() - started) / 1000);
    printTable(results, scenarios, out);
    const outDir = path.join(benchDir, 'out');
    fs.mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${backend}.json`);
    fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    log(`\nwritten: ${path.relative(root, file)} (${out.seconds} s)`);
    if (database) await (database as Database).close();
  } finally {
    await cleanup();
  }
}

const pick = (r: Measured<Load>) => ({
  cpu: r.cpu,
  quiet: r.quiet,
  rps: r.rps,
  p50: r.p50,
  p99: r.p99,
  max: r.max,
  requests: r.requests,
  failures: r.non2xx + r.errors + r.timeouts,
});

// biome-ignore lint/suspicious/noExplicitAny: EXPLAIN's JSON
function summarizePlan(node: any, depth = 0): string[] {
  const line = `${'  '.repeat(depth)}${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''} (rows ${node['Actual Rows']}, ${ms(node['Actual Total Time'])} ms)`;
  // biome-ignore lint/suspicious/noExplicitAny: EXPLAIN's JSON
  return [line, ...(node.Plans ?? []).flatMap((p: any) => summarizePlan(p, depth + 1))];
}

/**
 * SQL variants measured bare and in the database only, for comparison: the page alone (no count at
 * all), and the page with an exact count, as every list answered before totals were bounded.
 */
async function variants(
  listPage: (query: string) => Promise<unknown>,
  captured: Statement[],
): Promise<Scenario[]> {
  const list = appScenarios.find((s) => s.name === 'list')!;
  const out: Scenario[] = [
    { name: 'list:rows-only', kind: 'variant', statements: [list.statements![0]!], note: 'the page alone' },
  ];
  captured.length = 0;
  await listPage(`${list.query}&exactTotal=true`);
  out.push({
    name: 'list:exact-count',
    kind: 'variant',
    statements: captured.map((c) => ({ sql: c.sql, params: [...c.params] })),
    note: 'the page with an exact count (exactTotal=true)',
  });
  return out;
}

/** A command to its end (killed after timeoutMs), without blocking the event loop (the CPU meter samples). */
function runProcess(
  cmd: string,
  argv: string[],
  timeoutMs: number,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const proc = spawn(cmd, argv, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...pgOptions },
    });
    children.add(proc);
    let stdout = '';
    let stderr = '';
    proc.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    proc.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
    proc.once('close', (status) => {
      clearTimeout(timer);
      children.delete(proc);
      resolve({ status, stdout, stderr });
    });
  });
}

/**
 * The database-limit runs: each scenario in its own mode; payment lists both unprepared (node-pg's
 * unnamed statements) and prepared (the budgets' reference, docs/product.md#performance-budgets).
 */
const databaseRuns = (scenarios: Scenario[]): [Scenario, 'extended' | 'prepared'][] =>
  scenarios.flatMap((s) =>
    s.payment
      ? ([
          [s, 'extended'],
          [s, 'prepared'],
        ] as const)
      : ([[s, s.pgbenchMode ?? 'extended']] as const),
  );

async function pgbench(url: string, s: Scenario, mode: 'extended' | 'prepared'): Promise<Result> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-pgbench-'));
  try {
    const script = path.join(dir, 'script.sql');
    const { script: text, defines } = pgbenchScript(s.statements!);
    fs.writeFileSync(script, text);
    const u = new URL(url);
    const { res, cpu, quiet } = await measured(async () => ({
      res: await runProcess(
        'pgbench',
        [
          '-n',
          '-h',
          u.hostname,
          '-p',
          u.port || '5432',
          '-U',
          u.username || 'postgres',
          '-c',
          String(connections),
          '-j',
          '2',
          '-T',
          String(duration),
          '-M',
          mode,
          ...defines,
          '-f',
          script,
          '-l',
          `--log-prefix=${path.join(dir, 'tx')}`,
          u.pathname.slice(1),
        ],
        (duration + 60) * 1000,
      ),
    }));
    if (res.status !== 0)
      throw new Error(
        `pgbench ${s.name}: ${res.stderr.split('\n').slice(0, 3).join('\n')}\nscript:\n${text}`,
      );
    const tps = Number(res.stdout.match(/tps = ([\d.]+)/)?.[1]);
    const times: number[] = [];
    for (const f of fs.readdirSync(dir).filter((x) => x.startsWith('tx'))) {
      for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
        const us = Number(line.split(' ')[2]);
        if (Number.isFinite(us) && line) times.push(us / 1000);
      }
    }
    const st = stats(times);
    const failed = Number(res.stdout.match(/number of failed transactions: (\d+)/)?.[1] ?? 0);
    const target = s.payment && mode === 'prepared' ? 'pgbench-prepared' : 'pgbench';
    log(`  ${target} ${s.name}: ${Math.round(tps)} tps, p50 ${st.p50} ms, p99 ${st.p99} ms`);
    return {
      scenario: s.name,
      target,
      rps: Math.round(tps),
      p50: st.p50,
      p99: st.p99,
      max: st.max,
      requests: times.length,
      failures: failed,
      cpu,
      quiet,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

type Verdict = { budget: string; measured: string; met: boolean };

function judge(results: Result[], scenarios: Scenario[], out: Record<string, unknown>): Verdict[] {
  const v: Verdict[] = [];
  const get = (scenario: string, target: Result['target']) =>
    results.find((r) => r.scenario === scenario && r.target === target);
  const pglite = backend === 'pglite';
  for (const s of scenarios.filter((x) => x.kind !== 'variant')) {
    const app = get(s.name, 'app');
    if (!app) continue;
    if (s.kind === 'deep') {
      v.push({
        budget: `${s.name}: deep page (by cursor after row 50,000) p99 ≤ 300 ms`,
        measured: `${app.p99} ms`,
        met: app.p99 <= 300,
      });
      continue;
    }
    if (pglite) {
      v.push({ budget: `PGlite ${s.name}: p99 ≤ 100 ms`, measured: `${app.p99} ms`, met: app.p99 <= 100 });
      v.push({ budget: `PGlite ${s.name}: ≥ 500 req/s`, measured: `${app.rps} req/s`, met: app.rps >= 500 });
      continue;
    }
    v.push({
      budget: `${s.name}: p99 ≤ 50 ms at ${connections} connections`,
      measured: `${app.p99} ms`,
      met: app.p99 <= 50,
    });
    // docs/product.md#performance-budgets: against the bare route with its statements prepared, where it was
    // measured
    const bare = get(s.name, 'bare-prepared') ?? get(s.name, 'bare');
    if (bare) {
      const ratio = app.rps / bare.rps;
      v.push({
        budget: `${s.name}: ≥ 70 % of the ${bare.target === 'bare-prepared' ? 'prepared ' : ''}bare route's req/s`,
        measured: `${Math.round(ratio * 100)} % (${app.rps} / ${bare.rps})`,
        met: ratio >= 0.7,
      });
    }
    const db = get(s.name, 'pgbench-prepared');
    if (db) {
      const ratio = app.rps / db.rps;
      v.push({
        budget: `${s.name}: ≥ 50 % of pgbench with the same statements prepared`,
        measured: `${Math.round(ratio * 100)} % (${app.rps} / ${db.rps})`,
        met: ratio >= 0.5,
      });
    }
  }
  const count = out.count as { p50: number; p99: number; matching: number } | undefined;
  if (count)
    v.push({
      budget: `exact total ≤ 25 ms over ${count.matching} rows (median of idle runs)`,
      measured: `p50 ${count.p50} ms, p99 ${count.p99} ms`,
      met: count.p50 <= 25,
    });
  const server = out.server as { rssIdleMb: number; rssAfterLoadMb: number } | undefined;
  if (server) {
    v.push({
      budget: `idle server ≤ 150 MB (after start, at rest ${AT_REST_MS / 1000} s)`,
      measured: `${server.rssIdleMb} MB`,
      met: server.rssIdleMb <= 150,
    });
    v.push({
      budget: `idle server ≤ 150 MB (after the load, at rest ${AT_REST_MS / 1000} s)`,
      measured: `${server.rssAfterLoadMb} MB`,
      met: server.rssAfterLoadMb <= 150,
    });
  }
  return v;
}

function printTable(results: Result[], scenarios: Scenario[], out: Record<string, unknown>) {
  const pad = (text: string | number, n: number, right = false) =>
    right ? String(text).padStart(n) : String(text).padEnd(n);
  log(
    `\n${pad('scenario', 24)}${pad('target', 24)}${pad('req/s', 8, true)}${pad('p50 ms', 9, true)}${pad('p99 ms', 9, true)}${pad('vs bare', 9, true)}${pad('cores: bench/pg/other', 24, true)}`,
  );
  for (const s of scenarios) {
    const find = (target: Target) => results.find((r) => r.scenario === s.name && r.target === target);
    // payment lists: against the prepared bare route (docs/product.md#performance-budgets)
    const bare = find('bare-prepared') ?? find('bare');
    for (const r of results.filter((x) => x.scenario === s.name)) {
      const ratio = bare && r !== bare ? `${Math.round((r.rps / bare.rps) * 100)} %` : '';
      const cpu = r.cpu ? `${r.cpu.benchCores}/${r.cpu.postgresCores}/${r.cpu.otherCores}` : '';
      const noisy = r.cpu && r.cpu.otherCores > 0.2 ? ' noisy' : '';
      log(
        `${pad(s.name, 24)}${pad(r.target, 24)}${pad(r.rps, 8, true)}${pad(r.p50, 9, true)}${pad(r.p99, 9, true)}${pad(ratio, 9, true)}${pad(cpu, 24, true)}${noisy}${r.failures ? `  (${r.failures} failed)` : ''}`,
      );
    }
  }
  log('\nbudgets (docs/product.md#performance-budgets)');
  for (const b of out.budgets as Verdict[])
    log(`  ${b.met ? 'met    ' : 'NOT MET'}  ${b.budget}: ${b.measured}`);
}

function printProfile(name: string, p: ProfileSummary) {
  log(`\nCPU profile of the server under ${name} (${p.busyMs} ms busy; self time):`);
  for (const o of p.byOrigin.slice(0, 15)) log(`  ${String(o.pct).padStart(5)} %  ${o.origin}`);
  log('  top functions:');
  for (const f of p.byFunction.slice(0, 20)) log(`  ${String(f.pct).padStart(5)} %  ${f.fn}`);
}

const onSignal = () => {
  for (const c of children) c.kill('SIGKILL');
  process.exit(130);
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

main().catch((error) => {
  console.error(`bench failed: ${(error as Error).stack ?? error}`);
  for (const c of children) c.kill('SIGKILL');
  process.exit(1);
});
