/**
 * A report's table: a few dozen summed rows, so a plain table (not the paged data grid) with full
 * amounts in tabular figures and a totals row at its foot. Columns may be left out below a width
 * so a phone shows the essentials without scrolling sideways; a column may link to a drill-down.
 * `ReportTableBlock` is such a table in its own titled block.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatAmount } from '@sitepay/domain/number-format';
import type React from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { columnSum } from './report-figures.ts';
import { Block } from './report-parts.tsx';

export type ReportColumn<T> = {
  key: string;
  label: string;
  /** amount: a decimal string written out in full; count: a whole number; date: kept on one line. */
  kind?: 'text' | 'amount' | 'count' | 'date';
  value: (row: T) => React.ReactNode;
  /** The cell links here (a drill-down). */
  link?: (row: T) => string | undefined;
  /** Left out below this width (sm 540, md 800, lg 1280 px). */
  hideBelow?: 'sm' | 'md' | 'lg';
  /** The totals row's cell. */
  total?: React.ReactNode;
  /** The totals row adds this amount or count column's values over the rows (instead of `total`). */
  sum?: boolean;
  /** A second, smaller line under the cell (a name under a code). */
  secondary?: (row: T) => React.ReactNode;
  width?: number | string;
};

/** A column's cell in the totals row: the sum of its values when it sums, else its `total`. */
const totalOf = <T,>(c: ReportColumn<T>, rows: T[]): React.ReactNode =>
  c.sum && (c.kind === 'amount' || c.kind === 'count') ? columnSum(c.kind, c.value, rows) : (c.total ?? '');

const display = (hideBelow?: 'sm' | 'md' | 'lg') =>
  hideBelow ? { display: { xs: 'none', [hideBelow]: 'table-cell' } } : {};

export function ReportTable<T>({
  columns,
  rows,
  rowKey,
  totals = true,
  testId,
  caption,
}: {
  columns: ReportColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** Show the totals row (each column's `total`, the first one labelled "Total"). */
  totals?: boolean;
  testId?: string;
  caption?: string;
}) {
  const { t } = useTranslation();
  const numeric = (c: ReportColumn<T>) => c.kind === 'amount' || c.kind === 'count';
  const write = (c: ReportColumn<T>, value: React.ReactNode) =>
    c.kind === 'amount' && typeof value === 'string'
      ? formatAmount(value)
      : c.kind === 'count' && typeof value === 'number'
        ? formatAmount(value)
        : value;
  return (
    <Table
      size="small"
      data-testid={testId}
      sx={{
        tableLayout: 'auto',
        '& td, & th': { px: { xs: 0.75, sm: 1.5 } },
        '& tfoot td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem', borderBottom: 'none' },
        '& tfoot tr': { bgcolor: 'action.hover' },
      }}
    >
      {caption && (
        <caption style={{ captionSide: 'top', padding: '0 0 8px', textAlign: 'right' }}>{caption}</caption>
      )}
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell
              key={c.key}
              align={numeric(c) ? 'right' : 'left'}
              sx={{ fontWeight: 600, verticalAlign: 'bottom', width: c.width, ...display(c.hideBelow) }}
            >
              {c.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length} align="center" sx={{ color: 'text.secondary', py: 3 }}>
              {t('report.empty')}
            </TableCell>
          </TableRow>
        )}
        {rows.map((row) => (
          <TableRow key={rowKey(row)} hover data-testid="report-row">
            {columns.map((c) => {
              const value = write(c, c.value(row));
              const to = c.link?.(row);
              return (
                <TableCell
                  key={c.key}
                  align={numeric(c) ? 'right' : 'left'}
                  sx={{
                    fontVariantNumeric: numeric(c) ? 'tabular-nums' : undefined,
                    whiteSpace: numeric(c) || c.kind === 'date' ? 'nowrap' : undefined,
                    wordBreak: numeric(c) ? undefined : 'break-word',
                    ...display(c.hideBelow),
                  }}
                  data-col={c.key}
                >
                  {to ? (
                    <Link component={RouterLink} to={to} underline="hover" sx={{ fontWeight: 500 }}>
                      {value}
                    </Link>
                  ) : (
                    value
                  )}
                  {c.secondary && (
                    <Box
                      component="span"
                      sx={{ display: 'block', fontSize: '0.75rem', color: 'text.secondary' }}
                    >
                      {c.secondary(row)}
                    </Box>
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
      {totals && rows.length > 0 && (
        <TableFooter>
          <TableRow data-testid="report-totals">
            {columns.map((c, i) => (
              <TableCell
                key={c.key}
                align={numeric(c) ? 'right' : 'left'}
                sx={{
                  fontVariantNumeric: 'tabular-nums',
                  whiteSpace: numeric(c) ? 'nowrap' : undefined,
                  ...display(c.hideBelow),
                }}
                data-col={c.key}
              >
                {i === 0 ? t('report.total') : write(c, totalOf(c, rows))}
              </TableCell>
            ))}
          </TableRow>
        </TableFooter>
      )}
    </Table>
  );
}

/** A report's table in its own titled block (the hint: what the amounts are in, what it counts). */
export function ReportTableBlock<T>({
  title,
  hint,
  actions,
  blockTestId,
  ...table
}: {
  title: string;
  hint?: string;
  actions?: React.ReactNode;
  /** The block's own test id (`testId` is the table's). */
  blockTestId?: string;
} & React.ComponentProps<typeof ReportTable<T>>) {
  return (
    <Block title={title} hint={hint} actions={actions} testId={blockTestId}>
      <ReportTable {...table} />
    </Block>
  );
}
