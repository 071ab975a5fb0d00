/**
 * The blocks of a record's view page: a titled section and its label–value rows (text, or an amount
 * aligned right in tabular figures). Shared by the contract and payment request pages.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type React from 'react';

export function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function Row({
  label,
  value,
  numeric,
  strong,
  testId,
}: {
  label: string;
  value: React.ReactNode;
  numeric?: boolean;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: numeric ? '1fr auto' : { xs: '1fr', sm: '170px 1fr' },
        gap: { xs: numeric ? 2 : 0, sm: 2 },
        py: 0.75,
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="div"
        data-testid={testId}
        sx={{
          wordBreak: 'break-word',
          whiteSpace: 'pre-line',
          textAlign: numeric ? 'right' : 'left',
          fontVariantNumeric: numeric ? 'tabular-nums' : undefined,
          fontWeight: strong ? 700 : undefined,
        }}
      >
        {value === '' || value === null || value === undefined ? '—' : value}
      </Typography>
    </Box>
  );
}
