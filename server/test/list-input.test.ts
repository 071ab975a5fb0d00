/**
 * Lists refuse what they do not know (issue 27, item 6), through HTTP on both backends: an unknown
 * sort field (`__proto__`, `constructor`, `id;drop`, `(select 1)`) answers 400 naming `sortBy` on
 * the generic lists, the mail list and the history lists; an unknown filter answers 400
 * `unknown_field` naming it; a known sort still sorts; malformed percent-encoding gets the envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestServer, type TestServer } from './helpers.ts';

const LISTS = [
  '/api/construction/paging',
  '/api/admin/company/paging',
  '/api/contract/paging',
  '/api/payment-transaction/paging',
  '/api/manage/mail/list/paging',
  '/api/admin/history/login/paging',
  '/api/admin/history/payment',
];
const HOSTILE_SORTS = ['__proto__', 'constructor', 'id;drop', '(select 1)', 'toString'];

describe.each(backends)('list input (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    admin = await s.login();
  });
  afterAll(() => s?.close());

  it('answers 400 naming sortBy for a sort field a list does not know, on every kind of list', async () => {
    for (const list of LISTS) {
      const known = await s.call('GET', `${list}?itemsPerPage=5`, admin);
      expect(known.status, `${list}: ${JSON.stringify(known.body)}`).toBe(200);
      for (const sortBy of HOSTILE_SORTS) {
        const res = await s.call('GET', `${list}?sortBy=${encodeURIComponent(sortBy)}`, admin);
        expect(res.status, `${list} sortBy=${sortBy}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body).toMatchObject({ status: 400, code: 'bad_request' });
        expect(res.body.errors).toEqual([{ field: 'sortBy', message: 'unknown_sort' }]);
      }
    }
  });

  it('still sorts by a known field, both ways', async () => {
    const asc = await s.call('GET', '/api/construction/paging?sortBy=code&sortDesc=false', admin);
    const desc = await s.call('GET', '/api/construction/paging?sortBy=code&sortDesc=true', admin);
    const codes = (r: typeof asc) => r.body.items.map((c: { code: string }) => c.code);
    expect(asc.status).toBe(200);
    expect(codes(asc)).toEqual([...codes(asc)].sort());
    expect(codes(desc)).toEqual([...codes(asc)].reverse());
    expect(
      (await s.call('GET', '/api/admin/history/login/paging?sortBy=at&sortDesc=false', admin)).status,
    ).toBe(200);
  });

  it('answers 400 unknown_field naming a filter a list does not know', async () => {
    for (const list of LISTS) {
      const res = await s.call('GET', `${list}?contructionId=3&__proto__=1`, admin);
      expect(res.status, `${list}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.errors).toContainEqual({ field: 'contructionId', message: 'unknown_field' });
    }
  });

  it('answers malformed percent-encoding with the error envelope', async () => {
    const res = await s.call('GET', '/api/construction/paging?search=%E0%A4%A', admin);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, code: 'bad_request' });
    expect(res.body.errors).toEqual([{ field: 'search', message: 'invalid_encoding' }]);
    const path = await s.call('GET', '/api/construction/get-by-id/%E0%A4%A', admin);
    expect(path.status).toBe(400);
    expect(path.body).toEqual({ status: 400, code: 'bad_request', message: 'the request URL is malformed' });
  });
});
