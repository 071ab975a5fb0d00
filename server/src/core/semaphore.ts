/**
 * A counting semaphore with a bounded wait: at most `limit` holders at once, the others queue in
 * arrival order and give up after `waitMs` (without end when it is not finite), and at most
 * `maxWaiting` of them queue: one more is refused at once. Keeps heavy work (PDF conversions,
 * exports, reports) from taking every core of the machine when a burst of requests arrives.
 */

/** No slot came free in time, or the queue was full: the caller answers "busy, try again". */
export class SemaphoreTimeoutError extends Error {}

export type Semaphore = {
  /** Resolves with a release function once a slot is free; rejects with SemaphoreTimeoutError. */
  acquire(waitMs: number): Promise<() => void>;
  /** Runs `work` holding a slot. */
  run<T>(waitMs: number, work: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
};

export function createSemaphore(limit: number, { maxWaiting = Number.POSITIVE_INFINITY } = {}): Semaphore {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('a semaphore needs at least one slot');
  let active = 0;
  const queue: { grant: () => void }[] = [];

  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      if (next) next.grant();
      else active -= 1;
    };
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    acquire(waitMs) {
      if (active < limit) {
        active += 1;
        return Promise.resolve(releaser());
      }
      if (queue.length >= maxWaiting)
        return Promise.reject(new SemaphoreTimeoutError(`${queue.length} already waiting`));
      return new Promise((resolve, reject) => {
        // the slot passes straight from the releasing holder to this waiter: `active` stays counted
        const entry = {
          grant: () => {
            clearTimeout(timer);
            resolve(releaser());
          },
        };
        const timer = Number.isFinite(waitMs)
          ? setTimeout(() => {
              queue.splice(queue.indexOf(entry), 1);
              reject(new SemaphoreTimeoutError(`no slot free within ${waitMs} ms`));
            }, waitMs)
          : undefined;
        queue.push(entry);
      });
    },
    async run(waitMs, work) {
      const release = await this.acquire(waitMs);
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
