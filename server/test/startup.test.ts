// `npm start` as a newcomer runs it: a real process on a fresh data folder.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { factories } from './factories.ts';
import { authHeaders, createTestDatabase } from './helpers.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const running = new Set<ChildProcess>();

type Started = { proc: ChildProcess; port: number; out: () => string; exited: Promise<number | null> };

function start(env: Record<string, string>): Promise<Started> {
  const proc = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, SKIP_WEB_BUILD: '1', WEB_DIST: '', PORT: '0', LOG_LEVEL: 'warn', ...env },
  });
  running.add(proc);
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) =>
    proc.on('exit', (code) => {
      running.delete(proc);
      resolve(code);
    }),
  );
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const m = out.match(/ready on http:\/\/(?:\[[^\]]+\]|[^:/]+):(\d+)/);
      if (m) {
        clearInterval(timer);
        resolve({ proc, port: Number(m[1]), out: () => out, exited });
      }
    }, 50);
    exited.then((code) => {
      clearInterval(timer);
      reject(Object.assign(new Error(`exited ${code}: ${out}`), { code, out }));
    });
  });
}

async function failedStart(env: Record<string, string>) {
  const error = (await start(env).then(
    () => {
      throw new Error('server started but should not have');
    },
    (e) => e,
  )) as { code: number; out: string };
  return error;
}

const post = (port: number, url: string, body: unknown, token?: string) =>
  fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...authHeaders(token) },
    body: JSON.stringify(body),
  });

afterAll(() => {
  for (const p of running) p.kill('SIGKILL');
});

