/**
 * The theme's breakpoints (`theme.ts`), and the media query of a phone: below `sm`, as MUI's
 * `theme.breakpoints.down('sm')`. No imports: the build's first-screen script reads them too
 * (web/vite.config.ts).
 */
export const BREAKPOINTS = { xs: 0, sm: 540, md: 800, lg: 1280, xl: 1920 } as const;

export const PHONE_QUERY = `(max-width:${BREAKPOINTS.sm - 0.05}px)`;
