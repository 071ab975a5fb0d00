/**
 * /report/construction/list: the contracts of each construction — how many, their value, what has
 * been paid on them, what remains to pay and what is overdue — and the same by contract type, for
 * contracts signed in a range, of a company, a project, a contractor or a type.
 * /report/construction/view/:id: one construction — its contracts one by one (each leading to the
 * contract's position) and its payment requests month by month, with links to its requests.
 */
import ListAltIcon from '@mui/icons-material/ListAlt';
import { useTheme } from '@mui/material/styles';
import { formatDate } from '@sitepay/domain/date-format';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { currentLang } from '../../i18n/i18n.ts';
import { type ConstructionReport, reportQueryOptions } from './report.queries.ts';
import { EntityBars, MonthBars } from './report-charts.tsx';
import { fillMonths, monthLabel, paidPercent } from './report-figures.ts';
import { carriedFilters, type ReportFilterKey } from './report-filters.ts';
import { constructionReportLink, contractReportLink, paymentListLink } from './report-links.ts';
import {
  Block,
  constructionSubtitle,
  type Figure,
  Figures,
  LinkButton,
  ReportPage,
  reportState,
} from './report-parts.tsx';
import { type ReportColumn, ReportTable, ReportTableBlock } from './report-table.tsx';
import { useReportScope } from './use-report.ts';

const LIST_KEYS: ReportFilterKey[] = [
  'from',
  'to',
  'companyId',
  'projectId',
  'constructorId',
  'contractTypeId',
];
const VIEW_KEYS: ReportFilterKey[] = ['from', 'to', 'constructorId', 'contractTypeId'];

type Totals = ConstructionReport['totals'];
type Figures5 = Pick<Totals, 'contract_value' | 'paid' | 'remaining' | 'overdue'>;
type ByType = ConstructionReport['by_type'][number];

/** The five figure cards of a contract-based report. */
export function contractFigures(
  t: (key: string, options?: Record<string, unknown>) => string,
  totals: Totals | undefined,
  overdueLink?: string,
): Figure[] {
  return [
    {
      key: 'contracts',
      label: t('report.fields.contracts'),
      count: totals?.contracts ?? 0,
      tone: 'primary',
    },
    { key: 'contract_value', label: t('report.fields.contractValue'), amount: totals?.contract_value },
    {
      key: 'paid',
      label: t('report.fields.paid'),
      amount: totals?.paid,
      tone: 'success',
      detail: totals
        ? t('report.paidShare', { percent: paidPercent(totals.paid, totals.contract_value) })
        : undefined,
    },
    { key: 'remaining', label: t('report.fields.remaining'), amount: totals?.remaining, tone: 'warning' },
    {
      key: 'overdue',
      label: t('report.fields.overdue'),
      amount: totals?.overdue,
      tone: 'error',
      detail: t('report.requestCount', { count: totals?.overdue_count ?? 0 }),
      to: overdueLink,
    },
  ];
}

/** The amount columns shared by every contract-based table. */
export function amountColumns<T extends Figures5 & { contracts: number }>(
  t: (key: string) => string,
  totals: Totals | undefined,
  overdueLink?: (row: T) => string | undefined,
): ReportColumn<T>[] {
  return [
    {
      key: 'contracts',
      label: t('report.fields.contractsShort'),
      kind: 'count',
      value: (r) => r.contracts,
      total: totals?.contracts,
      hideBelow: 'md',
    },
    {
      key: 'contract_value',
      label: t('report.fields.contractValue'),
      kind: 'amount',
      value: (r) => r.contract_value,
      total: totals?.contract_value,
      hideBelow: 'sm',
    },
    {
      key: 'paid',
      label: t('report.fields.paid'),
      kind: 'amount',
      value: (r) => r.paid,
      total: totals?.paid,
    },
    {
      key: 'remaining',
      label: t('report.fields.remaining'),
      kind: 'amount',
      value: (r) => r.remaining,
      total: totals?.remaining,
    },
    {
      key: 'overdue',
      label: t('report.fields.overdue'),
      kind: 'amount',
      value: (r) => r.overdue,
      link: overdueLink,
      total: totals?.overdue,
      hideBelow: 'lg',
    },
  ];
}

function useColors() {
  const theme = useTheme();
  return {
    paid: theme.palette.success.main,
    remaining: theme.palette.grey[400],
    unpaid: theme.palette.info.main,
  };
}

function ByTypeTable({ rows, totals }: { rows: ByType[]; totals: Totals | undefined }) {
  const { t } = useTranslation();
  const columns: ReportColumn<ByType>[] = [
    { key: 'type', label: t('report.fields.contractType'), value: (r) => r.contract_type_name },
    ...amountColumns<ByType>(t, totals),
  ];
  return (
    <ReportTable testId="table-types" columns={columns} rows={rows} rowKey={(r) => r.contract_type_id} />
  );
}

