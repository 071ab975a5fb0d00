/**
 * The small table of a view page's related section: the section's columns (labels from the child
 * resource), status and flag chips, a last cell of row actions the section supplies and, when the
 * section sums amounts, a totals line. Scrolls sideways on phones rather than squeezing.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { addAmounts } from '@sitepay/domain/money';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StatusChip } from '../components/status-chip.tsx';
import { currentLang } from '../i18n/i18n.ts';
import { displayValue } from './format-value.ts';
import { FlagChip } from './record-actions.tsx';
import type { ColumnSpec, ResourceRecord } from './resource.types.ts';

type Props = {
  childResource: string;
  columns: ColumnSpec[];
  rows: ResourceRecord[];
  empty: string;
  actions?: (row: ResourceRecord) => React.ReactNode;
  label: string;
  /** Rows before the first one shown (a paged section's later pages number on). */
  offset?: number;
  /**
   * Where a section's own column headers are (`resources.<name>.related.<key>.columns`), read before
   * the child's field labels: a header that says more in this place ("Title", not "Title (vi)").
   */
  labels?: string;
  /** Amount columns summed, exactly, on a totals line under the rows (a request's invoices). */
  totals?: string[];
};

/** The sums of the `totals` columns over the rows, as the API writes amounts. */
export function columnTotals(rows: ResourceRecord[], fields: string[]): Record<string, string> {
  const amount = (value: unknown) =>
    value === null || value === undefined || value === '' ? '0' : String(value);
  return Object.fromEntries(
    fields.map((field) => [field, addAmounts('0', ...rows.map((row) => amount(row[field])))]),
  );
}

