import { describe, expect, test } from 'vitest';
import {
  contractPosition,
  fillMonths,
  largest,
  monthLabel,
  paidPercent,
  shortName,
  withoutLegalForm,
} from './report-figures.ts';

describe('report figures', () => {
  test('a month reads MM/YYYY', () => {
    expect(monthLabel('2026-03')).toBe('03/2026');
  });

  test('a monthly series shows the months without payments as zero, across a new year', () => {
    const rows = [
      { month: '2025-11', paid: '5' },
      { month: '2026-02', paid: '7' },
    ];
    expect(fillMonths(rows, (month) => ({ month, paid: '0' }))).toEqual([
      { month: '2025-11', paid: '5' },
      { month: '2025-12', paid: '0' },
      { month: '2026-01', paid: '0' },
      { month: '2026-02', paid: '7' },
    ]);
    expect(fillMonths([{ month: '2026-02', paid: '7' }], (month) => ({ month, paid: '0' }))).toHaveLength(1);
    expect(fillMonths([], (month) => ({ month }))).toEqual([]);
  });

  test('the paid share is a whole percentage, 0 when there is nothing to pay', () => {
    expect(paidPercent('8950000000.00', '20358800000.00')).toBe(44);
    expect(paidPercent('0', '0.00')).toBe(0);
    expect(paidPercent('120', '100')).toBe(100);
  });

  test('the largest rows by amount, exactly compared (beyond what a float tells apart)', () => {
    const rows = [
      { id: 1, v: '9007199254740993.00' },
      { id: 2, v: '9007199254740992.00' },
      { id: 3, v: '100.00' },
      { id: 4, v: '9007199254740993.00' },
    ];
    expect(largest(rows, 3, (r) => r.v).map((r) => r.id)).toEqual([1, 4, 2]);
  });

  test("a contractor's legal form is left off an axis; a name that is only that stays", () => {
    expect(withoutLegalForm('Công ty CP Xây lắp Thành Công')).toBe('Xây lắp Thành Công');
    expect(withoutLegalForm('Công ty TNHH MTV Cơ khí Hà Nội')).toBe('Cơ khí Hà Nội');
    expect(withoutLegalForm('Tổng công ty Xây dựng Sông Hồng')).toBe('Xây dựng Sông Hồng');
    expect(withoutLegalForm('CÔNG TY CỔ PHẦN THÉP VIỆT ÚC')).toBe('THÉP VIỆT ÚC');
    expect(withoutLegalForm('CT-001 – Tòa nhà A1')).toBe('CT-001 – Tòa nhà A1');
    expect(withoutLegalForm('Công ty')).toBe('Công ty');
  });

  test('a long name is cut with an ellipsis for an axis', () => {
    expect(shortName('Công ty CP Xây lắp Thành Công', 12)).toBe('Công ty CP…');
    expect(shortName('CT-001', 12)).toBe('CT-001');
  });

  test("a contract's value splits into paid, approved, waiting, what may still be requested and what the ceiling holds back", () => {
    // value 14,950,000,000; 5 % guarantee held back: ceiling 14,202,500,000
    const parts = contractPosition({
      contract_value: '14950000000.00',
      ceiling: '14202500000.00',
      requested: '8000000000.00',
      approved: '8000000000.00',
      paid: '6500000000.00',
      remaining: '6202500000.00',
    });
    expect(parts).toEqual([
      { key: 'paid', amount: '6500000000.00' },
      { key: 'approved', amount: '1500000000.00' },
      { key: 'available', amount: '6202500000.00' },
      { key: 'retained', amount: '747500000.00' },
    ]);
  });

  test('parts below zero (a settlement above the value) are left out', () => {
    expect(
      contractPosition({
        contract_value: '100.00',
        ceiling: '120.00',
        requested: '30.00',
        approved: '10.00',
        paid: '0.00',
        remaining: '90.00',
      }).map((p) => p.key),
    ).toEqual(['approved', 'waiting', 'available']);
  });
});
