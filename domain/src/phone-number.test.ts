import { describe, expect, it } from 'vitest';
import { cleanPhoneNumber, isPhoneNumber } from './phone-number.ts';

describe('isPhoneNumber', () => {
  it.each([
    '0912345678',
    '0912 345 678',
    '0912.345.678',
    '0912-345-678',
    '024 3974 2345',
    '(024) 3974 2345',
    '02439742345',
    '04 3974 2345',
    '+84 912 345 678',
    '+84 24 3974 2345',
    '+84912345678',
    '1900 1234',
    '1800 123 456',
    '+65 6123 4567',
    ' 0912345678 ',
  ])('takes %j', (text) => {
    expect(isPhoneNumber(text)).toBe(true);
  });

  it.each([
    '09a',
    '0912',
    '091234567',
    '091234567890',
    '912345678',
    '0012345678',
    '+84 0912 345 678',
    '+84 12',
    '84912345678',
    '0912 345 678 ext 2',
    '0912/345/678',
    '+',
    '',
    '0912345678-',
    '++84912345678',
    '1900 12',
  ])('refuses %j', (text) => {
    expect(isPhoneNumber(text)).toBe(false);
  });
});

describe('cleanPhoneNumber', () => {
  it('trims and collapses spaces, keeping the rest as typed', () => {
    expect(cleanPhoneNumber('  024   3974 2345 ')).toBe('024 3974 2345');
    expect(cleanPhoneNumber('0912.345.678')).toBe('0912.345.678');
  });
});
