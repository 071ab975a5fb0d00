import { describe, expect, test } from 'vitest';
import {
  carriedFilters,
  datePresets,
  rangeReversed,
  readReportFilters,
  reportQuery,
  withFilter,
  withoutFilters,
} from './report-filters.ts';

const url = (query: string) => new URLSearchParams(query);

describe('report filters in the URL', () => {
  test('the filters a link carries are read back, the top bar and the list state left alone', () => {
    expect(
      readReportFilters(
        url(
          'from=2026-01-01&to=2026-03-31&companyId=2&projectId=5&constructorId=7&contractTypeId=3&constructionId=1&page=2',
        ),
      ),
    ).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      companyId: 2,
      projectId: 5,
      constructorId: 7,
      contractTypeId: 3,
    });
  });

  test('a malformed or impossible value is left out rather than sent to be refused', () => {
    expect(
      readReportFilters(
        url('from=31/01/2026&to=2026-02-30&companyId=abc&projectId=-1&constructorId=1.5&contractTypeId=0'),
      ),
    ).toEqual({});
  });

  test('a range running backwards is flagged and sends no end date', () => {
    const filters = { from: '2026-05-01', to: '2026-04-30' };
    expect(rangeReversed(filters)).toBe(true);
    expect(reportQuery(filters, ['from', 'to'], -1)).toEqual({ from: '2026-05-01', constructionId: -1 });
    expect(rangeReversed({ from: '2026-05-01', to: '2026-05-01' })).toBe(false);
  });

  test("the API query takes only the report's own filters, the construction and the screen's additions", () => {
    const filters = { from: '2026-01-01', companyId: 2, contractTypeId: 3, constructorId: 9 };
    expect(
      reportQuery(filters, ['from', 'to', 'companyId', 'constructorId'], 4, {
        constructorId: 12,
        limit: undefined,
      }),
    ).toEqual({
      from: '2026-01-01',
      companyId: 2,
      constructorId: 12,
      constructionId: 4,
    });
    expect(reportQuery({}, ['from'], undefined)).toEqual({});
  });

  test('changing one filter keeps the others and the top bar; clearing keeps only the latter', () => {
    const params = url('constructionId=3&from=2026-01-01&companyId=2&projectId=5');
    expect(withFilter(params, { companyId: 4, projectId: undefined }).toString()).toBe(
      'constructionId=3&from=2026-01-01&companyId=4',
    );
    expect(withFilter(params, { to: '' }).toString()).toBe(params.toString());
    expect(withoutFilters(params).toString()).toBe('constructionId=3');
  });

  test('a drill-down carries the filters both screens take', () => {
    expect(
      carriedFilters({ from: '2026-01-01', companyId: 2, contractTypeId: 3 }, [
        'from',
        'to',
        'contractTypeId',
      ]),
    ).toBe('from=2026-01-01&contractTypeId=3');
  });
});

describe('the usual periods', () => {
  test('month, last month across the new year, quarter and years', () => {
    const presets = Object.fromEntries(datePresets('2026-01-20').map((p) => [p.key, [p.from, p.to]]));
    expect(presets).toEqual({
      thisMonth: ['2026-01-01', '2026-01-31'],
      lastMonth: ['2025-12-01', '2025-12-31'],
      thisQuarter: ['2026-01-01', '2026-03-31'],
      thisYear: ['2026-01-01', '2026-12-31'],
      lastYear: ['2025-01-01', '2025-12-31'],
    });
  });

  test('a leap February and the last quarter end on their real last days', () => {
    const presets = Object.fromEntries(datePresets('2028-03-05').map((p) => [p.key, [p.from, p.to]]));
    expect(presets.lastMonth).toEqual(['2028-02-01', '2028-02-29']);
    const autumn = Object.fromEntries(datePresets('2026-11-23').map((p) => [p.key, [p.from, p.to]]));
    expect(autumn.thisQuarter).toEqual(['2026-10-01', '2026-12-31']);
    expect(autumn.thisMonth).toEqual(['2026-11-01', '2026-11-30']);
  });
});
