/**
 * /manage/statistics, the receivables dashboard (/manage opens it): what was billed and received
 * (bills dated in the range, on the top bar's construction, optionally one customer's `customerId`),
 * what is still owed and how overdue — figure cards, billed against received month by month, the
 * ageing of what is owed (0–30, 31–60, 61–90, over 90 days past due; not yet due counts as 0–30), the
 * bills by state, and the customers owing the most. Amounts on axes and cards read K/M/B/T; tables
 * and tooltips write them in full (`GET manage/statistics/billing|customer`).
 */
import '../../i18n/report-strings.ts';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { useTheme } from '@mui/material/styles';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAbility } from '../../app/use-ability.ts';
import {
  ageingRows,
  type BillingStatistics,
  type CustomerStatistics,
  monthlyRows,
  stateRows,
} from './receivables-statistics.ts';
import { statisticsQueryOptions as statistics } from './report.queries.ts';
import { CountBars, MonthBars } from './report-charts.tsx';
import type { ReportFilterKey } from './report-filters.ts';
import {
  Block,
  constructionSubtitle,
  Figures,
  LinkButton,
  ReportPage,
  reportState,
  TwoColumns,
} from './report-parts.tsx';
import { type ReportColumn, ReportTable, ReportTableBlock } from './report-table.tsx';
import { useReportScope } from './use-report.ts';

const KEYS: ReportFilterKey[] = ['from', 'to'];

type Month = ReturnType<typeof monthlyRows>[number];
type Ageing = ReturnType<typeof ageingRows>[number];
type State = ReturnType<typeof stateRows>[number];
type Top = CustomerStatistics['top'][number];

/**
 * The dashboard's tables: billed and received by month, the ageing of what is owed, the bills by
 * state (each to the bill list when the user may read it) and the customers owing the most.
 */
function statisticsColumns(
  t: (key: string) => string,
  may: { billing: boolean; customer: boolean },
  listLink: (query: string) => string,
) {
  const f = (key: string) => t(`report.receivables.fields.${key}`);
  const month: ReportColumn<Month>[] = [
    { key: 'month', label: f('month'), value: (m) => m.label },
    {
      key: 'billed',
      label: f('billed'),
      kind: 'amount',
      value: (m) => m.billed,
      sum: true,
    },
    {
      key: 'received',
      label: f('received'),
      kind: 'amount',
      value: (m) => m.received,
      sum: true,
    },
  ];
  const ageing: ReportColumn<Ageing>[] = [
    { key: 'bucket', label: f('bucket'), value: (a) => t(`report.receivables.ageing.${a.bucket}`) },
    {
      key: 'count',
      label: f('bills'),
      kind: 'count',
      value: (a) => a.count,
      sum: true,
    },
    {
      key: 'amount',
      label: f('outstanding'),
      kind: 'amount',
      value: (a) => a.amount,
      sum: true,
    },
  ];
  const state: ReportColumn<State>[] = [
    {
      key: 'state',
      label: f('state'),
      value: (s) => t(`report.receivables.states.${s.state}`),
      link: may.billing ? (s) => listLink(`&status=${s.state}`) : undefined,
    },
    {
      key: 'count',
      label: f('bills'),
      kind: 'count',
      value: (s) => s.count,
      sum: true,
    },
    {
      key: 'amount',
      label: f('amount'),
      kind: 'amount',
      value: (s) => s.amount,
      sum: true,
    },
  ];
  const top: ReportColumn<Top>[] = [
    {
      key: 'customer',
      label: f('customer'),
      value: (c) => c.name,
      secondary: (c) => c.code,
      link: may.customer ? (c) => `/manage/customer/view/${c.id}` : undefined,
    },
    { key: 'outstanding', label: f('outstanding'), kind: 'amount', value: (c) => c.outstanding },
  ];
  return { month, ageing, state, top };
}

