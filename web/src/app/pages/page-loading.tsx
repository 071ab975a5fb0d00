import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while the first route's chunk and loader resolve. */
export function PageLoading() {
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}
      role="progressbar"
      aria-busy="true"
    >
      <CircularProgress />
    </Box>
  );
}
