/**
 * Documents out (DESIGN.md §7): how long a 100,000-row payment export takes and how much memory it
 * adds to the server; the payment list's latency while two exports run at once; how long a DOCX
 * print takes (and, for information, a PDF one). Builds a fresh database with the server's own
 * migrations and seed, fills it with bench/generate.ts, starts the real server as `npm start` does
 * on 127.0.0.1, and measures through HTTP. Asserts nothing: it reports, and writes
 * bench/out/<date>-documents-<backend>.json.
 *
 *   npx tsx bench/documents.ts                  # PostgreSQL on 127.0.0.1:5432, 100,000 requests
 *   npx tsx bench/documents.ts --pglite         # the embedded PGlite
 *   options: --payments 100000 --duration 10 --connections 20 --prints 50 --quiet-wait 30 --keep
 *
 * Every loop is bounded in count and time; every connection targets 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp, prepareDatabase } from '../server/src/app.ts';
import { openDatabase } from '../server/src/db/client.ts';
import type { CurrentUser } from '../server/src/http/auth.ts';
import { readBatches } from '../server/src/http/paging.ts';
import { listSpec } from '../server/src/http/records.ts';
import { paymentExport } from '../server/src/modules/export/export.routes.ts';
import { EXPORT_BATCH_ROWS } from '../server/src/modules/export/xlsx-export.ts';
import { cpuMeter, waitQuiet } from './cpu.ts';
import { generate, type Sink, scaleFor } from './generate.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    payments: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    prints: { type: 'string', default: '50' },
    seed: { type: 'string', default: '42' },
    'quiet-wait': { type: 'string', default: '30' },
    keep: { type: 'boolean', default: false },
    'pg-url': {
      type: 'string',
      default: process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const bounded = (n: number, min: number, max: number, name: string) => {
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`--${name} must be within ${min}…${max}`);
  return n;
};
const backend = args.pglite ? 'pglite' : 'postgres';
const payments = bounded(Number(args.payments), 1000, 2_000_000, 'payments');
const duration = bounded(Number(args.duration), 2, 120, 'duration');
const connections = bounded(Number(args.connections), 1, 100, 'connections');
const prints = bounded(Number(args.prints), 1, 1000, 'prints');
const quietWait = bounded(Number(args['quiet-wait']), 0, 600, 'quiet-wait');
const ADMIN_PASSWORD = 'bench-admin-1';

const log = (line: string) => console.log(line);
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const stats = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: round(percentile(s, 50)),
    p99: round(percentile(s, 99)),
    max: round(s.at(-1) ?? 0),
  };
};
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

/** Samples a process's RSS every 50 ms until stopped: its largest value. */
function rssPeak(pid: number) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMb(pid));
  };
}

