/**
 * Heavy work refused for want of a slot is told one way whatever the work (core/busy.ts): 503
 * `service_unavailable`, the reason `<work>_busy`, and one Retry-After header, through the server's
 * error handler.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { BUSY_RETRY_AFTER_SECONDS, type HeavyWork, slotFor } from '../src/core/busy.ts';
import { createSemaphore } from '../src/core/semaphore.ts';
import { registerErrorHandler } from '../src/http/errors.ts';

describe('busy heavy work', () => {
  it('answers 503 with the work’s reason and one Retry-After, for every kind of work', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    const full = createSemaphore(1, { maxWaiting: 0 });
    const held = await full.acquire(0);
    app.get('/:work', async (req) => {
      const release = await slotFor(full, 50, (req.params as { work: HeavyWork }).work);
      release();
      return { ok: true };
    });
    for (const work of ['pdf', 'export', 'report'] as const) {
      const res = await app.inject({ method: 'GET', url: `/${work}` });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
      expect(res.json()).toMatchObject({ status: 503, code: 'service_unavailable', reason: `${work}_busy` });
    }
    // a slot free again: the work runs
    held();
    expect((await app.inject({ method: 'GET', url: '/pdf' })).json()).toEqual({ ok: true });
    await app.close();
  });
});
