// `npm run test:e2e`: the browser tests against the real server. Builds the web app when its
// sources are newer than web/dist, starts `node scripts/start.mjs` on a free port with a fresh
// DATA_DIR (demo data on, known admin password), waits for /api/health, runs the Vitest +
// playwright-core suite in e2e/ with Debian's Chromium, stops the server, and prints
// "N passed, N failed". E2E_BASE_URL=http://… skips the server and tests that one instead.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ADMIN_PASSWORD = 'e2e-Admin-123';

const newestMtime = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
};

function buildWebIfNeeded() {
  const built = newestMtime(join(root, 'web/dist/index.html'));
  const sources = Math.max(
    ...[
      'web/src',
      'web/index.html',
      'web/vite.config.ts',
      'web/package.json',
      'web/public',
      'domain/src',
    ].map((p) => newestMtime(join(root, p))),
  );
  if (built && built >= sources) return;
  console.log('e2e: building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the web build failed');
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function waitForHealth(baseUrl, server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not answer /api/health in time');
}

function stop(server) {
  return new Promise((resolve) => {
    if (!server || server.exitCode !== null) return resolve();
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/** Fails fast, with the reason, when the server does not hand out the app and its scripts. */
async function checkWebServed(baseUrl) {
  const page = await fetch(`${baseUrl}/management/company/list`);
  const html = await page.text();
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!page.ok || !entry)
    throw new Error(`the server does not serve the web app at client routes (HTTP ${page.status})`);
  const script = await fetch(`${baseUrl}${entry}`);
  if (!script.ok) {
    throw new Error(
      `the server refuses the web app's script ${entry} (HTTP ${script.status}); static files must be public — see docs/web.md`,
    );
  }
}

function runTests(baseUrl, reportFile, smtpPort) {
  return new Promise((resolve) => {
    const child = spawn(
      'npx',
      [
        'vitest',
        'run',
        '--config',
        'e2e/vitest.config.ts',
        '--reporter=default',
        '--reporter=json',
        `--outputFile=${reportFile}`,
      ],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          E2E_BASE_URL: baseUrl,
          // the port the e-mail test's local SMTP server listens on, allowed by the server
          ...(smtpPort ? { E2E_SMTP_PORT: String(smtpPort) } : {}),
          E2E_ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? ADMIN_PASSWORD,
          // a port for the test that starts a server of its own (e2e/first-password.e2e.ts)
          ...(freshPort ? { E2E_FRESH_PORT: String(freshPort) } : {}),
        },
      },
    );
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

let server = null;
let smtpPort = null;
let freshPort = process.env.E2E_FRESH_PORT ? Number(process.env.E2E_FRESH_PORT) : null;
let dataDir = null;
let passed = 0;
let failed = 0;
let status = 1;
const work = mkdtempSync(join(tmpdir(), 'sitepay-e2e-'));
try {
  let baseUrl = process.env.E2E_BASE_URL;
  if (!baseUrl) {
    buildWebIfNeeded();
    const port = await freePort();
    // the server sends only to SMTP ports (MAIL_SMTP_PORTS adds the e-mail test's local one)
    do smtpPort = await freePort();
    while (smtpPort === port);
    if (!freshPort)
      do freshPort = await freePort();
      while (freshPort === port || freshPort === smtpPort);
    dataDir = join(work, 'data');
    mkdirSync(dataDir);
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD,
        SEED_DEMO: '1',
        SKIP_WEB_BUILD: '1',
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        MAIL_SMTP_PORTS: String(smtpPort),
      },
    });
    const log = [];
    const keep = (chunk) => {
      log.push(chunk.toString());
      if (log.length > 200) log.shift();
    };
    server.stdout.on('data', keep);
    server.stderr.on('data', keep);
    try {
      await waitForHealth(baseUrl, server);
    } catch (error) {
      console.error(log.join(''));
      throw error;
    }
    console.log(`e2e: server ready on ${baseUrl}`);
  }
  await checkWebServed(baseUrl);
  const reportFile = join(work, 'e2e-results.json');
  status = await runTests(baseUrl, reportFile, smtpPort);
  if (existsSync(reportFile)) {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests + (report.numTotalTests === 0 ? 1 : 0);
  }
  if (status !== 0 && failed === 0) failed = 1; // a crash before any test ran
} catch (error) {
  console.error(`e2e: ${error instanceof Error ? error.message : error}`);
  failed = Math.max(failed, 1);
  status = 1;
} finally {
  await stop(server);
  rmSync(work, { recursive: true, force: true });
}
if (process.env.E2E_SUMMARY) writeFileSync(process.env.E2E_SUMMARY, JSON.stringify({ passed, failed }));
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(status !== 0 || failed > 0 ? 1 : 0);
