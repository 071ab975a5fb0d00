import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { amountField, rateField, requiredText } from './common.schema.ts';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('amount fields', () => {
  it('keep a valid amount exactly as sent, and a JSON number as its decimal text', () => {
    expect(amountField().parse('1500000')).toBe('1500000');
    expect(amountField().parse('-100.25')).toBe('-100.25');
    expect(amountField().parse(1500000)).toBe('1500000');
    expect(amountField().parse(1.5)).toBe('1.5');
  });

  it.each([
    ['1,5'],
    ['1,00'],
    ['12,34,56'],
    [' 100 '],
    ['100\n'],
    ['1e3'],
    ['+1'],
    ['.5'],
    ['1.'],
    ['١٠٠'],
    [' '],
  ])('refuse %j as invalid_amount, never another number', (value) => {
    expect(messageOf(amountField(), value)).toBe('invalid_amount');
  });

  it('refuse JSON numbers that are not exact decimals as invalid_amount', () => {
    expect(messageOf(amountField(), 0.1 + 0.2)).toBe('invalid_amount');
    expect(messageOf(amountField(), 1e21)).toBe('invalid_amount');
    expect(messageOf(amountField(), 1e16)).toBe('invalid_amount');
    expect(messageOf(amountField(), true)).toBe('invalid_amount');
  });

  it('say required for a missing or empty amount, and check bounds exactly', () => {
    expect(messageOf(amountField(), undefined)).toBe('required');
    expect(messageOf(amountField(), null)).toBe('required');
    expect(messageOf(amountField(), '')).toBe('required');
    expect(messageOf(amountField({ min: 0 }), '-0.01')).toBe('too_small');
    expect(amountField({ min: 0 }).parse('0')).toBe('0');
    // a malformed amount is said malformed, bounds or not (and never throws)
    expect(messageOf(amountField({ min: 0, max: 100 }), '1,5')).toBe('invalid_amount');
    expect(messageOf(rateField({ min: 0, max: 100 }), '1e9')).toBe('invalid_number');
  });
});

describe('rate fields', () => {
  it('are as strict as amounts, with invalid_number', () => {
    expect(rateField({ min: 0, max: 100 }).parse('8.5')).toBe('8.5');
    expect(rateField({ min: 0, max: 100 }).parse(10)).toBe('10');
    for (const value of ['8,5', ' 10', '1e1', '+5', '.5', 10.123])
      expect(messageOf(rateField(), value), String(value)).toBe('invalid_number');
    expect(messageOf(rateField({ max: 100 }), '100.01')).toBe('too_big');
  });
});

describe('a required text', () => {
  it('names what is wrong: blank is required, too long is too long', () => {
    const issue = (v: unknown) => requiredText(5).safeParse(v).error?.issues[0]?.message;
    expect([issue('  '), issue(undefined), issue('123456'), issue(' 12345 ')]).toEqual([
      'required',
      'required',
      'too_long',
      undefined,
    ]);
  });
});
