import { describe, expect, test } from 'vitest';
import { testT } from '../lib/test-i18n.ts';
import { displayValue, formatCount, formatValue, optionLabel, trimDecimal } from './format-value.ts';

describe('values as lists and view pages show them', () => {
  test('dates follow the language: DD/MM/YYYY in Vietnamese, MM/DD/YYYY in English', () => {
    expect(formatValue('2026-03-05', 'date', 'vi')).toBe('05/03/2026');
    expect(formatValue('2026-03-05', 'date', 'en')).toBe('03/05/2026');
    expect(formatValue('2026-03-05T10:00:00.000Z', 'date', 'vi')).toBe('05/03/2026');
  });

  test('amounts with thousands separators; empty values as nothing', () => {
    expect(formatValue('1234567', 'amount', 'vi')).toBe('1,234,567');
    expect(formatValue(null, 'amount', 'vi')).toBe('');
    expect(formatValue('', undefined, 'en')).toBe('');
  });

  test('counts with thousands commas in both languages, as the pager and the totals show them', () => {
    expect(formatValue(100000, 'integer', 'vi')).toBe('100,000');
    expect(formatValue(-1234567, 'number', 'en')).toBe('-1,234,567');
    expect(formatValue(0, 'integer', 'vi')).toBe('0');
    expect(formatValue(1234.5678, 'number', 'vi')).toBe('1,234.568');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
  });

  test('a malformed stored date is shown as it came rather than breaking the page', () => {
    expect(formatValue('not a date', 'date', 'vi')).toBe('not a date');
  });
});

describe('percentages, choices, flags and picker labels', () => {
  test('a rate reads without trailing zeros and with a percent sign', () => {
    expect(formatValue('10.00', 'percent', 'vi')).toBe('10%');
    expect(formatValue('12.50', 'percent', 'en')).toBe('12.5%');
    expect(formatValue('0.00', 'percent', 'vi')).toBe('0%');
    expect(trimDecimal('1200')).toBe('1200');
  });

  test('an enum value by its translated label; a flag as yes/no', async () => {
    const vi = await testT('vi');
    const en = await testT('en');
    expect(displayValue('document-attachment', 'type', 'copy', 'choice', 'vi', vi)).toBe('Bản sao');
    expect(displayValue('document-attachment', 'type', 'original', 'choice', 'en', en)).toBe('Original');
    expect(displayValue('construction', 'closed', true, 'flag', 'vi', vi)).toBe('Có');
    expect(displayValue('construction', 'closed', false, undefined, 'en', en)).toBe('No');
    expect(displayValue('construction', 'start_date', '2026-01-31', 'date', 'vi', vi)).toBe('31/01/2026');
  });

  test('a picker names a record by code and name, or whichever it has', () => {
    expect(optionLabel({ id: 1, code: 'CT-001', name: 'Tòa nhà A1' })).toBe('CT-001 – Tòa nhà A1');
    expect(optionLabel({ id: 2, name: 'Nhà thầu chính' })).toBe('Nhà thầu chính');
    expect(optionLabel({ id: 3 })).toBe('#3');
    expect(optionLabel({ id: 5, method: 'PATCH', path: '/api/admin/menu/move/{id}' })).toBe(
      'PATCH /api/admin/menu/move/{id}',
    );
    expect(optionLabel({ id: 4, user_name: 'giamdoc', full_name: 'Trần Văn Minh' })).toBe(
      'giamdoc – Trần Văn Minh',
    );
  });
});

test('a moment without a kind (closed_at) reads as local date and time', () => {
  const local = new Date(2026, 10, 22, 9, 5).toISOString();
  expect(formatValue(local, undefined, 'vi')).toBe('22/11/2026 09:05');
  expect(formatValue('CT-001', undefined, 'vi')).toBe('CT-001');
});
