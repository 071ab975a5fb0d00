// What backup.mjs and restore.mjs share: the data folder, and the check that no server uses it.
import fs from 'node:fs';
import path from 'node:path';

export const dataDir = path.resolve(process.env.DATA_DIR || './data');

export function fail(message) {
  console.error(`SitePay: ${message}`);
  process.exit(1);
}

/** The server's lock file names a live process: copying its files now would copy a moving target. */
export function assertStopped() {
  const lock = path.join(dataDir, 'sitepay.lock');
  if (!fs.existsSync(lock)) return;
  const pid = Number(fs.readFileSync(lock, 'utf8').trim());
  try {
    process.kill(pid, 0);
  } catch {
    return; // a stale lock: its process is gone
  }
  fail(`a SitePay server (pid ${pid}) is using ${dataDir}: stop it first`);
}
