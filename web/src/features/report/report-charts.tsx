/**
 * The reports' charts (MUI X Charts, docs/product.md#stack), only ever loaded with the report screens — never
 * in the first bundle. Axes read K/M/B/T with 2 decimals (docs/product.md#constants); tooltips write each
 * amount out in full from the exact string it was drawn from.
 *
 * - `EntityBars`: one bar per construction or contractor, its parts stacked (paid against what
 *   remains), laid sideways so long names and long lists read on a phone too.
 * - `MonthBars`: a monthly series, parts stacked (paid and not paid yet).
 * - `CountBars`: how many in each group (the value distribution), with the group's value in the
 *   tooltip.
 */
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatAmount } from '@sitepay/domain/number-format';
import { useTranslation } from 'react-i18next';
import { drawn, shortName, withoutLegalForm } from './report-figures.ts';
import { NothingToShow, useCompactAmount, useMoney } from './report-parts.tsx';

export type AmountSeries = {
  key: string;
  label: string;
  /** Exact amounts, one per category. */
  amounts: string[];
  color: string;
  /** A stacked chart draws this series as a bar of its own beside the stack (money paid out beside what was requested). */
  apart?: boolean;
};

/** A bar's name on the axis: cut short; on a phone a "code – name" keeps its code alone (the tooltip has it whole). */
const tickName = (name: string, phone: boolean) =>
  phone
    ? shortName(/^(\S{1,12}) – /.exec(name)?.[1] ?? withoutLegalForm(name), 14)
    : shortName(withoutLegalForm(name), 26);

const hasAmounts = (series: AmountSeries[]) => series.some((s) => s.amounts.some((a) => drawn(a) !== 0));

function useChartLook() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const { i18n } = useTranslation();
  const compact = useCompactAmount();
  /** An amount axis's tick, compact in the reader's language. */
  const tick = (value: number | null) => (value === null ? '' : compact(Math.round(value)));
  // "650,00 triệu" is longer than "650.00M"
  const tickWidth = (phone ? 52 : 64) + (i18n.language === 'en' ? 0 : 22);
  return { phone, skipAnimation: reducedMotion, tick, tickWidth };
}

export function EntityBars({
  names,
  series,
  testId,
}: {
  /** Full names, one per bar (cut short on the axis, whole in the tooltip). */
  names: string[];
  series: AmountSeries[];
  testId?: string;
}) {
  const money = useMoney();
  const { phone, skipAnimation, tick } = useChartLook();
  if (!names.length || !hasAmounts(series)) return <NothingToShow />;
  // as tall as the monthly chart beside it, and more for a long list
  const height = Math.max(phone ? 200 : 300, names.length * (phone ? 40 : 36) + 90);
  const ticks = names.map((name) => tickName(name, phone));
  const axisWidth = Math.min(
    phone ? 104 : 190,
    Math.max(...ticks.map((t) => t.length)) * (phone ? 7 : 6.6) + 14,
  );
  return (
    <Box data-testid={testId} sx={{ width: '100%' }}>
      <BarChart
        layout="horizontal"
        height={height}
        skipAnimation={skipAnimation}
        margin={{ left: 4, right: phone ? 20 : 28, top: 8, bottom: 4 }}
        yAxis={[
          {
            scaleType: 'band',
            // by position: two contractors may share a name, and a band axis merges equal values
            data: names.map((_, index) => index),
            width: axisWidth,
            valueFormatter: (index: number, context) => {
              const name = names[index] ?? '';
              return context.location === 'tick' ? tickName(name, phone) : name;
            },
          },
        ]}
        xAxis={[{ valueFormatter: tick, tickNumber: phone ? 3 : 6, height: 28 }]}
        series={series.map((s) => ({
          id: s.key,
          label: s.label,
          data: s.amounts.map(drawn),
          color: s.color,
          stack: 'total',
          valueFormatter: (_value, { dataIndex }) => money(s.amounts[dataIndex] ?? '0'),
        }))}
        slotProps={{
          legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'start' } },
        }}
        grid={{ vertical: true }}
      />
    </Box>
  );
}

