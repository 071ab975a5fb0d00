/**
 * Database faults: the test starts a private PostgreSQL (initdb and pg_ctl on a free port, in a
 * temporary folder), puts the server under a write load, and crashes and restarts the database
 * under it. While it is down every request answers 503 with Retry-After (never a 500, never a hang);
 * once it is back the same server answers again without a restart, and every write it acknowledged
 * is there.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, freePort, type TestServer } from './helpers.ts';

/** The machine's PostgreSQL programs (Debian keeps them out of PATH). */
function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (fs.existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  const found = execFileSync('sh', ['-c', 'command -v pg_ctl || true']).toString().trim();
  if (!found) throw new Error('pg_ctl and initdb are required for the database fault tests');
  return path.dirname(found);
}

/** A throwaway PostgreSQL cluster. PostgreSQL refuses to run as root: then it runs as `postgres`. */
class PrivatePostgres {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-pgfault-'));
  readonly bin = pgBin();
  port = 0;

  private run(program: string, args: string[]) {
    const asRoot = process.getuid?.() === 0;
    const [cmd, all] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(this.bin, program), ...args]]
      : [path.join(this.bin, program), args];
    execFileSync(cmd, all, { stdio: 'pipe', timeout: 60_000 });
  }

  async init() {
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', this.dir]);
    this.port = await freePort();
    this.run('initdb', ['-D', path.join(this.dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    this.start();
  }

  start() {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir} -c fsync=off`;
    this.run('pg_ctl', [
      '-D',
      path.join(this.dir, 'data'),
      '-l',
      path.join(this.dir, 'log'),
      '-o',
      options,
      '-w',
      'start',
    ]);
  }

  /** A crash: every backend killed at once, no checkpoint (what a power cut does to the process). */
  crash() {
    this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  }

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  destroy() {
    try {
      this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('database faults (a private PostgreSQL crashed and restarted under load)', () => {
  const pgServer = new PrivatePostgres();
  let s: TestServer;
  let admin: string;

  beforeAll(async () => {
    await pgServer.init();
    s = await createTestServer('postgres', { pgUrl: pgServer.url, demo: false });
    admin = await s.login();
  }, 120_000);

  afterAll(async () => {
    await s?.close().catch(() => {});
    pgServer.destroy();
  });

  it('answers 503 while the database is down, recovers without a restart, and loses nothing acknowledged', async () => {
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let stop = false;
    let n = 0;
    const writer = async (w: number) => {
      while (!stop) {
        const code = `F${w}-${n++}`;
        const started = Date.now();
        const r = await s.call('POST', '/api/admin/company/create', admin, { code, name: `Lỗi ${code}` });
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        // no request is held: an answer comes within the pool's connection timeout
        expect(Date.now() - started).toBeLessThan(15_000);
        if (r.status === 200) acknowledged.push(code);
        else {
          expect(r.status, JSON.stringify(r.body)).toBe(503);
          expect(r.body.code).toBe('service_unavailable');
          expect(r.headers['retry-after']).toBe('5');
          await sleep(50);
        }
      }
    };
    const writers = Array.from({ length: 6 }, (_, w) => writer(w));

    await sleep(1_000);
    const beforeCrash = acknowledged.length;
    expect(beforeCrash).toBeGreaterThan(0);
    pgServer.crash();

    // down: reads, writes, a sign-in and the health check all say 503
    await sleep(500);
    for (const [method, url, token, body] of [
      ['GET', '/api/health', null, undefined],
      ['GET', '/api/admin/company/paging', admin, undefined],
      ['POST', '/api/auth/login', null, { user_name: 'admin', password: 'whatever-1' }],
      ['POST', '/api/admin/company/create', admin, { code: 'DOWN', name: 'Khi sập' }],
    ] as const) {
      const r = await s.call(method, url, token, body);
      expect(r.status, `${method} ${url}`).toBe(503);
      expect(r.body).toMatchObject({ status: 503, code: 'service_unavailable' });
    }
    const duringOutage = acknowledged.length;

    pgServer.start();
    // back: the same server answers again, within a few seconds, with no restart
    const back = Date.now();
    for (;;) {
      const r = await s.call('GET', '/api/health', null);
      if (r.status === 200) break;
      expect(r.status).toBe(503);
      expect(Date.now() - back).toBeLessThan(20_000);
      await sleep(200);
    }
    await sleep(1_500);
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(duringOutage);
    expect(statuses.get(503)).toBeGreaterThan(0);
    expect([...statuses.keys()].sort()).toEqual([200, 503]);

    // every connection came back to the pool: none was lost with the crash (each lost one would
    // shrink the pool for good, until every request waited for a connection that never comes)
    const pool = (s.database.db as unknown as { $client: unknown }).$client as {
      totalCount: number;
      idleCount: number;
      waitingCount: number;
    };
    // (polled briefly: the mail worker's own small query may hold one for a moment)
    await expect
      .poll(() => ({ busy: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }), {
        timeout: 3_000,
      })
      .toEqual({ busy: 0, waiting: 0 });

    // nothing acknowledged is lost; nothing refused was written
    const rows = (await s.call('GET', '/api/admin/company/list/all', admin)).body as { code: string }[];
    const stored = new Set(rows.map((c) => c.code));
    expect(acknowledged.filter((code) => !stored.has(code))).toEqual([]);
    expect(stored.has('DOWN')).toBe(false);
    // the session survived the outage, and a new sign-in works
    expect((await s.call('GET', '/api/account/profile', admin)).status).toBe(200);
    await s.login();
  }, 120_000);
});