describe('npm start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-start-'));

  it('starts on a fresh folder, prints the admin password once, refuses a second server, and keeps records across a restart', async () => {
    const first = await start({ DATA_DIR: dataDir });
    const password = first.out().match(/admin user: admin\s+password: (\S+)/)?.[1];
    expect(password).toBeTruthy();
    const login = await post(first.port, '/api/auth/login', { user_name: 'admin', password });
    expect(login.status).toBe(200);
    // the printed password is for one sign-in: the admin chooses its own before anything else
    // (docs/adr/0077-printed-admin-password-for-one-sign-in.md)
    const [given] = await login.json();
    expect(given.must_change_password).toBe(true);
    const chosen = `${password}-Mine-2026`;
    const at = (url: string, init: RequestInit = {}) =>
      fetch(`http://127.0.0.1:${first.port}${url}`, {
        ...init,
        headers: { 'content-type': 'application/json', ...authHeaders(given.id_token) },
      });
    const { version } = await (await at('/api/account/profile')).json();
    const changed = await at('/api/account/change-password', {
      method: 'PUT',
      body: JSON.stringify({ oldPassword: password, newPassword: chosen, version }),
    });
    expect(changed.status).toBe(200);
    const token = (
      await (await post(first.port, '/api/auth/login', { user_name: 'admin', password: chosen })).json()
    )[0].id_token;
    const created = await post(
      first.port,
      '/api/admin/company/create',
      { code: 'KEEP', name: 'Lưu lại' },
      token,
    );
    expect(created.status).toBe(200);

    const second = await failedStart({ DATA_DIR: dataDir });
    expect(second.code).toBe(1);
    expect(second.out.trim().split('\n')).toHaveLength(1);
    expect(second.out).toMatch(/SitePay cannot start: DATA_DIR .* is in use by another SitePay server/);

    first.proc.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'sitepay.lock'))).toBe(false);

    const again = await start({ DATA_DIR: dataDir });
    expect(again.out()).not.toMatch(/password:/);
    const relog = await post(again.port, '/api/auth/login', { user_name: 'admin', password: chosen });
    const token2 = (await relog.json())[0].id_token;
    const list = await fetch(`http://127.0.0.1:${again.port}/api/admin/company/paging?search=keep`, {
      headers: { ...authHeaders(token2) },
    });
    expect((await list.json()).items.map((c: { code: string }) => c.code)).toEqual(['KEEP']);
    again.proc.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });

  it('a stop does not wait for the keep-alive connection of a request that ends during it', async () => {
    const server = await start({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-keepalive-')) });
    const agent = new http.Agent({ keepAlive: true });
    // the stop begins once the server has taken the sign-in in (its "100 Continue" says so: the
    // request is routed, not refused as one arriving during a stop), and before its body is sent; the
    // sign-in then hashes a password and answers during the stop. (A stop sent a few ms after the
    // whole request raced with it: on a loaded machine the server had not read it yet and answered 503.)
    const answered = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          port: server.port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/auth/login',
          agent,
          headers: { 'content-type': 'application/json', expect: '100-continue' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.on('continue', () => {
        server.proc.kill('SIGTERM');
        req.end(JSON.stringify({ user_name: 'admin', password: 'wrong-password' }));
      });
      req.flushHeaders();
    });
    const began = Date.now();
    expect(await answered).toBe(401);
    // the answer's connection stays open on the client's side; the server closes it and ends
    expect(await server.exited).toBe(0);
    expect(Date.now() - began).toBeLessThan(5_000);
    agent.destroy();
  });

  it('a stop ends within its deadline after the log reader has gone', async () => {
    // `npm start | head -c 300`: the reader takes the first lines and exits while the server starts
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    // a real pipe (not the socket pair Node gives a child), read by head, which exits after 300 bytes
    const shell = spawn(
      'bash',
      ['-c', 'node scripts/start.mjs > >(head -c 300 > /dev/null) 2> /dev/null & echo $!; wait'],
      {
        cwd: root,
        env: {
          // as a production start sees it: none of the test runner's variables (VITEST=true hid the hang)
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: process.env.HOME ?? '/root',
          SKIP_WEB_BUILD: '1',
          WEB_DIST: '',
          PORT: String(port),
          LOG_LEVEL: 'info',
          DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-gone-log-')),
        },
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    const pid = await new Promise<number>((resolve) =>
      shell.stdout!.once('data', (d) => resolve(Number(String(d).trim()))),
    );
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    let up = false;
    for (let i = 0; i < 300 && !up; i++) {
      up = (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status === 200;
      if (!up) await new Promise((r) => setTimeout(r, 100));
    }
    expect(up).toBe(true); // the server still starts and answers
    for (let i = 0; i < 200; i++) await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    const stopAsked = Date.now();
    process.kill(pid, 'SIGTERM');
    while (alive() && Date.now() - stopAsked < 25_000) await new Promise((r) => setTimeout(r, 100));
    const stillRunning = alive();
    if (stillRunning) process.kill(pid, 'SIGKILL');
    shell.kill();
    expect(stillRunning).toBe(false);
    expect(Date.now() - stopAsked).toBeLessThan(20_000);
  }, 90_000);

  it('a bad configuration stops with one clear line', async () => {
    for (const [env, message] of [
      [{ PORT: 'abc' }, /PORT must be a port number/],
      [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres/],
      [{ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing' }, /cannot reach PostgreSQL/],
      [{ ADMIN_PASSWORD: '123' }, /ADMIN_PASSWORD must be at least 6 characters/],
      [{ BUSINESS_TIME_ZONE: 'Mars/Olympus' }, /BUSINESS_TIME_ZONE must be a time zone/],
      [{ HOST: 'every interface' }, /HOST must be an IP address or a host name/],
      [{ HOST: '127.0.0.1:8080' }, /HOST must be an IP address or a host name/],
    ] as const) {
      const result = await failedStart({
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-bad-')),
        ...env,
      });
      expect(result.code).toBe(1);
      expect(result.out.trim().split('\n')).toHaveLength(1);
      expect(result.out).toMatch(message);
    }
  });

  it('HOST chooses the interface: 127.0.0.1 answers there and nowhere else', async () => {
    const s = await start({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-host-')),
      HOST: '127.0.0.1',
    });
    try {
      expect(s.out()).toMatch(/ready on http:\/\/127\.0\.0\.1:\d+/);
      expect((await fetch(`http://127.0.0.1:${s.port}/api/health`)).status).toBe(200);
      // the machine's other addresses (if it has any) find nothing on that port
      const others = Object.values(os.networkInterfaces())
        .flat()
        .filter((i) => i && !i.internal && i.family === 'IPv4')
        .map((i) => i!.address);
      for (const address of others) {
        const reached = await fetch(`http://${address}:${s.port}/api/health`, {
          signal: AbortSignal.timeout(2000),
        }).then(
          () => true,
          () => false,
        );
        expect(reached, address).toBe(false);
      }
    } finally {
      s.proc.kill('SIGTERM');
      await s.exited;
    }
  }, 90_000);

  it('runs on PostgreSQL with DATABASE_URL and the given ADMIN_PASSWORD', async () => {
    const db = await createTestDatabase();
    try {
      const s = await start({
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-pg-')),
        DATABASE_URL: db.url,
        ADMIN_PASSWORD: 'chosen-pass',
      });
      expect(s.out()).toMatch(/PostgreSQL/);
      expect(
        (await post(s.port, '/api/auth/login', { user_name: 'admin', password: 'chosen-pass' })).status,
      ).toBe(200);
      s.proc.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    } finally {
      await db.drop();
    }
  });

  for (const backend of ['pglite', 'postgres'] as const) {
    it(`kill -9 during a write burst loses no acknowledged write (${backend})`, async () => {
      const db = backend === 'postgres' ? await createTestDatabase() : null;
      const env = {
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-kill-')),
        ADMIN_PASSWORD: 'kill-pass-1',
        ...(db ? { DATABASE_URL: db.url } : {}),
      };
      try {
        const first = await start(env);
        const login = await post(first.port, '/api/auth/login', {
          user_name: 'admin',
          password: 'kill-pass-1',
        });
        const token = ((await login.json()) as { id_token: string }[])[0]!.id_token;
        const acknowledged: string[] = [];
        let n = 0;
        const writer = async () => {
          for (;;) {
            const code = `K${++n}`;
            const res = await post(
              first.port,
              '/api/admin/company/create',
              { code, name: `Ghi ${code}` },
              token,
            ).catch(() => null);
            if (!res) return; // the server is gone
            if (res.status === 200) acknowledged.push(code);
          }
        };
        const burst = Promise.all(Array.from({ length: 8 }, writer));
        await new Promise((r) => setTimeout(r, 1500));
        first.proc.kill('SIGKILL');
        await burst;
        await first.exited;
        expect(acknowledged.length).toBeGreaterThan(10);
        const again = await start(env);
        const token2 = (
          (await (
            await post(again.port, '/api/auth/login', { user_name: 'admin', password: 'kill-pass-1' })
          ).json()) as { id_token: string }[]
        )[0]!.id_token;
        const list = await fetch(
          `http://127.0.0.1:${again.port}/api/admin/company/paging?itemsPerPage=1000`,
          {
            headers: { ...authHeaders(token2) },
          },
        );
        const codes = new Set(
          ((await list.json()) as { items: { code: string }[] }).items.map((c) => c.code),
        );
        expect(acknowledged.filter((c) => !codes.has(c))).toEqual([]);
        again.proc.kill('SIGTERM');
        expect(await again.exited).toBe(0);
      } finally {
        await db?.drop();
      }
    }, 120_000);
  }

  for (const backend of ['pglite', 'postgres'] as const) {
    it(`npm run backup and restore round-trip contracts, payment requests and files (${backend})`, async () => {
      const db = backend === 'postgres' ? await createTestDatabase() : null;
      const env = {
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-backup-')),
        ADMIN_PASSWORD: 'backup-pass-1',
        ...(db ? { DATABASE_URL: db.url } : {}),
      };
      const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-saved-')), 'b1');
      const script = (name: string, ...args: string[]) =>
        spawnSync(process.execPath, [`scripts/${name}.mjs`, ...args], {
          cwd: root,
          env: { ...process.env, ...env },
          encoding: 'utf8',
        });
      /** The admin signed in on `port`: his calls, and factories that make records as him. */
      const session = async (port: number) => {
        const res = await post(port, '/api/auth/login', { user_name: 'admin', password: 'backup-pass-1' });
        const token = ((await res.json()) as { id_token: string }[])[0]!.id_token;
        const call = async (method: string, url: string, by: string | null, body?: unknown) => {
          const r = await fetch(`http://127.0.0.1:${port}${url}`, {
            method,
            headers: { 'content-type': 'application/json', ...authHeaders(by) },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          return { status: r.status, body: await r.json() };
        };
        return {
          api: (method: string, url: string, body?: unknown) => call(method, url, token, body),
          f: factories({ call }, { admin: token, accountant: token }),
        };
      };
      try {
        const first = await start(env);
        const { f } = await session(first.port);
        const company = await f.company({ code: 'BK', name: 'Sao lưu' });
        const project = await f.project({ company_id: company.id });
        const ct = await f.construction({ project_id: project.id });
        const contract = await f.contract({
          contract_no: 'BK-HD',
          construction_id: ct.id,
          amount_before_vat: '1000000',
        });
        const payment = await f.request(contract, {
          date: '2025-02-01',
          amount: '500000',
          note: 'Trước sao lưu',
        });
        expect(payment.requirement_no).toBe(1);
        const pdf = Buffer.from('%PDF-1.4\nhợp đồng sao lưu\n%%EOF\n');
        const form = new FormData();
        form.append('id', String(company.id));
        form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'hop-dong.pdf');
        const token = (
          (await (
            await post(first.port, '/api/auth/login', { user_name: 'admin', password: 'backup-pass-1' })
          ).json()) as { id_token: string }[]
        )[0]!.id_token;
        const up = await fetch(`http://127.0.0.1:${first.port}/api/admin/company/file/upload`, {
          method: 'POST',
          headers: { ...authHeaders(token) },
          body: form,
        });
        expect(up.status).toBe(200);
        first.proc.kill('SIGTERM');
        expect(await first.exited).toBe(0);

        const saved = script('backup', folder);
        expect(saved.status, saved.stderr).toBe(0);

        // after the backup: the request is sent and another company appears
        const second = await start(env);
        let { api } = await session(second.port);
        expect(
          (await api('PATCH', `/api/payment-transaction/require-approval/${payment.id}`, { version: 0 }))
            .status,
        ).toBe(200);
        expect((await api('POST', '/api/admin/company/create', { code: 'AFTER', name: 'Sau' })).status).toBe(
          200,
        );
        // a running embedded server refuses a restore under its feet
        if (backend === 'pglite') expect(script('restore', folder).status).toBe(1);
        second.proc.kill('SIGTERM');
        expect(await second.exited).toBe(0);

        const restored = script('restore', folder);
        expect(restored.status, restored.stderr).toBe(0);
        const third = await start(env);
        ({ api } = await session(third.port));
        const back = (await api('GET', `/api/payment-transaction/get/${payment.id}`)).body;
        expect(back).toMatchObject({
          approval_status: 'O',
          amount: '500000.00',
          contract_no: 'BK-HD',
          note: 'Trước sao lưu',
        });
        const codes = (await api('GET', '/api/admin/company/list/all')).body.map(
          (c: { code: string }) => c.code,
        );
        expect(codes).toContain('BK');
        expect(codes).not.toContain('AFTER');
        const files = (await api('GET', `/api/admin/company/file/list/${company.id}`)).body;
        expect(files.map((f: { file_name: string }) => f.file_name)).toEqual(['hop-dong.pdf']);
        const token3 = (
          (await (
            await post(third.port, '/api/auth/login', { user_name: 'admin', password: 'backup-pass-1' })
          ).json()) as { id_token: string }[]
        )[0]!.id_token;
        const down = await fetch(
          `http://127.0.0.1:${third.port}/api/admin/company/file/download/${files[0].id}`,
          {
            headers: { ...authHeaders(token3) },
          },
        );
        expect(Buffer.compare(Buffer.from(await down.arrayBuffer()), pdf)).toBe(0);
        third.proc.kill('SIGTERM');
        expect(await third.exited).toBe(0);
      } finally {
        await db?.drop();
      }
    }, 180_000);
  }
});
