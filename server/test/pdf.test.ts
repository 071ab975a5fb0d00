/**
 * The PDF converter's bounds, with stand-in `soffice` programs (shell scripts) so that each case is
 * exact and fast: a slow one to fill the slots and to be killed, a failing one. The real LibreOffice
 * is exercised by payment-documents.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSemaphore, SemaphoreTimeoutError } from '../src/core/semaphore.ts';
import { createPdfConverter, findProgram } from '../src/documents/pdf.ts';
import type { HttpError } from '../src/http/errors.ts';

let dir: string;
const script = (name: string, body: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const waitFor = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const refusal = (status: number, reason: string) =>
  expect.objectContaining({ status, reason }) as unknown as HttpError;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-pdf-test-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the semaphore', () => {
  it('lets `limit` holders in, queues the others in order, and gives up after the wait', async () => {
    const s = createSemaphore(2);
    const a = await s.acquire(100);
    const b = await s.acquire(100);
    expect(s.active).toBe(2);
    const order: string[] = [];
    const c = s.acquire(1000).then((release) => {
      order.push('c');
      return release;
    });
    const d = s.acquire(1000).then((release) => {
      order.push('d');
      return release;
    });
    await expect(s.acquire(30)).rejects.toBeInstanceOf(SemaphoreTimeoutError);
    expect(s.waiting).toBe(2); // the one that gave up left the queue
    a();
    a(); // releasing twice frees one slot only
    (await c)();
    b();
    (await d)();
    expect(order).toEqual(['c', 'd']);
    expect(s.active).toBe(0);
  });

  it('refuses at once past `maxWaiting` waiters, waits without end when asked, and runs work holding a slot', async () => {
    const s = createSemaphore(1, { maxWaiting: 1 });
    const order: string[] = [];
    let finishFirst!: () => void;
    const first = s.run(Number.POSITIVE_INFINITY, async () => {
      order.push('first');
      await new Promise<void>((resolve) => {
        finishFirst = resolve;
      });
    });
    // waits without end (an infinite wait is not a timer that fires at once)
    const second = s.run(Number.POSITIVE_INFINITY, async () => {
      order.push('second');
    });
    await expect(s.acquire(Number.POSITIVE_INFINITY)).rejects.toBeInstanceOf(SemaphoreTimeoutError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(['first']);
    expect(s.waiting).toBe(1);
    finishFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
    expect(s.active).toBe(0);
    // a failing work gives its slot back
    await expect(s.run(10, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(s.active).toBe(0);
  });
});

describe('the PDF converter', () => {
  it('is unavailable, and answers 501, when LibreOffice is not there', async () => {
    const none = createPdfConverter({ soffice: path.join(dir, 'no-such-soffice') });
    expect(none.available).toBe(false);
    await expect(none.convert(Buffer.from('x'))).rejects.toEqual(refusal(501, 'pdf_unavailable'));
    expect(createPdfConverter({ soffice: null }).available).toBe(false);
  });

  it('finds soffice on PATH or by path', () => {
    const fake = script('soffice', 'exit 0');
    expect(findProgram('soffice', dir)).toBe(fake);
    expect(findProgram(fake)).toBe(fake);
    expect(findProgram('soffice', path.join(dir, 'nothing-here'))).toBeNull();
  });

  it('runs at most two conversions at once; a third waits, then answers 503 when none frees up', async () => {
    const started = path.join(dir, 'started');
    fs.writeFileSync(started, '');
    const slow = script('slow-soffice', `echo x >> ${started}\nsleep 2`);
    const pdf = createPdfConverter({ soffice: slow, concurrency: 2, queueMs: 300, timeoutMs: 10_000 });
    const first = pdf.convert(Buffer.from('a')).catch((e: unknown) => e);
    const second = pdf.convert(Buffer.from('b')).catch((e: unknown) => e);
    await waitFor(() => fs.readFileSync(started, 'utf8').length === 4);
    expect(pdf.active).toBe(2);
    const third = pdf.convert(Buffer.from('c'));
    expect(pdf.waiting).toBe(1);
    await expect(third).rejects.toEqual(refusal(503, 'pdf_busy'));
    // the slow ones write no PDF: a failed conversion is a 500 naming it, never a hang
    expect(await first).toEqual(refusal(500, 'pdf_failed'));
    expect(await second).toEqual(refusal(500, 'pdf_failed'));
    expect(fs.readFileSync(started, 'utf8')).toBe('x\nx\n'); // the third never started a process
    expect(pdf.active).toBe(0);
  });

  it('kills a conversion that runs too long, with the processes it started', async () => {
    const pids = path.join(dir, 'pids');
    // like soffice: a launcher that starts the real program and waits for it
    const hanging = script('hanging-soffice', `sleep 60 &\necho $$ $! > ${pids}\nwait`);
    const pdf = createPdfConverter({ soffice: hanging, timeoutMs: 500 });
    const startedAt = Date.now();
    await expect(pdf.convert(Buffer.from('x'))).rejects.toEqual(refusal(503, 'pdf_timeout'));
    expect(Date.now() - startedAt).toBeLessThan(5000);
    const [launcher, child] = fs.readFileSync(pids, 'utf8').trim().split(' ').map(Number) as [number, number];
    await waitFor(() => !alive(launcher) && !alive(child));
    expect(pdf.active).toBe(0);
  });

  it('leaves no working folder behind', async () => {
    const before = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('sitepay-pdf-')).length;
    const failing = script('failing-soffice', 'echo "boom" >&2\nexit 1');
    await expect(createPdfConverter({ soffice: failing }).convert(Buffer.from('x'))).rejects.toEqual(
      refusal(500, 'pdf_failed'),
    );
    const after = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('sitepay-pdf-')).length;
    expect(after).toBeLessThanOrEqual(before);
  });
});
