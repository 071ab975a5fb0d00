/**
 * The server's load (http/load.ts) and what reads it, through HTTP on a listening server: the
 * requests in flight are counted right however they end; heavy work rests while the screens are
 * busy but runs at full speed alone; a quiet server trims its memory once (idle-memory.ts).
 */
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { REST_RATIO, watchLoad } from '../src/http/load.ts';
import { trimMemoryWhenIdle } from '../src/idle-memory.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the server load and heavy work', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });

  async function server() {
    const app = Fastify();
    apps.push(app);
    const load = watchLoad(app, (url) => url.startsWith('/heavy'));
    const held: (() => void)[] = [];
    const hold = async () => {
      await new Promise<void>((resolve) => held.push(resolve));
      return { ok: true };
    };
    app.get('/slow', hold);
    app.get('/heavy', hold);
    app.get('/fast', async () => ({ rows: Array.from({ length: 1000 }, (_, i) => ({ i, s: `row ${i}` })) }));
    const trim = trimMemoryWhenIdle(app, { quietMs: 150, tickMs: 25 });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const releaseAll = () => {
      for (const r of held.splice(0)) r();
    };
    return { base, load, releaseAll, held, trim };
  }

  const until = async (check: () => boolean) => {
    const deadline = Date.now() + 5_000;
    while (!check() && Date.now() < deadline) await sleep(5);
    return check();
  };

  it('counts the interactive requests in flight, not heavy ones, and none once cut off', async () => {
    const { base, load, releaseAll, held } = await server();
    const cut = new AbortController();
    const slow = [1, 2, 3].map(() => fetch(`${base}/slow`, { signal: cut.signal }).catch(() => null));
    const heavy = fetch(`${base}/heavy`);
    expect(await until(() => held.length === 4)).toBe(true);
    expect(load.interactive).toBe(3);
    expect(load.inFlight).toBe(4);
    // the client goes away mid-request, then the handlers finish
    cut.abort();
    await Promise.all(slow);
    releaseAll();
    await (await heavy).json();
    expect(await until(() => load.inFlight === 0)).toBe(true);
    expect(load.interactive).toBe(0);
  });

  it('rests heavy work while the screens are busy, and stops resting when they are done', async () => {
    const { base, load, releaseAll, held } = await server();
    const work = (ms: number) => load.heavy(() => sleep(ms));

    // alone: one piece after the other without rest
    let t = performance.now();
    for (let i = 0; i < 3; i++) await work(40);
    const alone = performance.now() - t;
    expect(alone).toBeLessThan(40 * 3 + 100);

    // a screen's request in flight: the next piece waits its rest (REST_RATIO × 40 ms)
    const slow = fetch(`${base}/slow`);
    expect(await until(() => held.length === 1)).toBe(true);
    await work(40);
    t = performance.now();
    await work(1);
    expect(performance.now() - t).toBeGreaterThanOrEqual(40 * REST_RATIO - 10);

    // a long rest owed, then the screen's request ends: the resting piece starts at once
    await work(300); // owes up to REST_RATIO × 300 ms
    t = performance.now();
    const next = work(1);
    await sleep(50);
    releaseAll();
    await (await slow).json();
    await next;
    expect(performance.now() - t).toBeLessThan(300 * REST_RATIO - 300);
  });

  it('runs pieces of heavy work side by side alone, one at a time while the screens are busy', async () => {
    const { base, load, releaseAll, held } = await server();
    let now = 0;
    let most = 0;
    const piece = async () => {
      now += 1;
      most = Math.max(most, now);
      await sleep(30);
      now -= 1;
    };
    // two pieces each, the second after a turn (as an export does every few hundred rows)
    const twoPieces = () =>
      load.heavy(async (turn) => {
        await piece();
        await turn();
        await piece();
      });
    await Promise.all([twoPieces(), twoPieces()]);
    expect(most).toBe(2);

    const slow = fetch(`${base}/slow`);
    expect(await until(() => held.length === 1)).toBe(true);
    most = 0;
    const t = performance.now();
    await Promise.all([twoPieces(), twoPieces()]);
    expect(most).toBe(1);
    // four pieces of 30 ms, three rests of about REST_RATIO × 30 ms between them
    expect(performance.now() - t).toBeGreaterThanOrEqual(4 * 30 + 3 * 30 * REST_RATIO - 30);
    releaseAll();
    await (await slow).json();
  });

  it('a wait handed to a turn (a slow download) holds up no other heavy work, even when it fails', async () => {
    const { base, load, releaseAll, held } = await server();
    const slow = fetch(`${base}/slow`);
    expect(await until(() => held.length === 1)).toBe(true);
    let bDone = 0;
    let idleDone = 0;
    const a = load.heavy(async (turn) => {
      await turn(sleep(400).then(() => (idleDone = performance.now())));
    });
    await sleep(20);
    await load.heavy(async () => {
      bDone = performance.now();
    });
    await a;
    expect(bDone).toBeGreaterThan(0);
    expect(bDone).toBeLessThan(idleDone);
    // a wait that fails ends the work with no piece left running: the next one starts at once
    await expect(
      load.heavy(async (turn) => {
        await turn(Promise.reject(new Error('download cut off')));
      }),
    ).rejects.toThrow('download cut off');
    const t = performance.now();
    await load.heavy(async () => {});
    expect(performance.now() - t).toBeLessThan(200);
    // and the lane still runs one piece at a time
    let now = 0;
    let most = 0;
    const piece = () =>
      load.heavy(async () => {
        most = Math.max(most, ++now);
        await sleep(20);
        now -= 1;
      });
    await Promise.all([piece(), piece()]);
    expect(most).toBe(1);
    releaseAll();
    await (await slow).json();
  });

  it('trims memory once per quiet spell, after the requests, and never during one', async () => {
    const { base, trim, releaseAll, held } = await server();
    for (let i = 0; i < 20; i++) await (await fetch(`${base}/fast`)).json();
    expect(trim.trims).toBe(0); // still busy a moment ago

    // a request in flight for longer than the quiet time (heavy work's too): no trim meanwhile
    const slow = fetch(`${base}/heavy`);
    expect(await until(() => held.length === 1)).toBe(true);
    await sleep(800);
    expect(trim.trims).toBe(0);
    releaseAll();
    await (await slow).json();

    // quiet now: one trim, not one per tick
    expect(await until(() => trim.trims > 0)).toBe(true);
    expect(trim.trims).toBe(1);
    // by V8's memory-reducing collection, which gives back what a plain full one leaves
    expect(trim.reduced).toBe(1);
    await sleep(600);
    expect(trim.trims).toBe(1);

    // a new busy spell, then quiet again: a second trim
    for (let i = 0; i < 5; i++) await (await fetch(`${base}/fast`)).json();
    expect(await until(() => trim.trims > 1)).toBe(true);
    expect(trim.trims).toBe(2);
  });
});
