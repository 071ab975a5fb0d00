/**
 * The blocks every report screen is made of: the page itself (`ReportPage`: heading, filters, and
 * the figures dimmed while new ones load or a retry when they cannot be read), its heading (title,
 * what the figures count, links and a place for the Excel button), the figure cards (short K/M/B/T
 * amount, the full one under it), a titled block for a chart or a table, and the states before and
 * around an answer.
 */
import '../../i18n/report-strings.ts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { abbreviateAmount, formatAmount } from '@sitepay/domain/number-format';
import type React from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import type { ReportApiQuery } from './report.queries.ts';
import { ReportExportButton } from './report-export.tsx';
import { ReportFilterBar } from './report-filter-bar.tsx';
import type { ReportFilterKey } from './report-filters.ts';

/** An amount written out in full with its unit, as tooltips and cards show it. */
export function useMoney() {
  const { t } = useTranslation();
  return (amount: string | number) => t('report.money', { amount: formatAmount(amount) });
}

/** A compact amount in the reader's language ("1,49 tỷ", "1.49B"): the one formatter of short amounts. */
export function useCompactAmount() {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'vi';
  return (amount: string | number) => abbreviateAmount(amount, lang);
}

export function ReportHeader({
  title,
  subtitle,
  note,
  actions,
}: {
  title: string;
  subtitle?: React.ReactNode;
  /** What the figures count, in a sentence. */
  note?: string;
  /** Links and buttons beside the title (drill-downs, the Excel copy). */
  actions?: React.ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5 }}>
        <Box sx={{ mr: 'auto', minWidth: 0, flex: '1 1 260px' }}>
          <PageHeading sx={{ wordBreak: 'break-word' }} data-testid="report-title">
            {title}
          </PageHeading>
          {subtitle && (
            <Typography color="text.secondary" sx={{ wordBreak: 'break-word' }}>
              {subtitle}
            </Typography>
          )}
          {note && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {note}
            </Typography>
          )}
        </Box>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
    </Paper>
  );
}

/** A link button in a report's heading or block. */
export function LinkButton({
  to,
  icon,
  children,
  testId,
  variant = 'outlined',
}: {
  to: string;
  icon?: React.ReactNode;
  children: React.ReactNode;
  testId?: string;
  variant?: 'outlined' | 'text' | 'contained';
}) {
  return (
    <Button
      component={RouterLink}
      to={to}
      startIcon={icon}
      variant={variant}
      size="small"
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

export type Figure = {
  key: string;
  label: string;
  /** An amount (decimal string) or a count. */
  amount?: string;
  count?: number;
  /** A second line: "12 requests", "paid 45 %". */
  detail?: string;
  tone?: 'default' | 'success' | 'warning' | 'error' | 'primary';
  to?: string;
};

const toneColor = {
  default: 'text.primary',
  primary: 'primary.main',
  success: 'success.main',
  warning: 'warning.main',
  error: 'error.main',
} as const;

/**
 * The figure cards: short amounts (docs/product.md#constants) in large type, the full amount and a detail
 * under each.
 */
export function Figures({ figures, loading }: { figures: Figure[]; loading?: boolean }) {
  const money = useMoney();
  const compact = useCompactAmount();
  return (
    <Box
      data-testid="report-figures"
      sx={{
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: `repeat(${Math.min(figures.length, 5)}, minmax(0, 1fr))`,
        },
      }}
    >
      {figures.map((figure) => {
        const body = (
          <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Typography variant="body2" color="text.secondary" noWrap title={figure.label}>
              {figure.label}
            </Typography>
            {loading ? (
              <Skeleton width="70%" height={36} />
            ) : (
              <Typography
                variant="h5"
                component="div"
                sx={{
                  color: toneColor[figure.tone ?? 'default'],
                  fontVariantNumeric: 'tabular-nums',
                  fontWeight: 600,
                }}
                data-testid={`figure-${figure.key}`}
                title={figure.amount !== undefined ? money(figure.amount) : undefined}
              >
                {figure.amount !== undefined ? compact(figure.amount) : formatAmount(figure.count ?? 0)}
              </Typography>
            )}
            {!loading && (figure.amount !== undefined || figure.detail) && (
              <Typography
                variant="caption"
                color="text.secondary"
                component="p"
                sx={{ fontVariantNumeric: 'tabular-nums', wordBreak: 'break-word' }}
                data-testid={`figure-${figure.key}-full`}
              >
                {[figure.amount !== undefined ? formatAmount(figure.amount) : null, figure.detail]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            )}
          </Box>
        );
        return (
          <Card
            key={figure.key}
            variant="outlined"
            // two a row on a phone: an odd last card takes the whole row
            sx={{
              minWidth: 0,
              '&:last-of-type:nth-of-type(odd)': { gridColumn: { xs: '1 / -1', md: 'auto' } },
            }}
          >
            {figure.to ? (
              <CardActionArea component={RouterLink} to={figure.to} sx={{ height: '100%' }}>
                {body}
              </CardActionArea>
            ) : (
              body
            )}
          </Card>
        );
      })}
    </Box>
  );
}

/** A titled block of a report (a chart, a table), with an optional line under the title. */
export function Block({
  title,
  hint,
  actions,
  children,
  testId,
}: {
  title: string;
  hint?: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }}
      data-testid={testId}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1, mb: 1.5 }}>
        <Box sx={{ mr: 'auto', minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {hint && (
            <Typography variant="body2" color="text.secondary">
              {hint}
            </Typography>
          )}
        </Box>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}

/** When a report cannot be read (the toast already said why). */
export function ReportFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {t('report.failed')}
    </Alert>
  );
}

