import { describe, expect, test } from 'vitest';
import en from '../../i18n/contract.en.json' with { type: 'json' };
import vi from '../../i18n/contract.vi.json' with { type: 'json' };
import mainEn from '../../i18n/en.json' with { type: 'json' };
import mainVi from '../../i18n/vi.json' with { type: 'json' };

const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

describe('contract translations', () => {
  test('every contract string exists in Vietnamese and in English', () => {
    expect(keys(en).sort()).toEqual(keys(vi).sort());
  });

  test('they stay in their own keys and clash with none of the main files', () => {
    for (const key of keys(vi))
      expect(key).toMatch(
        /^(resources\.contract\.|resources\.contract-annex\.|resources\.contract-guarantee\.|contract\.)/,
      );
    const main = new Set([...keys(mainVi), ...keys(mainEn)]);
    expect(keys(vi).filter((key) => main.has(key))).toEqual([]);
  });
});
