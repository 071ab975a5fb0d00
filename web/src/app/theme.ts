/**
 * The MUI theme from the user's preferences: primary colour (SPEC §9's twelve), and the
 * breakpoints of SPEC §9 (xs 340 is the narrowest supported width; MUI's xs must start at 0).
 */
import { createTheme, type Theme } from '@mui/material/styles';
import { THEME_COLORS, type ThemeColor } from '../lib/preferences.ts';

export const DRAWER_WIDTH = 256;
export const DRAWER_COLLAPSED_WIDTH = 64;
export const WIDE_SCREEN_QUERY = '(min-width:760px)';

export function makeTheme(color: ThemeColor): Theme {
  return createTheme({
    breakpoints: { values: { xs: 0, sm: 540, md: 800, lg: 1280, xl: 1920 } },
    palette: {
      primary: { main: THEME_COLORS[color] },
      background: { default: '#f4f6f8' },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'Roboto, "Segoe UI", "Helvetica Neue", Arial, sans-serif' },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
      MuiFormControl: { defaultProps: { size: 'small' } },
    },
  });
}
