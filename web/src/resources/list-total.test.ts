import { describe, expect, test } from 'vitest';
import { testT } from '../lib/test-i18n.ts';
import { displayedRows, isEstimated, rowCountProps } from './list-total.ts';
import type { ListAnswer } from './resource.queries.ts';

const row = (id: number) => ({ id, status: 'O', version: 0 });
const answer = (over: Partial<ListAnswer>): ListAnswer => ({
  items: Array.from({ length: 20 }, (_, i) => row(i + 1)),
  total: 1050,
  totalExact: true,
  page: 1,
  itemsPerPage: 20,
  nextCursor: 'n',
  prevCursor: null,
  ...over,
});

describe('the total a list footer shows', () => {
  test('an exact total is the row count', () => {
    expect(rowCountProps(answer({}))).toEqual({ rowCount: 1050, paginationMeta: { hasNextPage: true } });
    expect(isEstimated(answer({}))).toBe(false);
  });

  test('an estimate leaves the count open, with Next exactly when the server names a next page', () => {
    const estimated = answer({ total: 100_000, totalExact: false });
    expect(rowCountProps(estimated)).toEqual({
      rowCount: -1,
      estimatedRowCount: 100_000,
      paginationMeta: { hasNextPage: true },
    });
    expect(isEstimated(estimated)).toBe(true);
  });

  test('on the last page the count is known even when the total was an estimate', () => {
    const last = answer({ total: 1200, totalExact: false, page: 53, nextCursor: null, items: [row(1)] });
    expect(rowCountProps(last)).toEqual({ rowCount: 1041, paginationMeta: { hasNextPage: false } });
    expect(isEstimated(last)).toBe(false);
  });

  test('before the first answer the count is unknown', () => {
    expect(rowCountProps(undefined)).toEqual({ rowCount: -1 });
  });

  test('"1–20 of about 100,000" in both languages, with thousands commas', async () => {
    const shown = { from: 1, to: 20, count: -1, estimated: 100_000 };
    expect(displayedRows(shown, 'en', await testT('en'))).toBe('1–20 of about 100,000');
    expect(displayedRows(shown, 'vi', await testT('vi'))).toBe('1–20 trên khoảng 100,000');
    const exact = { from: 1001, to: 1020, count: 1050, estimated: undefined };
    expect(displayedRows(exact, 'vi', await testT('vi'))).toBe('1,001–1,020 trên 1,050');
    const open = { from: 21, to: 40, count: -1, estimated: undefined };
    expect(displayedRows(open, 'en', await testT('en'))).toBe('21–40 of more than 40');
  });
});