export function ConstructionReportListPage() {
  const { t } = useTranslation();
  const colors = useColors();
  const scope = useReportScope(LIST_KEYS);
  const report = useQuery({
    ...reportQueryOptions<ConstructionReport>('construction', scope.query),
    enabled: scope.ready,
  });
  const data = report.data;
  const totals = data?.totals;
  const rows = data?.rows ?? [];
  const constructionId = scope.constructionId ?? -1;
  const carried = carriedFilters(scope.filters, VIEW_KEYS);
  type Row = ConstructionReport['rows'][number];
  const columns: ReportColumn<Row>[] = [
    {
      key: 'construction',
      label: t('report.fields.construction'),
      value: (r) => r.construction_code,
      secondary: (r) => r.construction_name,
      link: (r) => constructionReportLink(r.construction_id, carried),
    },
    ...amountColumns<Row>(t, totals, (r) =>
      r.overdue_count
        ? paymentListLink({ constructionId: r.construction_id, status: 'over due' })
        : undefined,
    ),
  ];
  return (
    <ReportPage
      title={t('report.construction.title')}
      subtitle={constructionSubtitle(scope.construction, t)}
      note={t('report.contractNote')}
      actions={
        <LinkButton to={paymentListLink({ constructionId })} icon={<ListAltIcon />} testId="to-payment-list">
          {t('report.links.paymentList')}
        </LinkButton>
      }
      exportTo={scope.ready && { path: 'construction', query: scope.query }}
      filters={{ keys: LIST_KEYS, dates: 'signed' }}
      state={reportState(report)}
    >
      <Figures
        loading={!data}
        figures={contractFigures(t, totals, paymentListLink({ constructionId, status: 'over due' }))}
      />
      <Block title={t('report.construction.chart')} hint={t('report.construction.chartHint')}>
        <EntityBars
          testId="chart-constructions"
          names={rows.map((r) => `${r.construction_code} – ${r.construction_name}`)}
          series={[
            {
              key: 'paid',
              label: t('report.fields.paid'),
              amounts: rows.map((r) => r.paid),
              color: colors.paid,
            },
            {
              key: 'remaining',
              label: t('report.fields.remaining'),
              amounts: rows.map((r) => r.remaining),
              color: colors.remaining,
            },
          ]}
        />
      </Block>
      <ReportTableBlock
        title={t('report.construction.table')}
        hint={t('report.amountsInDong')}
        testId="table-constructions"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.construction_id}
      />
      <Block title={t('report.byType')} hint={t('report.amountsInDong')}>
        <ByTypeTable rows={data?.by_type ?? []} totals={totals} />
      </Block>
    </ReportPage>
  );
}

type Month = ConstructionReport['months'][number];
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
});

export function ConstructionReportViewPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const colors = useColors();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const scope = useReportScope(VIEW_KEYS);
  // this page is one construction: the top bar shows it, and picking another opens that one (All: the list)
  const { params } = scope;
  useEffect(() => {
    const picked = params.get('constructionId');
    if (picked !== null && Number(picked) === id) return;
    const next = new URLSearchParams(params);
    if (picked === null) {
      next.set('constructionId', String(id));
      navigate({ search: next.toString() }, { replace: true });
    } else if (Number(picked) > 0) navigate(`/report/construction/view/${picked}?${next}`, { replace: true });
    else navigate(`/report/construction/list?${next}`, { replace: true });
  }, [params, id, navigate]);
  const query = { ...scope.query, constructionId: id };
  const report = useQuery({
    ...reportQueryOptions<ConstructionReport>('construction', query),
    enabled: Number.isInteger(id) && id > 0,
  });
  const data = report.data;
  const totals = data?.totals;
  const row = data?.rows[0];
  const name = row
    ? `${row.construction_code} – ${row.construction_name}`
    : scope.construction
      ? `${scope.construction.code} – ${scope.construction.name}`
      : '';
  const months = fillMonths(data?.months ?? [], emptyMonth);
  type Contract = ConstructionReport['contracts'][number];
  const columns: ReportColumn<Contract>[] = [
    {
      key: 'contract',
      label: t('report.fields.contract'),
      value: (c) => c.contract_no,
      secondary: (c) => c.constructor_name,
      link: (c) => contractReportLink(c.contract_id, id),
    },
    {
      key: 'signed',
      label: t('report.fields.signedDate'),
      kind: 'date',
      value: (c) => formatDate(c.signed_date, lang),
      hideBelow: 'lg',
    },
    ...amountColumns<Contract>(t, totals, (c) =>
      c.overdue_count
        ? paymentListLink({ constructionId: id, contractId: c.contract_id, status: 'over due' })
        : undefined,
    ).filter((c) => c.key !== 'contracts'),
  ];
  return (
    <ReportPage
      title={t('report.construction.viewTitle')}
      subtitle={name}
      note={t('report.construction.viewNote')}
      actions={
        <LinkButton
          to={paymentListLink({ constructionId: id })}
          icon={<ListAltIcon />}
          testId="to-payment-list"
        >
          {t('report.links.paymentList')}
        </LinkButton>
      }
      exportTo={Number.isInteger(id) && id > 0 && { path: 'construction', query }}
      after={
        <LinkButton to={`/management/construction/view/${id}`} variant="text" testId="to-record">
          {t('report.links.constructionRecord')}
        </LinkButton>
      }
      filters={{ keys: VIEW_KEYS, dates: 'signed' }}
      state={reportState(report)}
    >
      <Figures
        loading={!data}
        figures={contractFigures(t, totals, paymentListLink({ constructionId: id, status: 'over due' }))}
      />
      <Block title={t('report.construction.monthChart')} hint={t('report.construction.monthHint')}>
        <MonthBars
          testId="chart-months"
          months={months.map((m) => monthLabel(m.month))}
          series={[
            {
              key: 'paid',
              label: t('report.fields.paid'),
              amounts: months.map((m) => m.paid),
              color: colors.paid,
            },
            {
              key: 'unpaid',
              label: t('report.fields.unpaid'),
              amounts: months.map((m) => m.unpaid),
              color: colors.unpaid,
            },
          ]}
        />
      </Block>
      <ReportTableBlock
        title={t('report.construction.contracts')}
        hint={t('report.amountsInDong')}
        testId="table-contracts"
        columns={columns}
        rows={data?.contracts ?? []}
        rowKey={(c) => c.contract_id}
      />
      <Block title={t('report.byType')} hint={t('report.amountsInDong')}>
        <ByTypeTable rows={data?.by_type ?? []} totals={totals} />
      </Block>
    </ReportPage>
  );
}
