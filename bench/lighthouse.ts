/**
 * The first screen on a phone (issue 31, docs/performance.md#the-first-screen-on-a-phone-benchlighthousets):
 * Lighthouse 12's mobile preset (its default: a mid-range phone's screen, simulated slow 4G and a 4×
 * slower CPU) on the sign-in page and on the signed-in payment list, in Debian's Chromium. Asserts
 * nothing: it prints each page's median of `--runs` runs — performance score, first and largest
 * contentful paint, total blocking time, cumulative layout shift, bytes transferred (scripts apart) —
 * and writes bench/out/<date>-lighthouse.json with every run.
 *
 *   npm run build && npx tsx bench/lighthouse.ts           # its own server: the built web, demo data
 *   npx tsx bench/lighthouse.ts --base http://127.0.0.1:8090 --password <admin's>   # a running one
 *   options: --runs 3 --user admin --password … --quiet-wait 30 --reports (every run's full report)
 *            --throttling devtools (the load slowed for real instead of simulated)
 *   WEB_DIST=/path/to/dist npx tsx bench/lighthouse.ts    # another build, to compare two
 *
 * How the payment list is measured signed in: the web keeps its session in local storage
 * (web/src/lib/session.ts), which Lighthouse 12's storage reset leaves alone (it clears the HTTP
 * cache, service workers, cache storage and file systems of the origin, not local storage). So the
 * bench starts Chromium itself with a DevTools port and a profile of its own, signs in once through
 * the sign-in form over that DevTools connection (playwright-core's connectOverCDP, the browser
 * tests' client), then lets Lighthouse open its own tab in the same profile: every run is a first
 * visit with an empty cache, by a user already signed in. The sign-in page is measured before
 * signing in. A run that lands elsewhere (the session refused: the sign-in page) is reported as such.
 *
 * Every wait is bounded; every connection targets 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { type CpuUsage, cpuMeter, waitQuiet } from './cpu.ts';
import {
  ADMIN_PASSWORD,
  benchDatabase,
  bounded,
  freePort,
  log,
  machine,
  round,
  type Server,
  sleep,
  startServer,
  writeOut,
} from './harness.ts';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string' },
    runs: { type: 'string', default: '3' },
    'quiet-wait': { type: 'string', default: '30' },
    reports: { type: 'boolean', default: false },
    throttling: { type: 'string', default: 'simulate' },
  },
});
const runs = bounded(Number(args.runs), 1, 15, 'runs');
// `simulate` (Lighthouse's default: one unthrottled load, its timings replayed through a model of the
// phone) or `devtools` (the load itself slowed by Chromium: real waits, such as an answer the app
// waits for, which the model replays only through the requests' order)
const throttlingMethod = (['simulate', 'devtools'] as const).find((m) => m === args.throttling);
if (!throttlingMethod) throw new Error(`--throttling: simulate or devtools, not ${args.throttling}`);
const quietWait = bounded(Number(args['quiet-wait']), 0, 600, 'quiet-wait');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The pages of docs/product.md#screens-and-routes measured: the sign-in page, then the payment list. */
const PAGES = [
  { name: 'sign-in', path: '/auth/login', signedIn: false, shows: 'button[type="submit"]' },
  // the grid, or on a phone the list's cards (docs/adr/0089-payment-list-first-visit.md)
  {
    name: 'payment list',
    path: '/management/payment/list',
    signedIn: true,
    shows: '[role="grid"], [data-testid="list-cards"]',
  },
] as const;

type Run = {
  finalUrl: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  bytes: number;
  scriptBytes: number;
  requests: number;
  cpu: CpuUsage | null;
};

