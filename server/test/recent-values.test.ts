/**
 * What the server keeps a while to spare a statement (core/recent-values.ts: a list's estimate, a
 * term a referred table holds by the thousand): kept per database handle, given back until its time
 * is up, and never more of them than the bound, the oldest going first.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recentValues } from '../src/core/recent-values.ts';

describe('recent values', () => {
  afterEach(() => vi.useRealTimers());

  it('gives a value back until its time is up, per database handle', () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T10:00:00Z') });
    const kept = recentValues<number>(30_000, 10);
    const [db, other] = [{}, {}];
    kept.set(db, 'payment_transaction 1', 250_000);
    expect(kept.get(db, 'payment_transaction 1')).toBe(250_000);
    expect(kept.get(other, 'payment_transaction 1')).toBeUndefined();
    vi.advanceTimersByTime(29_999);
    expect(kept.get(db, 'payment_transaction 1')).toBe(250_000);
    vi.advanceTimersByTime(1);
    expect(kept.get(db, 'payment_transaction 1')).toBeUndefined();
    // set anew: kept for its whole time again
    kept.set(db, 'payment_transaction 1', 260_000);
    vi.advanceTimersByTime(29_000);
    expect(kept.get(db, 'payment_transaction 1')).toBe(260_000);
  });

  it('keeps at most its bound, dropping the oldest set first', () => {
    const kept = recentValues<true>(60_000, 3);
    const db = {};
    for (const term of ['a', 'b', 'c']) kept.set(db, term, true);
    kept.set(db, 'a', true); // a again: now the newest
    kept.set(db, 'd', true); // b, the oldest, goes
    expect(['a', 'b', 'c', 'd'].map((term) => kept.get(db, term) ?? false)).toEqual([
      true,
      false,
      true,
      true,
    ]);
  });
});
