/**
 * The server's load as the screens feel it, and heavy work that gives way to them.
 *
 * - **Requests in flight**, all of them and the interactive ones (every request but heavy work's
 *   own: exports, reports), each from its start until its response closes. Sets of responses
 *   rather than counters: a counter decremented on 'close' ended 7 above zero after an autocannon
 *   load (999 starts, 992 decrements counted) while a set of the same responses emptied; the cause
 *   was not found, and a set cannot drift that way.
 * - **Heavy work paces itself** as PostgreSQL's vacuum does with its cost delay: after each piece
 *   of heavy work (a report's statements, a few hundred exported rows), while interactive requests
 *   are in flight, the heavy lane rests REST_RATIO times as long as the piece took (at most
 *   MAX_REST_MS a turn), so that all heavy work together takes at most 1 / (1 + REST_RATIO) of the
 *   server's time while the screens are busy. The rest ends as soon as no interactive request is
 *   in flight: alone, heavy work runs at full speed. One lane per server, shared by every kind of
 *   heavy work, so two reports and two exports rest as one (docs/decisions.md "Heavy work").
 */
import type { FastifyInstance } from 'fastify';

/** Rest after heavy work, as a multiple of the time it took, while the screens are busy. */
export const REST_RATIO = 4;
/** The longest rest of one turn. */
const MAX_REST_MS = 2_000;
/** How often a resting piece of heavy work looks whether the screens are still busy. */
const POLL_MS = 5;

export type ServerLoad = {
  /** Interactive requests in flight. */
  readonly interactive: number;
  /** All requests in flight, heavy work's included. */
  readonly inFlight: number;
  /** When the last request began or ended (epoch ms). */
  readonly lastActivity: number;
  /**
   * Runs a piece of heavy work in the heavy lane: first waits while the lane rests and interactive
   * requests are in flight, then runs it, then has the lane rest for its share.
   */
  heavy<T>(work: () => Promise<T>): Promise<T>;
  /** For work that yields on its own (an export's batches): the time worked since its last turn. */
  turn(workedMs: number): Promise<void>;
};

const loads = new WeakMap<FastifyInstance, ServerLoad>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Counts the server's interactive requests from now on (call before its routes are added);
 * `isHeavy(url)` names heavy work's own requests.
 */
export function watchLoad(app: FastifyInstance, isHeavy: (url: string) => boolean): ServerLoad {
  const open = new Set<object>();
  const all = new Set<object>();
  let lastActivity = Date.now();
  /** The lane rests until then while interactive requests are in flight. */
  let restUntil = 0;
  const load: ServerLoad = {
    get interactive() {
      return open.size;
    },
    get inFlight() {
      return all.size;
    },
    get lastActivity() {
      return lastActivity;
    },
    async heavy(work) {
      await rest();
      const started = performance.now();
      try {
        return await work();
      } finally {
        owe(performance.now() - started);
      }
    },
    async turn(workedMs) {
      owe(workedMs);
      await new Promise((resolve) => setImmediate(resolve));
      await rest();
    },
  };
  function owe(workedMs: number) {
    if (open.size === 0) return;
    restUntil = Math.max(restUntil, Date.now()) + Math.min(workedMs * REST_RATIO, MAX_REST_MS);
  }
  async function rest() {
    while (open.size > 0 && Date.now() < restUntil) await sleep(POLL_MS);
    if (open.size === 0) restUntil = 0;
  }
  app.addHook('onRequest', async (request, reply) => {
    lastActivity = Date.now();
    const response = reply.raw;
    all.add(response);
    if (!isHeavy(request.url)) open.add(response);
    response.once('close', () => {
      all.delete(response);
      open.delete(response);
      lastActivity = Date.now();
    });
  });
  loads.set(app, load);
  return load;
}

/** The server's load, once `watchLoad` has been called for it. */
export const loadOf = (app: FastifyInstance): ServerLoad | undefined => loads.get(app);
