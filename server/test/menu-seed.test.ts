/**
 * The start-up seed on a database seeded before (server/src/db/seed/seed.ts): a menu an earlier seed
 * listed hidden until its screen was built — the approval flows (docs/adr/0084-approval-steps.md) —
 * is shown at the next start, unless an administrator changed its `hidden` flag himself.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { seed } from '../src/db/seed/seed.ts';
import { backends, createTestServer, type TestServer } from './helpers.ts';

describe.each(backends)('the seed shows screens built since (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await createTestServer(backend);
    admin = await s.login();
  });
  afterAll(() => s?.close());

  const flowMenu = async () => {
    const menus = (await s.call('GET', '/api/admin/menu/list/all', admin)).body as {
      id: number;
      name: string;
      hidden: boolean;
      version: number;
    }[];
    return menus.find((m) => m.name === 'approval-flow')!;
  };
  const restart = () => seed(s.database.db, { adminPassword: null, demo: false, routes: [] });

  it('a new database lists the approval flows in the drawer', async () => {
    expect((await flowMenu()).hidden).toBe(false);
  });

  it('a database whose seed hid the menu shows it at the next start', async () => {
    const { id } = await flowMenu();
    // as the seed before this change left it
    await queryRows(s.database.db, sql`update menu set hidden = true where id = ${id}`);
    expect((await flowMenu()).hidden).toBe(true);
    await restart();
    expect((await flowMenu()).hidden).toBe(false);
    // and a start after that changes nothing
    const { version } = await flowMenu();
    await restart();
    expect(await flowMenu()).toMatchObject({ hidden: false, version });
  });

  it('a menu an administrator hid himself stays hidden', async () => {
    const menu = await flowMenu();
    const full = (await s.call('GET', `/api/admin/menu/get/${menu.id}`, admin)).body;
    const hid = await s.call('PUT', `/api/admin/menu/update/${menu.id}`, admin, {
      ...Object.fromEntries(
        [
          'parent_id',
          'path',
          'component',
          'name',
          'title',
          'title_en',
          'icon',
          'is_new',
          'redirect_url',
          'sort_order',
          'endpoint_ids',
        ]
          .filter((k) => k in full)
          .map((k) => [k, full[k]]),
      ),
      hidden: true,
      version: full.version,
    });
    expect(hid.status, JSON.stringify(hid.body)).toBe(200);
    await restart();
    expect((await flowMenu()).hidden).toBe(true);
  });
});
