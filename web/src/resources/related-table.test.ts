import { describe, expect, test } from 'vitest';
import { columnTotals } from './related-table.tsx';

describe('a related section’s totals line', () => {
  test('sums amount columns exactly, as the API writes amounts', () => {
    const rows = [
      { id: 1, status: 'O', version: 0, total: '110000000.00', vat_amount: '10000000.00' },
      { id: 2, status: 'O', version: 0, total: '0.10', vat_amount: null },
      { id: 3, status: 'O', version: 0, total: '0.20', vat_amount: '' },
    ];
    expect(columnTotals(rows, ['total', 'vat_amount'])).toEqual({
      total: '110000000.30',
      vat_amount: '10000000.00',
    });
    expect(columnTotals([], ['total'])).toEqual({ total: '0.00' });
  });
});
