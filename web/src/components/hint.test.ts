import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { hint } from './hint.ts';

const src = path.resolve(import.meta.dirname, '..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.includes('.test.')
        ? [path.join(dir, e.name)]
        : [],
  );

describe('hints (docs/adr/0110-one-hint-layer.md)', () => {
  test('a hint names its element, unless it only describes it', () => {
    expect(hint('Sửa')).toEqual({ 'data-hint': 'Sửa', 'aria-label': 'Sửa' });
    expect(hint('Ngôn ngữ', { describes: true })).toEqual({
      'data-hint': 'Ngôn ngữ',
      'data-hint-describes': '',
    });
    expect(hint('Công ty', { placement: 'right' })).toEqual({
      'data-hint': 'Công ty',
      'aria-label': 'Công ty',
      'data-hint-placement': 'right',
    });
  });

  test("no screen mounts MUI's Tooltip of its own: the hint layer draws every hint", () => {
    const importers = sources(src)
      .filter((file) =>
        /from '@mui\/material\/Tooltip'|\bTooltip\b[^'\n]*from '@mui\/material'/.test(
          readFileSync(file, 'utf8'),
        ),
      )
      .map((file) => path.relative(src, file));
    expect(importers).toEqual(['components/hint-popup.tsx']);
  });
});
