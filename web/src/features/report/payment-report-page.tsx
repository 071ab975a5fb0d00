/**
 * /report/payment/construction: the live payment requests (not rejected, not deactivated) by
 * construction and by month — requested, approved, paid, not paid yet and overdue — for a range of
 * payment dates, a company, a project and a contractor, on the top bar's construction. Each
 * construction leads to its report, each count and overdue amount to the payment list it counts.
 */
import ListAltIcon from '@mui/icons-material/ListAlt';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type PaymentReport, reportQueryOptions } from './report.queries.ts';
import { EntityBars, MonthBars } from './report-charts.tsx';
import { fillMonths, monthLabel } from './report-figures.ts';
import type { ReportFilterKey } from './report-filters.ts';
import { constructionReportLink, paymentListLink } from './report-links.ts';
import {
  Block,
  constructionSubtitle,
  Figures,
  LinkButton,
  ReportPage,
  reportState,
  TwoColumns,
} from './report-parts.tsx';
import { type ReportColumn, ReportTableBlock } from './report-table.tsx';
import { useReportScope } from './use-report.ts';

const KEYS: ReportFilterKey[] = ['from', 'to', 'companyId', 'projectId', 'constructorId'];

type Row = PaymentReport['rows'][number];
type Month = PaymentReport['months'][number];

const emptyMonth = (month: string): Month => ({
  month,
  requested: '0',
  requested_count: 0,
  approved: '0',
  approved_count: 0,
  paid: '0',
  paid_count: 0,
  unpaid: '0',
  unpaid_count: 0,
  overdue: '0',
  overdue_count: 0,
  paid_out: '0',
  paid_out_count: 0,
});

type ListLink = (status?: 'unpaid' | 'paid' | 'over due', construction?: number) => string;

/**
 * The report's tables, by construction (each to its report; counts and amounts to the payment list
 * they count) and by month, with the answer's totals.
 */
function paymentColumns(
  f: (key: string) => string,
  totals: PaymentReport['totals'] | undefined,
  list: ListLink,
) {
  const byConstruction: ReportColumn<Row>[] = [
    {
      key: 'construction',
      label: f('construction'),
      value: (r) => r.construction_code,
      secondary: (r) => r.construction_name,
      link: (r) => constructionReportLink(r.construction_id),
    },
    {
      key: 'requested_count',
      label: f('requests'),
      kind: 'count',
      value: (r) => r.requested_count,
      link: (r) => list(undefined, r.construction_id),
      total: totals?.requested_count,
      hideBelow: 'md',
    },
    {
      key: 'requested',
      label: f('requested'),
      kind: 'amount',
      value: (r) => r.requested,
      total: totals?.requested,
    },
    {
      key: 'approved',
      label: f('approved'),
      kind: 'amount',
      value: (r) => r.approved,
      total: totals?.approved,
      hideBelow: 'lg',
    },
    {
      key: 'paid',
      label: f('paid'),
      kind: 'amount',
      value: (r) => r.paid,
      link: (r) => list('paid', r.construction_id),
      total: totals?.paid,
    },
    {
      key: 'unpaid',
      label: f('unpaid'),
      kind: 'amount',
      value: (r) => r.unpaid,
      link: (r) => list('unpaid', r.construction_id),
      total: totals?.unpaid,
      hideBelow: 'md',
    },
    {
      key: 'overdue',
      label: f('overdue'),
      kind: 'amount',
      value: (r) => r.overdue,
      link: (r) => (r.overdue_count ? list('over due', r.construction_id) : undefined),
      total: totals?.overdue,
      hideBelow: 'sm',
    },
  ];
  const byMonth: ReportColumn<Month>[] = [
    { key: 'month', label: f('month'), value: (m) => monthLabel(m.month) },
    {
      key: 'requested_count',
      label: f('requests'),
      kind: 'count',
      value: (m) => m.requested_count,
      total: totals?.requested_count,
      hideBelow: 'md',
    },
    {
      key: 'requested',
      label: f('requested'),
      kind: 'amount',
      value: (m) => m.requested,
      total: totals?.requested,
    },
    { key: 'paid', label: f('paid'), kind: 'amount', value: (m) => m.paid, total: totals?.paid },
    {
      key: 'unpaid',
      label: f('unpaid'),
      kind: 'amount',
      value: (m) => m.unpaid,
      total: totals?.unpaid,
      hideBelow: 'sm',
    },
    {
      key: 'overdue',
      label: f('overdue'),
      kind: 'amount',
      value: (m) => m.overdue,
      total: totals?.overdue,
      hideBelow: 'lg',
    },
    {
      key: 'paid_out',
      label: f('paidOut'),
      kind: 'amount',
      value: (m) => m.paid_out,
      total: totals?.paid_out,
      hideBelow: 'md',
    },
  ];
  return { byConstruction, byMonth };
}

