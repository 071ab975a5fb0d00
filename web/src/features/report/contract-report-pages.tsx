/**
 * /report/contract/list: the contracts signed in a range (of a company, a project, a contractor, a
 * type, on the top bar's construction) counted by status and by type, their annexes, the highest
 * and the smallest, and how their values spread over the buckets (< 100 M, 100 M – 1 B, 1 – 10 B,
 * ≥ 10 B đồng).
 * /report/contract/view/:id: one contract's position — value, payable ceiling, requested, approved,
 * paid, what may still be requested and what the ceiling holds back — and its payment requests,
 * with links to the contract's page and to its requests in the payment list.
 */
import ListAltIcon from '@mui/icons-material/ListAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import { type Theme, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { formatDate } from '@sitepay/domain/date-format';
import { addAmounts, compareAmounts } from '@sitepay/domain/money';
import { formatAmount } from '@sitepay/domain/number-format';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { hint } from '../../components/hint.ts';
import { ApprovalChip, PaidChip } from '../../components/payment-state.tsx';
import { currentLang, type Lang } from '../../i18n/i18n.ts';
import {
  type AmountDistribution,
  type ContractAnnexCount,
  type ContractCount,
  type ContractPayment,
  type ContractRank,
  contractPaymentsQuery,
  contractRecordQuery,
  contractSummaryQuery,
  reportQueryOptions,
} from './report.queries.ts';
import { CountBars } from './report-charts.tsx';
import { bucketRange, contractPosition, drawn } from './report-figures.ts';
import type { ReportFilterKey } from './report-filters.ts';
import { contractReportLink, paymentListLink } from './report-links.ts';
import {
  Block,
  constructionSubtitle,
  Figures,
  LinkButton,
  ReportPage,
  reportState,
  TwoColumns,
  useMoney,
} from './report-parts.tsx';
import { type ReportColumn, ReportTable, ReportTableBlock } from './report-table.tsx';
import { useReportScope } from './use-report.ts';

const KEYS: ReportFilterKey[] = ['from', 'to', 'companyId', 'projectId', 'constructorId', 'contractTypeId'];
const RANKED = 10;

type Status = ContractCount['by_status'][number];
type Type = ContractCount['by_type'][number];
type Bucket = AmountDistribution[number];
type Ranked = ContractRank[number];

/**
 * The contract report's tables: by status and by type (the answer's count and the total value),
 * by value bucket (summed), and the ranked contracts (each to its report, on the construction shown).
 */
function contractListColumns(
  t: TFunction,
  lang: Lang,
  count: ContractCount | undefined,
  totalValue: string | undefined,
  constructionId: number,
) {
  const f = (key: string) => t(`report.fields.${key}`);
  const status: ReportColumn<Status>[] = [
    { key: 'status', label: f('status'), value: (s) => t(`status.${s.status}`, { defaultValue: s.status }) },
    {
      key: 'count',
      label: f('contractsShort'),
      kind: 'count',
      value: (s) => s.count,
      total: count?.total,
    },
    { key: 'value', label: f('contractValue'), kind: 'amount', value: (s) => s.value, total: totalValue },
  ];
  const type: ReportColumn<Type>[] = [
    { key: 'type', label: f('contractType'), value: (s) => s.contract_type_name },
    {
      key: 'count',
      label: f('contractsShort'),
      kind: 'count',
      value: (s) => s.count,
      total: count?.total,
    },
    { key: 'value', label: f('contractValue'), kind: 'amount', value: (s) => s.value, total: totalValue },
  ];
  const bucket: ReportColumn<Bucket>[] = [
    { key: 'bucket', label: f('valueBucket'), value: (b) => t(`report.buckets.${b.key}`) },
    {
      key: 'count',
      label: f('contractsShort'),
      kind: 'count',
      value: (b) => b.count,
      sum: true,
    },
    {
      key: 'value',
      label: f('contractValue'),
      kind: 'amount',
      value: (b) => b.value,
      sum: true,
    },
  ];
  const rank: ReportColumn<Ranked>[] = [
    {
      key: 'contract',
      label: f('contract'),
      value: (c) => c.contract_no,
      secondary: (c) => c.constructor_name,
      link: (c) => contractReportLink(c.id, constructionId > 0 ? constructionId : undefined),
    },
    { key: 'construction', label: f('construction'), value: (c) => c.construction_name, hideBelow: 'md' },
    {
      key: 'signed',
      label: f('signedDate'),
      kind: 'date',
      value: (c) => formatDate(c.signed_date, lang),
      hideBelow: 'lg',
    },
    { key: 'value', label: f('contractValue'), kind: 'amount', value: (c) => c.contract_value },
  ];
  return { status, type, bucket, rank };
}

