// Races only show on PostgreSQL: PGlite runs one transaction at a time
// (docs/product.md#scale-and-the-embedded-database).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers.ts';

describe('concurrent writes on PostgreSQL', () => {
  let s: TestServer;
  let admin: string;

  beforeAll(async () => {
    s = await createTestServer('postgres', { demo: false });
    admin = await s.login();
  });
  afterAll(() => s?.close());

  it('many updates with the same version leave exactly one applied and the version raised by one', async () => {
    const c = (await s.call('POST', '/api/admin/company/create', admin, { code: 'RACE', name: 'Đua' })).body;
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        s.call('PUT', `/api/admin/company/update/${c.id}`, admin, {
          code: 'RACE',
          name: `Người thắng ${i}`,
          version: c.version,
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(24);
    const now = (await s.call('GET', `/api/admin/company/get/${c.id}`, admin)).body;
    expect(now.version).toBe(c.version + 1);
    expect(now.name).toBe(ok[0]!.body.name);
    const history = (await s.call('GET', `/api/admin/company/history/${c.id}`, admin)).body;
    expect(history.filter((h: { action: string }) => h.action === 'update')).toHaveLength(1);
  });

  it('two creates of the same code at once: one succeeds, the other gets the field error', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        s.call('POST', '/api/admin/company/create', admin, { code: 'TWIN', name: 'Song sinh' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([{ field: 'code', message: 'duplicate' }]);
    }
  });

  it('a status change racing an update: exactly one wins', async () => {
    const c = (await s.call('POST', '/api/admin/company/create', admin, { code: 'MIX', name: 'Trộn' })).body;
    const [a, b] = await Promise.all([
      s.call('PATCH', `/api/admin/company/deactivate/${c.id}`, admin, { version: c.version }),
      s.call('PUT', `/api/admin/company/update/${c.id}`, admin, {
        code: 'MIX',
        name: 'Trộn 2',
        version: c.version,
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await s.call('GET', `/api/admin/company/get/${c.id}`, admin)).body.version).toBe(c.version + 1);
  });
});
