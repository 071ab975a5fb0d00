/**
 * /report/constructor/list: what the company owes each contractor — contracts, their value, paid,
 * remaining and overdue — for contracts signed in a range, of a company, a project or a type, on the
 * top bar's construction; the ten largest drawn as paid against remaining.
 * /report/constructor/view/:id: one contractor across the constructions the user sees (the top bar
 * on All unless narrowed), each construction leading to its report and to the contractor's requests
 * there.
 */
import ListAltIcon from '@mui/icons-material/ListAlt';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { amountColumns, contractFigures } from './construction-report-pages.tsx';
import { type ConstructorReport, contractorQuery, reportQueryOptions } from './report.queries.ts';
import { EntityBars } from './report-charts.tsx';
import { largest } from './report-figures.ts';
import { carriedFilters, type ReportFilterKey } from './report-filters.ts';
import { constructionReportLink, constructorReportLink, paymentListLink } from './report-links.ts';
import {
  Block,
  constructionSubtitle,
  Figures,
  LinkButton,
  ReportPage,
  reportState,
} from './report-parts.tsx';
import { type ReportColumn, ReportTableBlock } from './report-table.tsx';
import { useReportScope } from './use-report.ts';

const KEYS: ReportFilterKey[] = ['from', 'to', 'companyId', 'projectId', 'contractTypeId'];
const CHART_ROWS = 10;

export function ConstructorReportListPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const scope = useReportScope(KEYS);
  const report = useQuery({
    ...reportQueryOptions<ConstructorReport>('constructor', scope.query),
    enabled: scope.ready,
  });
  const data = report.data;
  const totals = data?.totals;
  const rows = data?.rows ?? [];
  const constructionId = scope.constructionId ?? -1;
  const carried = carriedFilters(scope.filters, KEYS);
  const charted = largest(rows, CHART_ROWS, (r) => r.contract_value);
  type Row = ConstructorReport['rows'][number];
  const columns: ReportColumn<Row>[] = [
    {
      key: 'constructor',
      label: t('report.fields.constructor'),
      value: (r) => r.constructor_name,
      secondary: (r) => r.constructor_code,
      // the contractor's page keeps the construction the list was narrowed to
      link: (r) => constructorReportLink(r.constructor_id, carried, constructionId),
    },
    ...amountColumns<Row>(t, totals, (r) =>
      r.overdue_count
        ? paymentListLink({ constructionId, constructorId: r.constructor_id, status: 'over due' })
        : undefined,
    ),
  ];
  return (
    <ReportPage
      title={t('report.constructor.title')}
      subtitle={constructionSubtitle(scope.construction, t)}
      note={t('report.contractNote')}
      exportTo={scope.ready && { path: 'constructor', query: scope.query }}
      filters={{ keys: KEYS, dates: 'signed' }}
      state={reportState(report)}
    >
      <Figures
        loading={!data}
        figures={contractFigures(t, totals, paymentListLink({ constructionId, status: 'over due' }))}
      />
      <Block
        title={t('report.constructor.chart')}
        hint={
          rows.length > CHART_ROWS
            ? t('report.constructor.chartLargest', { count: CHART_ROWS, total: rows.length })
            : t('report.constructor.chartHint')
        }
      >
        <EntityBars
          testId="chart-constructors"
          names={charted.map((r) => r.constructor_name)}
          series={[
            {
              key: 'paid',
              label: t('report.fields.paid'),
              amounts: charted.map((r) => r.paid),
              color: theme.palette.success.main,
            },
            {
              key: 'remaining',
              label: t('report.fields.remaining'),
              amounts: charted.map((r) => r.remaining),
              color: theme.palette.grey[400],
            },
          ]}
        />
      </Block>
      <ReportTableBlock
        title={t('report.constructor.table')}
        hint={t('report.amountsInDong')}
        testId="table-constructors"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.constructor_id}
      />
    </ReportPage>
  );
}

export function ConstructorReportViewPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const id = Number(useParams().id);
  const scope = useReportScope(KEYS, { constructorId: id });
  const valid = Number.isInteger(id) && id > 0;
  const report = useQuery({
    ...reportQueryOptions<ConstructorReport>('constructor', scope.query),
    enabled: scope.ready && valid,
  });
  const record = useQuery({ ...contractorQuery(id), enabled: valid });
  const data = report.data;
  const totals = data?.totals;
  const rows = data?.constructions ?? [];
  const constructionId = scope.constructionId ?? -1;
  const head =
    data?.rows[0] ??
    (record.data ? { constructor_code: record.data.code, constructor_name: record.data.name } : null);
  type Row = ConstructorReport['constructions'][number];
  const columns: ReportColumn<Row>[] = [
    {
      key: 'construction',
      label: t('report.fields.construction'),
      value: (r) => r.construction_code,
      secondary: (r) => r.construction_name,
      link: (r) => constructionReportLink(r.construction_id, `constructorId=${id}`),
    },
    ...amountColumns<Row>(t, totals, (r) =>
      r.overdue_count
        ? paymentListLink({ constructionId: r.construction_id, constructorId: id, status: 'over due' })
        : undefined,
    ),
    {
      key: 'requests',
      label: t('report.fields.requestsLink'),
      value: () => t('report.links.requests'),
      link: (r) => paymentListLink({ constructionId: r.construction_id, constructorId: id }),
      hideBelow: 'md',
    },
  ];
  return (
    <ReportPage
      title={t('report.constructor.viewTitle')}
      subtitle={head ? [head.constructor_code, head.constructor_name].filter(Boolean).join(' – ') : ''}
      note={
        scope.construction
          ? t('report.constructor.viewNoteOne', {
              construction: `${scope.construction.code} – ${scope.construction.name}`,
            })
          : t('report.constructor.viewNote')
      }
      actions={
        <LinkButton
          to={paymentListLink({ constructionId, constructorId: id })}
          icon={<ListAltIcon />}
          testId="to-payment-list"
        >
          {t('report.links.paymentList')}
        </LinkButton>
      }
      exportTo={scope.ready && valid && { path: 'constructor', query: scope.query }}
      after={
        <LinkButton to={`/management/constructor/view/${id}`} variant="text" testId="to-record">
          {t('report.links.constructorRecord')}
        </LinkButton>
      }
      filters={{ keys: KEYS, dates: 'signed' }}
      state={reportState(report)}
    >
      <Figures
        loading={!data}
        figures={contractFigures(
          t,
          totals,
          paymentListLink({ constructionId, constructorId: id, status: 'over due' }),
        )}
      />
      <Block title={t('report.constructor.viewChart')} hint={t('report.construction.chartHint')}>
        <EntityBars
          testId="chart-constructions"
          names={rows.map((r) => `${r.construction_code} – ${r.construction_name}`)}
          series={[
            {
              key: 'paid',
              label: t('report.fields.paid'),
              amounts: rows.map((r) => r.paid),
              color: theme.palette.success.main,
            },
            {
              key: 'remaining',
              label: t('report.fields.remaining'),
              amounts: rows.map((r) => r.remaining),
              color: theme.palette.grey[400],
            },
          ]}
        />
      </Block>
      <ReportTableBlock
        title={t('report.constructor.viewTable')}
        hint={t('report.amountsInDong')}
        testId="table-constructions"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.construction_id}
      />
    </ReportPage>
  );
}
