/**
 * Two servers on one PostgreSQL behave as one (docs/product.md#scale-and-the-embedded-database): requests
 * alternate between two independent app instances (their own pools, caches and verified-token memories)
 * sharing one database and one S3-compatible store (s3rver). Sessions, money races and files hold across
 * them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import FormData from 'form-data';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilesConfig } from '../src/files/file-store.ts';
import { type Factories, factories } from './factories.ts';
import { authHeaders, createTestServer, type TestServer } from './helpers.ts';

describe('two servers on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  let s3: S3rver;
  let dir: string;
  let base: Record<string, number>;
  let fa: Factories;
  let fb: Factories;
  const tokenA: Record<string, string> = {};

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitepay-two-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
    const { port } = await s3.run();
    const creds = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    const endpoint = `http://127.0.0.1:${port}`;
    const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: creds });
    await client.send(new CreateBucketCommand({ Bucket: 'sitepay-two' }));
    client.destroy();
    const files: FilesConfig = {
      store: { kind: 's3', bucket: 'sitepay-two', region: 'us-east-1', endpoint, ...creds },
      maxFileBytes: 1024 * 1024,
      maxFiles: 5,
    };
    a = await createTestServer('postgres', { demo: true, files });
    b = await createTestServer('postgres', { demo: true, files, pgUrl: a.pgUrl });
    tokenA.admin = await a.login();
    tokenA.ketoan = await a.login('ketoan', 'ketoan123');
    tokenA.giamdoc = await a.login('giamdoc', 'giamdoc123');
    const tokens = { admin: tokenA.admin, accountant: tokenA.ketoan, director: tokenA.giamdoc };
    fa = factories(a, tokens);
    fb = factories(b, tokens);
    const ref = await fa.lookup();
    const k = await fa.contractor({ code: 'NT-TWO', name: 'Hai' });
    const ben = await fa.payee(k, { account_number: '135792468' });
    base = { construction: ref.constructions['CT-002']!.id, k: k.id, b: ben.id, tax: ref.taxes.VAT0!.id };
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const either = (i: number) => (i % 2 ? b : a);
  /** A contract of `amount` on CT-002, VAT 0, written through server b. */
  const contract = (amount: string) =>
    fb.contract({
      construction_id: base.construction,
      constructor_id: base.k,
      beneficiary_id: base.b,
      signed_date: '2025-01-01',
      amount_before_vat: amount,
      tax_id: base.tax,
    });

  it('a token from one server works on the other, and a logout on one is refused on both', async () => {
    const token = await a.login('ketoan2', 'ketoan123');
    expect((await b.call('GET', '/api/account/profile', token)).status).toBe(200);
    expect((await b.call('POST', '/api/auth/logout', token)).status).toBe(200);
    expect((await a.call('GET', '/api/account/profile', token)).status).toBe(401);
    expect((await b.call('GET', '/api/account/profile', token)).status).toBe(401);
  });

  it('20 creates alternating between the servers on a ceiling of 5: exactly 5, numbered 1–5', async () => {
    const c = await contract('500000000');
    const body = await fa.requestInput(c, { date: '2025-04-01', amount: '100000000', note: 'Hai máy chủ' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        either(i).call('POST', '/api/payment-transaction/create', tokenA.ketoan, body),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok.map((r) => r.body.requirement_no).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5]);
    expect(results.filter((r) => r.status === 422)).toHaveLength(15);
  });

  it('20 accepts alternating between the servers: one winner', async () => {
    const c = await contract('1000000');
    const sent = await fa.request(c, { date: '2025-04-01', amount: '1000', note: 'Duyệt', state: 'waiting' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        either(i).call('PATCH', `/api/payment-approval/accept/${sent.id}`, tokenA.giamdoc, {
          version: sent.version,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
  });

  it('a unique code raced on both servers: one record', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        either(i).call('POST', '/api/admin/company/create', tokenA.admin, {
          code: 'TWIN2',
          name: 'Song sinh',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('a file uploaded through one server downloads through the other, byte for byte', async () => {
    const company = await fa.company({ code: 'FILE2', name: 'Tệp' });
    const bytes = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.from('hai máy chủ, một kho tệp\n'),
      Buffer.from('%%EOF\n'),
    ]);
    const form = new FormData();
    form.append('id', String(company.id));
    form.append('file', bytes, 'chung.pdf');
    const up = await a.app.inject({
      method: 'POST',
      url: '/api/admin/company/file/upload',
      headers: { ...form.getHeaders(), ...authHeaders(tokenA.admin) },
      payload: form.getBuffer(),
    });
    expect(up.statusCode, up.body).toBe(200);
    const file = up.json()[0] ?? up.json().files?.[0];
    const down = await b.app.inject({
      method: 'GET',
      url: `/api/admin/company/file/download/${file.id}`,
      headers: { ...authHeaders(tokenA.admin) },
    });
    expect(down.statusCode).toBe(200);
    expect(Buffer.compare(down.rawPayload, bytes)).toBe(0);
  });

  it("a scope given on one server is seen by the user's next request on the other, and so is its taking back", async () => {
    const ketoan2 = await a.login('ketoan2', 'ketoan123');
    const dn = (await fa.lookup()).constructions['CT-004']!;
    const k = await fa.contractor({ code: 'NT-TWO-DN', name: 'Hai DN' });
    const ben = await fa.payee(k, { account_number: '246813579' });
    const contractDn = await fa.contract({
      by: ketoan2,
      construction_id: dn.id,
      constructor_id: k.id,
      beneficiary_id: ben.id,
    });
    const request = await fa.request(contractDn, { by: ketoan2 });
    const ketoan = (await a.call('GET', '/api/account/profile', tokenA.ketoan)).body;
    const scopeDn = (await a.call('GET', '/api/admin/role/list/all', tokenA.admin)).body.find(
      (r: { code: string }) => r.code === 'SCOPE_DN',
    );
    const seenOnB = async () =>
      (await b.call('GET', `/api/payment-transaction/get/${request.id}`, tokenA.ketoan)).status;
    expect(await seenOnB()).toBe(404); // b keeps his constructions now
    const give = await a.call('PATCH', `/api/admin/user/roles/${ketoan.id}`, tokenA.admin, {
      roleId: scopeDn.id,
    });
    expect(give.status).toBe(200);
    expect(await seenOnB()).toBe(200);
    const take = await a.call('DELETE', `/api/admin/user/roles/${ketoan.id}`, tokenA.admin, {
      roleId: scopeDn.id,
    });
    expect(take.status).toBe(200);
    expect(await seenOnB()).toBe(404);
  });
});
