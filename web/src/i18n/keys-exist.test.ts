/**
 * Every word the screens ask for exists, in both languages, once the string files are loaded as the
 * app loads them: each key of each i18n file is found through i18next (a key the merge left out —
 * `resources.constructor.*`, add-strings.ts — showed raw on screen), and each key the code asks for
 * with a literal, `t('…')` or `i18nKey="…"`, is in Vietnamese and in English.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { i18n } from './i18n.ts';
import './admin-strings.ts';
import './batch-strings.ts';
import './payment-strings.ts';
import './receivables-strings.ts';
import './relations-strings.ts';
import './report-strings.ts';
import './system-strings.ts';
import { appWords } from '../lib/test-i18n.ts';
import { loadReasonStrings } from './reason-strings.ts';

const here = import.meta.dirname;
const src = join(here, '..');

const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );

/** A key found in a language: itself, or its plural forms. */
const found = (key: string, lng: 'vi' | 'en') =>
  ['', '_one', '_other'].some((suffix) => i18n.exists(`${key}${suffix}`, { lng, fallbackLng: false }));

describe('the words the screens ask for', () => {
  beforeAll(appWords);

  test('every key of every i18n file is found once its file is loaded, in both languages', async () => {
    await loadReasonStrings();
    const missing: string[] = [];
    for (const file of readdirSync(here).filter((f) => f.endsWith('.json'))) {
      const lng = file.endsWith('en.json') ? 'en' : 'vi';
      for (const key of keys(JSON.parse(readFileSync(join(here, file), 'utf8'))))
        if (!i18n.exists(key, { lng, fallbackLng: false })) missing.push(`${file}: ${key}`);
    }
    expect(missing).toEqual([]);
    expect(i18n.getFixedT('vi')('resources.constructor.related.contracts.title')).toBe(
      'Hợp đồng của nhà thầu',
    );
    expect(i18n.getFixedT('en')('resources.constructor.related.contracts.empty')).not.toMatch(/^resources\./);
  });

  test('every key the code asks for with a literal exists in Vietnamese and in English', async () => {
    await loadReasonStrings();
    const asked = new Map<string, string>();
    for (const file of files(src).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))) {
      const text = readFileSync(file, 'utf8');
      // t('a.b.c') and i18nKey="a.b.c" — not those that say their own default words
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'(\s*,\s*\{\s*defaultValue)?/g))
        if (!m[2]) asked.set(m[1]!, relative(src, file));
      for (const m of text.matchAll(/\bi18nKey="([a-zA-Z][\w-]*(?:\.[\w-]+)+)"/g))
        asked.set(m[1]!, relative(src, file));
    }
    expect(asked.size).toBeGreaterThan(300);
    const missing = [...asked].flatMap(([key, file]) =>
      (['vi', 'en'] as const).filter((lng) => !found(key, lng)).map((lng) => `${file}: ${key} (${lng})`),
    );
    expect(missing).toEqual([]);
  });
});
