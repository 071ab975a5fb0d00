import { describe, expect, test } from 'vitest';
import {
  listingKey,
  pageStep,
  reachableByNumber,
  readListParams,
  rowNumber,
  toApiQuery,
  toExportQuery,
  withParams,
  withStatusParam,
} from './list-params.ts';

describe('list state in the URL', () => {
  test('defaults: page 1, 10 a page, all statuses', () => {
    expect(readListParams(new URLSearchParams(''))).toEqual({
      page: 1,
      itemsPerPage: 10,
      sortBy: undefined,
      sortDesc: undefined,
      search: undefined,
      status: 'all',
      constructionId: undefined,
      cursor: undefined,
    });
  });

  test('reads every parameter and repairs nonsense', () => {
    const read = readListParams(
      new URLSearchParams(
        'page=3&itemsPerPage=20&sortBy=name&sortDesc=true&search=cong ty&status=deactive&constructionId=-1',
      ),
    );
    expect(read).toMatchObject({
      page: 3,
      itemsPerPage: 20,
      sortBy: 'name',
      sortDesc: true,
      search: 'cong ty',
      status: 'deactive',
      constructionId: -1,
    });
    const bad = readListParams(
      new URLSearchParams('page=-2&itemsPerPage=5000&status=weird&constructionId=abc'),
    );
    expect(bad).toMatchObject({ page: 1, itemsPerPage: 1000, status: 'all', constructionId: undefined });
  });

  test('a change keeps the other parameters and drops emptied ones', () => {
    const next = withParams(new URLSearchParams('search=a&page=4&constructionId=2'), {
      page: 1,
      search: '',
      itemsPerPage: 10,
    });
    expect(next.toString()).toBe('page=1&constructionId=2&itemsPerPage=10');
  });

  test('the construction filter is sent only for lists scoped by construction', () => {
    const list = readListParams(new URLSearchParams('constructionId=7&sortBy=code'));
    expect(toApiQuery(list, true)).toMatchObject({ constructionId: 7, sortBy: 'code', sortDesc: false });
    expect(toApiQuery(list, false).constructionId).toBeUndefined();
  });

  test('an export asks for what the list shows, every page of it, in the chosen language', () => {
    const list = readListParams(
      new URLSearchParams(
        'page=3&itemsPerPage=50&cursor=abc&sortBy=amount&sortDesc=true&search=thep&status=unpaid&constructionId=4&view=week&contractId=9&approvalStatus=A',
      ),
      { statuses: ['all', 'unpaid'], views: ['week'], filters: ['contractId', 'approvalStatus'] },
    );
    const query = toExportQuery(list, true, 'en');
    expect(query).toEqual({
      sortBy: 'amount',
      sortDesc: true,
      search: 'thep',
      status: 'unpaid',
      constructionId: 4,
      contractId: '9',
      approvalStatus: 'A',
      view: 'week',
      lang: 'en',
    });
    // the list's own request, less its paging, is the export's
    const { page, itemsPerPage, cursor, exactTotal, ...listed } = toApiQuery(list, true);
    expect({ ...listed, view: 'week', lang: 'en' }).toEqual(query);
    expect(toExportQuery(list, false, 'vi').constructionId).toBeUndefined();
  });

  test('row number = index + 1 + page size × (page − 1)', () => {
    expect(rowNumber(0, 10, 1)).toBe(1);
    expect(rowNumber(9, 10, 1)).toBe(10);
    expect(rowNumber(0, 10, 2)).toBe(11);
    expect(rowNumber(4, 20, 3)).toBe(45);
  });
});