export function ReceivablesStatisticsPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const ability = useAbility();
  const [params] = useSearchParams();
  const customerId = Number(params.get('customerId')) || undefined;
  const scope = useReportScope(KEYS, { customerId });
  const [billing, customers] = useQueries({
    queries: [
      { ...statistics<BillingStatistics>('billing', scope.query), enabled: scope.ready },
      { ...statistics<CustomerStatistics>('customer', {}), enabled: scope.ready },
    ],
  });
  const all = [billing, customers];
  const f = (key: string) => t(`report.receivables.fields.${key}`);
  const data = billing.data;
  const months = monthlyRows(data?.monthly ?? []);
  const ageing = ageingRows(data?.ageing ?? []);
  const states = stateRows(data?.by_state ?? {});
  const overdue = states.find((s) => s.state === 'overdue');
  const listLink = (query: string) =>
    `/manage/billing/list?constructionId=${scope.constructionId ?? -1}${query}`;

  const columns = statisticsColumns(
    t,
    { billing: ability.can('read', 'billing'), customer: ability.can('read', 'customer') },
    listLink,
  );

  return (
    <ReportPage
      title={t('report.receivables.title')}
      subtitle={constructionSubtitle(scope.construction, t)}
      note={t('report.receivables.note')}
      actions={
        ability.can('read', 'billing') && (
          <LinkButton to={listLink('')} icon={<ListAltIcon />} testId="statistics-bills">
            {t('report.receivables.billsLink')}
          </LinkButton>
        )
      }
      filters={{ keys: KEYS, dates: 'billed' }}
      state={reportState(...all)}
    >
      <Figures
        loading={!data || !customers.data}
        figures={[
          { key: 'billed', label: f('billed'), amount: data?.total_billed ?? '0', tone: 'primary' },
          { key: 'received', label: f('received'), amount: data?.total_received ?? '0', tone: 'success' },
          {
            key: 'outstanding',
            label: f('outstanding'),
            amount: data?.total_outstanding ?? '0',
            tone: 'warning',
          },
          {
            key: 'overdue',
            label: f('overdue'),
            amount: overdue?.amount ?? '0',
            detail: t('report.receivables.billCount', { count: overdue?.count ?? 0 }),
            tone: 'error',
          },
          {
            key: 'customers',
            label: f('customers'),
            count: customers.data?.total ?? 0,
            detail: t('report.receivables.owing', { count: customers.data?.with_outstanding ?? 0 }),
          },
        ]}
      />
      <TwoColumns>
        <Block
          title={t('report.receivables.monthly')}
          hint={t('report.amountsInDong')}
          testId="statistics-monthly"
        >
          <MonthBars
            months={months.map((m) => m.label)}
            stacked={false}
            series={[
              {
                key: 'billed',
                label: f('billed'),
                amounts: months.map((m) => m.billed),
                color: theme.palette.primary.main,
              },
              {
                key: 'received',
                label: f('received'),
                amounts: months.map((m) => m.received),
                color: theme.palette.success.main,
              },
            ]}
            testId="chart-monthly"
          />
        </Block>
        <Block
          title={t('report.receivables.ageingTitle')}
          hint={t('report.receivables.ageingHint')}
          testId="statistics-ageing"
        >
          <MonthBars
            months={ageing.map((a) => t(`report.receivables.ageing.${a.bucket}`))}
            monthTicks={false}
            phoneTicks={ageing.map((a) => t(`report.receivables.ageingShort.${a.bucket}`))}
            series={[
              {
                key: 'outstanding',
                label: f('outstanding'),
                amounts: ageing.map((a) => a.amount),
                color: theme.palette.warning.main,
              },
            ]}
            testId="chart-ageing"
          />
        </Block>
      </TwoColumns>
      <TwoColumns>
        <Block title={t('report.receivables.byState')} testId="statistics-states">
          <CountBars
            groups={states.map((s) => t(`report.receivables.states.${s.state}`))}
            counts={states.map((s) => s.count)}
            amounts={states.map((s) => s.amount)}
            label={f('bills')}
            color={theme.palette.info.main}
            testId="chart-states"
          />
          <ReportTable columns={columns.state} rows={states} rowKey={(s) => s.state} testId="table-states" />
        </Block>
        <ReportTableBlock
          title={t('report.receivables.ageingTable')}
          blockTestId="statistics-ageing-table"
          columns={columns.ageing}
          rows={ageing}
          rowKey={(a) => a.bucket}
          testId="table-ageing"
        />
      </TwoColumns>
      <TwoColumns>
        <ReportTableBlock
          title={t('report.receivables.monthlyTable')}
          blockTestId="statistics-monthly-table"
          columns={columns.month}
          rows={[...months].reverse()}
          rowKey={(m) => m.month}
          testId="table-monthly"
        />
        <ReportTableBlock
          title={t('report.receivables.top')}
          hint={t('report.receivables.topHint')}
          blockTestId="statistics-top"
          columns={columns.top}
          rows={customers.data?.top ?? []}
          rowKey={(c) => c.id}
          totals={false}
          testId="table-top"
        />
      </TwoColumns>
    </ReportPage>
  );
}
