/**
 * Memory given back once the server is quiet (docs/product.md#performance-budgets: idle ≤ 150 MB after a load
 * as before it).
 *
 * Under load V8 grows the young generation to its limit (`--max-semi-space-size`, 2 × 32 MB with
 * `npm start`) and keeps it: it shrinks it only at a collection that finds the allocation rate low
 * over the last seconds, and an idle server allocates nothing, so no collection ever comes. Measured
 * after a load (docs/adr/0027-quiet-server-gives-memory-back.md), the live objects were what they were at
 * start (38.5 of 47 MB) while the process held 210-230 MB. So, once no request has been in flight for
 * QUIET_MS, this runs a young-generation collection every TICK_MS (cheap: the young generation is empty by
 * then) until V8 shrinks it, then one memory-reducing full collection, which returns the freed pages to the
 * system. It runs once per quiet spell; the first request stops it.
 *
 * The full collection is V8's own for low memory (`Isolate::LowMemoryNotification`, asked through the
 * in-process inspector's `HeapProfiler.collectGarbage`; no port is opened): a plain full collection
 * (`gc()`) left 56-101 MB in use after the payment lists' load, twice in a row as once, where this one
 * leaves 47-48 MB, what the server holds at start — it also drops what only a memory-reducing collection
 * may (compiled code not run since, V8's compilation cache). It takes 0.16-0.2 s of the main thread,
 * once per quiet spell; a request arriving meanwhile waits for it
 * (docs/adr/0103-idle-trim-reduces-memory.md). Where the inspector is missing (a Node built without
 * it), the plain full collection.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { loadOf } from './http/load.ts';

const QUIET_MS = 5_000;
const TICK_MS = 1_000;
/** Young-generation collections tried before the full one (V8 judges the rate over 5 s). */
const MAX_TICKS = 12;
/** The young generation counts as shrunk at this size (V8's smallest is 1 MB per half). */
const SMALL_NEW_SPACE = 4 * 1024 * 1024;

type Collect = (options?: { type?: 'minor' | 'major' }) => void;

/**
 * V8's collector as a function: `gc` of `--expose-gc`, or made available here (setting the flag at
 * run time, then reading `gc` off a new context) when the process was started without it.
 */
function collector(): Collect | null {
  const exposed = (globalThis as { gc?: Collect }).gc;
  if (typeof exposed === 'function') return exposed;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as Collect) : null;
  } catch {
    return null;
  }
}

/**
 * V8's memory-reducing full collection (see above); false when the inspector cannot ask for it. The
 * inspector is loaded on first use: a Node built without it throws when `node:inspector` loads.
 */
async function reduceMemory(): Promise<boolean> {
  const inspector = await import('node:inspector').catch(() => null);
  if (!inspector) return false;
  return new Promise((resolve) => {
    let session: InstanceType<typeof inspector.Session> | undefined;
    // closed after the answer's callback has returned: closing the session from inside it never returns
    const done = (reduced: boolean) =>
      setImmediate(() => {
        try {
          session?.disconnect();
        } catch {
          // not connected
        }
        resolve(reduced);
      });
    try {
      session = new inspector.Session();
      session.connect();
      session.post('HeapProfiler.collectGarbage', (error) => done(!error));
    } catch {
      done(false);
    }
  });
}

const newSpaceSize = () =>
  v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;

export type IdleTrim = {
  /** Trims run so far (tests, diagnostics). */
  readonly trims: number;
  /** Of them, those done by V8's memory-reducing collection (the others: a plain full collection). */
  readonly reduced: number;
  stop(): void;
};

/** Trims the memory of `app` once per quiet spell (`watchLoad` must have been called for it). */
export function trimMemoryWhenIdle(
  app: FastifyInstance,
  opts: { quietMs?: number; tickMs?: number } = {},
): IdleTrim {
  const quietMs = opts.quietMs ?? QUIET_MS;
  const tickMs = opts.tickMs ?? TICK_MS;
  const load = loadOf(app);
  if (!load) throw new Error('trimMemoryWhenIdle: watchLoad(app) first');
  const gc = collector();
  let spell = -1; // the quiet spell trimmed last, by the time it began
  let ticks = 0;
  let trims = 0;
  let reduced = 0;
  let collecting = false;
  const timer = setInterval(async () => {
    const quietSince = load.lastActivity;
    if (!gc || collecting || load.inFlight > 0 || spell === quietSince || Date.now() - quietSince < quietMs) {
      if (spell !== quietSince) ticks = 0;
      return;
    }
    ticks += 1;
    gc({ type: 'minor' });
    if (newSpaceSize() > SMALL_NEW_SPACE && ticks < MAX_TICKS) return;
    spell = quietSince;
    ticks = 0;
    collecting = true;
    if (await reduceMemory()) reduced += 1;
    else gc({ type: 'major' });
    collecting = false;
    trims += 1;
  }, tickMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return {
    get trims() {
      return trims;
    },
    get reduced() {
      return reduced;
    },
    stop: () => clearInterval(timer),
  };
}
