// `npm test`: the whole suite, as CI runs it — unit and API tests (Vitest, on PGlite and on the
// local PostgreSQL), then the browser tests (scripts/e2e.mjs). Prints one closing line
// "N passed, N failed" and exits non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

mkdirSync(`${root}.tmp`, { recursive: true });
const report = `${root}.tmp/vitest.json`;
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${report}`,
]);
let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numTotalTests === 0 ? 1 : 0);
}
if (vitestStatus !== 0 && failed === 0) failed += 1; // a crash before any test counts as a failure

let e2eStatus = 0;
if (existsSync(`${root}scripts/e2e.mjs`) && existsSync(`${root}web/package.json`)) {
  const e2eReport = `${root}.tmp/e2e-summary.json`;
  e2eStatus = run(process.execPath, ['scripts/e2e.mjs'], { E2E_SUMMARY: e2eReport });
  if (existsSync(e2eReport)) {
    const e = JSON.parse(readFileSync(e2eReport, 'utf8'));
    passed += e.passed;
    failed += e.failed;
  }
  if (e2eStatus !== 0 && !existsSync(e2eReport)) failed += 1;
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(vitestStatus !== 0 || e2eStatus !== 0 || failed > 0 ? 1 : 0);
