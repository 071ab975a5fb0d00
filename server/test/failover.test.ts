/**
 * Servers that fail over (docs/adr/0081-failover-behind-nginx.md): two real server processes
 * (`node scripts/start.mjs`) on one PostgreSQL database and one S3-compatible store (s3rver), behind
 * nginx running the README's "Several servers" configuration. Twenty clients write through nginx —
 * contractors, payment requests against a contract's ceiling walked through send, accept and a
 * payment, payments racing on shared requests — and read, and one server is killed with SIGKILL in
 * the middle. Only the writes in flight on it may fail; everything else is served by the other; every
 * acknowledged write is in the database exactly once, a failed one at most once, and the money adds
 * up. PostgreSQL only: the embedded database is one process's.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { addAmounts, compareAmounts } from '@sitepay/domain/money';
import { type SQL, sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { factories, type Rec } from './factories.ts';
import {
  ADMIN_PASSWORD,
  authHeaders,
  createTestDatabase,
  freePort,
  JWT_SECRET,
  monthSummariesAndRows,
  payoutSummariesAndRows,
} from './helpers.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Clients writing and reading at once through nginx. */
const CLIENTS = 20;
/** Requests answered before one server is killed. */
const KILL_AFTER = 250;
/** Requests answered after the kill, at least, before the load ends. */
const AFTER_KILL = 300;
/** Each payment request of the walked contract; its ceiling holds CEILING_REQUESTS of them. */
const AMOUNT = 1_000_000;
const CEILING_REQUESTS = 100;
/** The shared requests the clients race to pay, 1,000,000 a payment. */
const SHARED = 5;
const SHARED_AMOUNT = 20_000_000;
const RACED = 1_000_000;

/** Debian's nginx: on PATH, or in /usr/sbin (outside a plain user's PATH). */
function nginxBinary(): string {
  const found = execFileSync('sh', ['-c', 'command -v nginx || true']).toString().trim();
  if (found) return found;
  if (fs.existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  throw new Error(
    "the failover test needs nginx: apt-get install -y nginx (Debian's package; .ci/run installs it)",
  );
}

type Started = { proc: ChildProcess; port: number; out: () => string; exited: Promise<number | null> };
/** Every server process started and not yet ended, with its end: the clean-up kills them. */
const running = new Map<ChildProcess, Promise<unknown>>();

/** A server process as `npm start` runs it; resolves once it says it is ready. */
function startServer(env: Record<string, string>): Promise<Started> {
  const proc = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      SKIP_WEB_BUILD: '1',
      WEB_DIST: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) =>
    proc.on('exit', (code) => {
      running.delete(proc);
      resolve(code);
    }),
  );
  running.set(proc, exited);
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const m = out.match(/ready on http:\/\/[^:/]+:(\d+)/);
      if (m) {
        clearInterval(timer);
        resolve({ proc, port: Number(m[1]), out: () => out, exited });
      }
    }, 50);
    exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`a server exited ${code} before it was ready: ${out}`));
    });
  });
}

/**
 * The README's nginx block with this run's addresses: the two servers and the port nginx listens
 * on. Anything else in it is run as written.
 */
function readmeNginx(upstreams: [number, number], port: number): string {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Several servers'));
  const block = section.match(/```nginx\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error('README.md: no nginx block under "Several servers"');
  const swaps: [string, string][] = [
    ['server 10.0.0.11:8080', `server 127.0.0.1:${upstreams[0]}`],
    ['server 10.0.0.12:8080', `server 127.0.0.1:${upstreams[1]}`],
    ['listen 80;', `listen 127.0.0.1:${port};`],
  ];
  let config = block;
  for (const [from, to] of swaps) {
    if (config.split(from).length !== 2) throw new Error(`README.md's nginx block: expected one "${from}"`);
    config = config.replace(from, to);
  }
  return config;
}

/**
 * What the test asks nginx to note of each request: the client's id, the answer, the servers it
 * tried in order and the bytes it sent to each.
 */
const LOG_FORMAT = "'$http_x_test_id|$status|$upstream_addr|$upstream_bytes_sent'";

