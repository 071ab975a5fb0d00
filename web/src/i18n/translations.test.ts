import { describe, expect, test } from 'vitest';
import en from './en.json' with { type: 'json' };
import vi from './vi.json' with { type: 'json' };

const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

describe('translations', () => {
  test('every string exists in Vietnamese and in English', () => {
    expect(keys(en).sort()).toEqual(keys(vi).sort());
  });

  test('the required-field message reads as SPEC §5 says', () => {
    expect(vi.validation.required.replace('{{field}}', '{0}')).toBe('{0} là thông tin bắt buộc');
    expect(en.validation.required.replace('{{field}}', '{0}')).toBe('{0} is required');
  });

  test('record status labels are those of SPEC §4 in English', () => {
    expect(en.status).toEqual({ O: 'Active', C: 'InActive', D: 'Deleted', unknown: 'Unknow' });
  });
});
