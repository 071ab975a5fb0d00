/**
 * Heavy work (PDF conversions, Excel exports, reports) runs a few at a time, each kind behind its
 * own semaphore (core/semaphore.ts); a request that finds no slot in time is told so the same way
 * whatever the work: 503 `service_unavailable`, the reason `<work>_busy` the screens translate, and
 * one Retry-After.
 */
import { HttpError } from '../http/errors.ts';
import { type Semaphore, SemaphoreTimeoutError } from './semaphore.ts';

export type HeavyWork = 'pdf' | 'export' | 'report';

/** The one Retry-After of heavy work refused or stopped: a slot frees within seconds. */
export const BUSY_RETRY_AFTER_SECONDS = 10;

const words: Record<HeavyWork, string> = {
  pdf: 'too many PDF conversions at once: try again in a moment',
  export: 'too many exports at once: try again in a moment',
  report: 'too many reports at once: try again in a moment',
};

/** The answer to a request of `work` that found no free slot. */
export const busy = (work: HeavyWork) =>
  new HttpError(
    503,
    'service_unavailable',
    words[work],
    undefined,
    `${work}_busy`,
    {},
    BUSY_RETRY_AFTER_SECONDS,
  );

/** A slot of `slots` for `work`, waited for up to `waitMs`; none in time: `busy(work)`. */
export async function slotFor(slots: Semaphore, waitMs: number, work: HeavyWork): Promise<() => void> {
  try {
    return await slots.acquire(waitMs);
  } catch (error) {
    if (error instanceof SemaphoreTimeoutError) throw busy(work);
    throw error;
  }
}