async function main() {
  log(
    `SitePay documents bench: ${backend}, ${payments.toLocaleString('en')} payment requests, ${os.cpus().length} cores, Node ${process.version}`,
  );
  // 1. a fresh database, migrated and seeded by the server's own code, then the generated data
  const dbName = `sitepay_docs_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const adminUrl = new URL(args['pg-url']!);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(adminUrl.hostname))
    throw new Error('the bench targets 127.0.0.1 only');
  let databaseUrl: string | null = null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-docs-'));
  if (backend === 'postgres') {
    const c = new pg.Client({ connectionString: adminUrl.toString() });
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  let server: ChildProcess | null = null;
  const cleanup = async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    if (args.keep) return log(`kept: ${databaseUrl ?? dataDir}`);
    if (databaseUrl) {
      const c = new pg.Client({ connectionString: adminUrl.toString() });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const out: Record<string, unknown> = {
    date: new Date().toISOString(),
    backend,
    machine: {
      cores: os.cpus().length,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    options: { payments, duration, connections, prints },
  };
  try {
    const database = await openDatabase(
      databaseUrl ? { kind: 'postgres', url: databaseUrl, poolSize: 4 } : { kind: 'pglite', dataDir },
    );
    await database.migrate();
    const setup = await buildApp(
      {
        jwtSecret: 'bench-setup-secret-bench-setup-secret',
        webDist: null,
        bodyLimit: 1024 * 1024,
        loginThrottle: { windowSeconds: 900, maxFailuresPerUser: 10, maxAttemptsPerAddress: 50 },
        trustProxy: false,
      },
      database,
    );
    await prepareDatabase(setup, database, { adminPassword: ADMIN_PASSWORD, demo: false });
    await setup.close();
    // biome-ignore lint/suspicious/noExplicitAny: the driver's own client under Drizzle
    const client = (database.db as any).$client as Sink;
    const t0 = performance.now();
    await generate(client, scaleFor({ companies: 1000, paymentRequests: payments }), {
      seed: Number(args.seed) || 42,
      log,
    });
    await client.query('vacuum analyze');
    log(`generated in ${Math.round((performance.now() - t0) / 1000)} s`);
    const liveRows = Number(
      (await client.query(`select count(*)::int as n from payment_transaction where status <> 'D'`)).rows[0]
        .n,
    );
    // an accepted request to print (its VietQR code included)
    const printId = Number(
      (
        await client.query(
          `select p.id from payment_transaction p join bank b on b.id = p.bank_id
            where p.approval_status = 'A' and p.payment_status = 'O' and p.status = 'O' and b.bin is not null
            order by p.id limit 1`,
        )
      ).rows[0]?.id ??
        (await client.query(`select id from payment_transaction where status = 'O' order by id limit 1`))
          .rows[0].id,
    );
    // the export's reading alone (the database's share): the same batches, in this process
    const admin = { id: 0, user_name: 'admin', isAdmin: true } as unknown as CurrentUser;
    const spec = listSpec(paymentExport.kind, { status: 'all' }, admin);
    const select = Object.fromEntries(paymentExport.columns.map((c) => [c.field, spec.selection[c.field]]));
    const readStarted = performance.now();
    let read = 0;
    for await (const batch of readBatches(database.db, spec, EXPORT_BATCH_ROWS, select)) read += batch.length;
    const readMs = performance.now() - readStarted;
    out.databaseRead = { rows: read, seconds: round(readMs / 1000, 2), batchRows: EXPORT_BATCH_ROWS };
    log(
      `the export's rows read alone (${read.toLocaleString('en')}, batches of ${EXPORT_BATCH_ROWS}): ${round(readMs / 1000, 2)} s`,
    );
    await database.close();

    // 2. the real server, as `npm start` runs it
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_PASSWORD,
        JWT_SECRET: crypto.randomBytes(32).toString('hex'),
        LOG_LEVEL: 'warn',
        WEB_DIST: '',
        SKIP_WEB_BUILD: '1',
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; ; i++) {
      if (i > 600 || server.exitCode !== null) throw new Error('the server did not start');
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
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_name: 'admin', password: ADMIN_PASSWORD }),
    });
    const token = ((await login.json()) as { id_token: string }[])[0]!.id_token;
    const auth = { authorization: `Bearer ${token}` };
    const pid = server.pid!;
    await sleep(3000);
    const idleMb = rssMb(pid);
    log(`server ready; idle RSS ${idleMb} MB; ${liveRows.toLocaleString('en')} live payment requests`);

    const exportUrl = `${base}/api/export/payment?status=all`;
    /** One whole export read as a browser would: every byte, as it comes. */
    const exportOnce = async () => {
      const started = performance.now();
      const res = await fetch(exportUrl, { headers: auth });
      if (!res.ok || !res.body) throw new Error(`export answers ${res.status}`);
      let bytes = 0;
      let firstByteMs = 0;
      for await (const chunk of res.body) {
        if (!bytes) firstByteMs = performance.now() - started;
        bytes += (chunk as Uint8Array).length;
      }
      return { ms: performance.now() - started, firstByteMs, bytes };
    };

    // 3. one export alone: time, added memory; then its rows counted with exceljs's streaming reader
    await exportOnce(); // warm-up (JIT, caches)
    await sleep(3000);
    await waitQuiet(quietWait);
    const before = rssMb(pid);
    const peak = rssPeak(pid);
    const meter = cpuMeter();
    const single = await exportOnce();
    const cpu = await meter.stop();
    const peakMb = peak();
    const res = await fetch(exportUrl, { headers: auth });
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.fromWeb(res.body as never), {});
    let rowsRead = 0;
    for await (const sheet of reader) for await (const _row of sheet) rowsRead += 1;
    const dataRows = rowsRead - 4; // title, filters, time, header
    out.export = {
      rows: dataRows,
      seconds: round(single.ms / 1000, 2),
      firstByteMs: round(single.firstByteMs),
      megabytes: round(single.bytes / 2 ** 20, 1),
      rssBeforeMb: before,
      rssPeakMb: peakMb,
      addedMb: peakMb - before,
      cpu,
    };
    log(
      `export of ${dataRows.toLocaleString('en')} rows: ${round(single.ms / 1000, 2)} s (first byte ${round(single.firstByteMs)} ms), ` +
        `${round(single.bytes / 2 ** 20, 1)} MB; server RSS ${before} → peak ${peakMb} MB (+${peakMb - before} MB)`,
    );

    // 4. the payment list alone, then while two exports run at once (restarted as they finish)
    const listUrl = `${base}/api/payment-transaction/paging?itemsPerPage=20`;
    const loadList = async () => {
      const r = await autocannon({ url: listUrl, connections, duration, headers: auth, timeout: 10 });
      return {
        rps: Math.round(r.requests.total / r.duration),
        p50: r.latency.p50,
        p99: r.latency.p99,
        max: r.latency.max,
        non2xx: r.non2xx,
        errors: r.errors,
      };
    };
    await autocannon({ url: listUrl, connections, duration: 2, headers: auth }); // warm-up
    await waitQuiet(quietWait);
    const alone = await loadList();
    log(`list alone: ${alone.rps} req/s, p50 ${alone.p50} ms, p99 ${alone.p99} ms`);
    let exporting = true;
    let exportsDone = 0;
    const exportTimes: number[] = [];
    const exporter = async () => {
      for (let i = 0; exporting && i < 1000; i++) {
        const r = await exportOnce();
        exportsDone += 1;
        exportTimes.push(r.ms);
      }
    };
    await waitQuiet(quietWait);
    const exporters = [exporter(), exporter()];
    await sleep(500); // both exports under way
    const during = await loadList();
    exporting = false;
    await Promise.all(exporters);
    log(
      `list during two exports: ${during.rps} req/s, p50 ${during.p50} ms, p99 ${during.p99} ms; ` +
        `${exportsDone} exports finished, each ${stats(exportTimes.map((t) => t / 1000)).p50} s (p50)`,
    );
    out.list = {
      url: listUrl.replace(base, ''),
      alone,
      duringTwoExports: during,
      exportsSeconds: stats(exportTimes.map((t) => t / 1000)),
    };

    // 5. DOCX prints, one at a time; and a few PDF ones
    const print = async (format: 'docx' | 'pdf') => {
      const started = performance.now();
      const r = await fetch(`${base}/api/payment-transaction/download/${printId}?format=${format}`, {
        headers: auth,
      });
      const body = await r.arrayBuffer();
      if (!r.ok)
        throw new Error(`print ${format}: ${r.status} ${Buffer.from(body).toString().slice(0, 200)}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 5; i++) await print('docx');
    await waitQuiet(quietWait);
    const docx: number[] = [];
    for (let i = 0; i < prints; i++) docx.push(await print('docx'));
    out.docx = stats(docx);
    log(
      `DOCX print (request ${printId}, with its VietQR code): p50 ${stats(docx).p50} ms, p99 ${stats(docx).p99} ms`,
    );
    const pdfProbe = await fetch(`${base}/api/payment-transaction/download/${printId}?format=pdf`, {
      headers: auth,
    });
    await pdfProbe.arrayBuffer();
    if (pdfProbe.status === 200) {
      const pdf: number[] = [];
      for (let i = 0; i < 5; i++) pdf.push(await print('pdf'));
      out.pdf = stats(pdf);
      log(`PDF print: p50 ${stats(pdf).p50} ms, max ${stats(pdf).max} ms`);
    } else {
      out.pdf = { status: pdfProbe.status };
      log(`PDF print: ${pdfProbe.status} (LibreOffice not installed?)`);
    }

    const verdicts = [
      [`export of ${dataRows.toLocaleString('en')} rows ≤ 5 s (the budget's 100,000)`, single.ms <= 5000],
      ['export adds ≤ 200 MB', peakMb - before <= 200],
      ['list p99 ≤ 200 ms during two exports', during.p99 <= 200],
      ['DOCX print ≤ 300 ms (p99)', stats(docx).p99 <= 300],
    ] as const;
    for (const [what, met] of verdicts) log(`  ${met ? 'met    ' : 'NOT MET'}  ${what}`);
    out.verdicts = Object.fromEntries(verdicts);
    fs.mkdirSync(path.join(root, 'bench/out'), { recursive: true });
    const file = path.join(
      root,
      `bench/out/${new Date().toISOString().replace(/[:.]/g, '-')}-documents-${backend}.json`,
    );
    fs.writeFileSync(file, JSON.stringify(out, null, 2));
    log(`written: ${path.relative(root, file)}`);
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  console.error(`documents bench: ${(error as Error).stack ?? error}`);
  process.exit(1);
});