describe('the page a cursor names', () => {
  const shown = { page: 3, nextCursor: 'n3', prevCursor: 'p3' };

  test('a reload or a link keeps the cursor of the page shown', () => {
    expect(readListParams(new URLSearchParams('page=4&cursor=abc')).cursor).toBe('abc');
    expect(readListParams(new URLSearchParams('page=4&cursor=')).cursor).toBeUndefined();
  });

  test('Next and Previous go by the shown page’s cursors; back to page 1 by number', () => {
    expect(pageStep(shown, 4)).toEqual({ page: 4, cursor: 'n3' });
    expect(pageStep(shown, 2)).toEqual({ page: 2, cursor: 'p3' });
    expect(pageStep({ page: 2, nextCursor: 'n2', prevCursor: 'p2' }, 1)).toEqual({
      page: 1,
      cursor: undefined,
    });
    expect(pageStep({ page: 5, nextCursor: null, prevCursor: 'p5' }, 6)).toEqual({
      page: 6,
      cursor: undefined,
    });
    expect(pageStep(shown, 7)).toEqual({ page: 7, cursor: undefined });
  });

  test('any other change to the list drops the cursor; unrelated keys keep it', () => {
    const url = new URLSearchParams('page=4&cursor=abc&sortBy=name&lang=vi');
    for (const patch of [
      { search: 'x', page: 1 },
      { status: 'open', page: 1 },
      { sortBy: 'code', sortDesc: true, page: 1 },
      { page: 1, itemsPerPage: 50 },
      { constructionId: 2, page: 1, itemsPerPage: 10 },
      { page: 2 },
    ]) {
      expect(withParams(url, patch).has('cursor'), JSON.stringify(patch)).toBe(false);
    }
    expect(withParams(url, { lang: 'en' }).get('cursor')).toBe('abc');
    expect(withParams(url, { page: 5, cursor: 'def' }).toString()).toBe(
      'page=5&cursor=def&sortBy=name&lang=vi',
    );
  });

  test('pages are read by number only within the first 10,000 rows', () => {
    expect(reachableByNumber(501, 20)).toBe(true);
    expect(reachableByNumber(502, 20)).toBe(false);
    expect(reachableByNumber(1, 1000)).toBe(true);
  });

  test('the API gets the cursor, and exactTotal only when asked', () => {
    const list = readListParams(new URLSearchParams('page=9&cursor=abc'));
    expect(toApiQuery(list, false)).toMatchObject({ page: 9, cursor: 'abc', exactTotal: undefined });
    expect(toApiQuery(list, false, { exactTotal: true }).exactTotal).toBe(true);
  });

  test('the listing is what rows match and their order, not the page or its size', () => {
    const a = readListParams(new URLSearchParams('page=2&cursor=x&itemsPerPage=20&search=a'));
    const b = readListParams(new URLSearchParams('page=7&itemsPerPage=50&search=a'));
    expect(listingKey(a)).toBe(listingKey(b));
    expect(listingKey(a)).not.toBe(listingKey({ ...a, status: 'open' }));
    expect(listingKey(a)).not.toBe(listingKey({ ...a, sortDesc: true }));
  });

  test("a list's own status filters, quick view and filters are read, checked and sent", () => {
    const shape = { statuses: ['all', 'paid', 'over due'], views: ['today', 'mine'], filters: ['paymentId'] };
    const read = readListParams(new URLSearchParams('status=over+due&view=mine&paymentId=7&other=x'), shape);
    expect(read).toMatchObject({ status: 'over due', view: 'mine', filters: { paymentId: '7' } });
    expect(toApiQuery(read, false)).toMatchObject({ status: 'over due', paymentId: '7' });
    // values the list does not offer fall back; the common statuses are not the list's own
    expect(readListParams(new URLSearchParams('status=deleted&view=week'), shape)).toMatchObject({
      status: 'all',
      view: undefined,
    });
    // a list without its own shape keeps the common reading
    expect(readListParams(new URLSearchParams('status=paid&view=mine')).status).toBe('all');
    expect('view' in readListParams(new URLSearchParams('view=mine'))).toBe(false);
  });

  test('another quick view or filter is another listing, and changing the view drops the cursor', () => {
    const a = readListParams(new URLSearchParams('view=today'), { views: ['today', 'week'] });
    expect(listingKey(a)).not.toBe(listingKey({ ...a, view: 'week' }));
    expect(listingKey(a)).not.toBe(listingKey({ ...a, filters: { paymentId: '1' } }));
    expect(
      withParams(new URLSearchParams('page=3&cursor=abc&view=today'), { view: 'week' }).has('cursor'),
    ).toBe(false);
  });

  test("a list filtering on another field than the record's status sends the chip's value under that name", () => {
    const read = readListParams(new URLSearchParams('status=overdue&customerId=4'), {
      statuses: ['all', 'open', 'overdue', 'paid'],
      filters: ['customerId'],
    });
    const query = withStatusParam(toApiQuery(read, true), 'state');
    expect(query).toMatchObject({ state: 'overdue', customerId: '4' });
    expect('status' in query).toBe(false);
    // "all" sends no state at all; without a key the query is as it was
    expect(withStatusParam(toApiQuery({ ...read, status: 'all' }, true), 'state')).toMatchObject({
      state: undefined,
    });
    expect(withStatusParam(toApiQuery(read, true), undefined)).toMatchObject({ status: 'overdue' });
  });
});