/** Chromium with a DevTools port and a profile of its own; resolves once the port answers. */
async function startChromium(): Promise<{ chrome: ChildProcess; port: number; profile: string }> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-lighthouse-'));
  const chrome = spawn(
    CHROME_PATH,
    [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  for (let i = 0; ; i++) {
    if (i > 150 || chrome.exitCode !== null) throw new Error(`Chromium (${CHROME_PATH}) did not start`);
    const up = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await sleep(200);
  }
  return { chrome, port, profile };
}

/**
 * Opens the page once in the profile Lighthouse uses and waits for what it shows (the sign-in form's
 * button, the list's grid or cards): a build whose page fails (an error page scores well) is not measured.
 */
async function checkShows(port: number, url: string, selector: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(url);
    await page
      .locator(selector)
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(() => {
        throw new Error(`${url} does not show ${selector}`);
      });
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Signs in through the sign-in form over the DevTools port, in the profile Lighthouse will use. */
async function signIn(port: number, base: string, user: string, password: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('no default browser context');
    const page = await context.newPage();
    await page.goto(`${base}/auth/login`);
    await page.locator('input[name="user_name"]').fill(user);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'), { timeout: 30_000 });
    await page.close();
  } finally {
    await browser.close();
  }
}

const audit = (lhr: LighthouseResult, id: string) => lhr.audits[id];
type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type Items = { items?: Record<string, unknown>[] };

function summarise(lhr: LighthouseResult, cpu: CpuUsage | null): Run {
  const num = (id: string) => round(audit(lhr, id)?.numericValue ?? Number.NaN, 3);
  const requests = ((audit(lhr, 'network-requests')?.details as Items | undefined)?.items ?? []) as {
    resourceType?: string;
    transferSize?: number;
  }[];
  return {
    finalUrl: lhr.finalDisplayedUrl,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: Math.round(num('first-contentful-paint')),
    lcpMs: Math.round(num('largest-contentful-paint')),
    tbtMs: Math.round(num('total-blocking-time')),
    cls: round(num('cumulative-layout-shift'), 3),
    speedIndexMs: Math.round(num('speed-index')),
    bytes: num('total-byte-weight'),
    scriptBytes: requests
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    requests: requests.length,
    cpu,
  };
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? Number.NaN;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  let server: Server | null = null;
  let cleanup: (() => Promise<void>) | null = null;
  let base = args.base ?? '';
  let password = args.password ?? '';
  if (!args.base) {
    const dist = path.resolve(process.env.WEB_DIST ?? path.join(import.meta.dirname, '../web/dist'));
    if (!fs.existsSync(path.join(dist, 'index.html')))
      throw new Error('no web/dist: run `npm run build` first');
    const target = await benchDatabase({
      backend: 'pglite',
      adminUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
      prefix: 'lighthouse',
      keep: false,
    });
    server = await startServer(target, { env: { SEED_DEMO: '1', WEB_DIST: dist } });
    cleanup = () => target.cleanup(server?.process ?? null);
    base = server.base;
    password = ADMIN_PASSWORD;
  } else if (!password) throw new Error('--password: the password of --user on that server');
  log(`Lighthouse ${createRequire(import.meta.url)('lighthouse/package.json').version}, ${CHROME_PATH}`);
  const { chrome, port, profile } = await startChromium();
  const results: Record<string, Run[]> = {};
  try {
    for (const page of PAGES) {
      if (page.signedIn) await signIn(port, base, args.user, password);
      await checkShows(port, `${base}${page.path}`, page.shows);
      results[page.name] = [];
      // a run whose trace Lighthouse could not read (NO_NAVSTART, now and then) is run again, at most
      // `runs` times in all
      for (let i = 0, failed = 0; i < runs; ) {
        const quiet = await waitQuiet(quietWait);
        const meter = cpuMeter();
        const result = await lighthouse(`${base}${page.path}`, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          throttlingMethod,
        });
        const cpu = await meter.stop();
        if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
        if (result.lhr.runtimeError) {
          log(`${page.name}: ${result.lhr.runtimeError.code}, run again`);
          if (++failed > runs) throw new Error(`Lighthouse failed ${failed} times on ${page.path}`);
          continue;
        }
        i++;
        const run = summarise(result.lhr, cpu);
        results[page.name]!.push(run);
        const landed = new URL(run.finalUrl).pathname === page.path ? '' : ` — landed on ${run.finalUrl}`;
        log(
          `${page.name} run ${i}: score ${run.score}, FCP ${run.fcpMs} ms, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}, ${kb(run.bytes)} (scripts ${kb(run.scriptBytes)}), other load ${cpu?.otherCores ?? '?'} cores${quiet.busyCores !== null && quiet.busyCores >= 0.25 ? ' (noisy)' : ''}${landed}`,
        );
        if (args.reports) {
          const file = writeOut(`lighthouse-${page.name.replace(/\W+/g, '-')}-${i}`, result.lhr);
          log(`  report: ${file}`);
        }
      }
    }
  } finally {
    chrome.kill('SIGTERM');
    await new Promise((r) => (chrome.exitCode !== null ? r(null) : chrome.once('exit', r)));
    fs.rmSync(profile, { recursive: true, force: true });
    if (cleanup) await cleanup();
  }
  log('');
  log(`median of ${runs} | score | FCP ms | LCP ms | TBT ms | CLS   | transferred | of it scripts`);
  const medians: Record<string, Record<string, number>> = {};
  for (const [name, list] of Object.entries(results)) {
    const m = {
      score: median(list.map((r) => r.score)),
      fcpMs: median(list.map((r) => r.fcpMs)),
      lcpMs: median(list.map((r) => r.lcpMs)),
      tbtMs: median(list.map((r) => r.tbtMs)),
      cls: median(list.map((r) => r.cls)),
      bytes: median(list.map((r) => r.bytes)),
      scriptBytes: median(list.map((r) => r.scriptBytes)),
    };
    medians[name] = m;
    log(
      `${name.padEnd(14)} | ${String(m.score).padStart(5)} | ${String(m.fcpMs).padStart(6)} | ${String(m.lcpMs).padStart(6)} | ${String(m.tbtMs).padStart(6)} | ${m.cls.toFixed(3)} | ${kb(m.bytes).padStart(11)} | ${kb(m.scriptBytes).padStart(13)}`,
    );
  }
  const file = writeOut('lighthouse', {
    machine: machine(),
    base: args.base ?? 'own server (web/dist, demo data, PGlite)',
    user: args.user,
    chrome: { path: CHROME_PATH, flags: CHROME_FLAGS },
    runs,
    medians,
    results,
  });
  log(`written: ${file}`);
}

await main();
