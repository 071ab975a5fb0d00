import { describe, expect, it } from 'vitest';
import {
  addAmounts,
  compareAmounts,
  fromCents,
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
