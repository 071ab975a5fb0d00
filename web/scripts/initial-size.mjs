// What a phone's first visit downloads before the page is usable (docs/product.md#performance-budgets:
// the sign-in page's script ≤ 200 KB gzipped): the sign-in page, and the payment list of a user
// already signed in, each with an empty cache, in Debian's Chromium — every request the page makes
// until it shows what it is for (the sign-in button; the list's grid, or on a phone its cards) and the network is quiet. Each
// script is counted gzipped (its .gz twin, level 9, as the build writes it) and as a browser that
// accepts brotli is sent it (its .br twin, or the file as it is when too small to have one:
// docs/adr/0079-compressed-answers.md); the page and the API's answers as they came.
//
//   npm run build && node web/scripts/initial-size.mjs          # starts the server on web/dist, demo data
//   node web/scripts/initial-size.mjs --base http://127.0.0.1:8090 --password <admin's>   # a running one
//
// Exits non-zero when the sign-in page's script is above the budget.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const BUDGET_KB = 200;
const root = join(import.meta.dirname, '..', '..');
const dist = join(root, 'web', 'dist');
const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string' },
  },
});
if (!existsSync(join(dist, 'index.html'))) throw new Error('no web/dist: run `npm run build` first');

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** The server as `npm start` runs it, on web/dist, with the demo data in a folder of its own. */
async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sitepay-size-'));
  const password = 'size-Admin-123';
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_PASSWORD: password,
      SEED_DEMO: '1',
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (i > 600 || server.exitCode !== null) throw new Error('the server did not start');
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, password, stop };
}

/** A built file's size gzipped and as sent to a brotli client. */
function builtSizes(path) {
  const file = join(dist, path);
  const gz = existsSync(`${file}.gz`)
    ? readFileSync(`${file}.gz`).length
    : gzipSync(readFileSync(file), { level: 9 }).length;
  const br = readFileSync(existsSync(`${file}.br`) ? `${file}.br` : file).length;
  return { gz, br };
}

/** Opens `path` in a fresh context (empty cache) and lists what it fetched until it was usable. */
async function visit(browser, base, path, shows, storageState) {
  const context = await browser.newContext({
    storageState,
    viewport: { width: 412, height: 823 },
    isMobile: true,
    locale: 'vi-VN',
  });
  const page = await context.newPage();
  const fetched = [];
  page.on('requestfinished', async (request) => {
    const sizes = await request.sizes().catch(() => null);
    fetched.push({ url: request.url(), type: request.resourceType(), sent: sizes?.responseBodySize ?? 0 });
  });
  await page.goto(`${base}${path}`);
  await page.locator(shows).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await context.close();
  return fetched.map((f) => {
    const { pathname, search } = new URL(f.url);
    const built = f.type === 'script' && pathname.startsWith('/assets/') ? builtSizes(pathname) : null;
    return { ...f, path: `${pathname}${search}`, gz: built?.gz ?? f.sent, br: built?.br ?? f.sent };
  });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
function report(name, fetched) {
  const scripts = fetched.filter((f) => f.type === 'script');
  const api = fetched.filter((f) => f.path.startsWith('/api/'));
  const other = fetched.filter((f) => f.type !== 'script' && !f.path.startsWith('/api/'));
  const sum = (list, key) => list.reduce((total, f) => total + f[key], 0);
  console.log(`\n${name}: ${fetched.length} requests`);
  for (const f of scripts.sort((a, b) => b.gz - a.gz))
    console.log(`${kb(f.gz).padStart(10)} ${kb(f.br).padStart(10)} br  ${f.path}`);
  console.log(
    `${kb(sum(scripts, 'gz')).padStart(10)} ${kb(sum(scripts, 'br')).padStart(10)} br  script, ${scripts.length} files`,
  );
  console.log(
    `${''.padStart(10)} ${kb(sum(other, 'sent')).padStart(10)} as sent  the page and its other files`,
  );
  console.log(`${''.padStart(10)} ${kb(sum(api, 'sent')).padStart(10)} as sent  API answers, ${api.length}`);
  return sum(scripts, 'gz');
}

const own = args.base ? null : await startServer();
const base = args.base ?? own.base;
const password = args.password ?? own?.password;
if (!password) throw new Error('--password: the password of --user on that server');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const signInScript = report(
    'Sign-in page, /auth/login',
    await visit(browser, base, '/auth/login', 'button[type="submit"]'),
  );

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/auth/login`);
  await page.locator('input[name="user_name"]').fill(args.user);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  const session = await context.storageState();
  await context.close();
  report(
    'Payment list, /management/payment/list, signed in',
    await visit(
      browser,
      base,
      '/management/payment/list',
      '[role="grid"], [data-testid="list-cards"]',
      session,
    ),
  );

  console.log(`\nsign-in page: ${kb(signInScript)} of gzipped script, budget ${BUDGET_KB} KB`);
  if (signInScript / 1024 > BUDGET_KB) process.exitCode = 1;
} finally {
  await browser.close();
  await own?.stop();
}