export function ContractReportListPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const lang = currentLang();
  const scope = useReportScope(KEYS);
  const ranked = { ...scope.query, limit: RANKED };
  const [count, annexes, highest, smallest, distribution] = useQueries({
    queries: [
      { ...reportQueryOptions<ContractCount>('contract/count', scope.query), enabled: scope.ready },
      {
        ...reportQueryOptions<ContractAnnexCount>('contract/count_annex', scope.query),
        enabled: scope.ready,
      },
      { ...reportQueryOptions<ContractRank>('contract/highest', ranked), enabled: scope.ready },
      { ...reportQueryOptions<ContractRank>('contract/smallest', ranked), enabled: scope.ready },
      {
        ...reportQueryOptions<AmountDistribution>('contract/amount_distribution', scope.query),
        enabled: scope.ready,
      },
    ],
  });
  const all = [count, annexes, highest, smallest, distribution];
  const constructionId = scope.constructionId ?? -1;
  const totalValue = count.data ? addAmounts('0', ...count.data.by_status.map((s) => s.value)) : undefined;
  const buckets = distribution.data ?? [];
  const f = (key: string) => t(`report.fields.${key}`);

  const columns = contractListColumns(t, lang, count.data, totalValue, constructionId);
  const annex = annexes.data;

  return (
    <ReportPage
      title={t('report.contract.title')}
      subtitle={constructionSubtitle(scope.construction, t)}
      note={t('report.contract.note')}
      // the counts by status and by type: the page's main tables (the other blocks have their own calls)
      exportTo={scope.ready && { path: 'contract/count', query: scope.query }}
      filters={{ keys: KEYS, dates: 'signed' }}
      state={reportState(...all)}
    >
      <Figures
        loading={!count.data || !annex}
        figures={[
          { key: 'contracts', label: f('contracts'), count: count.data?.total ?? 0, tone: 'primary' },
          { key: 'contract_value', label: f('contractValue'), amount: totalValue ?? '0' },
          {
            key: 'with_annexes',
            label: f('withAnnexes'),
            count: annex?.contracts_with_annexes ?? 0,
            detail: t('report.contract.annexCount', { count: annex?.annexes ?? 0 }),
          },
          {
            key: 'annex_value',
            label: f('annexValue'),
            amount: annex?.annex_value ?? '0',
            detail: t('report.contract.increasesDecreases', {
              up: annex?.increases ?? 0,
              down: annex?.decreases ?? 0,
            }),
          },
        ]}
      />
      <TwoColumns>
        <Block title={t('report.contract.distribution')} hint={t('report.contract.distributionHint')}>
          <CountBars
            testId="chart-distribution"
            groups={buckets.map((b) => bucketRange(b.key, lang))}
            counts={buckets.map((b) => b.count)}
            amounts={buckets.map((b) => b.value)}
            label={f('contractsShort')}
            color={theme.palette.primary.main}
          />
          <ReportTable
            testId="table-distribution"
            columns={columns.bucket}
            rows={buckets}
            rowKey={(b) => b.key}
          />
        </Block>
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <ReportTableBlock
            title={t('report.contract.byStatus')}
            testId="table-status"
            columns={columns.status}
            rows={count.data?.by_status ?? []}
            rowKey={(s) => s.status}
          />
          <ReportTableBlock
            title={t('report.byType')}
            testId="table-types"
            columns={columns.type}
            rows={count.data?.by_type ?? []}
            rowKey={(s) => s.contract_type_id}
          />
        </Box>
      </TwoColumns>
      <TwoColumns from="xl">
        <ReportTableBlock
          title={t('report.contract.highest', { count: RANKED })}
          hint={t('report.amountsInDong')}
          testId="table-highest"
          columns={columns.rank}
          rows={highest.data ?? []}
          rowKey={(c) => c.id}
          totals={false}
        />
        <ReportTableBlock
          title={t('report.contract.smallest', { count: RANKED })}
          hint={t('report.amountsInDong')}
          testId="table-smallest"
          columns={columns.rank}
          rows={smallest.data ?? []}
          rowKey={(c) => c.id}
          totals={false}
        />
      </TwoColumns>
    </ReportPage>
  );
}

const partColors = (theme: Theme) => ({
  paid: theme.palette.success.main,
  approved: theme.palette.success.light,
  waiting: theme.palette.info.main,
  available: theme.palette.grey[300],
  retained: theme.palette.warning.light,
});

/** A contract's requests: number (to the request), dates, where it stands, amount (the live ones' total). */
function requestColumns(t: TFunction, lang: Lang, requestTotal: string): ReportColumn<ContractPayment>[] {
  return [
    {
      key: 'no',
      label: t('report.fields.requestNo'),
      value: (p) => `#${p.requirement_no}`,
      link: (p) => `/management/payment/view/${p.id}`,
    },
    {
      key: 'date',
      label: t('report.fields.paymentDate'),
      kind: 'date',
      value: (p) => formatDate(p.date, lang),
      hideBelow: 'sm',
    },
    {
      key: 'due',
      label: t('report.fields.dueDate'),
      kind: 'date',
      value: (p) => (p.due_date ? formatDate(p.due_date, lang) : ''),
      hideBelow: 'lg',
    },
    {
      key: 'state',
      label: t('report.fields.state'),
      value: (p) => (
        // one chip where the request stands (paid, else its approval), and overdue beside it
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {p.payment_status === 'P' ? <PaidChip status="P" /> : <ApprovalChip status={p.approval_status} />}
          {p.overdue && <Chip size="small" color="error" label={t('report.fields.overdue')} />}
        </Box>
      ),
    },
    {
      key: 'amount',
      label: t('report.fields.amount'),
      kind: 'amount',
      value: (p) => p.amount,
      total: requestTotal,
    },
  ];
}

