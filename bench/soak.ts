/**
 * Soak: does the server's memory stay flat under a long mixed load? (docs/product.md#performance-budgets:
 * idle ≤ 150 MB, no growth beyond 10 % over 30 minutes.) Starts the server as `npm start` does, on a fresh
 * PostgreSQL database (or PGlite with --pglite), then for --minutes keeps a moderate mixed load on it: list
 * pages (plain, searched, by cursor), record reads, creates and updates through the API. It samples the RSS
 * every --every seconds and reports the growth from the median of minutes 1-6 (once the load is warm) to that
 * of the last five, and the RSS at rest 20 s after the load. It asserts nothing.
 *
 *   npx tsx bench/soak.ts --minutes 30            # PostgreSQL on 127.0.0.1:5432
 *   npx tsx bench/soak.ts --minutes 30 --pglite
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { serverNodeFlags } from './harness.ts';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    every: { type: 'string', default: '30' },
    connections: { type: 'string', default: '4' },
    pglite: { type: 'boolean', default: false },
    'pg-url': {
      type: 'string',
      default: process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const root = fileURLToPath(new URL('..', import.meta.url));
const minutes = Number(args.minutes);
const everyMs = Number(args.every) * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid: number) =>
  Math.round(Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1]) / 1024);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function main() {
  const password = 'soak-admin-1';
  const port = await freePort();
  let dropDb = async () => {};
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: password,
    LOG_LEVEL: 'warn',
    WEB_DIST: '',
    SKIP_WEB_BUILD: '1',
  };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-soak-'));
  if (args.pglite) {
    env.DATA_DIR = dataDir;
  } else {
    const name = `sitepay_soak_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: args['pg-url'] });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(args['pg-url']!);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    env.DATA_DIR = dataDir;
    dropDb = async () => {
      const c = new pg.Client({ connectionString: args['pg-url'] });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const server = spawn(process.execPath, [...serverNodeFlags(), 'scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (i > 600) throw new Error('the server did not start');
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await sleep(200);
    }
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { ApplicationId: 'sitepay-web', 'content-type': 'application/json' },
      body: JSON.stringify({ user_name: 'admin', password }),
    });
    const token = ((await login.json()) as { id_token: string }[])[0]!.id_token;
    const headers = {
      ApplicationId: 'sitepay-web',
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    };
    const api = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}/api/admin/company/${url}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<unknown>;
    };
    // enough companies for an estimated total (beyond 1,000) and for cursors
    for (let i = 0; i < 1200; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          api('POST', 'create', { code: `SK${i + j}`, name: `Công ty Xây dựng Soak ${i + j}` }),
        ),
      );
    }

    let requests = 0;
    let stop = false;
    const worker = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const page = (await api('GET', `paging?itemsPerPage=20&sortBy=name&page=1`)) as {
          nextCursor: string;
          items: { id: number; version: number }[];
        };
        await api('GET', `paging?itemsPerPage=20&sortBy=name&page=2&cursor=${page.nextCursor}`);
        await api('GET', `paging?itemsPerPage=20&search=${encodeURIComponent(`soak ${n % 100}`)}`);
        const one = page.items[n % page.items.length]!;
        await api('GET', `get/${one.id}`);
        if (n % 10 === 0) {
          const created = (await api('POST', 'create', {
            code: `SW${w}-${n}`,
            name: `Soak worker ${w}-${n}`,
          })) as {
            id: number;
            version: number;
          };
          await api('PUT', `update/${created.id}`, {
            code: `SW${w}-${n}`,
            name: `Soak ${w}-${n} (sửa)`,
            version: 0,
          });
        }
        requests += n % 10 === 0 ? 6 : 4;
      }
    };
    const started = Date.now();
    const workers = Array.from({ length: Number(args.connections) }, (_, w) => worker(w));
    const samples: { minute: number; rssMb: number; requests: number }[] = [];
    const pid = server.pid!;
    console.log(
      `soak: ${minutes} min, ${args.connections} workers, ${args.pglite ? 'PGlite' : 'PostgreSQL'}`,
    );
    while (Date.now() - started < minutes * 60_000) {
      const sample = { minute: Math.round((Date.now() - started) / 600) / 100, rssMb: rssMb(pid), requests };
      samples.push(sample);
      console.log(`  ${sample.minute.toFixed(2)} min  RSS ${sample.rssMb} MB  ${requests} requests`);
      await sleep(everyMs);
    }
    stop = true;
    await Promise.all(workers);
    // RSS swings by ±20 % with V8's collections under load, so two single samples can show a
    // growth that is not there: the growth compares the median of the first five warm minutes with
    // that of the last five. Then the server at rest (20 s without requests: it gives memory back
    // once quiet, docs/adr/0027-quiet-server-gives-memory-back.md) says what it kept.
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)] ?? 0;
    };
    const windowOf = (from: number, to: number) =>
      samples.filter((x) => x.minute >= from && x.minute < to).map((x) => x.rssMb);
    const first = median(windowOf(1, 6));
    const last = median(windowOf(Math.max(1, minutes - 5), minutes + 1));
    const growth = Math.round(((last - first) / first) * 1000) / 10;
    await sleep(20_000);
    const end = { minute: Math.round((Date.now() - started) / 600) / 100, rssMb: rssMb(pid), requests };
    samples.push(end);
    const warm = samples.find((x) => x.minute >= 1) ?? samples[0]!;
    console.log(
      `RSS median ${first} MB in minutes 1-6 → ${last} MB in the last five (${growth >= 0 ? '+' : ''}${growth} %); ` +
        `single samples ${warm.rssMb} MB at ${warm.minute} min, max ${Math.max(...samples.map((x) => x.rssMb))} MB; ` +
        `at rest 20 s after the load ${end.rssMb} MB; ${end.requests} requests (${Math.round(end.requests / (minutes * 60))}/s)`,
    );
    fs.mkdirSync(path.join(root, 'bench/out'), { recursive: true });
    const file = path.join(root, `bench/out/${new Date().toISOString().replace(/[:.]/g, '-')}-soak.json`);
    fs.writeFileSync(file, JSON.stringify({ minutes, pglite: args.pglite, samples, growth }, null, 2));
    console.log(`written: ${path.relative(root, file)}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await dropDb();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`soak: ${(error as Error).message}`);
  process.exit(1);
});
