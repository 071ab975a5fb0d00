// `npm run backup [-- folder]`: the database and the uploaded files, into one folder.
// PostgreSQL (DATABASE_URL) is dumped with pg_dump while the servers run; the embedded database is
// copied, so the server using DATA_DIR must be stopped first (its lock file says so).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { assertStopped, dataDir, fail } from './backup-common.mjs';

const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const target = path.resolve(process.argv[2] ?? path.join('backups', `sitepay-${stamp}`));
if (fs.existsSync(target) && fs.readdirSync(target).length) fail(`${target} exists and is not empty`);
fs.mkdirSync(target, { recursive: true });

const url = process.env.DATABASE_URL?.trim();
if (url) {
  const dump = spawnSync(
    'pg_dump',
    ['--format=custom', '--no-owner', '--file', path.join(target, 'database.pgdump'), url],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (dump.error)
    fail(
      `pg_dump is needed for a PostgreSQL backup (apt-get install postgresql-client): ${dump.error.message}`,
    );
  if (dump.status !== 0) fail('pg_dump failed (see above)');
} else {
  assertStopped();
  const pgdata = path.join(dataDir, 'pgdata');
  if (!fs.existsSync(pgdata)) fail(`no embedded database in ${dataDir}`);
  fs.cpSync(pgdata, path.join(target, 'pgdata'), { recursive: true });
}
for (const item of ['files', 'jwt-secret']) {
  const from = path.join(dataDir, item);
  if (fs.existsSync(from)) fs.cpSync(from, path.join(target, item), { recursive: true });
}
fs.writeFileSync(
  path.join(target, 'manifest.json'),
  `${JSON.stringify({ created_at: new Date().toISOString(), database: url ? 'postgres' : 'pglite' }, null, 2)}\n`,
);
console.log(`SitePay backup written to ${target}`);
