/**
 * The MUI theme from the user's preferences: primary colour (the twelve of docs/product.md#constants), and
 * the breakpoints of docs/product.md#constants (xs 340 is the narrowest supported width; MUI's xs must start
 * at 0).
 *
 * MUI writes text in `primary.main` (links, text buttons, the selected menu entry, focused labels),
 * and most of the twelve colours are too light for text on white (orange #ff9800: 2.2:1, where WCAG
 * AA asks 4.5:1). So `main` is the chosen colour darkened just enough for text on white and on its
 * own selected tint; `light` is the colour as chosen (lightened where it is too dark), for text on
 * the dark sidebar.
 */
import { createTheme, darken, getContrastRatio, lighten, type Theme } from '@mui/material/styles';
import { THEME_COLORS, type ThemeColor } from '../lib/preferences.ts';

export const DRAWER_WIDTH = 256;
export const DRAWER_COLLAPSED_WIDTH = 64;
export const WIDE_SCREEN_QUERY = '(min-width:760px)';

/** WCAG AA for normal text. */
const AA = 4.5;

/** The colour darkened (in small steps) until text in it reads on white and on its 16 % tint. */
export function accessibleShade(color: string): string {
  for (let step = 0; step <= 25; step += 1) {
    const shade = step ? darken(color, step * 0.03) : color;
    const tint = lighten(shade, 0.84); // alpha(shade, 0.16) over white
    if (getContrastRatio(shade, '#ffffff') >= AA && getContrastRatio(shade, tint) >= AA) return shade;
  }
  return darken(color, 0.75);
}

/** The dark sidebar's background (nav-drawer.tsx). */
export const DARK_SIDEBAR = '#1f2633';

/** The colour as chosen, lightened if need be until text in it reads on the dark sidebar. */
export function darkSidebarShade(color: string): string {
  for (let step = 0; step <= 25; step += 1) {
    const shade = step ? lighten(color, step * 0.03) : color;
    // a little above AA: the selected entry sits on a tint of the colour, a shade lighter than the bar
    if (getContrastRatio(shade, DARK_SIDEBAR) >= AA + 0.5) return shade;
  }
  return lighten(color, 0.75);
}

export function makeTheme(color: ThemeColor): Theme {
  return createTheme({
    breakpoints: { values: { xs: 0, sm: 540, md: 800, lg: 1280, xl: 1920 } },
    palette: {
      primary: {
        main: accessibleShade(THEME_COLORS[color]),
        light: darkSidebarShade(THEME_COLORS[color]),
      },
      // MUI's own warning and info are too light for text on white as well (3.1:1, 4.1:1)
      warning: { main: accessibleShade('#ed6c02') },
      info: { main: accessibleShade('#0288d1') },
      background: { default: '#f4f6f8' },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'Roboto, "Segoe UI", "Helvetica Neue", Arial, sans-serif' },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
      MuiFormControl: { defaultProps: { size: 'small' } },
      // the hint under a disabled field says why it is disabled ("choose a construction first"): readable
      MuiFormHelperText: {
        styleOverrides: {
          root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
        },
      },
    },
  });
}