type Outcome = {
  id: string;
  op: Op;
  method: Method;
  started: number;
  ended: number;
  /** The HTTP status, or 0 when no answer came. */
  status: number;
  /** The status with the refusal's reason: `422 overpaid`. */
  said: string;
  /** What finds the write in the database: a code, a note, a bank reference. */
  marker?: string;
};
type Method = 'GET' | 'POST' | 'PATCH';
type Op = 'setup' | 'contractor' | 'request' | 'send' | 'accept' | 'pay' | 'race' | 'read' | 'check';
/** The answers the server may give each operation under the load: done, or refused for its own reason. */
const ALLOWED: Record<Op, string[]> = {
  setup: ['200'],
  contractor: ['200'],
  request: ['200', '422 ceiling_exhausted'],
  send: ['200'],
  accept: ['200'],
  pay: ['200'],
  race: ['200', '409 invalid_version', '422 not_allowed_in_state'],
  read: ['200'],
  check: ['200'],
};
const failedOutright = (o: Outcome) => o.status === 0 || o.status >= 500;

describe('failover: two server processes behind nginx, one killed under load', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-failover-'));
  let pg: { url: string; drop(): Promise<void> } | undefined;
  let s3: S3rver | undefined;
  let nginx: ChildProcess | undefined;
  let nginxExited: Promise<unknown> | undefined;
  let database: Database | undefined;
  const servers: Started[] = [];
  let base = '';
  /** Set to end the load's clients (the clean-up sets it too, should the test fail during the load). */
  let stop = false;

  beforeAll(async () => {
    const nginxBin = nginxBinary();
    pg = await createTestDatabase();
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(dir, 's3'),
      configureBuckets: [{ name: 'sitepay-failover' }],
    });
    const { port: s3Port } = await s3.run();
    const env = (name: string) => ({
      DATA_DIR: path.join(dir, name),
      DATABASE_URL: pg!.url,
      JWT_SECRET,
      ADMIN_PASSWORD,
      SEED_DEMO: '1',
      TRUST_PROXY: '1',
      MAIL_SEND: '0',
      FILE_STORE: 's3',
      S3_BUCKET: 'sitepay-failover',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    // the first migrates and seeds; the second starts on the database as the first left it
    servers.push(await startServer(env('a')));
    servers.push(await startServer(env('b')));

    const port = await freePort();
    const conf = path.join(dir, 'nginx');
    fs.mkdirSync(conf);
    fs.writeFileSync(
      path.join(conf, 'nginx.conf'),
      [
        // as root, nginx's workers would be `nobody`, who cannot write this folder
        process.getuid?.() === 0 ? 'user root;' : '',
        'worker_processes 1;',
        `pid ${conf}/nginx.pid;`,
        `error_log ${conf}/error.log warn;`,
        'events { worker_connections 1024; }',
        'http {',
        `  log_format failover ${LOG_FORMAT};`,
        `  access_log ${conf}/access.log failover;`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${conf}/${t};`),
        readmeNginx([servers[0]!.port, servers[1]!.port], port),
        '}',
        '',
      ].join('\n'),
    );
    nginx = spawn(nginxBin, ['-p', conf, '-c', `${conf}/nginx.conf`, '-g', 'daemon off;'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let nginxOut = '';
    nginx.stdout!.on('data', (d) => (nginxOut += d));
    nginx.stderr!.on('data', (d) => (nginxOut += d));
    nginxExited = new Promise((resolve) => {
      nginx!.on('exit', resolve);
      nginx!.on('error', resolve);
    });
    base = `http://127.0.0.1:${port}`;
    // ready when it answers the health check through to a server
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited ${nginx.exitCode}: ${nginxOut}`);
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`nginx did not answer within 30 s: ${nginxOut}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    database = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 2 });
  }, 180_000);

  afterAll(async () => {
    stop = true;
    nginx?.kill('SIGTERM');
    await nginxExited;
    const ends = [...running.values()];
    for (const proc of running.keys()) proc.kill('SIGKILL');
    await Promise.all(ends);
    await database?.close().catch(() => {});
    await pg?.drop();
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves every request but the writes in flight on the killed server, and loses or doubles no acknowledged write', async () => {
    const outcomes: Outcome[] = [];
    // the load's course: the kill once KILL_AFTER requests are answered; the end once AFTER_KILL
    // more are and the walked contract has refused a request for its ceiling
    let loading = false;
    let killAt = Number.POSITIVE_INFINITY;
    let deadAt = Number.POSITIVE_INFINITY;
    let ceilingReached = false;
    let answeredAfterDeath = 0;
    let signalKill: () => void = () => {};
    const killTime = new Promise<void>((resolve) => (signalKill = resolve));
    let signalDone: () => void = () => {};
    const done = new Promise<void>((resolve) => (signalDone = resolve));
    const onAnswer = (o: Outcome) => {
      if (!loading) return;
      if (outcomes.length >= KILL_AFTER) signalKill();
      if (o.started > deadAt) answeredAfterDeath += 1;
      if (answeredAfterDeath >= AFTER_KILL && ceilingReached) signalDone();
    };

    let counter = 0;
    /** One call through nginx, noted with its outcome (status 0: no answer came). */
    const call = async (
      op: Op,
      {
        method,
        url,
        by,
        body,
        marker,
      }: { method: Method; url: string; by: string | null; body?: unknown; marker?: string },
    ) => {
      const id = `q${++counter}`;
      const started = performance.now();
      let status = 0;
      // biome-ignore lint/suspicious/noExplicitAny: answers of every shape
      let answer: any;
      try {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: {
            ...authHeaders(by),
            'x-test-id': id,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await res.text();
        status = res.status;
        try {
          answer = JSON.parse(text);
        } catch {
          answer = text;
        }
      } catch {
        status = 0;
      }
      const said = status === 200 ? '200' : `${status} ${answer?.reason ?? answer?.code ?? ''}`.trim();
      const outcome = { id, op, method, started, ended: performance.now(), status, said, marker };
      outcomes.push(outcome);
      onAnswer(outcome);
      return { status, body: answer };
    };
    const get = (op: Op, url: string, by: string) => call(op, { method: 'GET', url, by });

    // the records the load stands on, made through nginx as a user would
    const server = {
      call: (method: Method, url: string, by: string | null, body?: unknown) =>
        call('setup', { method, url, by, body }),
    };
    const login = async (user: string, password: string) => {
      const r = await server.call('POST', '/api/auth/login', null, { user_name: user, password });
      if (r.status !== 200) throw new Error(`login ${user}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body[0].id_token as string;
    };
    const admin = await login('admin', ADMIN_PASSWORD);
    const ketoan = await login('ketoan', 'ketoan123');
    const giamdoc = await login('giamdoc', 'giamdoc123');
    const f = factories(server, { admin, accountant: ketoan, director: giamdoc });
    const vat0 = (await f.lookup()).taxes.VAT0!.id;
    // the contract the clients walk requests on (VAT 0: its ceiling is its amount)
    const walked = await f.contract({ amount_before_vat: String(AMOUNT * CEILING_REQUESTS), tax_id: vat0 });
    // the accepted requests the clients race to pay
    const racedOn = await f.contract({ amount_before_vat: String(SHARED_AMOUNT * SHARED), tax_id: vat0 });
    const shared: Rec[] = [];
    for (let i = 0; i < SHARED; i++)
      shared.push(await f.request(racedOn, { state: 'accepted', amount: String(SHARED_AMOUNT) }));
    expect(outcomes.filter((o) => o.status !== 200)).toEqual([]);
    outcomes.length = 0;
    // two files uploaded one after the other (nginx takes turns: one through each server), into the
    // shared store
    const company = await f.company();
    const files: { id: number; bytes: Buffer }[] = [];
    for (const n of [1, 2]) {
      const bytes = Buffer.from(`%PDF-1.4\nmột tệp, hai máy chủ (${n})\n%%EOF\n`);
      const form = new FormData();
      form.append('id', String(company.id));
      form.append('file', new Blob([bytes], { type: 'application/pdf' }), `tep-${n}.pdf`);
      const up = await fetch(`${base}/api/admin/company/file/upload`, {
        method: 'POST',
        headers: { ...authHeaders(admin), 'x-test-id': `file${n}` },
        body: form,
      });
      expect(up.status).toBe(200);
      files.push({ id: (await up.json())[0].id, bytes });
    }

    const run = Date.now().toString(36).toUpperCase();
    const paidDate = '2025-06-20';
    /** One client: writes, walks a request to a payment, races a payment, reads; until told to stop. */
    const client = async (c: number) => {
      for (let i = 0; !stop; i++) {
        const mark = `FO${run}-${c}-${i}`;
        const body = { code: mark, name: `Nhà thầu ${mark}` };
        await call('contractor', {
          method: 'POST',
          url: '/api/constructor/create',
          by: admin,
          body,
          marker: mark,
        });
        // a request against the walked contract's ceiling: created, sent, accepted, half paid
        const created = await call('request', {
          method: 'POST',
          url: '/api/payment-transaction/create',
          by: ketoan,
          body: await f.requestInput(walked, { amount: String(AMOUNT), note: mark }),
          marker: mark,
        });
        if (created.body?.reason === 'ceiling_exhausted') ceilingReached = true;
        let r = created.status === 200 ? created.body : null;
        for (const [op, url, by] of [
          ['send', '/api/payment-transaction/require-approval', ketoan],
          ['accept', '/api/payment-approval/accept', giamdoc],
        ] as const) {
          if (!r) break;
          const moved = await call(op, {
            method: 'PATCH',
            url: `${url}/${r.id}`,
            by,
            body: { version: r.version },
            marker: mark,
          });
          r = moved.status === 200 ? moved.body : null;
        }
        if (r)
          await call('pay', {
            method: 'POST',
            url: `/api/payment-transaction/payments/${r.id}`,
            by: ketoan,
            body: {
              version: r.version,
              paid_date: paidDate,
              amount: String(AMOUNT / 2),
              bank_reference: `W-${mark}`,
            },
            marker: `W-${mark}`,
          });
        // a payment raced with the other clients on a shared request, at the version read
        const target = shared[(c + i) % SHARED]!;
        const read = await get('read', `/api/payment-transaction/get/${target.id}`, ketoan);
        if (read.status === 200)
          await call('race', {
            method: 'POST',
            url: `/api/payment-transaction/payments/${target.id}`,
            by: ketoan,
            body: {
              version: read.body.version,
              paid_date: paidDate,
              amount: String(RACED),
              bank_reference: `R-${mark}`,
            },
            marker: `R-${mark}`,
          });
        await get('read', '/api/payment-transaction/paging?itemsPerPage=20', ketoan);
        await get('read', `/api/contract/summary/${walked.id}`, ketoan);
      }
    };

    loading = true;
    const started = performance.now();
    const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
    // a load that stalls ends after 90 s and fails on the counts below, rather than waiting for ever
    const guard = setTimeout(() => {
      signalKill();
      signalDone();
    }, 90_000);
    await killTime;
    const [killed, survivor] = servers as [Started, Started];
    killAt = performance.now();
    killed.proc.kill('SIGKILL');
    await killed.exited;
    deadAt = performance.now();
    await done;
    clearTimeout(guard);
    stop = true;
    await Promise.all(clients);
    const loadSeconds = (performance.now() - started) / 1000;
    loading = false;
    const load = outcomes.splice(0);
    expect(ceilingReached, 'the walked contract reached its ceiling').toBe(true);
    expect(answeredAfterDeath, 'requests answered after the kill').toBeGreaterThanOrEqual(AFTER_KILL);
    expect(survivor.proc.exitCode, survivor.out()).toBeNull();

    // nginx's note of each request: the servers it tried, in order
    const logFile = path.join(dir, 'nginx', 'access.log');
    const tried = new Map<string, string[]>();
    const sent = new Map<string, number[]>();
    await expect
      .poll(
        () => {
          for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
            const [id, , addresses, bytes] = line.split('|');
            if (!id || id === '-') continue;
            tried.set(id, (addresses ?? '').split(', '));
            sent.set(id, (bytes ?? '').split(', ').map(Number));
          }
          return load.filter((o) => !tried.has(o.id)).length;
        },
        { timeout: 10_000 },
      )
      .toBe(0);
    const killedAddress = `127.0.0.1:${killed.port}`;
    const survivorAddress = `127.0.0.1:${survivor.port}`;
    const servedBy = (o: Outcome) => tried.get(o.id)!.at(-1);

    // both servers served before the kill, and took one file each
    const before = load.filter((o) => o.ended < killAt);
    expect(before.length, 'requests answered before the kill').toBeGreaterThanOrEqual(KILL_AFTER);
    expect(new Set(before.map(servedBy))).toEqual(new Set([killedAddress, survivorAddress]));
    expect(new Set(['file1', 'file2'].map((id) => tried.get(id)?.at(-1)))).toEqual(
      new Set([killedAddress, survivorAddress]),
    );
    // the failures: writes in flight on the killed server when it died, answered 502 by nginx and
    // sent nowhere else (a GET in flight is sent again to the other and answered)
    const failed = load.filter(failedOutright);
    expect(failed.length, 'the kill caught writes in flight').toBeGreaterThan(0);
    for (const o of failed) {
      expect(o.status, `${o.op} ${o.id}`).toBe(502);
      expect(['POST', 'PATCH']).toContain(o.method);
      expect(o.started).toBeLessThan(deadAt);
      expect(o.ended).toBeGreaterThan(killAt);
      expect(tried.get(o.id)).toEqual([killedAddress]);
    }
    // everything else was answered as the server decides
    expect(load.filter((o) => !failedOutright(o) && !ALLOWED[o.op].includes(o.said))).toEqual([]);
    // once the death was seen, every request was served, by the survivor; those nginx first tried on
    // the dead server (a refused connection) it moved there
    const after = load.filter((o) => o.started > deadAt);
    expect(after.filter(failedOutright)).toEqual([]);
    expect(new Set(after.map(servedBy))).toEqual(new Set([survivorAddress]));
    const moved = load.filter((o) => tried.get(o.id)!.length > 1);
    for (const o of moved) expect(tried.get(o.id)).toEqual([killedAddress, survivorAddress]);
    // no write reached a server twice: a POST or PATCH nginx moved had sent nothing to the dead one
    const sentTwice = load.filter(
      (o) => o.method !== 'GET' && sent.get(o.id)!.filter((bytes) => bytes > 0).length > 1,
    );
    expect(sentTwice).toEqual([]);

    // the file the killed server took is served by the survivor, byte for byte
    for (const file of files) {
      const down = await fetch(`${base}/api/admin/company/file/download/${file.id}`, {
        headers: authHeaders(admin),
      });
      expect(down.status).toBe(200);
      expect(Buffer.compare(Buffer.from(await down.arrayBuffer()), file.bytes)).toBe(0);
    }

    // every acknowledged write is in the database exactly once, a refused one not at all, a failed
    // one at most once
    const db = database!.db;
    /** The markers as a set SQL reads: `x in ${among(markers)}`. */
    const among = (markers: string[]) =>
      sql`(select jsonb_array_elements_text(${JSON.stringify(markers)}::jsonb))`;
    const findings: Record<string, (markers: string[]) => SQL> = {
      contractor: (m) => sql`select code as marker, count(*)::int as n from constructor
        where code in ${among(m)} group by code`,
      request: (m) => sql`select note as marker, count(*)::int as n from payment_transaction
        where contract_id = ${walked.id} and note in ${among(m)} group by note`,
      send: (m) => sql`select p.note as marker, count(*)::int as n from payment_history h
        join payment_transaction p on p.id = h.payment_id
        where p.note in ${among(m)} and h.action = 'send' group by p.note`,
      accept: (m) => sql`select p.note as marker, count(*)::int as n from payment_history h
        join payment_transaction p on p.id = h.payment_id
        where p.note in ${among(m)} and h.action = 'accept' group by p.note`,
      pay: (m) => sql`select bank_reference as marker, count(*)::int as n from payment_payout
        where bank_reference in ${among(m)} group by bank_reference`,
      race: (m) => sql`select bank_reference as marker, count(*)::int as n from payment_payout
        where bank_reference in ${among(m)} group by bank_reference`,
    };
    const writes: (Outcome & { stored: number })[] = [];
    for (const [op, find] of Object.entries(findings)) {
      const mine = load.filter((o) => o.op === op);
      const rows = await queryRows<{ marker: string; n: number }>(db, find(mine.map((o) => o.marker!)));
      const found = new Map(rows.map((r) => [r.marker, r.n]));
      writes.push(...mine.map((o) => ({ ...o, stored: found.get(o.marker!) ?? 0 })));
    }
    expect(writes.filter((o) => o.status === 200 && o.stored !== 1)).toEqual([]);
    expect(writes.filter((o) => o.status >= 400 && o.status < 500 && o.stored !== 0)).toEqual([]);
    expect(writes.filter((o) => failedOutright(o) && o.stored > 1)).toEqual([]);
    const committedUnanswered = writes.filter((o) => failedOutright(o) && o.stored === 1);
    const storedOf = (op: Op) => writes.filter((o) => o.op === op && o.stored === 1).length;

    // the money adds up. The walked contract: within its ceiling, its requests and payments those
    // stored, as the API (the survivor, through nginx) and SQL both say
    const [walkedSums] = await queryRows<{ requested: string; paid: string }>(
      db,
      sql`select coalesce(sum(amount), 0)::numeric(18,2)::text as requested,
            coalesce(sum(paid_amount), 0)::numeric(18,2)::text as paid
          from payment_transaction where contract_id = ${walked.id} and status = 'O' and approval_status <> 'R'`,
    );
    const summary = (await get('check', `/api/contract/summary/${walked.id}`, ketoan)).body;
    expect(summary).toMatchObject(walkedSums!);
    expect(summary.requested).toBe(addAmounts(String(AMOUNT * storedOf('request'))));
    expect(summary.paid).toBe(addAmounts(String((AMOUNT / 2) * storedOf('pay'))));
    expect(compareAmounts(summary.requested, summary.ceiling)).toBeLessThanOrEqual(0);
    // the shared requests: each paid what its payments say, never more than its amount; together
    // the payments stored
    let racedPaid = '0';
    for (const r of shared) {
      const now = (await get('check', `/api/payment-transaction/get/${r.id}`, ketoan)).body;
      const payouts = (await get('check', `/api/payment-transaction/payments/${r.id}`, ketoan)).body as {
        amount: string;
        reversed_at: string | null;
      }[];
      expect(payouts.every((p) => p.reversed_at === null)).toBe(true);
      expect(now.paid_amount).toBe(addAmounts('0', ...payouts.map((p) => p.amount)));
      expect(compareAmounts(now.paid_amount, now.amount)).toBeLessThanOrEqual(0);
      racedPaid = addAmounts(racedPaid, now.paid_amount);
    }
    expect(racedPaid).toBe(addAmounts(String(RACED * storedOf('race'))));
    // every request's paid amount is the sum of its payments, and the totals the triggers keep are
    // the plain sums
    const [mismatched] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from payment_transaction p
          where p.paid_amount <> (select coalesce(sum(o.amount), 0) from payment_payout o
            where o.payment_id = p.id and o.reversed_at is null)`,
    );
    expect(mismatched!.n).toBe(0);
    const months = await monthSummariesAndRows(db);
    expect(months.kept).toEqual(months.plain);
    const payouts = await payoutSummariesAndRows(db);
    expect(payouts.kept).toEqual(payouts.plain);

    // the figures of this run (README "Several servers", docs/adr/0081-failover-behind-nginx.md)
    const figures = {
      loadSeconds: Number(loadSeconds.toFixed(1)),
      requests: load.length,
      answeredBeforeKill: before.length,
      answeredAfterDeath: after.length,
      acknowledged: load.filter((o) => o.status === 200).length,
      refused: load.filter((o) => o.status >= 400 && o.status < 500).length,
      failedDuringKill: failed.length,
      // GETs cut off on the killed server, and requests nginx found it refusing once it was dead
      movedInFlight: moved.filter((o) => o.started < deadAt).length,
      movedRefused: moved.filter((o) => o.started > deadAt).length,
      writesChecked: writes.length,
      acknowledgedWrites: writes.filter((o) => o.status === 200).length,
      failedButCommitted: committedUnanswered.length,
    };
    console.log(`failover figures: ${JSON.stringify(figures)}`);
  }, 180_000);
});
