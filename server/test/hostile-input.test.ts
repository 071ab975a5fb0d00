/**
 * Input that once answered 500 or stalled a connection (issue 10, "Found, to fix"): null bytes in
 * JSON, query strings and params; malformed multipart bodies on every upload route; a refused upload
 * on a kept-alive connection; bidi overrides in file names.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import FormData from 'form-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanFileName } from '../src/files/file-types.ts';
import { authHeaders, createTestServer, type TestServer } from './helpers.ts';

describe('hostile input (pglite)', () => {
  let s: TestServer;
  let admin: string;

  beforeAll(async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-hostile-'));
    s = await createTestServer('pglite', {
      demo: true,
      files: { store: { kind: 'local', root }, maxFileBytes: 64 * 1024, maxFiles: 5 },
    });
    admin = await s.login();
  });
  afterAll(() => s?.close());

  it('a null byte in any JSON string answers 400 naming the field, and nothing is written', async () => {
    const create = await s.call('POST', '/api/admin/company/create', admin, {
      code: 'NUL\u0000',
      name: 'Có byte 0',
    });
    expect(create.status).toBe(400);
    expect(create.body.errors).toEqual([{ field: 'code', message: 'invalid_character' }]);
    const nested = await s.call('POST', '/api/payment-approval/accept-many', admin, {
      items: [{ id: 1, version: 0 }],
      note: 'a\u0000b',
    });
    expect(nested.status).toBe(400);
    expect(nested.body.errors[0].field).toBe('note');
    const login = await s.call('POST', '/api/auth/login', null, { user_name: 'admin\u0000', password: 'x' });
    expect(login.status).toBe(400);
    const list = (await s.call('GET', '/api/admin/company/paging?search=NUL&status=all', admin)).body;
    expect(list.items).toEqual([]);
  });

  it('a null byte in the query or the path answers 400, not "cursor: invalid" or 500', async () => {
    const search = await s.call('GET', '/api/admin/company/paging?search=%00', admin);
    expect(search.status).toBe(400);
    expect(search.body.errors).toEqual([{ field: 'search', message: 'invalid_character' }]);
    const path = await s.call('GET', '/api/admin/company/get/1%00', admin);
    expect(path.status).toBe(400);
  });

  it('a malformed multipart body answers 400 on every upload route', async () => {
    const uploads = s.app.protectedRoutes.filter((r) => r.method === 'POST' && /upload/.test(r.path));
    expect(uploads.length).toBeGreaterThanOrEqual(4);
    const bodies: [string, string][] = [
      ['multipart/form-data', 'no boundary at all'],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4',
      ],
      ['multipart/form-data; boundary=', 'x'],
      [`multipart/form-data; boundary=${'b'.repeat(200)}`, 'x'],
    ];
    for (const route of uploads) {
      const url = route.path.replace(/\{[^}]+\}/g, '1');
      for (const [type, payload] of bodies) {
        const res = await s.app.inject({
          method: 'POST',
          url,
          headers: { ...authHeaders(admin), 'content-type': type },
          payload,
        });
        expect(res.statusCode, `${url} ${type}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${type}: ${res.body}`).toBeLessThan(500);
      }
    }
  });

  it('the next request on a kept-alive connection is answered after a refused upload', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, headers: Record<string, string | number>, body?: Buffer) =>
      new Promise<{ status: number; connection?: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        });
        req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
        req.on('error', reject);
        req.end(body);
      });
    const company = (
      await s.call('POST', '/api/admin/company/create', admin, { code: 'KA', name: 'Giữ kết nối' })
    ).body;
    const form = new FormData();
    form.append('id', String(company.id));
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * 1024 * 1024, 32)]);
    form.append('file', pdf, 'big.pdf'); // over the 64 KB file limit
    const refused = await send(
      'POST',
      '/api/admin/company/file/upload',
      { ...form.getHeaders(), ...authHeaders(admin) },
      form.getBuffer(),
    );
    expect(refused.status).toBe(413);
    const next = await send('GET', '/api/health', {});
    expect(next.status).toBe(200);
    agent.destroy();
  });

  it('file names lose control characters and bidi overrides that disguise their extension', () => {
    expect(cleanFileName('hoa-don\u202Efdp.exe')).toBe('hoa-donfdp.exe');
    expect(cleanFileName('a\u2066b\u2069c\u200f.pdf')).toBe('abc.pdf');
    expect(cleanFileName('Biên bản\u0007.pdf')).toBe('Biên bản.pdf');
    expect(cleanFileName('Hóa\ufffe đơn\uffff.pdf')).toBe('Hóa đơn.pdf');
  });
});