export function ContractReportViewPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const lang = currentLang();
  const money = useMoney();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const record = useQuery({ ...contractRecordQuery(id), enabled: valid });
  const summary = useQuery({ ...contractSummaryQuery(id), enabled: valid });
  const payments = useQuery({ ...contractPaymentsQuery(id), enabled: valid });
  if (!valid || record.isError) return <Alert severity="error">{t('errors.causes.notFound')}</Alert>;
  const contract = record.data;
  const position = summary.data;
  const parts = position ? contractPosition(position) : [];
  const whole = position ? parts.reduce((sum, p) => sum + drawn(p.amount), 0) || 1 : 1;
  const colors = partColors(theme);
  const requests = (payments.data ?? []).filter((p) => p.status !== 'D');
  const requestTotal = addAmounts(
    '0',
    ...requests.filter((p) => p.approval_status !== 'R' && p.status === 'O').map((p) => p.amount),
  );
  const columns = requestColumns(t, lang, requestTotal);

  return (
    <ReportPage
      title={
        contract
          ? t('report.contract.viewTitle', { no: contract.contract_no })
          : t('report.contract.viewTitleBare')
      }
      subtitle={
        contract
          ? [
              [contract.construction_code, contract.construction_name].filter(Boolean).join(' – '),
              contract.constructor_name,
            ]
              .filter(Boolean)
              .join(' · ')
          : undefined
      }
      note={
        contract
          ? [
              contract.contract_type_name,
              contract.signed_date
                ? t('report.contract.signedOn', { date: formatDate(contract.signed_date, lang) })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')
          : undefined
      }
      actions={
        contract && (
          <>
            <LinkButton
              to={paymentListLink({ constructionId: contract.construction_id, contractId: id })}
              icon={<ListAltIcon />}
              testId="to-payment-list"
            >
              {t('report.links.paymentList')}
            </LinkButton>
            <LinkButton to={`/management/contract/view/${id}`} variant="text" testId="to-record">
              {t('report.links.contractRecord')}
            </LinkButton>
          </>
        )
      }
    >
      <Figures
        loading={!position}
        figures={[
          {
            key: 'contract_value',
            label: t('report.fields.contractValue'),
            amount: position?.contract_value,
            tone: 'primary',
          },
          { key: 'ceiling', label: t('report.fields.ceiling'), amount: position?.ceiling },
          { key: 'requested', label: t('report.fields.requested'), amount: position?.requested },
          { key: 'paid', label: t('report.fields.paid'), amount: position?.paid, tone: 'success' },
          {
            key: 'available',
            label: t('report.fields.available'),
            amount: position?.remaining,
            tone: 'warning',
          },
        ]}
      />
      <Block title={t('report.contract.position')} hint={t('report.contract.positionHint')}>
        {!position ? (
          <Skeleton variant="rounded" height={32} />
        ) : (
          <>
            <Box
              role="img"
              aria-label={parts.map((p) => `${t(`report.parts.${p.key}`)}: ${money(p.amount)}`).join('; ')}
              data-testid="contract-position"
              sx={{
                display: 'flex',
                height: 28,
                borderRadius: 1,
                overflow: 'hidden',
                bgcolor: 'action.hover',
              }}
            >
              {parts.map((p) => (
                // describes: the segment is no control and takes no name (the bar's img names them all)
                <Box
                  key={p.key}
                  sx={{ width: `${(drawn(p.amount) / whole) * 100}%`, bgcolor: colors[p.key], minWidth: 3 }}
                  {...hint(`${t(`report.parts.${p.key}`)}: ${money(p.amount)}`, { describes: true })}
                />
              ))}
            </Box>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'grid', gap: 0.5 }}>
              {parts.map((p) => (
                <Box
                  component="li"
                  key={p.key}
                  sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
                  data-testid={`part-${p.key}`}
                >
                  <Box
                    sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: colors[p.key], flexShrink: 0 }}
                  />
                  <Typography variant="body2" sx={{ mr: 'auto' }}>
                    {t(`report.parts.${p.key}`)}
                  </Typography>
                  <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatAmount(p.amount)}
                  </Typography>
                </Box>
              ))}
            </Box>
            {compareAmounts(position.requested, position.ceiling) > 0 && (
              <Alert severity="warning" sx={{ mt: 1.5 }}>
                {t('report.contract.overCeiling')}
              </Alert>
            )}
          </>
        )}
      </Block>
      {!payments.isError && (
        <ReportTableBlock
          title={t('report.contract.requests')}
          hint={t('report.contract.requestsHint')}
          testId="table-requests"
          columns={columns}
          rows={requests}
          rowKey={(p) => p.id}
        />
      )}
    </ReportPage>
  );
}
