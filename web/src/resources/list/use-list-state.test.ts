import { describe, expect, test } from 'vitest';
import { readListParams } from '../../lib/list-params.ts';
import type { ResourceDescription } from '../resource.types.ts';
import {
  effectiveListParams,
  isSelected,
  MAX_GRID_PAGE_SIZE,
  pageCorrection,
  pageSizeChoices,
  paginationChange,
  shownListParams,
  sortChange,
  sortModelOf,
  statusChange,
} from './use-list-state.ts';

const resource = (over: Partial<ResourceDescription> = {}) =>
  ({ name: 'project', columns: [], ...over }) as unknown as ResourceDescription;
const list = (query: string) => readListParams(new URLSearchParams(query));

describe('the list as the URL has it', () => {
  test('the page size is cut to what the grid shows, and the list reads its own statuses, views and filters', () => {
    const shown = shownListParams(
      new URLSearchParams('itemsPerPage=500&status=open&view=today&paymentId=7&other=1'),
      resource({
        list: {
          statuses: ['all', 'open'],
          views: [{ key: 'today', paging: 'x/today' }],
          filters: ['paymentId'],
        },
      }),
    );
    expect(shown.itemsPerPage).toBeLessThanOrEqual(MAX_GRID_PAGE_SIZE);
    expect(shown.status).toBe('open');
    expect(shown.view).toBe('today');
    expect(shown.filters).toEqual({ paymentId: '7' });
  });

  test('the page sizes offered include the one the URL asks for, in order', () => {
    expect(pageSizeChoices(20)).toEqual([10, 20, 50, 100]);
    expect(pageSizeChoices(30)).toEqual([10, 20, 30, 50, 100]);
  });
});

describe('what the list asks the server', () => {
  test("the description's default sort when the URL names none; the URL's otherwise", () => {
    const sorted = resource({ defaultSort: { field: 'code', desc: true } });
    expect(effectiveListParams(list(''), sorted, 5)).toMatchObject({ sortBy: 'code', sortDesc: true });
    expect(effectiveListParams(list('sortBy=name'), sorted, 5)).toMatchObject({
      sortBy: 'name',
      sortDesc: undefined,
    });
    expect(effectiveListParams(list('sortBy=name&sortDesc=true'), sorted, 5).sortDesc).toBe(true);
  });

  test("the construction: the URL's, else the top bar's — only the URL's when explicit, none when unscoped", () => {
    const scoped = resource({ scopedByConstruction: true });
    expect(effectiveListParams(list(''), scoped, 5).constructionId).toBe(5);
    expect(effectiveListParams(list('constructionId=9'), scoped, 5).constructionId).toBe(9);
    const explicit = resource({ scopedByConstruction: 'explicit' });
    expect(effectiveListParams(list(''), explicit, 5).constructionId).toBeUndefined();
    expect(effectiveListParams(list('constructionId=9'), explicit, 5).constructionId).toBe(9);
    expect(effectiveListParams(list('constructionId=9'), resource(), 5).constructionId).toBeUndefined();
  });
});

describe('the URL follows the page the server answered', () => {
  test('nothing to correct before an answer, or when it is the page asked', () => {
    expect(pageCorrection(undefined, { page: 2 })).toBeNull();
    expect(pageCorrection({ page: 2 }, { page: 2, cursor: 'c' })).toBeNull();
  });

  test('another page than asked: its number, without a cursor', () => {
    expect(pageCorrection({ page: 1 }, { page: 2, cursor: 'c' })).toEqual({ page: 1, cursor: undefined });
  });

  test('a refused cursor read by page number: the cursor leaves the URL', () => {
    expect(pageCorrection({ page: 3, cursorDropped: true }, { page: 3, cursor: 'stale' })).toEqual({
      page: 3,
      cursor: undefined,
    });
    expect(pageCorrection({ page: 3, cursorDropped: true }, { page: 3 })).toBeNull();
  });
});

describe('paging and sorting from the grid', () => {
  const answer = { page: 2, nextCursor: 'n', prevCursor: 'p' };
  const shown = { page: 2, itemsPerPage: 20 };

  test('nothing while no answer is shown, or when nothing changed', () => {
    expect(paginationChange({ page: 2, pageSize: 20 }, shown, undefined)).toBeNull();
    expect(paginationChange({ page: 1, pageSize: 20 }, shown, answer)).toBeNull();
  });

  test('Next and Previous go by the cursors; a new page size goes back to page 1', () => {
    expect(paginationChange({ page: 2, pageSize: 20 }, shown, answer)).toEqual({ page: 3, cursor: 'n' });
    expect(paginationChange({ page: 0, pageSize: 20 }, shown, answer)).toEqual({
      page: 1,
      cursor: undefined,
    });
    expect(paginationChange({ page: 1, pageSize: 50 }, shown, answer)).toEqual({ page: 1, itemsPerPage: 50 });
  });

  test('the sort model stands for the URL sort; a new sort goes back to page 1, the same one changes nothing', () => {
    const current = sortModelOf('code', true);
    expect(current).toEqual([{ field: 'code', sort: 'desc' }]);
    expect(sortModelOf(undefined, true)).toEqual([]);
    expect(sortChange([{ field: 'code', sort: 'desc' }], current)).toBeNull();
    expect(sortChange([{ field: 'name', sort: 'asc' }], current)).toEqual({
      sortBy: 'name',
      sortDesc: false,
      page: 1,
    });
    expect(sortChange([], current)).toEqual({ sortBy: undefined, sortDesc: undefined, page: 1 });
  });

  test('"all" is no status filter', () => {
    expect(statusChange('all')).toEqual({ status: undefined, page: 1 });
    expect(statusChange('inactive')).toEqual({ status: 'inactive', page: 1 });
  });

  test('a ticked row: listed in an include model, left out of an exclude one', () => {
    expect(isSelected({ type: 'include', ids: new Set([1]) }, 1)).toBe(true);
    expect(isSelected({ type: 'include', ids: new Set([1]) }, 2)).toBe(false);
    expect(isSelected({ type: 'exclude', ids: new Set([1]) }, 2)).toBe(true);
  });
});