export function PaymentReportPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const scope = useReportScope(KEYS);
  const report = useQuery({
    ...reportQueryOptions<PaymentReport>('payment', scope.query),
    enabled: scope.ready,
  });
  const data = report.data;
  const totals = data?.totals;
  const constructionId = scope.constructionId ?? -1;
  const contractor = scope.filters.constructorId;
  const list = (status?: 'unpaid' | 'paid' | 'over due', construction = constructionId) =>
    paymentListLink({ constructionId: construction, status, constructorId: contractor });
  const f = (key: string) => t(`report.fields.${key}`);

  const months = fillMonths(data?.months ?? [], emptyMonth);
  const columns = paymentColumns(f, totals, list);
  const paidColor = theme.palette.success.main;
  const unpaidColor = theme.palette.info.main;
  const rows = data?.rows ?? [];

  return (
    <ReportPage
      title={t('report.payment.title')}
      subtitle={constructionSubtitle(scope.construction, t)}
      note={t('report.payment.note')}
      actions={
        <LinkButton to={list()} icon={<ListAltIcon />} testId="to-payment-list">
          {t('report.links.paymentList')}
        </LinkButton>
      }
      exportTo={scope.ready && { path: 'payment', query: scope.query }}
      filters={{ keys: KEYS, dates: 'payment' }}
      state={reportState(report)}
    >
      <Figures
        loading={!data}
        figures={[
          {
            key: 'requested',
            label: f('requested'),
            amount: totals?.requested,
            detail: t('report.requestCount', { count: totals?.requested_count ?? 0 }),
            tone: 'primary',
          },
          {
            key: 'approved',
            label: f('approved'),
            amount: totals?.approved,
            detail: t('report.requestCount', { count: totals?.approved_count ?? 0 }),
          },
          {
            key: 'paid',
            label: f('paid'),
            amount: totals?.paid,
            detail: t('report.requestCount', { count: totals?.paid_count ?? 0 }),
            tone: 'success',
            to: list('paid'),
          },
          {
            key: 'unpaid',
            label: f('unpaid'),
            amount: totals?.unpaid,
            detail: t('report.requestCount', { count: totals?.unpaid_count ?? 0 }),
            tone: 'warning',
            to: list('unpaid'),
          },
          {
            key: 'overdue',
            label: f('overdue'),
            amount: totals?.overdue,
            detail: t('report.requestCount', { count: totals?.overdue_count ?? 0 }),
            tone: 'error',
            to: list('over due'),
          },
          {
            key: 'paid_out',
            label: f('paidOut'),
            amount: totals?.paid_out,
            detail: t('report.payoutCount', { count: totals?.paid_out_count ?? 0 }),
            tone: 'success',
          },
        ]}
      />
      <TwoColumns>
        <Block title={t('report.payment.byConstructionChart')} hint={t('report.payment.byConstructionHint')}>
          <EntityBars
            testId="chart-constructions"
            names={rows.map((r) => `${r.construction_code} – ${r.construction_name}`)}
            series={[
              { key: 'paid', label: f('paid'), amounts: rows.map((r) => r.paid), color: paidColor },
              {
                key: 'unpaid',
                label: f('unpaid'),
                amounts: rows.map((r) => r.unpaid),
                color: unpaidColor,
              },
            ]}
          />
        </Block>
        <Block title={t('report.payment.byMonthChart')} hint={t('report.payment.byMonthHint')}>
          <MonthBars
            testId="chart-months"
            months={months.map((m) => monthLabel(m.month))}
            series={[
              { key: 'paid', label: f('paid'), amounts: months.map((m) => m.paid), color: paidColor },
              {
                key: 'unpaid',
                label: f('unpaid'),
                amounts: months.map((m) => m.unpaid),
                color: unpaidColor,
              },
              // the money that left the bank that month, whatever the requests' dates: a bar of its
              // own beside the requested money (stacked on it, it would read as more requested)
              {
                key: 'paid_out',
                label: f('paidOut'),
                amounts: months.map((m) => m.paid_out),
                color: theme.palette.secondary.main,
                apart: true,
              },
            ]}
          />
        </Block>
      </TwoColumns>
      <ReportTableBlock
        title={t('report.payment.byConstruction')}
        hint={t('report.amountsInDong')}
        testId="table-constructions"
        columns={columns.byConstruction}
        rows={rows}
        rowKey={(r) => r.construction_id}
      />
      <ReportTableBlock
        title={t('report.payment.byMonth')}
        hint={t('report.amountsInDong')}
        testId="table-months"
        columns={columns.byMonth}
        rows={months}
        rowKey={(m) => m.month}
      />
    </ReportPage>
  );
}
