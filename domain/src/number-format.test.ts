import { describe, expect, it } from 'vitest';
import { abbreviateAmount, formatAmount, parseAmountInput, toDecimal } from './number-format.ts';

describe('formatAmount', () => {
  it('groups thousands with commas in both languages', () => {
    expect(formatAmount('1500000', 'vi')).toBe('1,500,000');
    expect(formatAmount('1500000', 'en')).toBe('1,500,000');
    expect(formatAmount(1234567)).toBe('1,234,567');
    expect(formatAmount(999, 'vi')).toBe('999');
    expect(formatAmount(0, 'vi')).toBe('0');
  });

  it('drops a zero fraction from the API decimal string', () => {
    expect(formatAmount('1500000.00', 'vi')).toBe('1,500,000');
  });

  it('shows two decimals when the fraction is not zero', () => {
    expect(formatAmount('1234.5', 'en')).toBe('1,234.50');
    expect(formatAmount('1234.56', 'en')).toBe('1,234.56');
    expect(formatAmount(0.07, 'vi')).toBe('0.07');
  });

  it('rounds to two decimals, half away from zero', () => {
    expect(formatAmount('1.005', 'en')).toBe('1.01');
    expect(formatAmount('1.004', 'en')).toBe('1');
    expect(formatAmount('999.999', 'en')).toBe('1,000');
    expect(formatAmount('-1.005', 'en')).toBe('-1.01');
    expect(formatAmount('-0.001', 'en')).toBe('0');
  });

  it('keeps the sign of a negative amount', () => {
    expect(formatAmount('-1500000.00', 'vi')).toBe('-1,500,000');
    expect(formatAmount(-5n, 'vi')).toBe('-5');
  });

  it('formats amounts beyond float precision exactly', () => {
    expect(formatAmount('12345678901234567890.12', 'vi')).toBe('12,345,678,901,234,567,890.12');
    expect(formatAmount(10n ** 18n, 'vi')).toBe('1,000,000,000,000,000,000');
  });

  it('refuses a malformed amount', () => {
    expect(() => formatAmount('12abc', 'vi')).toThrow(RangeError);
    expect(() => formatAmount(Number.NaN, 'vi')).toThrow(RangeError);
  });
});

describe('abbreviateAmount', () => {
  it.each([
    [1234, '1.23K'],
    [1000, '1.00K'],
    [1_500_000, '1.50M'],
    [2_000_000_000, '2.00B'],
    [3e12, '3.00T'],
    ['1500000.00', '1.50M'],
    [-1234, '-1.23K'],
  ])('abbreviates %s as %s', (value, text) => {
    expect(abbreviateAmount(value, 'en')).toBe(text);
  });

  it('shows an amount below a thousand plainly', () => {
    expect(abbreviateAmount(999, 'en')).toBe('999');
    expect(abbreviateAmount(0, 'en')).toBe('0');
    expect(abbreviateAmount('12.50', 'en')).toBe('12.50');
  });

  it('rounds half away from zero and moves up a unit when it reaches a thousand', () => {
    expect(abbreviateAmount(1235, 'en')).toBe('1.24K');
    expect(abbreviateAmount(1_234_999, 'en')).toBe('1.23M');
    expect(abbreviateAmount(999_999, 'en')).toBe('1.00M');
    expect(abbreviateAmount('999999999.99', 'en')).toBe('1.00B');
  });

  it('keeps counting in T beyond a thousand trillion', () => {
    expect(abbreviateAmount(10n ** 18n, 'en')).toBe('1,000,000.00T');
    expect(abbreviateAmount('999999999999999', 'en')).toBe('1,000.00T');
  });

  it('says the units in Vietnamese words, with the decimal comma, two decimals', () => {
    expect(abbreviateAmount('1485000000', 'vi')).toBe('1,49 tỷ');
    expect(abbreviateAmount('650000000.00', 'vi')).toBe('650,00 triệu');
    expect(abbreviateAmount(1234, 'vi')).toBe('1,23 nghìn');
    expect(abbreviateAmount(3e12, 'vi')).toBe('3,00 nghìn tỷ');
    expect(abbreviateAmount(10n ** 18n, 'vi')).toBe('1.000.000,00 nghìn tỷ');
    expect(abbreviateAmount(-2_500_000, 'vi')).toBe('-2,50 triệu');
    expect(abbreviateAmount(999, 'vi')).toBe('999');
  });

  it('writes a round boundary without decimals when asked (range labels)', () => {
    expect(abbreviateAmount('100000000', 'en', { whole: true })).toBe('100M');
    expect(abbreviateAmount('100000000', 'vi', { whole: true })).toBe('100 triệu');
    expect(abbreviateAmount('10000000000', 'vi', { whole: true })).toBe('10 tỷ');
    expect(abbreviateAmount('1500000000', 'vi', { whole: true })).toBe('1,50 tỷ');
  });
});

describe('parseAmountInput', () => {
  it.each([
    ['1,500,000', '1500000'],
    ['1 500 000', '1500000'],
    ['1\u00a0500\u00a0000', '1500000'],
    ['  -1,234.50 ', '-1234.5'],
    ['1500000.00', '1500000'],
    ['.5', '0.5'],
    ['12.', '12'],
    ['007', '7'],
    ['-0', '0'],
    ['+42', '42'],
  ])('reads the typed amount %j as %j', (text, amount) => {
    expect(parseAmountInput(text)).toBe(amount);
  });

  it.each([
    [''],
    ['   '],
    ['-'],
    ['.'],
    ['abc'],
    ['12a'],
    ['1.500.000'],
    ['1,,000'],
    [',100'],
    ['1.5,0'],
    ['1e6'],
  ])('refuses %j as an amount', (text) => {
    expect(parseAmountInput(text)).toBeNull();
  });
});

describe('toDecimal', () => {
  it('writes tiny floats out in plain digits instead of exponent form', () => {
    expect(toDecimal(1.5e-7)).toEqual({ negative: false, integer: '0', fraction: '00000015' });
    expect(toDecimal(1e21)).toEqual({ negative: false, integer: '1000000000000000000000', fraction: '' });
  });
});
