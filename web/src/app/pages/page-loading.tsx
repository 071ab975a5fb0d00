import Box from '@mui/material/Box';

/**
 * A loading ring as index.html draws it before the script arrives (its CSS is there): no MUI
 * progress in the first bundle (docs/adr/0082-first-visit-loads-what-it-shows.md). `size` in px
 * (the ring's width is a tenth of it, at least 2).
 */
export function Spinner({ size = 40 }: { size?: number }) {
  return (
    <span
      className="sp-spinner"
      aria-hidden="true"
      style={size === 40 ? undefined : { width: size, height: size, borderWidth: Math.max(2, size / 10) }}
    />
  );
}

/** Shown while the first route's chunk and loader resolve: index.html's spinner, in the theme's colour. */
export function PageLoading() {
  return (
    <Box className="sp-loading" sx={{ color: 'primary.main' }} role="progressbar" aria-busy="true">
      <Spinner />
    </Box>
  );
}
