import { describe, expect, test } from 'vitest';
import { readListParams, rowNumber, toApiQuery, withParams } from './list-params.ts';

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

  test('row number = index + 1 + page size × (page − 1)', () => {
    expect(rowNumber(0, 10, 1)).toBe(1);
    expect(rowNumber(9, 10, 1)).toBe(10);
    expect(rowNumber(0, 10, 2)).toBe(11);
    expect(rowNumber(4, 20, 3)).toBe(45);
  });
});
