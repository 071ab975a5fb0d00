/**
 * A list reads the fields its screen names (docs/adr/0120-a-list-reads-the-fields-its-screen-names.md,
 * docs/adr/0122-a-named-list-answers-only-what-it-names.md), through HTTP on both backends: with
 * `fields`, a row holds the named fields — own or display (referred names, computed marks) — and its
 * id, version and status, nothing else, with the same values, rows, order, total and cursors as
 * without it; without `fields` every field comes as before; a name that is no field of the record (a
 * hidden column, `__proto__`, SQL) is a 400 naming `fields`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from './factories.ts';
import { backends, createTestServer, type TestServer } from './helpers.ts';

type Row = Record<string, unknown>;

const PAYMENTS = '/api/payment-transaction/paging';
const NAMED = ['code', 'amount', 'contract_no', 'overdue', 'constructor_name'];
/** What a row holds whatever `fields` names. */
const ALWAYS = ['id', 'version', 'status'];
/** Own and display fields of a payment request the list above does not name. */
const NOT_NAMED = [
  'approval_status',
  'payment_status',
  'note',
  'paid_amount',
  'account_number',
  'company_name',
  'construction_name',
  'steps',
  'user_full_name',
  'batch_code',
];

describe.each(backends)('a list reads the fields its screen names (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let director: string;
  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    admin = await s.login();
    // two contracts of three requests each: a draft, an accepted one and one waiting for a decision
    const accountant = await s.login('ketoan', 'ketoan123');
    director = await s.login('giamdoc', 'giamdoc123');
    const f = factories(s, { admin, accountant, director });
    for (const amount of ['1000000', '2500000']) {
      const c = await f.contract();
      await f.request(c, { amount });
      await f.request(c, { amount, state: 'accepted' });
      await f.request(c, { amount, state: 'waiting' });
    }
  });
  afterAll(() => s?.close());

  const page = async (path: string, token = admin) => {
    const res = await s.call('GET', path, token);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body as { items: Row[]; total: number; nextCursor?: string | null };
  };

  it('answers the named fields with the id, version and status alone, with the values of the whole row', async () => {
    const whole = await page(`${PAYMENTS}?itemsPerPage=5&status=all`);
    const narrow = await page(`${PAYMENTS}?itemsPerPage=5&status=all&fields=${NAMED.join(',')}`);
    expect(whole.items.length).toBe(5);
    expect(narrow.total).toBe(whole.total);
    expect(narrow.items.map((r) => r.id)).toEqual(whole.items.map((r) => r.id));
    for (const [i, row] of narrow.items.entries()) {
      const full = whole.items[i]!;
      for (const field of NOT_NAMED) {
        expect(full, field).toHaveProperty(field);
        expect(row, field).not.toHaveProperty(field);
      }
      // every field it answers is the whole row's, and it answers those named and no other
      expect(Object.keys(row).sort()).toEqual([...NAMED, ...ALWAYS].sort());
      for (const [field, value] of Object.entries(row)) expect(value, field).toEqual(full[field]);
    }
    expect(narrow.items.some((r) => typeof r.contract_no === 'string' && r.contract_no !== '')).toBe(true);
  });

  it('pages on by cursor and sorts by a display field it does not answer', async () => {
    const first = await page(`${PAYMENTS}?itemsPerPage=3&status=all&fields=code`);
    const next = await page(`${PAYMENTS}?itemsPerPage=3&status=all&fields=code&cursor=${first.nextCursor}`);
    const whole = await page(`${PAYMENTS}?itemsPerPage=6&status=all`);
    expect([...first.items, ...next.items].map((r) => r.id)).toEqual(whole.items.map((r) => r.id));

    const contracts = '/api/contract/paging?itemsPerPage=10&sortBy=constructor_name&sortDesc=false';
    const sorted = await page(`${contracts}&fields=contract_no`);
    const sortedWhole = await page(contracts);
    expect(sorted.items.map((r) => r.id)).toEqual(sortedWhole.items.map((r) => r.id));
    expect(Object.keys(sorted.items[0]!).sort()).toEqual(['contract_no', ...ALWAYS].sort());
  });

  it("holds on every payment list the web asks so: its quick views, the overdue list and the approver's queue", async () => {
    const lists = ['overdue', 'today', 'week', 'month', 'transaction-created'].map(
      (view) => `/api/payment-transaction/${view}/paging`,
    );
    const withRows: string[] = [];
    for (const list of [PAYMENTS, ...lists, '/api/payment-approval/paging']) {
      // the queue is the director's
      const token = list.includes('approval') ? director : admin;
      const narrow = await page(`${list}?itemsPerPage=5&fields=code,contract_no,steps`, token);
      const whole = await page(`${list}?itemsPerPage=5`, token);
      expect(
        narrow.items.map((r) => r.id),
        list,
      ).toEqual(whole.items.map((r) => r.id));
      for (const row of narrow.items)
        expect(Object.keys(row).sort(), list).toEqual(['code', 'contract_no', 'steps', ...ALWAYS].sort());
      if (narrow.items.length) withRows.push(list);
    }
    // the accountant's requests above (dated in the past) are on these; the day's, week's, month's and the admin's own are empty
    expect(withRows).toEqual([
      PAYMENTS,
      '/api/payment-transaction/overdue/paging',
      '/api/payment-approval/paging',
    ]);
  });

  it('answers 400 naming fields for a name that is no field of the record', async () => {
    for (const fields of [
      'code,password_hash',
      'search_text',
      '__proto__',
      'constructor',
      'id;drop',
      'code,nope',
    ]) {
      const res = await s.call('GET', `${PAYMENTS}?fields=${encodeURIComponent(fields)}`, admin);
      expect(res.status, `fields=${fields}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'fields', message: 'unknown_field' }]);
    }
    // a field named twice, blanks and spaces between names are the same list
    const spaced = await page(
      `${PAYMENTS}?itemsPerPage=2&fields=${encodeURIComponent(' code, ,contract_no,code')}`,
    );
    expect(Object.keys(spaced.items[0]!).sort()).toEqual(['code', 'contract_no', ...ALWAYS].sort());
  });
});
