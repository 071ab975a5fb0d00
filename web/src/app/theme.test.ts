/**
 * Text in the theme's colours reads at 7:1 (docs/adr/0083-text-contrast-aaa.md), whichever of the
 * twelve colours a user chose: the primary shade on white and on its selected tint, the sidebar
 * shade on the dark sidebar, the status and secondary colours on white (and their white words), and the secondary grey on the page.
 */
import { getContrastRatio, lighten } from '@mui/material/styles';
import { describe, expect, test } from 'vitest';
import { THEME_COLORS, type ThemeColor } from '../lib/preferences.ts';
import { DARK_SIDEBAR, makeTheme, TEXT_CONTRAST } from './theme.ts';

/** An rgba() colour laid over an opaque one, as the screen shows it. */
function over(rgba: string, background: string): string {
  const [r, g, b, a] = rgba.match(/[\d.]+/g)!.map(Number) as [number, number, number, number];
  const bg = background.match(/[\da-f]{2}/gi)!.map((h) => Number.parseInt(h, 16));
  return `rgb(${[r, g, b].map((c, i) => Math.round(a * c + (1 - a) * bg[i]!)).join(', ')})`;
}

describe('the theme’s text contrast', () => {
  test.each(Object.keys(THEME_COLORS) as ThemeColor[])(
    '%s: 7:1 on white, its tint and the dark sidebar',
    (color) => {
      const { palette } = makeTheme(color);
      expect(getContrastRatio(palette.primary.main, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(
        getContrastRatio(palette.primary.main, lighten(palette.primary.main, 0.84)),
      ).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(getContrastRatio(palette.primary.light, DARK_SIDEBAR)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      // a button's white words on the colour
      expect(getContrastRatio(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
    },
  );

  test('the status colours and the secondary text', () => {
    const { palette } = makeTheme('blue');
    for (const status of ['error', 'warning', 'info', 'success', 'secondary'] as const) {
      expect(getContrastRatio(palette[status].main, '#ffffff'), status).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      // a filled chip's or button's words on the colour
      expect(
        getContrastRatio(palette[status].contrastText, palette[status].main),
        status,
      ).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    for (const page of ['#ffffff', palette.background.default])
      expect(getContrastRatio(over(palette.text.secondary, page), page)).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
  });
});
