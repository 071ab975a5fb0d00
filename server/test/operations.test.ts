import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, backends, createTestServer, type TestServer } from './helpers.ts';

describe.each(backends)('operations (%s)', (backend) => {
  let s: TestServer;
  let admin: string;

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: false, bodyLimit: 64 * 1024 });
    admin = await s.login();
  });
  afterAll(() => s?.close());

  it('health and version need no login', async () => {
    expect(await s.call('GET', '/api/health')).toMatchObject({
      status: 200,
      body: { status: 'ok', database: 'ok' },
    });
    const v = await s.call('GET', '/api/version');
    expect(v.body.app_version).toBe('1.0.0');
    expect(Number.isNaN(Date.parse(v.body.last_build_time))).toBe(false);
  });

  it('publishes OpenAPI generated from the same schemas, and the docs page', async () => {
    const doc = (await s.call('GET', '/api/openapi.json')).body;
    expect(doc.openapi).toMatch(/^3\./);
    expect(
      doc.paths['/api/admin/company/create'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['code', 'name']));
    expect(
      doc.paths['/api/admin/company/paging'].get.parameters.map((p: { name: string }) => p.name),
    ).toEqual(expect.arrayContaining(['page', 'itemsPerPage', 'sortBy', 'search', 'status']));
    const ui = await s.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('sends security headers and a request id', async () => {
    const res = await s.call('GET', '/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a body over the limit answers 413 and writes nothing', async () => {
    const res = await s.call('POST', '/api/admin/company/create', admin, {
      code: 'BIG',
      name: 'x',
      note: 'y'.repeat(70 * 1024),
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
    expect((await s.call('GET', '/api/admin/company/paging?search=big', admin)).body.total).toBe(0);
  });

  it('malformed JSON is a 400 with no internals', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/admin/company/create',
      headers: { ...authHeaders(admin), 'content-type': 'application/json' },
      payload: '{"code": "A", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, code: 'bad_request' });
    expect(res.body).not.toMatch(/at .*\.ts|SyntaxError|stack/);
  });

  it('an unknown API route answers the error envelope', async () => {
    const res = await s.call('GET', '/api/nothing/here', admin);
    expect(res).toMatchObject({ status: 404, body: { status: 404, code: 'not_found' } });
  });

  it('a field of the wrong type is a 400, never a 500', async () => {
    const res = await s.call('POST', '/api/admin/company/create', admin, { code: 123, name: ['x'] });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['code', 'name']);
    const huge = await s.call('GET', '/api/admin/company/get/99999999999999999999', admin);
    expect(huge.status).toBe(400);
    // an unknown sort column is refused by name (it was ignored in silence before issue 27)
    const sort = await s.call('GET', '/api/admin/company/paging?sortBy=password_hash;drop', admin);
    expect(sort.status).toBe(400);
    expect(sort.body.errors).toEqual([{ field: 'sortBy', message: 'unknown_sort' }]);
  });

  it('writes one structured log line per request, with its request id, status, time and user', async () => {
    const lines: Record<string, unknown>[] = [];
    const logged = await createTestServer(backend, { demo: false, log: (line) => lines.push(line) });
    try {
      const token = await logged.login();
      lines.length = 0;
      const res = await logged.call('GET', '/api/admin/company/paging?search=x', token);
      expect(res.status).toBe(200);
      const requestLines = lines.filter((l) => l.msg === 'request');
      expect(requestLines).toHaveLength(1);
      expect(requestLines[0]).toMatchObject({
        level: 30,
        reqId: res.headers['x-request-id'],
        method: 'GET',
        url: '/api/admin/company/paging?search=x',
        status: 200,
        user: 'admin',
      });
      expect(typeof requestLines[0]!.ms).toBe('number');
      const refused = await logged.call('GET', '/api/admin/company/paging', null);
      expect(lines.filter((l) => l.msg === 'request').at(-1)).toMatchObject({ status: 401 });
      expect(JSON.stringify(refused.body)).not.toMatch(/stack|select /i);
    } finally {
      await logged.close();
    }
  });
});
