// `npm run restore -- folder`: puts back what `npm run backup` wrote — the database (pg_restore into
// DATABASE_URL, or the embedded database of DATA_DIR) and the uploaded files. Stop the servers first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { assertStopped, dataDir, fail } from './backup-common.mjs';

const source = process.argv[2] && path.resolve(process.argv[2]);
if (!source || !fs.existsSync(path.join(source, 'manifest.json')))
  fail('give the folder of a SitePay backup');
const manifest = JSON.parse(fs.readFileSync(path.join(source, 'manifest.json'), 'utf8'));
const url = process.env.DATABASE_URL?.trim();
if ((manifest.database === 'postgres') !== Boolean(url))
  fail(
    `this backup is of ${manifest.database === 'postgres' ? 'PostgreSQL: set DATABASE_URL' : 'the embedded database: unset DATABASE_URL'}`,
  );
assertStopped();
fs.mkdirSync(dataDir, { recursive: true });

if (url) {
  const restore = spawnSync(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--dbname',
      url,
      path.join(source, 'database.pgdump'),
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (restore.error)
    fail(`pg_restore is needed (apt-get install postgresql-client): ${restore.error.message}`);
  if (restore.status !== 0) fail('pg_restore failed (see above)');
} else {
  fs.rmSync(path.join(dataDir, 'pgdata'), { recursive: true, force: true });
  fs.cpSync(path.join(source, 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
}
for (const item of ['files', 'jwt-secret']) {
  const from = path.join(source, item);
  if (!fs.existsSync(from)) continue;
  fs.rmSync(path.join(dataDir, item), { recursive: true, force: true });
  fs.cpSync(from, path.join(dataDir, item), { recursive: true });
}
console.log(`SitePay restored from ${source}`);