export function MonthBars({
  months,
  series,
  testId,
  stacked = true,
  monthTicks = true,
  phoneTicks,
}: {
  /** Month labels ("03/2026"), one per bar (or other short categories with `monthTicks` false). */
  months: string[];
  series: AmountSeries[];
  testId?: string;
  /** Parts stacked in one bar (paid on not paid); false sets them side by side (billed beside received). */
  stacked?: boolean;
  /** Shorten "03/2026" to "03/26" on a phone; false for categories that are not months (ageing buckets). */
  monthTicks?: boolean;
  /** Shorter names of the categories for a phone's axis, one per bar (the tooltip keeps the whole). */
  phoneTicks?: string[];
}) {
  const money = useMoney();
  const { phone, skipAnimation, tick, tickWidth } = useChartLook();
  if (!months.length || !hasAmounts(series)) return <NothingToShow />;
  return (
    <Box data-testid={testId} sx={{ width: '100%' }}>
      <BarChart
        height={phone ? 260 : 300}
        skipAnimation={skipAnimation}
        margin={{ left: 4, right: 8, top: 8, bottom: 4 }}
        xAxis={[
          {
            scaleType: 'band',
            data: months,
            height: 28,
            // "03/2026" on a wide screen; "03/26" on a phone, whole in the tooltip
            valueFormatter: (month: string, context) =>
              !phone || context.location !== 'tick'
                ? month
                : phoneTicks
                  ? (phoneTicks[months.indexOf(month)] ?? month)
                  : monthTicks
                    ? `${month.slice(0, 3)}${month.slice(5)}`
                    : month,
            tickLabelStyle: phone ? { fontSize: 11 } : undefined,
          },
        ]}
        yAxis={[{ valueFormatter: tick, width: tickWidth, tickNumber: 5 }]}
        series={series.map((s) => ({
          id: s.key,
          label: s.label,
          data: s.amounts.map(drawn),
          color: s.color,
          ...(stacked && { stack: s.apart ? s.key : 'total' }),
          valueFormatter: (_value, { dataIndex }) => money(s.amounts[dataIndex] ?? '0'),
        }))}
        slotProps={{
          legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'start' } },
        }}
        grid={{ horizontal: true }}
      />
    </Box>
  );
}

export function CountBars({
  groups,
  counts,
  amounts,
  label,
  color,
  testId,
}: {
  groups: string[];
  counts: number[];
  /** The value of each group, exact, for the tooltip. */
  amounts: string[];
  /** The series' name ("Contracts"). */
  label: string;
  color: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const { phone, skipAnimation } = useChartLook();
  if (!counts.some((n) => n > 0)) return <NothingToShow />;
  return (
    <Box data-testid={testId} sx={{ width: '100%' }}>
      <BarChart
        height={phone ? 240 : 280}
        skipAnimation={skipAnimation}
        margin={{ left: 4, right: 8, top: 8, bottom: 4 }}
        hideLegend
        xAxis={[
          {
            scaleType: 'band',
            data: groups,
            height: phone ? 40 : 28,
            tickLabelStyle: phone ? { fontSize: 11 } : undefined,
          },
        ]}
        yAxis={[
          {
            width: 40,
            tickMinStep: 1,
            valueFormatter: (v: number | null) => (v === null ? '' : formatAmount(v)),
          },
        ]}
        series={[
          {
            id: 'count',
            label,
            data: counts,
            color,
            valueFormatter: (value, { dataIndex }) =>
              t('report.chart.countAndValue', {
                count: value ?? 0,
                value: money(amounts[dataIndex] ?? '0'),
              }),
          },
        ]}
        grid={{ horizontal: true }}
      />
    </Box>
  );
}
