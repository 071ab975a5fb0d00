import { describe, expect, test } from 'vitest';
import { ageingRows, monthLabel, monthlyRows, stateRows, sumAmounts } from './receivables-statistics.ts';

describe('receivables statistics', () => {
  test('months run oldest first as MM/YYYY, a month without bills shown as zero', () => {
    const rows = monthlyRows([
      { month: '2026-02', billed: '500.00', received: '0' },
      { month: '2025-12', billed: '1000000.00', received: '250000.00' },
    ]);
    expect(rows.map((r) => r.label)).toEqual(['12/2025', '01/2026', '02/2026']);
    expect(rows[1]).toMatchObject({ billed: '0', received: '0' });
    expect(rows[0]).toMatchObject({ billed: '1000000.00', received: '250000.00' });
    expect(monthlyRows([])).toEqual([]);
    expect(monthLabel('2026-11')).toBe('11/2026');
  });

  test('a long range keeps its latest 36 months', () => {
    const rows = monthlyRows([
      { month: '2020-01', billed: '1', received: '0' },
      { month: '2026-06', billed: '2', received: '0' },
    ]);
    expect(rows).toHaveLength(36);
    expect(rows.at(-1)?.label).toBe('06/2026');
  });

  test('the four ageing buckets are always there, in their order', () => {
    const rows = ageingRows([
      { bucket: '90+', count: 2, amount: '300.00' },
      { bucket: '0-30', count: 1, amount: '100.00' },
    ]);
    expect(rows.map((r) => r.bucket)).toEqual(['0-30', '31-60', '61-90', '90+']);
    expect(rows[1]).toEqual({ bucket: '31-60', count: 0, amount: '0' });
    expect(rows[3]).toEqual({ bucket: '90+', count: 2, amount: '300.00' });
  });

  test('states read open, overdue, paid; sums are exact', () => {
    expect(stateRows({ paid: { count: 3, amount: '30.10' } }).map((r) => [r.state, r.count])).toEqual([
      ['open', 0],
      ['overdue', 0],
      ['paid', 3],
    ]);
    expect(sumAmounts(['0.10', '0.20', '1000000000000.00'])).toBe('1000000000000.30');
    expect(sumAmounts([])).toBe('0');
  });
});
