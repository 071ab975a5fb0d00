/**
 * The authorization matrix, generated from the route table: every route × {anonymous, accountant,
 * director, another company's accountant, admin}. What each may do is derived from the menus the
 * route declares and the seeded roles' menus (server/src/db/seed/menus.ts), and for the records of
 * one company from the data scope — so a new route is covered without anyone adding it here, and a
 * route that declares no menus fails.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { seedRoles } from '../src/db/seed/menus.ts';
import { factories } from './factories.ts';
import { createTestServer, type TestServer } from './helpers.ts';

type Route = { method: string; path: string; menus: string[] };

const menusOf = (code: string) => new Set(seedRoles.find((r) => r.code === code)!.menus);
const fill = (path: string, id: number | string) => path.replace(/\{[^}]+\}/g, String(id));

describe('authorization matrix (pglite)', () => {
  let s: TestServer;
  let routes: Route[];
  const token: Record<string, string> = {};
  const hp: Record<string, number> = {};

  beforeAll(async () => {
    s = await createTestServer('pglite', { demo: true });
    routes = s.app.protectedRoutes;
    [token.admin, token.ketoan, token.giamdoc, token.ketoan2] = await Promise.all([
      s.login(),
      s.login('ketoan', 'ketoan123'),
      s.login('giamdoc', 'giamdoc123'),
      s.login('ketoan2', 'ketoan123'),
    ]);
    // one record of each scoped kind in company HP (ketoan's and giamdoc's scope, not ketoan2's)
    const admin = token.admin!;
    const company = (await s.call('GET', '/api/admin/company/list/all', admin)).body.find(
      (c: { code: string }) => c.code === 'HP',
    );
    const ct = (await s.call('GET', '/api/construction/paging?itemsPerPage=100', admin)).body.items.find(
      (c: { code: string }) => c.code === 'CT-001',
    );
    const f = factories(s, { admin, accountant: token.ketoan });
    const k = await f.contractor({ code: 'NT-MX', name: 'Ma trận' });
    const b = await f.payee(k, { account_number: '246813579' });
    const contract = await f.contract({
      contract_no: 'MX-1',
      construction_id: ct.id,
      constructor_id: k.id,
      beneficiary_id: b.id,
      amount_before_vat: '100000000',
      by: admin,
    });
    const payment = await f.request(contract, { date: '2025-03-01', amount: '1000000', note: 'Ma trận' });
    // a bank guarantee of that contract: read within the contract's scope
    const guarantee = (
      await s.call('POST', '/api/contract-guarantee/create', admin, {
        contract_id: contract.id,
        kind: 'performance',
        bank_id: b.bank_id,
        guarantee_no: 'BL-MX',
        amount: '10000000',
        expiry_date: '2026-12-31',
      })
    ).body;
    // a customer owning CT-001, billed, with a credit note
    const customer = (
      await s.call('POST', '/api/manage/customer/register', admin, {
        code: 'KH-MX',
        name: 'Chủ đầu tư ma trận',
        construction_ids: [ct.id],
      })
    ).body;
    const bill = (
      await s.call('POST', '/api/manage/billing/create', admin, {
        customer_id: customer.id,
        construction_id: ct.id,
        number: 'HD-MX-1',
        bill_date: '2025-03-01',
        due_date: '2025-04-01',
        amount: '10000000',
      })
    ).body;
    const credit = (
      await s.call('POST', '/api/manage/credit/create', admin, {
        customer_id: customer.id,
        kind: 'limit',
        amount: '500000000',
        reason: 'Hạn mức',
        credit_date: '2025-01-01',
      })
    ).body;
    expect(
      [customer.id, bill.id, credit.id, guarantee.id].every(Number.isInteger),
      JSON.stringify([customer, bill, credit, guarantee]),
    ).toBe(true);
    // records owned by company HP without a construction: a customer and a ticket ketoan registered,
    // and a failed mail about one of HP's requests
    const owned = await s.call('POST', '/api/manage/customer/register', token.ketoan, {
      code: 'KH-MX2',
      name: 'Khách không công trình',
    });
    const ticket = await s.call('POST', '/api/manage/zendesk/create', token.ketoan, {
      subject: 'Ma trận',
      requester_name: 'Lan',
    });
    const [mail] = await queryRows<{ id: number }>(
      s.database.db,
      sql`insert into mail_outbox (key, event, "to", subject, text, state, construction_id)
          values ('matrix:1', 'payment_send', 'giamdoc@sitepay.test', 'Ma trận', 'Ma trận', 'failed', ${ct.id})
          returning id`,
    );
    expect([owned.status, ticket.status], JSON.stringify([owned.body, ticket.body])).toEqual([200, 200]);
    Object.assign(hp, {
      ownedCustomer: owned.body.id,
      ticket: ticket.body.id,
      mail: Number(mail!.id),
      customer: customer.id,
      guarantee: guarantee.id,
      bill: bill.id,
      credit: credit.id,
      company: company.id,
      project:
        company && (await s.call('GET', `/api/admin/project/by-company/${company.id}`, admin)).body[0].id,
      construction: ct.id,
      contract: contract.id,
      payment: payment.id,
      contractor: k.id,
      beneficiary: b.id,
    });
  });
  afterAll(() => s?.close());

  const call = (route: Route, who: string | null, id: number | string = 1) =>
    s.call(
      route.method as never,
      fill(route.path, id),
      who ? token[who] : null,
      route.method === 'GET' ? undefined : {},
    );

  it('every protected route declares the menus whose screens call it', () => {
    expect(routes.length).toBeGreaterThan(150);
    expect(routes.filter((r) => r.menus.length === 0).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('anonymous: 401 on every protected route', async () => {
    const wrong = [];
    for (const route of routes) {
      const res = await call(route, null);
      if (res.status !== 401) wrong.push(`${route.method} ${route.path} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  for (const [who, role] of [
    ['ketoan', 'ROLE_ACCOUNTANT'],
    ['giamdoc', 'ROLE_DIRECTOR'],
    ['ketoan2', 'ROLE_ACCOUNTANT'],
  ] as const) {
    it(`${who} (${role}): 403 exactly where none of the route's menus is the role's, never 401 or 5xx`, async () => {
      const granted = menusOf(role);
      const wrong = [];
      for (const route of routes) {
        const allowed = route.menus.some((m) => granted.has(m));
        const res = await call(route, who);
        const ok = allowed
          ? res.status !== 403 && res.status !== 401 && res.status < 500
          : res.status === 403;
        if (!ok)
          wrong.push(`${route.method} ${route.path} (${allowed ? 'allowed' : 'refused'}) → ${res.status}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('an unknown, missing or blank ApplicationId: 401 unknown_application on every protected route, even for the admin', async () => {
    const wrong = [];
    for (const [i, route] of routes.entries()) {
      const applicationid = [undefined, 'evil-app', ' '][i % 3];
      const res = await s.call(
        route.method as never,
        fill(route.path, 1),
        token.admin,
        route.method === 'GET' ? undefined : {},
        { applicationid },
      );
      if (res.status !== 401 || res.body.code !== 'unknown_application')
        wrong.push(`${route.method} ${route.path} (${applicationid}) → ${res.status} ${res.body.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('an AccessToken of another session beside the bearer token: 401 invalid_token on every protected route', async () => {
    const theirs = (
      await s.call('POST', '/api/auth/login', null, { user_name: 'ketoan', password: 'ketoan123' })
    ).body[0].token as string;
    const wrong = [];
    for (const route of routes) {
      const res = await s.call(
        route.method as never,
        fill(route.path, 1),
        token.admin,
        route.method === 'GET' ? undefined : {},
        { accesstoken: theirs },
      );
      if (res.status !== 401 || res.body.code !== 'invalid_token')
        wrong.push(`${route.method} ${route.path} → ${res.status} ${res.body.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('admin: never 401, 403 or 5xx', async () => {
    const wrong = [];
    for (const route of routes) {
      const res = await call(route, 'admin');
      if (res.status === 401 || res.status === 403 || res.status >= 500)
        wrong.push(`${route.method} ${route.path} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  /** The record a path's single id names, for the reads of the scoped kinds. */
  const recordOf = (path: string): number | undefined => {
    const params = path.match(/\{[^}]+\}/g) ?? [];
    if (params.length !== 1) return undefined;
    if (path.includes('{constructionId}')) return hp.construction;
    if (/^\/api\/contract-guarantee\/(get|history)\//.test(path)) return hp.guarantee;
    if (/contract(?!-annex)[^/]*\/(\{|get\/|paging)|\{contractId\}|validate\/contract|by-contract/.test(path))
      return hp.contract;
    if (
      path.startsWith('/api/payment-transaction/') ||
      path.startsWith('/api/payment-file-upload/uploaded') ||
      path.startsWith('/api/payment-invoice/list/')
    )
      return hp.payment;
    if (path.startsWith('/api/contract/')) return hp.contract;
    if (path.startsWith('/api/construction/') && !/get-by-project|get-by-company|not-in-project/.test(path))
      return hp.construction;
    if (/^\/api\/admin\/company\/(get|\{id\}\/constructions|history)/.test(path)) return hp.company;
    if (/^\/api\/admin\/project\/(get|history)/.test(path)) return hp.project;
    if (path.startsWith('/api/manage/customer/') || path.startsWith('/api/manage/credit/list/'))
      return hp.customer;
    if (path.startsWith('/api/manage/credit/')) return hp.credit;
    if (path.startsWith('/api/manage/billing/')) return hp.bill;
    if (path.startsWith('/api/manage/zendesk/')) return hp.ticket;
    if (path.startsWith('/api/manage/mail/')) return hp.mail;
    return undefined;
  };

  /** The record a path names among those HP owns without a construction (owner-company.ts, mails). */
  const ownedRecordOf = (path: string): number | undefined => {
    if (!/\{id\}$/.test(path)) return undefined;
    if (path.startsWith('/api/manage/customer/')) return hp.ownedCustomer;
    if (path.startsWith('/api/manage/zendesk/')) return hp.ticket;
    if (path.startsWith('/api/manage/mail/')) return hp.mail;
    return undefined;
  };

  it('another company’s records: 404 to its accountant, found by the owner company’s accountant', async () => {
    const accountant = menusOf('ROLE_ACCOUNTANT');
    const reads = routes.filter(
      (r) => r.method === 'GET' && recordOf(r.path) && r.menus.some((m) => accountant.has(m)),
    );
    expect(reads.length).toBeGreaterThan(20);
    const wrong = [];
    for (const route of reads) {
      const id = recordOf(route.path)!;
      const own = await call(route, 'ketoan', id);
      const other = await call(route, 'ketoan2', id);
      // found: 200, or a rule refusing the record in its present state, with the reason (a VietQR
      // code of a request not yet accepted answers 422 vietqr_not_accepted)
      const found = own.status === 200 || (own.status === 422 && typeof own.body?.reason === 'string');
      if (!found) wrong.push(`${route.path} as ketoan → ${own.status}`);
      if (other.status !== 404) wrong.push(`${route.path} as ketoan2 → ${other.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('another company’s records: its accountant’s status changes and moves answer 404, change nothing', async () => {
    const accountant = menusOf('ROLE_ACCOUNTANT');
    const writes = routes.filter(
      (r) =>
        ['PATCH', 'DELETE'].includes(r.method) &&
        recordOf(r.path) &&
        !r.path.includes('payment-file-upload') &&
        r.menus.some((m) => accountant.has(m)),
    );
    expect(writes.length).toBeGreaterThanOrEqual(8);
    const wrong = [];
    for (const route of writes) {
      const res = await s.call(
        route.method as never,
        fill(route.path, recordOf(route.path)!),
        token.ketoan2,
        // a reversal names a payment and says why (its real scope test: payment-record.test.ts)
        route.path.includes('/payments/reverse/') ? { reason: 'Ma trận' } : { version: 0 },
      );
      if (res.status !== 404) wrong.push(`${route.method} ${route.path} as ketoan2 → ${res.status}`);
    }
    expect(wrong).toEqual([]);
    const payment = (await s.call('GET', `/api/payment-transaction/get/${hp.payment}`, token.ketoan)).body;
    expect(payment).toMatchObject({ version: 0, status: 'O', approval_status: 'O' });
  });

  it('records a company owns without a construction (customer, ticket, mail): 404 to another company, found by its own', async () => {
    const accountant = menusOf('ROLE_ACCOUNTANT');
    const own = routes.filter((r) => ownedRecordOf(r.path) && r.menus.some((m) => accountant.has(m)));
    // customer get, update, active, deactive, delete, history; ticket get, update, delete, history; resend
    expect(own.length).toBeGreaterThanOrEqual(10);
    const wrong = [];
    // a valid body of each (an update sends its required fields): only the scope can refuse it
    const required: Record<string, Record<string, string>> = {
      '/api/manage/customer/': { code: 'KH-MX2', name: 'Khách không công trình' },
      '/api/manage/zendesk/': { subject: 'Ma trận', requester_name: 'Lan' },
    };
    const body = (route: Route) => {
      if (route.method === 'GET') return undefined;
      const fields =
        route.method === 'PUT' ? Object.entries(required).find(([k]) => route.path.startsWith(k)) : undefined;
      return { ...fields?.[1], version: 99 };
    };
    // writes first, refused; then the owner's reads and writes (a stale version: 409, or the resend)
    for (const route of own) {
      const path = fill(route.path, ownedRecordOf(route.path)!);
      const other = await s.call(route.method as never, path, token.ketoan2, body(route));
      if (other.status !== 404) wrong.push(`${route.method} ${route.path} as ketoan2 → ${other.status}`);
    }
    for (const route of own) {
      const path = fill(route.path, ownedRecordOf(route.path)!);
      const res = await s.call(route.method as never, path, token.ketoan, body(route));
      // found: read (200), refused for the stale version (409), or resent (200; 422 with its reason
      // when the role sweep above already resent it)
      const found =
        route.method === 'GET'
          ? res.status === 200
          : route.method === 'POST'
            ? res.status === 200 || (res.status === 422 && res.body?.reason === 'mail_not_failed')
            : res.status === 409;
      if (!found) wrong.push(`${route.method} ${route.path} as ketoan → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the user picker shows an accountant the users of his company only', async () => {
    const names = async (who: string) =>
      (await s.call('GET', '/api/admin/user/list/all', token[who])).body
        .map((u: { user_name: string }) => u.user_name)
        .sort();
    expect(await names('ketoan')).toEqual(['giamdoc', 'ketoan']);
    expect(await names('ketoan2')).toEqual(['ketoan2']);
  });

  it('a contractor or payee used by a company’s live contract is that company’s for writes', async () => {
    const accountant = menusOf('ROLE_ACCOUNTANT');
    const kinds = { '/api/constructor/': hp.contractor!, '/api/beneficiary/': hp.beneficiary! };
    const writes = routes.filter(
      (r) =>
        ['PUT', 'PATCH', 'DELETE'].includes(r.method) &&
        /\{id\}$/.test(r.path) &&
        Object.keys(kinds).some((k) => r.path.startsWith(k)) &&
        r.menus.some((m) => accountant.has(m)),
    );
    // update, active, deactivate, delete of each
    expect(writes.length).toBe(8);
    const before = await Promise.all([
      s.call('GET', `/api/constructor/get/${hp.contractor}`, token.ketoan2),
      s.call('GET', `/api/beneficiary/get/${hp.beneficiary}`, token.ketoan2),
    ]);
    // shared master data: the other company reads it…
    expect(before.map((r) => r.status)).toEqual([200, 200]);
    // a valid body of each: the input fields of the record as it stands, its payee's account changed
    const inputs: Record<string, string[]> = {
      '/api/constructor/': ['code', 'name', 'tax_code', 'address', 'phone', 'email', 'note'],
      '/api/beneficiary/': ['constructor_id', 'name', 'bank_id', 'branch', 'note'],
    };
    const wrong = [];
    for (const route of writes) {
      const [prefix, id] = Object.entries(kinds).find(([k]) => route.path.startsWith(k))!;
      const current = before[prefix === '/api/constructor/' ? 0 : 1]!.body;
      const body = (version: number) =>
        route.method === 'PUT'
          ? {
              ...Object.fromEntries(inputs[prefix]!.map((f) => [f, current[f]])),
              ...(prefix === '/api/beneficiary/' ? { account_number: '999999999' } : {}),
              version,
            }
          : { version };
      // …but another company's accountant changes nothing: 404, as outside his scope
      const other = await s.call(
        route.method as never,
        fill(route.path, id),
        token.ketoan2,
        body(current.version),
      );
      if (other.status !== 404) wrong.push(`${route.method} ${route.path} as ketoan2 → ${other.status}`);
      // the owner company's accountant is let in: found, and refused only for the stale version
      const own = await s.call(
        route.method as never,
        fill(route.path, id),
        token.ketoan,
        body(current.version + 99),
      );
      if (own.status !== 409) wrong.push(`${route.method} ${route.path} as ketoan → ${own.status}`);
    }
    expect(wrong).toEqual([]);
    const after = await Promise.all([
      s.call('GET', `/api/constructor/get/${hp.contractor}`, token.ketoan2),
      s.call('GET', `/api/beneficiary/get/${hp.beneficiary}`, token.ketoan2),
    ]);
    expect(after.map((r) => r.body)).toEqual(before.map((r) => r.body));
  });
});
