/**
 * The idle trim (idle-memory.ts): a quiet server collects its garbage once, never while a request
 * is in flight, and again after the next busy spell. Through HTTP on a listening server.
 */
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { watchLoad } from '../src/http/load.ts';
import { trimMemoryWhenIdle } from '../src/idle-memory.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('memory given back when the server is quiet', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });

  async function server() {
    const app = Fastify();
    apps.push(app);
    watchLoad(app, () => false);
    const trim = trimMemoryWhenIdle(app, { quietMs: 150, tickMs: 25 });
    let release: () => void = () => {};
    app.get('/slow', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { ok: true };
    });
    app.get('/fast', async () => ({ rows: Array.from({ length: 1000 }, (_, i) => ({ i, s: `row ${i}` })) }));
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    return { base, trim, release: () => release() };
  }

  it('trims once per quiet spell, after the requests, and never during one', async () => {
    const { base, trim, release } = await server();
    for (let i = 0; i < 20; i++) await (await fetch(`${base}/fast`)).json();
    expect(trim.trims).toBe(0); // still busy a moment ago

    // a request in flight for longer than the quiet time: no trim meanwhile
    const slow = fetch(`${base}/slow`);
    await sleep(800);
    expect(trim.trims).toBe(0);
    release();
    await (await slow).json();

    // quiet now: one trim, not one per tick
    const deadline = Date.now() + 5_000;
    while (trim.trims === 0 && Date.now() < deadline) await sleep(25);
    expect(trim.trims).toBe(1);
    await sleep(600);
    expect(trim.trims).toBe(1);

    // a new busy spell, then quiet again: a second trim
    for (let i = 0; i < 5; i++) await (await fetch(`${base}/fast`)).json();
    while (trim.trims === 1 && Date.now() < deadline + 5_000) await sleep(25);
    expect(trim.trims).toBe(2);
  });
});
