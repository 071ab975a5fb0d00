/**
 * Documents out (docs/product.md#performance-budgets): how long a 100,000-row payment export takes and how
 * much memory it adds to the server; the payment list's latency while two exports run at once; how long a
 * DOCX print takes (and, for information, a PDF one). Builds a fresh database with the server's own
 * migrations and seed, fills it with bench/generate.ts, starts the real server as `npm start` does on
 * 127.0.0.1, and measures through HTTP. Asserts nothing: it reports, and writes
 * bench/out/<date>-documents-<backend>.json.
 *
 *   npx tsx bench/documents.ts                  # PostgreSQL on 127.0.0.1:5432, 100,000 requests
 *   npx tsx bench/documents.ts --pglite         # the embedded PGlite
 *   options: --payments 100000 --duration 10 --connections 20 --prints 50 --quiet-wait 30 --keep
 *
 * Every loop is bounded in count and time; every connection targets 127.0.0.1.
 */
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import ExcelJS from 'exceljs';
import type { CurrentUser } from '../server/src/http/auth.ts';
import { readBatches } from '../server/src/http/paging.ts';
import { listSpec } from '../server/src/http/record-reads.ts';
import { paymentExport } from '../server/src/modules/export/export.routes.ts';
import { EXPORT_BATCH_ROWS } from '../server/src/modules/export/xlsx-export.ts';
import { cpuMeter, waitQuiet } from './cpu.ts';
import { scaleFor } from './generate.ts';
import {
  ADMIN_PASSWORD,
  benchDatabase,
  bounded,
  log,
  machine,
  migrateSeedGenerate,
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
const backend = args.pglite ? 'pglite' : 'postgres';
const payments = bounded(Number(args.payments), 1000, 2_000_000, 'payments');
const duration = bounded(Number(args.duration), 2, 120, 'duration');
const connections = bounded(Number(args.connections), 1, 100, 'connections');
const prints = bounded(Number(args.prints), 1, 1000, 'prints');
const quietWait = bounded(Number(args['quiet-wait']), 0, 600, 'quiet-wait');

async function main() {
  log(
    `SitePay documents bench: ${backend}, ${payments.toLocaleString('en')} payment requests, ${machine().cores} cores, Node ${process.version}`,
  );
  // 1. a fresh database, migrated and seeded by the server's own code, then the generated data
  const target = await benchDatabase({ backend, adminUrl: args['pg-url']!, prefix: 'docs', keep: args.keep });
  let server: Server | null = null;
  const cleanup = () => target.cleanup(server?.process ?? null);
  const out: Record<string, unknown> = {
    date: new Date().toISOString(),
    backend,
    machine: machine(),
    options: { payments, duration, connections, prints },
  };
  try {
    const database = await migrateSeedGenerate(
      target,
      scaleFor({ companies: 1000, paymentRequests: payments }),
      {
        seed: Number(args.seed) || 42,
        log,
      },
    );
    const client = sinkOf(database);
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
    const spec = await listSpec(database.db, paymentExport.kind, { status: 'all' }, admin);
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
    server = await startServer(target);
    const { base, pid } = server;
    const token = await signIn(base, 'admin', ADMIN_PASSWORD);
    if (!token) throw new Error('admin cannot sign in');
    const auth = { ApplicationId: 'sitepay-web', authorization: `Bearer ${token}` };
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
    log(`written: ${writeOut(`documents-${backend}`, out)}`);
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  console.error(`documents bench: ${(error as Error).stack ?? error}`);
  process.exit(1);
});
