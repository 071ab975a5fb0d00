/**
 * Reports (docs/product.md#performance-budgets, issue 14 point 4): every report's latency over 1,000,000
 * payment requests (p50 ≤ 500 ms), the payment list's p99 while two heavy reports run (≤ 100 ms), and whether
 * at most two heavy reports run at once (the rest wait their turn). Builds a fresh database with the server's
 * own migrations and seed, fills it with bench/generate.ts (contracts and annexes scale with the requests),
 * starts the real server as `npm start` does on 127.0.0.1, and measures through HTTP. Asserts nothing: it
 * reports, and writes bench/out/<date>-reports-<backend>.json.
 *
 *   npx tsx bench/reports.ts                   # PostgreSQL on 127.0.0.1:5432, 1,000,000 requests
 *   npx tsx bench/reports.ts --pglite          # the embedded PGlite, 100,000 requests
 *   npx tsx bench/reports.ts --keep            # keep the database and print its URL, then:
 *   npx tsx bench/reports.ts --reuse postgres://postgres@127.0.0.1:5432/sitepay_reports_…
 *   options: --payments N --requests 20 --warmups 3 --duration 10 --connections 20 --burst 6
 *            --scenario-seconds 120 --quiet-wait 30 --only payment,contract --seed 42
 *
 * 1. Every report route (server/src/modules/report/report.routes.ts), without filters and with a
 *    realistic set (the last 12 months of the data and the bench director's company), plus the
 *    single-construction view (`/report/construction?constructionId=`), the single-contractor view
 *    (`/report/constructor?constructorId=`) and the home page, as admin (no scope) and as the bench
 *    director (one company's scope): N sequential requests after the warm-ups, p50 / p99 / max.
 * 2. The payment list (autocannon) alone, and while the two slowest reports of step 1 run in a loop
 *    at once; then `--burst` copies of the slowest report fired together: their completion times,
 *    and (PostgreSQL) how many report statements pg_stat_activity showed running at once.
 * 3. The CPU split of every measured run (bench/cpu.ts) and the server's RSS.
 *
 * Every loop is bounded in count and time; every connection targets 127.0.0.1.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { type CpuUsage, cpuMeter, waitQuiet } from './cpu.ts';
import { BENCH_USER_PASSWORD, scaleFor } from './generate.ts';
import { BENCH_DIRECTOR, BENCH_SCOPE_ROLE } from './generate-payments.ts';
import {
  ADMIN_PASSWORD,
  benchDatabase,
  bounded,
  type Database,
  log,
  machine,
  migrateSeedGenerate,
  openBenchDatabase,
  round,
  rssMb,
  rssPeak,
  type Server,
  signIn,
  sinkOf,
  sleep,
  startServer,
  stats,
  writeOut,
} from './harness.ts';

const { values: args } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    payments: { type: 'string' },
    requests: { type: 'string', default: '20' },
    warmups: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    burst: { type: 'string', default: '6' },
    'scenario-seconds': { type: 'string', default: '120' },
    only: { type: 'string' },
    seed: { type: 'string', default: '42' },
    'quiet-wait': { type: 'string', default: '30' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    'pg-url': {
      type: 'string',
      default: process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const backend = args.pglite ? 'pglite' : 'postgres';
const payments = bounded(
  Number(args.payments ?? (args.pglite ? 100_000 : 1_000_000)),
  1000,
  2_000_000,
  'payments',
);
const requests = bounded(Number(args.requests), 1, 500, 'requests');
const warmups = bounded(Number(args.warmups), 0, 20, 'warmups');
const duration = bounded(Number(args.duration), 2, 120, 'duration');
const connections = bounded(Number(args.connections), 1, 100, 'connections');
const burst = bounded(Number(args.burst), 2, 20, 'burst');
const scenarioSeconds = bounded(Number(args['scenario-seconds']), 5, 1800, 'scenario-seconds');
const quietWait = bounded(Number(args['quiet-wait']), 0, 600, 'quiet-wait');
const only = args.only ? args.only.split(',').map((s) => s.trim()) : null;
/** One report request may take this long before it counts as failed. */
const REQUEST_TIMEOUT_MS = 300_000;
const P50_BUDGET_MS = 500;
const LIST_P99_BUDGET_MS = 100;

