/**
 * The server's log output and its stop watchdog: neither may ever block the process.
 *
 * - Logs go to standard output through an asynchronous writer with a bounded buffer: when the
 *   reader of our output stops reading (a log shipper that died, `npm start | tee` with tee gone),
 *   lines are dropped instead of the main thread waiting for the pipe — a synchronous writer
 *   retrying on a full pipe once blocked the process so hard that SIGTERM never finished.
 * - The stop watchdog runs in a worker thread, outside the main thread: if a stop has not finished
 *   by its deadline (a stuck handle, a blocked thread), it kills the process.
 */
import { Worker } from 'node:worker_threads';
import pino from 'pino';

/** At most 4 MB of log lines wait for a slow reader; beyond, lines are dropped. */
const MAX_BUFFERED = 4 * 1024 * 1024;

export function logDestination() {
  const dest = pino.destination({ dest: 1, sync: false, maxLength: MAX_BUFFERED, retryEAGAIN: () => true });
  // a reader that went away (EPIPE) ends the log, not the server
  dest.on('error', () => {});
  return dest;
}

/** Kills this process after `ms` unless it has exited by then, whatever the main thread is doing. */
export function startStopWatchdog(ms: number): Worker {
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     setTimeout(() => {
       try { require('node:fs').writeSync(2, 'SitePay: stop deadline passed, exiting\\n'); } catch {}
       process.kill(workerData.pid, 'SIGKILL');
     }, workerData.ms);`,
    { eval: true, workerData: { pid: process.pid, ms } },
  );
  worker.unref();
  return worker;
}
