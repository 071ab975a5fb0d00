/**
 * What the HTTP benches (documents.ts, reports.ts) share: a fresh database (PostgreSQL on
 * 127.0.0.1, or a PGlite folder) migrated and seeded by the server's own code and filled by
 * bench/generate.ts; the real server started as `npm start` runs it, on 127.0.0.1 and a free port;
 * signing in; the server's RSS from /proc; small statistics helpers.
 *
 * Every wait is bounded; every connection targets 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp, prepareDatabase } from '../server/src/app.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { generate, type Scale, type Sink } from './generate.ts';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const ADMIN_PASSWORD = 'bench-admin-1';
export type Backend = 'postgres' | 'pglite';
export type Database = Awaited<ReturnType<typeof openDatabase>>;

// ---------------------------------------------------------------- small helpers

export const log = (line: string) => console.log(line);
export const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
export const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
export const stats = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: round(percentile(s, 50)),
    p99: round(percentile(s, 99)),
    max: round(s.at(-1) ?? 0),
  };
};
/** A numeric option within bounds, else an error naming it. */
export const bounded = (n: number, min: number, max: number, name: string) => {
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`--${name} must be within ${min}…${max}`);
  return n;
};

export const rssMb = (pid: number) =>
  Math.round(Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1]) / 1024);

/** Samples a process's RSS every 50 ms until stopped: its largest value. */
export function rssPeak(pid: number) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMb(pid));
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const LOOPBACK = ['127.0.0.1', 'localhost', '::1', '[::1]'];
/** Throws unless a PostgreSQL URL points at this machine. */
export function assertLoopback(url: string) {
  if (!LOOPBACK.includes(new URL(url).hostname)) throw new Error('the bench targets 127.0.0.1 only');
}

// ---------------------------------------------------------------- the database

export type BenchDatabase = {
  backend: Backend;
  /** PostgreSQL: the bench's database; null on PGlite. */
  databaseUrl: string | null;
  /** The server's DATA_DIR (and PGlite's data). */
  dataDir: string;
  /** Whether this run created the data (and so generates it, and drops it unless kept). */
  fresh: boolean;
  /** Stops the server if it runs, then drops the database and folder (unless kept or reused). */
  cleanup(server: ChildProcess | null): Promise<void>;
};

/**
 * A new database (`CREATE DATABASE sitepay_<prefix>_…` on PostgreSQL, a `mkdtemp` folder on PGlite),
 * or, with `reuse`, an existing one (a PostgreSQL URL, or a PGlite folder), which is never dropped.
 * The server's DATA_DIR is a new temporary folder in every case but a reused PGlite.
 */