type Who = 'admin' | 'director';
type Scenario = {
  name: string;
  path: string;
  query: Record<string, string | number>;
  /** Behind the report gate (two at once); the home page is not. */
  gated: boolean;
  /** Compare the director's answer with admin's (the filter names the director's company). */
  sameForBoth: boolean;
};
type Result = {
  scenario: string;
  user: Who;
  url: string;
  status: number;
  bytes: number;
  n: number;
  p50: number;
  p99: number;
  max: number;
  cpu: CpuUsage | null;
  noisy: boolean;
  sameAsAdmin?: boolean;
  error?: string;
};

/** What the scenarios look for, chosen in the data (the same for a seed). */
type Lookups = {
  livePayments: number;
  contracts: number;
  annexes: number;
  constructions: number;
  companyId: number | null;
  companyCode: string | null;
  /** The director's construction with the most live requests, and its contractor with the most contracts. */
  constructionId: number | null;
  constructorId: number | null;
  from: string;
  to: string;
};

async function lookups(database: Database): Promise<Lookups> {
  const sink = sinkOf(database);
  const one = async (text: string, params: unknown[] = []) => (await sink.query(text, params)).rows[0] ?? {};
  const counts = await one(
    `select (select count(*)::int from payment_transaction where status = 'O' and approval_status <> 'R') as payments,
            (select count(*)::int from contract where status <> 'D') as contracts,
            (select count(*)::int from contract_annex where status <> 'D') as annexes,
            (select count(*)::int from construction where status <> 'D') as constructions,
            (select max(date)::text from payment_transaction) as last`,
  );
  const company = await one(
    `select r.company_id as id, c.code from role r join company c on c.id = r.company_id
      where r.code = $1 and r.status <> 'D' limit 1`,
    [BENCH_SCOPE_ROLE],
  );
  const companyId = company.id === undefined ? null : Number(company.id);
  const construction = companyId
    ? await one(
        `select p.construction_id as id, count(*)::int as n from payment_transaction p
          where p.status = 'O' and p.construction_id in
                (select c.id from construction c join project pr on pr.id = c.project_id where pr.company_id = $1)
          group by p.construction_id order by n desc, p.construction_id limit 1`,
        [companyId],
      )
    : await one(
        `select construction_id as id from payment_transaction where status = 'O'
          group by construction_id order by count(*) desc, construction_id limit 1`,
      );
  const contractor = companyId
    ? await one(
        `select k.constructor_id as id, count(*)::int as n from contract k
          where k.status <> 'D' and k.construction_id in
                (select c.id from construction c join project pr on pr.id = c.project_id where pr.company_id = $1)
          group by k.constructor_id order by n desc, k.constructor_id limit 1`,
        [companyId],
      )
    : await one(
        `select constructor_id as id from contract where status <> 'D'
          group by constructor_id order by count(*) desc, constructor_id limit 1`,
      );
  const last = String(counts.last ?? new Date().toISOString().slice(0, 10));
  const from = new Date(Date.parse(`${last}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
  return {
    livePayments: Number(counts.payments ?? 0),
    contracts: Number(counts.contracts ?? 0),
    annexes: Number(counts.annexes ?? 0),
    constructions: Number(counts.constructions ?? 0),
    companyId,
    companyCode: company.code ?? null,
    constructionId: construction.id === undefined ? null : Number(construction.id),
    constructorId: contractor.id === undefined ? null : Number(contractor.id),
    from,
    to: last,
  };
}

/** Every report route, unfiltered and with a realistic filter set; the two views; the home page. */
function scenarios(l: Lookups): Scenario[] {
  const range = { from: l.from, to: l.to };
  const filters: Record<string, string | number> = {
    ...range,
    ...(l.companyId ? { companyId: l.companyId } : {}),
  };
  const list: Scenario[] = [];
  for (const path of [
    'payment',
    'constructor',
    'construction',
    'contract/count',
    'contract/count_annex',
    'contract/highest',
    'contract/smallest',
    'contract/amount_distribution',
  ]) {
    const rank: Record<string, number> =
      path.endsWith('highest') || path.endsWith('smallest') ? { limit: 10 } : {};
    list.push({ name: path, path, query: { ...rank }, gated: true, sameForBoth: false });
    list.push({
      name: `${path}:filtered`,
      path,
      query: { ...filters, ...rank },
      gated: true,
      sameForBoth: true,
    });
  }
  if (l.constructionId) {
    const one = { constructionId: l.constructionId };
    list.push({
      name: 'construction-view',
      path: 'construction',
      query: one,
      gated: true,
      sameForBoth: true,
    });
    list.push({
      name: 'construction-view:filtered',
      path: 'construction',
      query: { ...one, ...range },
      gated: true,
      sameForBoth: true,
    });
  }
  if (l.constructorId) {
    const one = { constructorId: l.constructorId };
    // admin sees the contractor's every construction, the director only those of its company
    list.push({ name: 'constructor-view', path: 'constructor', query: one, gated: true, sameForBoth: false });
    list.push({
      name: 'constructor-view:filtered',
      path: 'constructor',
      query: { ...one, ...filters },
      gated: true,
      sameForBoth: true,
    });
  }
  list.push({ name: 'home', path: 'home', query: {}, gated: false, sameForBoth: false });
  if (l.constructionId)
    list.push({
      name: 'home:construction',
      path: 'home',
      query: { constructionId: l.constructionId },
      gated: false,
      sameForBoth: false,
    });
  return only ? list.filter((s) => only.some((o) => s.name === o || s.name.startsWith(o))) : list;
}

const urlOf = (base: string, s: Scenario) => {
  const q = new URLSearchParams(Object.entries(s.query).map(([k, v]) => [k, String(v)])).toString();
  return `${base}/api/report/${s.path}${q ? `?${q}` : ''}`;
};

/** One report request, its body read to the end. */
async function timed(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, body };
}

async function main() {
  log(
    `SitePay reports bench: ${backend}, ${args.reuse ? 'a reused database' : `${payments.toLocaleString('en')} payment requests`}, ${machine().cores} cores, Node ${process.version}`,
  );
  // 1. the database: fresh (migrated, seeded, generated) or, with --reuse, an existing one
  const target = await benchDatabase({
    backend,
    adminUrl: args['pg-url']!,
    prefix: 'reports',
    keep: args.keep,
    reuse: args.reuse ?? null,
  });
  let server: Server | null = null;
  const cleanup = () => target.cleanup(server?.process ?? null);
  const out: Record<string, unknown> = {
    date: new Date().toISOString(),
    backend,
    machine: machine(),
    options: {
      payments: args.reuse ? null : payments,
      requests,
      warmups,
      duration,
      connections,
      burst,
      scenarioSeconds,
      reused: !target.fresh,
    },
  };
  try {
    const database = target.fresh
      ? await migrateSeedGenerate(target, scaleFor({ companies: 1000, paymentRequests: payments }), {
          seed: Number(args.seed) || 42,
          log,
        })
      : await openBenchDatabase(target);
    if (!target.fresh) log(`reusing ${target.databaseUrl ?? target.dataDir} (no generation)`);
    const l = await lookups(database);
    await database.close();
    out.data = l;
    log(
      `data: ${l.livePayments.toLocaleString('en')} live requests, ${l.contracts.toLocaleString('en')} contracts, ` +
        `${l.annexes.toLocaleString('en')} annexes, ${l.constructions} constructions; director's company ${l.companyCode ?? '—'}, ` +
        `view of construction ${l.constructionId ?? '—'} and contractor ${l.constructorId ?? '—'}; filter range ${l.from}…${l.to}`,
    );
    if (l.contracts === 0) throw new Error('no contracts: the contract reports would measure nothing');

    // 2. the real server, as `npm start` runs it
    server = await startServer(target);
    const { base, pid } = server;
    const adminToken = await signIn(base, 'admin', ADMIN_PASSWORD);
    if (!adminToken) throw new Error('admin cannot sign in');
    const directorToken = await signIn(base, BENCH_DIRECTOR, BENCH_USER_PASSWORD);
    const headers: Record<Who, Record<string, string> | null> = {
      admin: { ApplicationId: 'sitepay-web', authorization: `Bearer ${adminToken}` },
      director: directorToken
        ? { ApplicationId: 'sitepay-web', authorization: `Bearer ${directorToken}` }
        : null,
    };
    if (!directorToken) log(`${BENCH_DIRECTOR} cannot sign in: the director's runs are left out`);
    await sleep(3000);
    const idleMb = rssMb(pid);
    log(`server ready; idle RSS ${idleMb} MB`);

    // 3. every report, one request at a time, as admin and as the director
    const list = scenarios(l);
    const results: Result[] = [];
    const adminBodies = new Map<string, string>();
    await waitQuiet(quietWait);
    const reportsPeak = rssPeak(pid);
    log(
      `\nreports: ${warmups} warm-ups, then ${requests} requests each (at most ${scenarioSeconds} s a scenario)`,
    );
    log(
      `${'scenario'.padEnd(38)} ${'user'.padEnd(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'n'.padStart(4)} ${'KB'.padStart(7)}  cores bench/pg/other`,
    );
    for (const s of list) {
      for (const user of ['admin', 'director'] as const) {
        const h = headers[user];
        if (!h) continue;
        const url = urlOf(base, s);
        const started = Date.now();
        const inTime = () => Date.now() - started < scenarioSeconds * 1000;
        const result: Result = {
          scenario: s.name,
          user,
          url: url.replace(base, ''),
          status: 0,
          bytes: 0,
          n: 0,
          p50: Number.NaN,
          p99: Number.NaN,
          max: Number.NaN,
          cpu: null,
          noisy: false,
        };
        try {
          let last = await timed(url, h);
          result.status = last.status;
          if (last.status !== 200) throw new Error(`${last.status} ${last.body.slice(0, 200)}`);
          for (let i = 1; i < warmups && inTime(); i++) last = await timed(url, h);
          const meter = cpuMeter();
          const samples: number[] = [];
          for (let i = 0; i < requests && (inTime() || samples.length === 0); i++) {
            last = await timed(url, h);
            if (last.status !== 200) throw new Error(`${last.status} ${last.body.slice(0, 200)}`);
            samples.push(last.ms);
          }
          result.cpu = await meter.stop();
          result.noisy = (result.cpu?.otherCores ?? 0) > 0.2;
          result.bytes = Buffer.byteLength(last.body);
          Object.assign(result, stats(samples));
          if (user === 'admin') adminBodies.set(s.name, last.body);
          else if (s.sameForBoth && adminBodies.has(s.name))
            result.sameAsAdmin = adminBodies.get(s.name) === last.body;
        } catch (error) {
          result.error = (error as Error).message;
        }
        results.push(result);
        const c = result.cpu;
        log(
          result.error
            ? `${s.name.padEnd(38)} ${user.padEnd(8)} FAILED: ${result.error}`
            : `${s.name.padEnd(38)} ${user.padEnd(8)} ${String(result.p50).padStart(8)} ${String(result.p99).padStart(8)} ` +
                `${String(result.max).padStart(8)} ${String(result.n).padStart(4)} ${String(round(result.bytes / 1024)).padStart(7)}  ` +
                (c ? `${c.benchCores}/${c.postgresCores}/${c.otherCores}` : '—') +
                (result.noisy ? ' noisy' : '') +
                (result.sameAsAdmin === false ? '  (differs from admin!)' : ''),
        );
      }
    }
    const reportsPeakMb = reportsPeak();
    out.reports = results;
    const compared = results.filter((r) => r.sameAsAdmin !== undefined);
    if (compared.length)
      log(
        `scope: ${compared.filter((r) => r.sameAsAdmin).length} of ${compared.length} filtered answers of the director equal admin's with the director's company as filter`,
      );

    // 4. the payment list alone, then while the two slowest reports run in a loop at once
    const ok = results.filter((r) => !r.error && r.n > 0);
    const byName = new Map(list.map((s) => [s.name, s]));
    const heavy = ok
      .filter((r) => r.user === 'admin' && byName.get(r.scenario)?.gated)
      .sort((a, b) => b.p50 - a.p50)
      .slice(0, 2)
      .map((r) => byName.get(r.scenario)!);
    const auth = headers.admin!;
    const listUrl = `${base}/api/payment-transaction/paging?itemsPerPage=20`;
    const loadList = async () => {
      const meter = cpuMeter();
      const r = await autocannon({ url: listUrl, connections, duration, headers: auth, timeout: 10 });
      return {
        rps: Math.round(r.requests.total / r.duration),
        p50: r.latency.p50,
        p99: r.latency.p99,
        max: r.latency.max,
        non2xx: r.non2xx,
        errors: r.errors,
        cpu: await meter.stop(),
      };
    };
    await autocannon({ url: listUrl, connections, duration: 2, headers: auth }); // warm-up
    await waitQuiet(quietWait);
    const alone = await loadList();
    log(`\nlist alone: ${alone.rps} req/s, p50 ${alone.p50} ms, p99 ${alone.p99} ms`);
    let during: Awaited<ReturnType<typeof loadList>> | null = null;
    const heavyTimes: Record<string, number[]> = {};
    const heavyFailures: string[] = [];
    if (heavy.length) {
      let running = true;
      const deadline = Date.now() + (duration + 60) * 1000 + REQUEST_TIMEOUT_MS;
      const looper = async (s: Scenario) => {
        const times: number[] = [];
        heavyTimes[s.name] = times;
        for (let i = 0; running && i < 1000 && Date.now() < deadline; i++) {
          const r = await timed(urlOf(base, s), auth).catch((e: Error) => ({
            ms: 0,
            status: 0,
            body: e.message,
          }));
          if (r.status !== 200) {
            heavyFailures.push(`${s.name}: ${r.status} ${r.body.slice(0, 200)}`);
            break;
          }
          times.push(r.ms);
        }
      };
      await waitQuiet(quietWait);
      const loopers = heavy.map(looper);
      await sleep(500); // both reports under way
      during = await loadList();
      running = false;
      await Promise.all(loopers);
      log(
        `list during two reports (${heavy.map((s) => s.name).join(', ')}): ${during.rps} req/s, p50 ${during.p50} ms, p99 ${during.p99} ms`,
      );
      for (const failure of heavyFailures) log(`  a report failed meanwhile: ${failure}`);
      for (const [name, times] of Object.entries(heavyTimes))
        log(
          `  ${name} meanwhile: ${times.length} runs, p50 ${stats(times).p50} ms, max ${stats(times).max} ms`,
        );
    }
    out.list = {
      url: listUrl.replace(base, ''),
      alone,
      duringTwoReports: during,
      reports: Object.fromEntries(Object.entries(heavyTimes).map(([k, v]) => [k, stats(v)])),
      reportFailures: heavyFailures,
    };

    // 5. `burst` copies of the slowest report at once: the gate lets two run, the rest wait their turn
    let burstOut: Record<string, unknown> | null = null;
    if (heavy.length) {
      const s = heavy[0]!;
      await waitQuiet(quietWait);
      // PostgreSQL shows the statements running: the server's other connections are idle now
      let watcher: pg.Client | null = null;
      let peakActive = 0;
      let peakAny = 0;
      let samples = 0;
      let watching = true;
      const watched = (async () => {
        if (!target.databaseUrl) return;
        watcher = new pg.Client({ connectionString: target.databaseUrl });
        await watcher.connect();
        const until = Date.now() + REQUEST_TIMEOUT_MS;
        while (watching && Date.now() < until) {
          // every report statement sums (`coalesce(sum(`); the requests' own checks do not
          const { rows } = await watcher.query(
            `select count(*)::int as n, count(*) filter (where query like '%coalesce(sum(%')::int as reports
               from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid()
                and backend_type = 'client backend' and state = 'active'`,
          );
          peakActive = Math.max(peakActive, Number(rows[0].reports));
          peakAny = Math.max(peakAny, Number(rows[0].n));
          samples += 1;
          await sleep(20);
        }
        await watcher.end();
      })();
      const peak = rssPeak(pid);
      const meter = cpuMeter();
      const t0 = performance.now();
      const done = await Promise.all(
        Array.from({ length: burst }, async () => {
          const r = await timed(urlOf(base, s), auth).catch(() => ({ status: 0 }));
          return { ms: round(performance.now() - t0), status: r.status };
        }),
      );
      const cpu = await meter.stop();
      watching = false;
      await watched;
      const completions = done.map((d) => d.ms).sort((a, b) => a - b);
      const solo = ok.find((r) => r.scenario === s.name && r.user === 'admin')!.p50;
      burstOut = {
        scenario: s.name,
        reports: burst,
        soloP50Ms: solo,
        completionsMs: completions,
        statuses: done.map((d) => d.status),
        // completion k of n at about ceil(k / 2) × solo when two run at once
        completionsInSoloRuns: completions.map((ms) => round(ms / solo, 2)),
        peakActiveStatements: target.databaseUrl ? peakActive : null,
        // with the requests' checks (the sign-in token's, before the gate)
        peakActiveAny: target.databaseUrl ? peakAny : null,
        activitySamples: target.databaseUrl ? samples : null,
        rssPeakMb: peak(),
        cpu,
      };
      log(
        `\n${burst} × ${s.name} at once (alone: p50 ${solo} ms): completed after ${completions.join(', ')} ms ` +
          `(= ${completions.map((ms) => round(ms / solo, 1)).join(', ')} × alone)` +
          (target.databaseUrl
            ? `; at most ${peakActive} report statements running at once in PostgreSQL (${peakAny} statements of any kind; ${samples} samples of pg_stat_activity)`
            : ''),
      );
    }
    out.burst = burstOut;

    await sleep(5000);
    const afterMb = rssMb(pid);
    out.rss = { idleMb, reportsPeakMb, afterMb };
    log(
      `server RSS: idle ${idleMb} MB, peak during the reports ${reportsPeakMb} MB, ${afterMb} MB 5 s after the load`,
    );

    // verdicts against docs/product.md#performance-budgets and issue 14
    const slow = ok.filter((r) => r.p50 > P50_BUDGET_MS);
    const failed = results.filter((r) => r.error);
    const verdicts: [string, boolean | null][] = [
      [
        `every report p50 ≤ ${P50_BUDGET_MS} ms (${ok.length} runs${failed.length ? `, ${failed.length} failed` : ''})` +
          (slow.length
            ? `: over it ${slow.map((r) => `${r.scenario}/${r.user} ${r.p50} ms`).join(', ')}`
            : ''),
        slow.length === 0 && failed.length === 0,
      ],
      [
        `list p99 ≤ ${LIST_P99_BUDGET_MS} ms while two reports run (${during ? `${during.p99} ms` : 'not measured'})`,
        during ? during.p99 <= LIST_P99_BUDGET_MS : null,
      ],
      [
        `at most two heavy reports at once (${
          burstOut && target.databaseUrl
            ? `${burstOut.peakActiveStatements} statements seen running at once`
            : 'PostgreSQL only; see the completion times'
        })`,
        burstOut && target.databaseUrl ? Number(burstOut.peakActiveStatements) <= 2 : null,
      ],
    ];
    for (const [what, met] of verdicts)
      log(`  ${met === null ? '—      ' : met ? 'met    ' : 'NOT MET'}  ${what}`);
    out.verdicts = Object.fromEntries(verdicts);
    log(`written: ${writeOut(`reports-${backend}`, out)}`);
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  console.error(`reports bench: ${(error as Error).stack ?? error}`);
  process.exit(1);
});
