/**
 * What the payment batch screens share (issue 34; docs/adr/0096-payment-batches-and-bank-files.md,
 * docs/adr/0097-statement-matching.md): the batch's and the statement line's shapes as the API
 * answers them, the state chips and the small table the screens draw their rows in.
 */
import '../../i18n/batch-strings.ts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Batch, StatementLine } from '@sitepay/domain/payment-batch.schema';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n/i18n.ts';
import { formatValue } from '../../resources/format-value.ts';

export type { Batch, StatementLine };
export type BatchLine = NonNullable<Batch['lines']>[number];

const batchColors = { O: 'warning', A: 'info', P: 'success', C: 'default' } as const;
const lineColors = { M: 'success', U: 'warning', X: 'default' } as const;

/** A batch's state: O made, A approved, P paid, C cancelled. */
export function BatchStateChip({ state }: { state: Batch['state'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={batchColors[state]}
      label={t(`batch.state.${state}`)}
      data-testid="batch-state"
      data-state={state}
    />
  );
}

/** A statement line's state: M matched, U unmatched, X dismissed. */
export function LineStateChip({ state }: { state: StatementLine['state'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={lineColors[state]}
      label={t(`batch.lineState.${state}`)}
      data-state={state}
    />
  );
}

export const amount = (value: unknown) => formatValue(value, 'amount', currentLang());
export const day = (value: unknown) => formatValue(value, 'date', currentLang());
export const moment = (value: unknown) =>
  value ? formatValue(String(value).slice(0, 10), 'date', currentLang()) : '';

export type Column<T> = { key: string; label: string; align?: 'right'; cell: (row: T) => ReactNode };

/**
 * A plain table of rows; on a phone each row is a card — its first cell the heading, the others
 * label and value under it — rather than a table to scroll sideways. A file's preview (`nowrap`)
 * stays a table on every screen: it shows the file as it will read.
 */
export function SimpleTable<T extends { id: number }>({
  label,
  columns,
  rows,
  empty,
  nowrap,
  testId,
}: {
  /** Cells on one line, and a table on a phone too (the bank file's preview: as the file will read). */
  nowrap?: boolean;
  testId?: string;
  label: string;
  columns: Column<T>[];
  rows: T[];
  empty: string;
}) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  if (rows.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {empty}
      </Typography>
    );
  if (phone && !nowrap) return <SimpleCards label={label} columns={columns} rows={rows} testId={testId} />;
  return (
    // a region the keyboard reaches, as it may scroll sideways (a bank file's preview does)
    <TableContainer
      sx={{ overflowX: 'auto' }}
      data-testid={testId}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.align} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              {columns.map((c) => (
                <TableCell
                  key={c.key}
                  align={c.align}
                  sx={c.align || nowrap ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The rows of a SimpleTable on a phone: a card each, a list of them named as the table is. */
function SimpleCards<T extends { id: number }>({
  label,
  columns,
  rows,
  testId,
}: {
  label: string;
  columns: Column<T>[];
  rows: T[];
  testId?: string;
}) {
  const [first, ...rest] = columns;
  return (
    <Box component="ul" aria-label={label} data-testid={testId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Box
          component="li"
          key={row.id}
          data-testid="simple-card"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mb: 1 }}
        >
          {first && <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{first.cell(row)}</Typography>}
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: 'max-content 1fr',
              columnGap: 1.5,
              rowGap: 0.25,
            }}
          >
            {rest.map((c) => (
              <Box key={c.key} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {c.label}
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  data-field={c.key}
                  sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {c.cell(row)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
