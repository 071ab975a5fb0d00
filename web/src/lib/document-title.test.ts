import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { documentTitle } from './document-title.ts';

describe('the browser tab names the page and the record (issue 30, 11)', () => {
  test('record, page, app; a part said already is left out', () => {
    expect(documentTitle(['YCTT-2026-000123', 'Yêu cầu thanh toán'])).toBe(
      'YCTT-2026-000123 · Yêu cầu thanh toán · SitePay',
    );
    expect(documentTitle(['Yêu cầu thanh toán', 'Yêu cầu thanh toán'])).toBe('Yêu cầu thanh toán · SitePay');
    // a record whose name holds the page's words keeps both
    expect(documentTitle(['Công trình Riverside', 'Công trình'])).toBe(
      'Công trình Riverside · Công trình · SitePay',
    );
    expect(documentTitle([null, ' ', 'Công ty'])).toBe('Công ty · SitePay');
    expect(documentTitle([])).toBe('SitePay');
  });

  test('every screen heading (h1) is a PageHeading, which titles the tab', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? files(path.join(dir, e.name))
          : e.name.endsWith('.tsx')
            ? [path.join(dir, e.name)]
            : [],
      );
    const offenders = files(root).filter(
      (file) =>
        !file.endsWith('page-heading.tsx') &&
        /component=["']h1["']|<h1[\s>]/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
  });
});
