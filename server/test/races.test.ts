/**
 * Uniqueness races on PostgreSQL, generated from the route table: every record resource that
 * declares a uniqueness rule (app.recordRoutes) gets concurrent creates of one value, and two
 * records renamed to one value at once. Exactly one wins; every other answer is the rule's field
 * error, never a 500, and the database holds one live record. A resource with a rule and no body
 * below fails the suite, so a new rule cannot go unraced. The money races (ceiling, annex floor,
 * requirement numbers, approvals) are in payments-race.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from './factories.ts';
import { createTestServer, type TestServer } from './helpers.ts';

type Body = Record<string, unknown>;
const RACERS = 12;

describe('uniqueness races on PostgreSQL (every rule of the route table)', () => {
  let s: TestServer;
  let admin: string;
  const ids: Record<string, number> = {};
  /** A valid create body whose `field` holds `value`; `i` tells racers apart in their other fields. */
  let bodies: Record<string, (value: string, field: string, i: number) => Body>;

  beforeAll(async () => {
    s = await createTestServer('postgres', { demo: false });
    admin = await s.login();
    const create = async (url: string, body: Body) => {
      const r = await s.call('POST', url, admin, body);
      if (r.status !== 200) throw new Error(`${url}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.id as number;
    };
    // the records the racers refer to; the administrator makes them all
    const f = factories(s, { admin, accountant: admin });
    ids.company = (await f.company({ code: 'RC', name: 'Công ty đua' })).id;
    ids.project = (await f.project({ code: 'RC-DA', name: 'Dự án đua', company_id: ids.company })).id;
    ids.construction = (
      await f.construction({ code: 'RC-CT', name: 'Công trình đua', project_id: ids.project })
    ).id;
    ids.contractor = (await f.contractor({ code: 'RC-NT', name: 'Nhà thầu đua' })).id;
    ids.bank = await create('/api/admin/setting/bank/create', { code: 'RCB', name: 'Ngân hàng đua' });
    ids.contractType = await create('/api/admin/setting/contract-type/create', {
      code: 'RCT',
      name: 'Loại đua',
    });
    ids.tax = await create('/api/admin/setting/tax', { code: 'RVAT', name: 'VAT đua', value: '10' });
    ids.contract = (
      await f.contract({
        contract_no: 'RC-HD',
        contract_type_id: ids.contractType,
        construction_id: ids.construction,
        constructor_id: ids.contractor,
        signed_date: '2026-01-05',
        tax_id: ids.tax,
      })
    ).id;
    ids.customer = await create('/api/manage/customer/register', {
      code: 'RC-KH',
      name: 'Khách hàng đua',
      construction_ids: [ids.construction],
    });

    const named =
      (extra: Body = {}) =>
      (value: string) => ({ code: value, name: `Đua ${value}`, ...extra });
    bodies = {
      company: named(),
      department: named(),
      project: named({ company_id: ids.company }),
      construction: named({ project_id: ids.project }),
      constructor: named(),
      beneficiary: (value) => ({
        constructor_id: ids.contractor,
        name: `Người hưởng ${value}`,
        bank_id: ids.bank,
        account_number: value,
      }),
      contract: (value) => ({
        contract_no: value,
        contract_type_id: ids.contractType,
        construction_id: ids.construction,
        constructor_id: ids.contractor,
        signed_date: '2026-02-01',
        amount_before_vat: '5000000',
        tax_id: ids.tax,
      }),
      'contract-annex': (value) => ({
        contract_id: ids.contract,
        annex_no: value,
        amount: '1000000',
        signed_date: '2026-03-01',
      }),
      bank: named(),
      tax: named({ value: '8' }),
      'contract-type': named(),
      'construction-item': named(),
      'document-attachment': named({ type: 'original', quantity: 1, ordered: 1 }),
      'transaction-type': named({ pay_date: 30 }),
      'constructor-type': named(),
      'payment-type': named(),
      'payment-method': named(),
      'payment-date': named({ day_of_month: 5 }),
      'cost-item': named(),
      user: (value) => ({ user_name: value, full_name: `Người dùng ${value}`, email: `${value}@example.vn` }),
      role: (value) => ({ code: `ROLE_${value}`, name: `Vai trò ${value}` }),
      group: named(),
      privilege: named(),
      menu: (value) => ({
        name: `m-${value}`,
        path: `/m/${value}`,
        title: `Menu ${value}`,
        title_en: `Menu ${value}`,
      }),
      endpoint: (value) => ({ method: 'GET', path: `/api/race/${value}`, endpoint_type: 'api' }),
      customer: named(),
      billing: (value) => ({
        customer_id: ids.customer,
        construction_id: ids.construction,
        number: value,
        bill_date: '2026-03-01',
        due_date: '2026-04-01',
        amount: '1000000',
      }),
      application: (value, field, i) =>
        field === 'client_id'
          ? { code: `${value}-${i}`, client_id: value, name: `Ứng dụng ${value}`, environment: 'production' }
          : { code: value, name: `Ứng dụng ${value}`, environment: 'production' },
    };
  }, 120_000);
  afterAll(() => s?.close());

  it('every resource with a uniqueness rule has a body here (a new rule cannot go unraced)', () => {
    const ruled = s.app.recordRoutes.filter((r) => r.unique.length && r.create);
    expect(ruled.length).toBeGreaterThanOrEqual(25);
    expect(ruled.filter((r) => !bodies[r.kind]).map((r) => r.kind)).toEqual([]);
  });

  // Values only digits so they suit every field (account numbers are digits); a case-insensitive
  // rule races upper and lower case of one value as well.
  let serial = 7_300_000;
  const nextValue = () => String(serial++);

  /** The records the list shows with this value (case-insensitively). */
  /** Live records found by `value` whose field is `stored` (the value as the winner stored it). */
  async function liveCount(route: { paging: string | null }, field: string, value: string, stored: unknown) {
    const listUrl = route.paging!;
    const r = await s.call('GET', `${listUrl}?itemsPerPage=100&search=${encodeURIComponent(value)}`, admin);
    expect(r.status, `${listUrl}: ${JSON.stringify(r.body)}`).toBe(200);
    const items = (Array.isArray(r.body) ? r.body : r.body.items) as Body[];
    return items.filter((x) => String(x[field]).toLowerCase() === String(stored).toLowerCase()).length;
  }

  it('concurrent creates of one value: one record, every other answer is the field error', async () => {
    const raced: string[] = [];
    for (const route of s.app.recordRoutes) {
      if (!route.unique.length || !route.create) continue;
      for (const rule of route.unique) {
        const field = rule.field;
        const value = rule.caseInsensitive ? `r${nextValue()}x` : nextValue();
        const results = await Promise.all(
          Array.from({ length: RACERS }, (_, i) =>
            s.call(
              'POST',
              route.create!,
              admin,
              bodies[route.kind]!(rule.caseInsensitive && i % 2 ? value.toUpperCase() : value, field, i),
            ),
          ),
        );
        const where = `${route.create} ${field}`;
        expect(results.filter((r) => r.status === 200).length, where).toBe(1);
        for (const r of results.filter((x) => x.status !== 200)) {
          expect(r.status, `${where}: ${JSON.stringify(r.body)}`).toBe(400);
          expect(r.body.errors, where).toEqual([{ field, message: 'duplicate' }]);
        }
        const stored = results.find((r) => r.status === 200)!.body[field];
        if (route.paging) expect(await liveCount(route, field, value, stored), where).toBe(1);
        raced.push(where);
      }
    }
    expect(raced.length).toBeGreaterThanOrEqual(26);
  }, 120_000);

  it('two records renamed to one value at once: one rename wins, the other gets the field error', async () => {
    for (const route of s.app.recordRoutes) {
      if (!route.unique.length || !route.create || !route.update) continue;
      for (const rule of route.unique) {
        const build = bodies[route.kind]!;
        const [a, b] = await Promise.all(
          [nextValue(), nextValue()].map(async (v, k) => {
            const r = await s.call('POST', route.create!, admin, build(v, rule.field, k));
            expect(r.status, `${route.create}: ${JSON.stringify(r.body)}`).toBe(200);
            return r.body as { id: number; version: number };
          }),
        );
        const target = nextValue();
        // the update body is the create body less the fields an update may not change (its parent)
        const update = (id: number, version: number, k: number) => {
          const body: Body = { ...build(target, rule.field, k), version };
          if (route.kind === 'contract-annex') delete body.contract_id;
          return s.call('PUT', route.update!.replace(':id', String(id)), admin, body);
        };
        const results = await Promise.all([update(a!.id, a!.version, 0), update(b!.id, b!.version, 1)]);
        const where = `${route.update} ${rule.field}`;
        expect(
          results.map((r) => r.status).sort(),
          `${where}: ${JSON.stringify(results.map((r) => r.body))}`,
        ).toEqual([200, 400]);
        expect(results.find((r) => r.status === 400)!.body.errors, where).toEqual([
          { field: rule.field, message: 'duplicate' },
        ]);
        const stored = results.find((r) => r.status === 200)!.body[rule.field];
        if (route.paging) expect(await liveCount(route, rule.field, target, stored), where).toBe(1);
      }
    }
  }, 120_000);

  it('two administrators removing each other at once: one stays', async () => {
    const adminRole = (
      (await s.call('GET', '/api/admin/role/list/all', admin)).body as { id: number; code: string }[]
    ).find((r) => r.code === 'ROLE_ADMIN')!;
    const make = async (name: string) => {
      const u = (
        await s.call('POST', '/api/admin/user/create', admin, {
          user_name: name,
          full_name: name,
          email: `${name}@example.vn`,
        })
      ).body;
      await s.call('PATCH', `/api/admin/user/roles/${u.id}`, admin, { roleId: adminRole.id });
      return { ...u, token: await s.firstLogin(name, u.generated_password) };
    };
    const [a, b] = [await make('qt-a'), await make('qt-b')];
    // the seeded admin steps aside (deactivated by a): a and b are the only administrators left
    const seeded = (
      (await s.call('GET', '/api/admin/user/list/all', admin)).body as { id: number; user_name: string }[]
    ).find((x) => x.user_name === 'admin')!;
    const seededNow = (await s.call('GET', `/api/admin/user/get/${seeded.id}`, a.token)).body;
    expect(
      (
        await s.call('PATCH', `/api/admin/user/deactivate/${seeded.id}`, a.token, {
          version: seededNow.version,
        })
      ).status,
    ).toBe(200);
    for (let round = 0; round < 3; round++) {
      const [va, vb] = await Promise.all(
        [a, b].map(async (x) => (await s.call('GET', `/api/admin/user/get/${x.id}`, a.token)).body.version),
      );
      const results = await Promise.all([
        s.call('PATCH', `/api/admin/user/deactivate/${b.id}`, a.token, { version: vb }),
        s.call('PATCH', `/api/admin/user/deactivate/${a.id}`, b.token, { version: va }),
      ]);
      const statuses = results.map((r) => r.status).sort();
      // one wins; the other is refused (no administrator would be left) or finds its session ended
      expect(statuses[0], JSON.stringify(results.map((r) => r.body))).toBe(200);
      expect([401, 422]).toContain(statuses[1]);
      const states = (
        await s.call(
          'GET',
          '/api/admin/user/list/paging?itemsPerPage=100&status=all',
          (results[0]!.status === 200 ? a : b).token,
        )
      ).body.items as { user_name: string; status: string }[];
      expect(states.filter((x) => ['qt-a', 'qt-b'].includes(x.user_name) && x.status === 'O')).toHaveLength(
        1,
      );
      // put things back for the next round: the survivor reactivates the other and signs it in again
      const survivor = results[0]!.status === 200 ? a : b;
      const other = survivor === a ? b : a;
      const otherNow = (await s.call('GET', `/api/admin/user/get/${other.id}`, survivor.token)).body;
      expect(
        (
          await s.call('PATCH', `/api/admin/user/active/${other.id}`, survivor.token, {
            version: otherNow.version,
          })
        ).status,
      ).toBe(200);
      other.token = await s.login(other.user_name, `${other.generated_password}-mine`);
    }
  }, 60_000);
});