export function RelatedTable({
  childResource,
  columns,
  rows,
  empty,
  actions,
  label,
  offset = 0,
  labels,
  totals,
}: Props) {
  const { t } = useTranslation();
  const header = (field: string) => {
    const own = t(`resources.${childResource}.fields.${field}`, { defaultValue: field });
    return labels ? t(`${labels}.${field}`, { defaultValue: own }) : own;
  };
  const lang = currentLang();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  // phones get cards with every column that has a value; narrow screens leave out the md-only ones
  const shown = phone ? columns : columns.filter((c) => !(c.hideBelow === 'md' && narrow));
  if (rows.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {empty}
      </Typography>
    );
  const cell = (column: ColumnSpec, row: ResourceRecord) => {
    const value = row[column.field];
    if (column.kind === 'status') return <StatusChip status={String(value ?? '')} />;
    if (column.kind === 'flag')
      return value === true ? (
        <FlagChip resource={childResource} field={column.field} icon={column.icon} />
      ) : null;
    if (column.kind === 'state')
      return value == null || value === '' ? null : (
        <Chip
          size="small"
          variant="outlined"
          color={column.colors?.[String(value)] ?? 'default'}
          label={displayValue(childResource, column.field, value, 'choice', lang, t)}
          data-state={String(value)}
        />
      );
    const text = column.text
      ? column.text(row, t, lang)
      : displayValue(childResource, column.field, value, column.kind, lang, t);
    const to = column.link?.(row);
    const content = to ? (
      <Link component={RouterLink} to={to} underline="hover">
        {text}
      </Link>
    ) : (
      text
    );
    // a flag of the row on this column (a guarantee expired while its advance is owed): the value
    // in red with the flag's icon, named for screen readers
    const flags = (column.flags ?? []).filter((flag) => row[flag.field] === true);
    if (!flags.length) return content;
    return (
      <Box
        component="span"
        sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', color: 'error.main', fontWeight: 600 }}
        data-flagged={flags.map((f) => f.field).join(' ')}
      >
        {content}
        {flags.map((flag) => (
          <FlagChip
            key={flag.field}
            resource={childResource}
            field={flag.field}
            icon={flag.icon}
            detail={flag.detail?.(row, t, lang)}
            compact
          />
        ))}
      </Box>
    );
  };
  const sums = totals?.length ? columnTotals(rows, totals) : null;
  const sumText = (field: string) => displayValue(childResource, field, sums?.[field], 'amount', lang, t);
  const strong = { fontWeight: 600, color: 'text.primary', fontVariantNumeric: 'tabular-nums' } as const;
  // phones: one card per record (first column as its title, the rest labelled), actions beside it,
  // then the totals
  if (phone)
    return (
      <>
        <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((row) => {
            const [first, ...rest] = shown;
            return (
              <Box
                component="li"
                key={row.id}
                data-id={row.id}
                sx={{ display: 'flex', gap: 1, py: 1.25, borderTop: 1, borderColor: 'divider' }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  {first && (
                    <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                      {cell(first, row)}
                    </Typography>
                  )}
                  {rest.map((c) => {
                    const content = cell(c, row);
                    if (content === null || content === '') return null;
                    return (
                      <Typography
                        key={c.field}
                        variant="body2"
                        component="div"
                        sx={{ wordBreak: 'break-word' }}
                      >
                        <Box component="span" sx={{ color: 'text.secondary' }}>
                          {header(c.field)}:{' '}
                        </Box>
                        {content}
                      </Typography>
                    );
                  })}
                </Box>
                {actions && (
                  <Box sx={{ display: 'flex', alignItems: 'flex-start', flexShrink: 0 }}>{actions(row)}</Box>
                )}
              </Box>
            );
          })}
        </Box>
        {sums && (
          <Box sx={{ borderTop: 2, borderColor: 'divider', pt: 1 }} data-testid="related-totals">
            <Typography sx={strong}>{t('common.total')}</Typography>
            {totals!.map((field) => (
              <Typography key={field} variant="body2" component="div">
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {header(field)}:{' '}
                </Box>
                <Box component="span" sx={strong}>
                  {sumText(field)}
                </Box>
              </Typography>
            ))}
          </Box>
        )}
      </>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      {/* cells closer than MUI's 16 px, headers wrapping when space is short: a section's table fits
          beside the drawer at 1280 px before it scrolls */}
      <Table size="small" aria-label={label} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 48 }}>{t('common.rowNumber')}</TableCell>
            {shown.map((c) => (
              <TableCell
                key={c.field}
                sx={{ fontWeight: 600, width: c.width, verticalAlign: 'bottom' }}
                align={c.kind === 'amount' || c.kind === 'number' ? 'right' : 'left'}
              >
                {header(c.field)}
              </TableCell>
            ))}
            {actions && (
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {t('common.actions')}
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={row.id} hover data-id={row.id}>
              <TableCell>{offset + index + 1}</TableCell>
              {shown.map((c) => (
                <TableCell
                  key={c.field}
                  align={c.kind === 'amount' || c.kind === 'number' ? 'right' : 'left'}
                  sx={c.width ? { whiteSpace: 'nowrap' } : { wordBreak: 'break-word' }}
                >
                  {cell(c, row)}
                </TableCell>
              ))}
              {actions && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0.25 }}>
                  {actions(row)}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
        {sums && (
          <TableFooter>
            <TotalsRow
              shown={shown}
              totals={totals!}
              actions={Boolean(actions)}
              sumText={sumText}
              sx={strong}
            />
          </TableFooter>
        )}
      </Table>
    </Box>
  );
}

/** The totals line: "Total" across the columns before the first summed one, then each sum under its column. */
function TotalsRow({
  shown,
  totals,
  actions,
  sumText,
  sx,
}: {
  shown: ColumnSpec[];
  totals: string[];
  actions: boolean;
  sumText: (field: string) => string;
  sx: object;
}) {
  const { t } = useTranslation();
  const first = Math.max(
    0,
    shown.findIndex((c) => totals.includes(c.field)),
  );
  return (
    <TableRow data-testid="related-totals">
      <TableCell colSpan={first + 1} sx={sx}>
        {t('common.total')}
      </TableCell>
      {shown.slice(first).map((c) => (
        <TableCell key={c.field} align="right" sx={{ ...sx, whiteSpace: 'nowrap' }}>
          {totals.includes(c.field) ? sumText(c.field) : null}
        </TableCell>
      ))}
      {actions && <TableCell />}
    </TableRow>
  );
}
