/**
 * What the payment batch screens share (issue 34; docs/adr/0096-payment-batches-and-bank-files.md,
 * docs/adr/0097-statement-matching.md): the batch's and the statement line's shapes as the API
 * answers them, the state chips and the small table the screens draw their rows in.
 */
import '../../i18n/batch-strings.ts';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
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

/** A plain table of rows (scrolls sideways on a phone rather than squeezing its cells). */
export function SimpleTable<T extends { id: number }>({
  label,
  columns,
  rows,
  empty,
  nowrap,
  testId,
}: {
  /** Cells on one line (the bank file's preview: as the file will read). */
  nowrap?: boolean;
  testId?: string;
  label: string;
  columns: Column<T>[];
  rows: T[];
  empty: string;
}) {
  if (rows.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {empty}
      </Typography>
    );
  return (
    <TableContainer sx={{ overflowX: 'auto' }} data-testid={testId}>
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
