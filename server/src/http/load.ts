/**
 * The server's load as the screens feel it, and heavy work that gives way to them.
 *
 * - **Requests in flight**, all of them and the interactive ones (every request but heavy work's
 *   own: exports, reports), each from its start until its response closes. Sets of responses
 *   rather than counters: a counter decremented on 'close' ended 7 above zero after an autocannon
 *   load (999 starts, 992 decrements counted) while a set of the same responses emptied; the cause
 *   was not found, and a set cannot drift that way.
 * - **Heavy work paces itself** as PostgreSQL's vacuum does with its cost delay: while interactive
 *   requests are in flight, pieces of heavy work (a report's statements, a few hundred exported
 *   rows) run one at a time, and after each the heavy lane rests REST_RATIO times as long as the
 *   piece took (at most MAX_REST_MS a turn), so that all heavy work together takes at most
 *   1 / (1 + REST_RATIO) of the server's time while the screens are busy. The rest ends as soon as
 *   no interactive request is in flight: alone, heavy work runs at full speed, pieces side by
 *   side. One lane per server, shared by every kind of heavy work, so two reports and two exports
 *   rest as one (docs/adr/0056-heavy-lane.md).
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
   * Runs heavy work in the heavy lane, in pieces: `work` is one piece, or several when it calls
   * `turn()` between them (an export every few hundred rows). While interactive requests are in
   * flight, a piece starts only when the lane neither rests nor runs another piece, and each piece
   * has the lane rest for its share; otherwise pieces run at once.
   */
  heavy<T>(work: (turn: Turn) => Promise<T>): Promise<T>;
};

/**
 * Heavy work's turn between two of its pieces; `idle` is a wait that is not work (a slow client
 * reading a download), spent outside the lane so that it holds up no other heavy work.
 */
export type Turn = (idle?: Promise<unknown>) => Promise<void>;
/** A turn of the event loop only: for heavy work run outside a server's lane. */
export const nextTurn: Turn = async (idle) => {
  await (idle ?? new Promise((resolve) => setImmediate(resolve)));
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
  /** Pieces of heavy work running now. */
  let running = 0;
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
      let started: number | null = await admit();
      const turn: Turn = async (idle) => {
        if (started !== null) finish(started);
        started = null;
        await nextTurn(idle); // may throw (a download cut off): no piece is running then
        started = await admit();
      };
      try {
        return await work(turn);
      } finally {
        if (started !== null) finish(started);
      }
    },
  };
  /** Waits for the piece's turn; the piece runs from then on. */
  async function admit(): Promise<number> {
    while (open.size > 0 && (running > 0 || Date.now() < restUntil)) await sleep(POLL_MS);
    if (open.size === 0) restUntil = 0;
    running += 1;
    return performance.now();
  }
  /** A piece ends: the lane owes its rest if the screens are busy. */
  function finish(started: number) {
    running -= 1;
    if (open.size === 0) return;
    const worked = performance.now() - started;
    restUntil = Math.max(restUntil, Date.now()) + Math.min(worked * REST_RATIO, MAX_REST_MS);
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

/** Runs heavy work in the server's lane, or with plain turns on a server without one (a test app). */
export const heavyWork = <T>(app: FastifyInstance, work: (turn: Turn) => Promise<T>): Promise<T> => {
  const load = loads.get(app);
  return load ? load.heavy(work) : work(nextTurn);
};
