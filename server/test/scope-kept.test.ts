/**
 * A user's constructions kept per access version
 * (docs/adr/0121-a-users-constructions-kept-per-access-version.md): a server keeps them between his
 * requests, and every change of what they are made of — who holds a role, a role's company, a
 * group and its roles, a construction's project, a project's company — is seen by his next
 * request, whoever made it (the API, or SQL from a console).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptConstructionIds } from '../src/http/user-scope.ts';
import { factories } from './factories.ts';
import { backends, createTestServer, type TestServer } from './helpers.ts';

describe.each(backends)("a user's constructions, kept per access version (%s)", (backend) => {
  let s: TestServer;
  let admin: string;
  let ketoan: string; // ROLE_ACCOUNTANT + SCOPE_HP: constructions CT-001..003
  let requestId: number; // a request on CT-004, company DN
  const ids: Record<string, number> = {};

  const run = (query: ReturnType<typeof sql>) => s.database.db.execute(query);
  /** What ketoan sees of the DN request: its page (200 or 404) and whether his list holds it. */
  const seen = async () => {
    const get = await s.call('GET', `/api/payment-transaction/get/${requestId}`, ketoan);
    const list = await s.call('GET', '/api/payment-transaction/paging?status=all&itemsPerPage=100', ketoan);
    expect(list.status).toBe(200);
    const listed = list.body.items.some((r: { id: number }) => r.id === requestId);
    expect(listed).toBe(get.status === 200);
    return get.status;
  };

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    admin = await s.login();
    ketoan = await s.login('ketoan', 'ketoan123');
    const ketoan2 = await s.login('ketoan2', 'ketoan123');
    const giamdoc = await s.login('giamdoc', 'giamdoc123');
    const f = factories(s, { admin, accountant: ketoan2, director: giamdoc });
    const ref = await f.lookup();
    const contract = await f.contract({ construction_id: ref.constructions['CT-004']!.id });
    requestId = (await f.request(contract)).id;
    const one = async (query: ReturnType<typeof sql>) =>
      ((await run(query)) as unknown as { rows: { id: number }[] }).rows[0]!.id;
    ids.ketoan = await one(sql`select id from app_user where user_name = 'ketoan'`);
    ids.scopeHp = await one(sql`select id from role where code = 'SCOPE_HP'`);
    ids.scopeDn = await one(sql`select id from role where code = 'SCOPE_DN'`);
    ids.hp = await one(sql`select id from company where code = 'HP'`);
    ids.dn = await one(sql`select id from company where code = 'DN'`);
    ids.ct4 = ref.constructions['CT-004']!.id;
    ids.hp01 = await one(sql`select id from project where code = 'DA-HP01'`);
    ids.dn01 = await one(sql`select id from project where code = 'DA-DN01'`);
  });
  afterAll(() => s?.close());

  it('a role given through the API and taken back: the next request sees each', async () => {
    expect(await seen()).toBe(404);
    const give = await s.call('PATCH', `/api/admin/user/roles/${ids.ketoan}`, admin, { roleId: ids.scopeDn });
    expect(give.status).toBe(200);
    expect(await seen()).toBe(200);
    const take = await s.call('DELETE', `/api/admin/user/roles/${ids.ketoan}`, admin, {
      roleId: ids.scopeDn,
    });
    expect(take.status).toBe(200);
    expect(await seen()).toBe(404);
  });

  it("a role's company changed from a console", async () => {
    await run(sql`update role set company_id = ${ids.dn} where id = ${ids.scopeHp}`);
    expect(await seen()).toBe(200);
    await run(sql`update role set company_id = ${ids.hp} where id = ${ids.scopeHp}`);
    expect(await seen()).toBe(404);
  });

  it('a group: its member, its role, and the group stopped and started', async () => {
    const [group] = (
      (await run(
        sql`insert into app_group (code, name, status) values ('G-SCOPE', 'Nhóm phạm vi', 'O') returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    await run(sql`insert into group_role (group_id, role_id) values (${group!.id}, ${ids.scopeDn})`);
    expect(await seen()).toBe(404);
    await run(sql`insert into user_group (user_id, group_id) values (${ids.ketoan}, ${group!.id})`);
    expect(await seen()).toBe(200);
    await run(sql`update app_group set status = 'C' where id = ${group!.id}`);
    expect(await seen()).toBe(404);
    await run(sql`update app_group set status = 'O' where id = ${group!.id}`);
    expect(await seen()).toBe(200);
    await run(sql`delete from group_role where group_id = ${group!.id}`);
    expect(await seen()).toBe(404);
    await run(sql`delete from user_group where group_id = ${group!.id}`);
  });

  it('a construction moved to another project, and a project to another company', async () => {
    await run(sql`update construction set project_id = ${ids.hp01} where id = ${ids.ct4}`);
    expect(await seen()).toBe(200);
    await run(sql`update construction set project_id = ${ids.dn01} where id = ${ids.ct4}`);
    expect(await seen()).toBe(404);
    await run(sql`update project set company_id = ${ids.hp} where id = ${ids.dn01}`);
    expect(await seen()).toBe(200);
    await run(sql`update project set company_id = ${ids.dn} where id = ${ids.dn01}`);
    expect(await seen()).toBe(404);
  });

  it('a change rolled back moves nothing the user sees', async () => {
    await expect(
      s.database.db.transaction(async (tx) => {
        await tx.execute(sql`update role set company_id = ${ids.dn} where id = ${ids.scopeHp}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await seen()).toBe(404);
  });
});

describe('keptConstructionIds', () => {
  /** A stand-in for the database's named statement: answers `ids` and counts its calls. */
  const database = (ids: number[]) => {
    const calls: unknown[] = [];
    const prepared = (async (_name: string, _query: unknown, values?: Record<string, unknown>) => {
      calls.push(values);
      return [{ ids }];
    }) as never;
    return { prepared, calls };
  };

  it('reads once per version, again when the version moves, and every time without one', async () => {
    const db = database([3, 1]);
    expect(await keptConstructionIds(db.prepared, 7, '10')).toEqual([3, 1]);
    expect(await keptConstructionIds(db.prepared, 7, '10')).toEqual([3, 1]);
    expect(db.calls).toEqual([{ userId: 7 }]);
    await keptConstructionIds(db.prepared, 8, '10');
    expect(db.calls).toHaveLength(2); // another user: his own
    await keptConstructionIds(db.prepared, 7, '11');
    expect(db.calls).toHaveLength(3);
    await keptConstructionIds(db.prepared, 9, null);
    await keptConstructionIds(db.prepared, 9, null);
    expect(db.calls).toHaveLength(5);
    // another database keeps its own
    const other = database([5]);
    expect(await keptConstructionIds(other.prepared, 7, '11')).toEqual([5]);
  });
});