/** Nothing in the range: said plainly in place of a chart. */
export function NothingToShow({ height = 120 }: { height?: number }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ height, display: 'grid', placeItems: 'center', color: 'text.secondary', textAlign: 'center' }}
      data-testid="report-empty"
    >
      {t('report.empty')}
    </Box>
  );
}

/** Two blocks side by side from `from` up (lg 1280 px by default), one above the other below. */
export function TwoColumns({ children, from = 'lg' }: { children: React.ReactNode; from?: 'lg' | 'xl' }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', [from]: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

/** Where a report's answers stand: one that failed and has nothing to show, or some still loading. */
export type ReportState = { failed: boolean; dimmed: boolean; onRetry: () => void };

type ReportQuery = { isError: boolean; data?: unknown; isPlaceholderData: boolean; refetch: () => unknown };

/**
 * The state of the calls a report page makes: failed when one failed with nothing to show (a retry
 * asks the failed ones again), dimmed while one shows the figures of the previous filters.
 */
export function reportState(...queries: ReportQuery[]): ReportState {
  return {
    failed: queries.some((q) => q.isError && !q.data),
    dimmed: queries.some((q) => q.isPlaceholderData),
    onRetry: () => {
      for (const q of queries) if (q.isError) void q.refetch();
    },
  };
}

/** A report's subtitle: the top bar's construction, or "All constructions". */
export function constructionSubtitle(
  construction: { code: string; name: string } | undefined,
  t: (key: string) => string,
): string {
  return construction ? `${construction.code} – ${construction.name}` : t('report.allConstructions');
}

/**
 * A report page: its heading (links, then the Excel copy of its own report call once it may be
 * asked — `exportTo` — then `after`, the record's own page), its filter bar (the filters it takes,
 * and what its date range picks), then its body — dimmed while new figures load, or in its place a
 * retry when they cannot be read. Without `state` (a page of one record, no calls of its own to
 * retry), the body as it is.
 */
export function ReportPage({
  title,
  subtitle,
  note,
  actions,
  exportTo,
  after,
  filters,
  state,
  children,
}: {
  title: string;
  subtitle?: React.ReactNode;
  note?: string;
  actions?: React.ReactNode;
  /** The report's path under /api/report and its query; falsy while the page cannot ask it yet. */
  exportTo?: { path: string; query: ReportApiQuery } | false;
  after?: React.ReactNode;
  filters?: { keys: readonly ReportFilterKey[]; dates: 'payment' | 'signed' | 'billed' };
  state?: ReportState;
  children: React.ReactNode;
}) {
  const exportButton = exportTo ? (
    <ReportExportButton path={exportTo.path} query={exportTo.query} title={title} />
  ) : null;
  const heading =
    actions || after ? (
      <>
        {actions}
        {exportButton}
        {after}
      </>
    ) : (
      exportButton
    );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ReportHeader title={title} subtitle={subtitle} note={note} actions={heading} />
      {filters && <ReportFilterBar keys={filters.keys} dates={filters.dates} />}
      {!state ? (
        children
      ) : state.failed ? (
        <ReportFailed onRetry={state.onRetry} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, opacity: state.dimmed ? 0.6 : 1 }}>{children}</Box>
      )}
    </Box>
  );
}
