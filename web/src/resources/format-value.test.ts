import { describe, expect, test } from 'vitest';
import { formatValue } from './format-value.ts';

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

  test('a malformed stored date is shown as it came rather than breaking the page', () => {
    expect(formatValue('not a date', 'date', 'vi')).toBe('not a date');
  });
});
