/**
 * The MUI theme from the user's preferences: primary colour (the twelve of docs/product.md#constants), and
 * the breakpoints of docs/product.md#constants (xs 340 is the narrowest supported width; MUI's xs must start
 * at 0).
 *
 * MUI writes text in `primary.main` (links, text buttons, the selected menu entry, focused labels),
 * and most of the twelve colours are too light for text on white (orange #ff9800: 2.2:1). Text reads
 * at WCAG AAA's 7:1 (docs/adr/0083-text-contrast-aaa.md): `main` is the chosen colour darkened just
 * enough for text on white and on its own selected tint; `light` is the colour as chosen (lightened
 * where it is too dark), for text on the dark sidebar; MUI's grey secondary text and its status
 * colours are darkened the same way.
 */
import { enUS, viVN } from '@mui/material/locale';
import { createTheme, darken, getContrastRatio, lighten, type Theme } from '@mui/material/styles';
import { THEME_COLORS, type ThemeColor } from '../lib/preferences.ts';
import { BREAKPOINTS } from './breakpoints.ts';

export const DRAWER_WIDTH = 256;
export const DRAWER_COLLAPSED_WIDTH = 64;
export const WIDE_SCREEN_QUERY = '(min-width:760px)';

/** WCAG AAA for normal text (docs/adr/0083-text-contrast-aaa.md). */
export const TEXT_CONTRAST = 7;

/** The colour darkened (in small steps) until text in it reads on white and on its 16 % tint. */
export function accessibleShade(color: string): string {
  for (let step = 0; step <= 25; step += 1) {
    const shade = step ? darken(color, step * 0.03) : color;
    const tint = lighten(shade, 0.84); // alpha(shade, 0.16) over white
    if (getContrastRatio(shade, '#ffffff') >= TEXT_CONTRAST && getContrastRatio(shade, tint) >= TEXT_CONTRAST)
      return shade;
  }
  return darken(color, 0.75);
}

/** Secondary text (hints, captions, labels at rest): 8.5:1 on white, 8.2:1 on the page's grey. */
export const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.7)';

/** The dark sidebar's background (nav-drawer.tsx). */
export const DARK_SIDEBAR = '#1f2633';

/** The colour as chosen, lightened if need be until text in it reads on the dark sidebar. */
export function darkSidebarShade(color: string): string {
  for (let step = 0; step <= 25; step += 1) {
    const shade = step ? lighten(color, step * 0.03) : color;
    // a little above 7:1: the selected entry sits on a tint of the colour, a shade lighter than the bar
    if (getContrastRatio(shade, DARK_SIDEBAR) >= TEXT_CONTRAST + 0.5) return shade;
  }
  return lighten(color, 0.75);
}

/**
 * MUI's own words in the app's language: what its components say to a screen reader and on screen
 * (an Autocomplete's "Clear" / "Open", a pagination's "Go to next page", an Alert's "Close") come
 * from the theme, so no component is left speaking English in the Vietnamese UI (issue 30, 11). The
 * Data Grid's words stay with the list page (resource-list-page.tsx), out of the first bundle.
 */
const MUI_LOCALES = { vi: viVN, en: enUS } as const;

/** The theme's breakpoints (px): breakpoints.ts, which a list's phone view and the build read too. */
export { BREAKPOINTS } from './breakpoints.ts';

export function makeTheme(color: ThemeColor, lang: 'vi' | 'en' = 'vi'): Theme {
  const theme = createTheme({
    breakpoints: { values: BREAKPOINTS },
    palette: {
      primary: {
        main: accessibleShade(THEME_COLORS[color]),
        light: darkSidebarShade(THEME_COLORS[color]),
      },
      // MUI's own status colours are too light for text on white at 7:1 as well (warning 3.1:1,
      // info 4.1:1, error 5.0:1, success 5.1:1)
      error: { main: accessibleShade('#d32f2f') },
      warning: { main: accessibleShade('#ed6c02') },
      info: { main: accessibleShade('#0288d1') },
      success: { main: accessibleShade('#2e7d32') },
      // and MUI's secondary purple (#9c27b0, 6.4:1 under white words: a "new" flag on the menu tree)
      secondary: { main: accessibleShade('#9c27b0') },
      // MUI's secondary text, black at 60 % (5.7:1 on white), at 70 % (8.5:1; 8.2:1 on the page's grey)
      text: { secondary: SECONDARY_TEXT },
      background: { default: '#f4f6f8' },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'Roboto, "Segoe UI", "Helvetica Neue", Arial, sans-serif' },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
      MuiFormControl: { defaultProps: { size: 'small' } },
      // a determinate bar's track is neutral whatever its colour: at 0 % it looks empty, not complete
      // (MUI tints the track with the bar's colour; a light green track read as "all paid")
      MuiLinearProgress: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.MuiLinearProgress-determinate': { backgroundColor: theme.palette.grey[300] },
          }),
        },
      },
      // an unselected toggle's words are MUI's icon grey (54 %: 4.6:1): the secondary text's 70 % instead
      MuiToggleButton: {
        styleOverrides: { root: ({ theme }) => ({ color: theme.palette.text.secondary }) },
      },
      // the hint under a disabled field says why it is disabled ("choose a construction first"): readable
      MuiFormHelperText: {
        styleOverrides: {
          root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
        },
      },
    },
  });
  return createTheme(theme, MUI_LOCALES[lang]);
}
