import { describe, expect, test } from 'vitest';
import en from './admin.en.json' with { type: 'json' };
import vi from './admin.vi.json' with { type: 'json' };
import mainEn from './en.json' with { type: 'json' };
import mainVi from './vi.json' with { type: 'json' };

const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

describe('administration translations', () => {
  test('every users, access history and ability string exists in Vietnamese and in English', () => {
    expect(keys(en).sort()).toEqual(keys(vi).sort());
  });

  test('they clash with none of the main files (which would win silently)', () => {
    const main = new Set([...keys(mainVi), ...keys(mainEn)]);
    expect(keys(vi).filter((key) => main.has(key))).toEqual([]);
  });

  test('Vietnamese labels are in sentence case', () => {
    const labels = [
      ...Object.values(vi.resources.user.fields),
      ...Object.values(vi.resources.user.tabs),
      ...Object.values(vi.resources['history-login'].fields),
    ];
    // only the first word capitalised (Email, Menu and IP stay as written)
    const offending = labels.filter((label) =>
      label
        .split(' ')
        .slice(1)
        .some((word) => /^[A-ZĐÂĂÊÔƠƯ]/.test(word) && !['IP', 'API'].includes(word)),
    );
    expect(offending).toEqual([]);
  });
});
