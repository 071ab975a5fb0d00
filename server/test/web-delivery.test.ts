/**
 * How the web app and the API travel to a phone on a site's 4G (docs/adr/0079-compressed-answers.md):
 * the hashed files go as the build compressed them (brotli, else gzip, else as they are) and are
 * cached for a year; index.html and the build's information are revalidated every time; JSON
 * answers of 1 KB and more are compressed for a client that accepts it; a compressed request body
 * is never inflated.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, backends, createTestServer, type TestServer } from './helpers.ts';

// a built app as vite writes it: a hashed script with its .br and .gz twins, index.html, build-info
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `từ ${i}`))};\n`;
const dist = mkdtempSync(join(tmpdir(), 'sitepay-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'assets/app-3f2a9c.js'), script);
writeFileSync(join(dist, 'assets/app-3f2a9c.js.br'), brotliCompressSync(script));
writeFileSync(join(dist, 'assets/app-3f2a9c.js.gz'), gzipSync(script));
writeFileSync(join(dist, 'assets/logo-77aa01.png'), Buffer.alloc(2048, 7));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/app-3f2a9c.js"></script></head></html>',
);
writeFileSync(join(dist, 'build-info.json'), '{"app_version":"1.0.0"}\n');

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe.each(backends)('web delivery (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    s = await createTestServer(backend, { webDist: dist });
    admin = await s.login();
  });
  afterAll(() => s?.close());

  it('a hashed script goes as the build compressed it, cached for a year', async () => {
    const br = await get('/assets/app-3f2a9c.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 3);

    const gz = await get('/assets/app-3f2a9c.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-3f2a9c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a file that compresses no further goes as it is; index.html and build-info are revalidated', async () => {
    const png = await get('/assets/logo-77aa01.png', { 'accept-encoding': 'br, gzip' });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.rawPayload.length).toBe(2048);
    for (const url of ['/', '/payment-transaction/12', '/build-info.json']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/payment-transaction/12')).body).toContain('/assets/app-3f2a9c.js');
  });

  it('JSON answers of 1 KB and more are compressed for a client that accepts it, small ones are not', async () => {
    // gzip where the client takes both (cheaper to make, as small), brotli to one that asks for it
    const either = await get('/api/openapi.json', { ...authHeaders(admin), 'accept-encoding': 'gzip, br' });
    expect(either.headers['content-encoding']).toBe('gzip');
    const headers = { ...authHeaders(admin), 'accept-encoding': 'br' };
    const big = await get('/api/openapi.json', headers);
    expect(big.headers['content-encoding']).toBe('br');
    const doc = JSON.parse(brotliDecompressSync(big.rawPayload).toString());
    expect(doc.paths['/api/payment-transaction/paging']).toBeDefined();

    const gz = await get('/api/bank/list/all', { ...authHeaders(admin), 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const banks = JSON.parse(gunzipSync(gz.rawPayload).toString());
    expect(banks.length).toBeGreaterThan(5);

    const small = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });

    const asked = await get('/api/bank/list/all', authHeaders(admin));
    expect(asked.headers['content-encoding']).toBeUndefined();
    expect(asked.json()).toEqual(banks);
  });

  it('a compressed request body is refused with a 4xx and creates nothing', async () => {
    const before = (await s.call('GET', '/api/bank/list/all', admin)).body.length;
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/bank/create',
      headers: { ...authHeaders(admin), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ code: 'ZIPBANK', name: 'Ngân hàng nén' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect((await s.call('GET', '/api/bank/list/all', admin)).body.length).toBe(before);
  });
});