export async function benchDatabase(opts: {
  backend: Backend;
  adminUrl: string;
  prefix: string;
  keep: boolean;
  reuse?: string | null;
}): Promise<BenchDatabase> {
  const adminUrl = new URL(opts.adminUrl);
  assertLoopback(adminUrl.toString());
  const reuse = opts.reuse ?? null;
  const reusedFolder = reuse !== null && opts.backend === 'pglite';
  if (reuse !== null) {
    if (opts.backend === 'postgres') assertLoopback(reuse);
    else if (!fs.existsSync(reuse)) throw new Error(`--reuse: no PGlite folder ${reuse}`);
  }
  const dbName = `sitepay_${opts.prefix}_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const dataDir = reusedFolder
    ? path.resolve(reuse!)
    : fs.mkdtempSync(path.join(os.tmpdir(), `sitepay-${opts.prefix}-`));
  let databaseUrl: string | null = null;
  if (opts.backend === 'postgres') {
    if (reuse !== null) databaseUrl = reuse;
    else {
      const c = new pg.Client({ connectionString: adminUrl.toString() });
      await c.connect();
      await c.query(`create database ${dbName}`);
      await c.end();
      const u = new URL(adminUrl);
      u.pathname = `/${dbName}`;
      databaseUrl = u.toString();
    }
  }
  const fresh = reuse === null;
  return {
    backend: opts.backend,
    databaseUrl,
    dataDir,
    fresh,
    async cleanup(server) {
      await stopServer(server);
      if (opts.keep) return log(`kept: ${databaseUrl ?? dataDir}`);
      if (fresh && databaseUrl) {
        const c = new pg.Client({ connectionString: adminUrl.toString() });
        await c.connect();
        await c.query(`drop database if exists ${dbName} with (force)`);
        await c.end();
      }
      if (!reusedFolder) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens the bench database with the server's own client (4 connections on PostgreSQL). */
export const openBenchDatabase = (target: BenchDatabase) =>
  openDatabase(
    target.databaseUrl
      ? { kind: 'postgres', url: target.databaseUrl, poolSize: 4 }
      : { kind: 'pglite', dataDir: target.dataDir },
  );

/** The driver's own client under Drizzle: pg.Pool or PGlite, both a `Sink`. */
// biome-ignore lint/suspicious/noExplicitAny: the driver's own client under Drizzle
export const sinkOf = (database: Database) => (database.db as any).$client as Sink;

/**
 * Migrates and seeds the database with the server's own `migrate`, `buildApp` and
 * `prepareDatabase`, fills it with bench/generate.ts at `scale`, and runs VACUUM ANALYZE. Returns
 * the database, still open.
 */
export async function migrateSeedGenerate(
  target: BenchDatabase,
  scale: Scale,
  opts: { seed: number; log: (line: string) => void },
): Promise<Database> {
  const database = await openBenchDatabase(target);
  await database.migrate();
  const setup = await buildApp(
    {
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
    },
    database,
  );
  await prepareDatabase(setup, database, { adminPassword: ADMIN_PASSWORD, demo: false });
  await setup.close();
  const client = sinkOf(database);
  const t0 = performance.now();
  await generate(client, scale, { seed: opts.seed, log: opts.log });
  await client.query('vacuum analyze');
  opts.log(`generated in ${Math.round((performance.now() - t0) / 1000)} s`);
  return database;
}

// ---------------------------------------------------------------- the server

export type Server = { process: ChildProcess; base: string; pid: number };

/**
 * The node flags of `npm start` (package.json's start script, e.g. `--max-semi-space-size=32`), so
 * that the bench runs the server as it is started.
 */
export const serverNodeFlags = (): string[] => {
  const start = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start as string;
  const words = start.split(/\s+/);
  return words
    .slice(words.indexOf('node') + 1, words.indexOf('scripts/start.mjs'))
    .filter((w) => w.startsWith('--'));
};

/**
 * The real server as `npm start` runs it (`node scripts/start.mjs`, with its node flags: bundled
 * with esbuild, plain Node), on 127.0.0.1 and a free port, its access log dropped; resolves once /api/health answers
 * (at most 120 s).
 */
export async function startServer(
  target: BenchDatabase,
  opts: { logLevel?: string; env?: Record<string, string> } = {},
): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...serverNodeFlags(), 'scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      LOG_LEVEL: opts.logLevel ?? 'warn',
      WEB_DIST: '',
      SKIP_WEB_BUILD: '1',
      DATA_DIR: target.dataDir,
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    if (i > 600 || server.exitCode !== null) {
      await stopServer(server);
      throw new Error('the server did not start');
    }
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(200);
  }
  return { process: server, base, pid: server.pid! };
}

/** SIGTERM, and waits for the exit (SIGKILL after 30 s). */
export async function stopServer(server: ChildProcess | null) {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/** Signs a user in through the API: its bearer token, or null when it cannot sign in. */
export async function signIn(base: string, userName: string, password: string): Promise<string | null> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { ApplicationId: 'sitepay-web', 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: userName, password }),
  });
  if (!res.ok) {
    await res.arrayBuffer();
    return null;
  }
  return ((await res.json()) as { id_token: string }[])[0]?.id_token ?? null;
}

/** The machine, for the JSON. */
export const machine = () => ({
  cores: os.cpus().length,
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
});

/** Writes bench/out/<date>-<name>.json; returns its path relative to the repository. */
export function writeOut(name: string, out: unknown) {
  fs.mkdirSync(path.join(root, 'bench/out'), { recursive: true });
  const file = path.join(root, `bench/out/${new Date().toISOString().replace(/[:.]/g, '-')}-${name}.json`);
  fs.writeFileSync(file, JSON.stringify(out, null, 2));
  return path.relative(root, file);
}
