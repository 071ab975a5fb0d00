/**
 * A counting semaphore with a bounded wait: at most `limit` holders at once, the others queue in
 * arrival order and give up after `waitMs`. Used to keep heavy work (PDF conversions) from taking
 * every core of the machine when a burst of requests arrives.
 */

export class SemaphoreTimeoutError extends Error {}

export type Semaphore = {
  /** Resolves with a release function once a slot is free; rejects with SemaphoreTimeoutError. */
  acquire(waitMs: number): Promise<() => void>;
  readonly active: number;
  readonly waiting: number;
};

export function createSemaphore(limit: number): Semaphore {
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
      return new Promise((resolve, reject) => {
        // the slot passes straight from the releasing holder to this waiter: `active` stays counted
        const entry = {
          grant: () => {
            clearTimeout(timer);
            resolve(releaser());
          },
        };
        const timer = setTimeout(() => {
          queue.splice(queue.indexOf(entry), 1);
          reject(new SemaphoreTimeoutError(`no slot free within ${waitMs} ms`));
        }, waitMs);
        queue.push(entry);
      });
    },
  };
}
