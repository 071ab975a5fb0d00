import { describe, expect, it } from 'vitest';
import {
  addAmounts,
  amountText,
  compareAmounts,
  fromCents,
  numberText,
  percentOf,
  subtractAmounts,
  toCents,
  withVat,
} from './money.ts';

describe('money', () => {
  it('adds amounts exactly where floats would drift', () => {
    expect(addAmounts('0.10', '0.20')).toBe('0.30');
    expect(addAmounts('999999999999999.99', '0.01')).toBe('1000000000000000.00');
    expect(addAmounts('1500000', '-2500000.50')).toBe('-1000000.50');
  });
  it('computes VAT rounded to the whole đồng, half away from zero', () => {
    expect(withVat('1000000', '8')).toEqual({ vat_amount: '80000.00', amount_vat: '1080000.00' });
    expect(percentOf('12345', '10')).toBe('1235.00'); // 1234.5 → 1235
    expect(percentOf('12344', '10')).toBe('1234.00'); // 1234.4 → 1234
    expect(percentOf('-12345', '10')).toBe('-1235.00');
    expect(percentOf('1000000', '0')).toBe('0.00');
    expect(percentOf('3333333', '7.5')).toBe('250000.00'); // 249999.975 → 250000
  });
  it('keeps two decimals and refuses more', () => {
    expect(fromCents(toCents('12.5'))).toBe('12.50');
    expect(() => toCents('1.005')).toThrow(RangeError);
  });
  it('compares and subtracts', () => {
    expect(compareAmounts('100.00', '100')).toBe(0);
    expect(compareAmounts('99.99', '100')).toBe(-1);
    expect(subtractAmounts('100', '100.01')).toBe('-0.01');
  });
});

describe('the amount form the API takes (amountText)', () => {
  it.each([
    ['1500000', '1500000'],
    ['1500000.5', '1500000.5'],
    ['-100.25', '-100.25'],
    ['0', '0'],
    ['0.05', '0.05'],
    ['999999999999999.99', '999999999999999.99'],
  ])('takes the string %j as %j', (value, text) => {
    expect(amountText(value)).toBe(text);
  });

  it.each([
    ['1,5'], // one and a half in Vietnamese: never 15
    ['1,00'],
    ['12,34,56'],
    ['1,500,000'],
    ['1.500.000'],
    [' 100 '],
    ['100\n'],
    ['1 500 000'],
    ['1\u00a0500'],
    ['1e3'],
    ['1E3'],
    ['+1'],
    ['.5'],
    ['1.'],
    ['1.005'],
    ['--1'],
    ['-'],
    [''],
    ['١٢٣'], // Arabic-Indic digits
    ['１２３'], // full-width digits
    ['1234567890123456'], // 16 integer digits
    ['0x10'],
    ['Infinity'],
    ['NaN'],
  ])('refuses the string %j', (value) => {
    expect(amountText(value)).toBeNull();
  });

  it('reads a JSON number as the decimal its sender wrote, or not at all', () => {
    expect(amountText(1.5)).toBe('1.5');
    expect(amountText(100)).toBe('100');
    expect(amountText(1500000)).toBe('1500000');
    expect(amountText(-0.25)).toBe('-0.25');
    expect(amountText(-0)).toBe('0');
    expect(amountText(999999999999999)).toBe('999999999999999');
    expect(amountText(0.1 + 0.2)).toBeNull(); // 0.30000000000000004
    expect(amountText(1e21)).toBeNull(); // "1e+21"
    expect(amountText(1e20)).toBeNull(); // 21 digits
    expect(amountText(1e-7)).toBeNull();
    expect(amountText(1.005)).toBeNull();
    expect(amountText(123456789012345.67)).toBeNull(); // 17 significant digits: not exact in a double
    expect(amountText(Number.NaN)).toBeNull();
    expect(amountText(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('refuses what is neither a string nor a number', () => {
    for (const value of [null, undefined, true, {}, [], 15n]) expect(amountText(value)).toBeNull();
  });

  it('gives a number the text String gives, only when it has at most 15 significant digits', () => {
    expect(numberText(12.34)).toBe('12.34');
    expect(numberText(0.000001)).toBe('0.000001'); // the amount pattern refuses it, not this
    expect(numberText(1234567890.12345)).toBe('1234567890.12345');
    expect(numberText(1234567890.123456)).toBeNull();
  });
});

describe('toCents reads the same strict form', () => {
  it('takes plain decimals, stored values and sums beyond 15 digits', () => {
    expect(toCents('1500000.00')).toBe(150000000n);
    expect(toCents('-0.5')).toBe(-50n);
    expect(toCents('1234567890123456.78')).toBe(123456789012345678n);
    expect(toCents(1.5)).toBe(150n);
    expect(toCents(12n)).toBe(1200n);
  });
  it.each([['1,5'], [' 100 '], ['100\n'], ['+1'], ['.5'], ['1.'], ['1e3'], ['']])(
    'refuses %j as the API does',
    (value) => {
      expect(() => toCents(value)).toThrow(RangeError);
    },
  );
  it('refuses a float that is not the decimal it looks like', () => {
    expect(() => toCents(0.1 + 0.2)).toThrow(RangeError);
    expect(() => toCents(1e21)).toThrow(RangeError);
  });
});
