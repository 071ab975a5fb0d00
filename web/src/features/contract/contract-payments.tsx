/**
 * The contract page's payment requests: the contract's figures as the payment requests see them
 * (GET payment-transaction/get-payment-contract-status/{id}: requested, approved, paid, what may still
 * be requested, the advance not yet recovered, the warranty held back) with whether it can take a
 * request now, and its requests (GET payment-transaction/get-by-contract/{id}), each opening its own
 * page. For users who may not read payment requests, the contract's own summary and check instead.
 */
import AddIcon from '@mui/icons-material/Add';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ContractSummary } from '@sitepay/domain/contract.schema';
import { compareAmounts } from '@sitepay/domain/money';
import { formatAmount } from '@sitepay/domain/number-format';
import type { Payment, PaymentContractStatus } from '@sitepay/domain/payment.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAbility } from '../../app/use-ability.ts';
import { hint } from '../../components/hint.ts';
import { ApprovalChip, PaidChip } from '../../components/payment-state.tsx';
import { currentLang } from '../../i18n/i18n.ts';
import { api } from '../../lib/api-client.ts';
import { formatValue } from '../../resources/format-value.ts';
import { contractSummaryQuery, paymentCheckQuery } from './contract.queries.ts';

const SUMMARY_KEYS = ['contract_value', 'ceiling', 'requested', 'approved', 'paid', 'remaining'] as const;
const hideXs = { display: { xs: 'none', sm: 'table-cell' } };
const hideSm = { display: { xs: 'none', md: 'table-cell' } };

// ['resource', 'payment', …]: a payment request's move refreshes them; ['resource', 'contract', …]
// would not be enough, a request changes on its own page
const paymentStatusQuery = (contractId: number) =>
  queryOptions({
    queryKey: ['resource', 'payment', 'contract-status', contractId],
    queryFn: ({ signal }) =>
      api.get<PaymentContractStatus>(`payment-transaction/get-payment-contract-status/${contractId}`, {
        signal,
      }),
    staleTime: 0,
  });
const requestsQuery = (contractId: number) =>
  queryOptions({
    queryKey: ['resource', 'payment', 'by-contract', contractId],
    queryFn: ({ signal }) =>
      api.get<Payment[]>(`payment-transaction/get-by-contract/${contractId}`, { signal }),
    staleTime: 0,
  });

export function ContractPayments({
  contractId,
  constructionId,
}: {
  contractId: number;
  constructionId: number;
}) {
  const ability = useAbility();
  return ability.can('read', 'payment') ? (
    <WithRequests contractId={contractId} constructionId={constructionId} />
  ) : (
    <SummaryOnly contractId={contractId} />
  );
}

function WithRequests({ contractId, constructionId }: { contractId: number; constructionId: number }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const status = useQuery(paymentStatusQuery(contractId));
  const requests = useQuery(requestsQuery(contractId));
  const data = status.data;
  const extra =
    data &&
    [
      compareAmounts(data.advance_outstanding, '0') > 0 &&
        t('payment.form.advanceOutstanding', { amount: formatAmount(data.advance_outstanding) }),
      compareAmounts(data.retention_amount, '0') > 0 &&
        t('payment.form.retentionRemaining', { amount: formatAmount(data.retention_remaining) }),
    ].filter(Boolean);
  return (
    <Frame
      action={
        ability.can('create', 'payment') &&
        data?.can_request && (
          <Button
            component={RouterLink}
            to={`/management/payment/create?constructionId=${constructionId}&contractId=${contractId}`}
            variant="outlined"
            startIcon={<AddIcon />}
          >
            {t('contract.view.newRequest')}
          </Button>
        )
      }
    >
      {status.isPending && <Skeleton variant="rounded" height={72} />}
      {data && <Tiles summary={data.summary} />}
      {data && (
        <CanPay valid={data.can_request} reasons={data.reasons}>
          {extra?.map((line) => (
            <Typography key={String(line)} variant="body2" color="text.secondary">
              {line}
            </Typography>
          ))}
        </CanPay>
      )}
      <Typography
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 600, mt: 2.5, mb: 0.5 }}
        id="requests-title"
      >
        {t('contract.view.requests')}
      </Typography>
      {requests.isPending && <Skeleton variant="rounded" height={72} />}
      {requests.isSuccess && <Requests list={requests.data} />}
    </Frame>
  );
}

function Requests({ list }: { list: Payment[] }) {
  const { t } = useTranslation();
  const lang = currentLang();
  // the list's short headers ("Đợt", "Số tiền"), else the field's label
  const field = (name: string) =>
    t(`resources.payment.columns.${name}`, { defaultValue: t(`resources.payment.fields.${name}`) });
  if (!list.length) return <Typography color="text.secondary">{t('contract.view.noRequests')}</Typography>;
  return (
    <Table size="small" aria-labelledby="requests-title" data-testid="contract-requests">
      <TableHead>
        <TableRow>
          <TableCell>{field('requirement_no')}</TableCell>
          <TableCell sx={hideXs}>{field('date')}</TableCell>
          <TableCell sx={hideSm}>{field('payment_code')}</TableCell>
          <TableCell align="right">{field('amount')}</TableCell>
          <TableCell>{field('approval_status')}</TableCell>
          <TableCell sx={hideXs}>{field('payment_status')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {list.map((p) => (
          <TableRow
            key={p.id}
            data-testid="contract-request"
            data-approval={p.approval_status}
            data-paid={p.payment_status}
            // a deactivated request reads greyed (secondary text keeps 7:1, where opacity would not)
            sx={p.status === 'D' ? { '& .MuiTableCell-root': { color: 'text.secondary' } } : undefined}
          >
            <TableCell>
              <Link component={RouterLink} to={`/management/payment/view/${p.id}`}>
                {p.requirement_no}
              </Link>
            </TableCell>
            <TableCell sx={hideXs}>{formatValue(p.date, 'date', lang)}</TableCell>
            <TableCell sx={hideSm}>{p.payment_type_name ?? p.payment_code}</TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {formatAmount(p.amount)}
            </TableCell>
            <TableCell>
              <ApprovalChip status={p.approval_status} />
            </TableCell>
            <TableCell sx={hideXs}>
              <PaidChip status={p.payment_status} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function SummaryOnly({ contractId }: { contractId: number }) {
  const summary = useQuery(contractSummaryQuery(contractId));
  const check = useQuery(paymentCheckQuery(contractId));
  return (
    <Frame>
      {summary.isPending && <Skeleton variant="rounded" height={72} />}
      {summary.data && <Tiles summary={summary.data} />}
      {check.data && <CanPay valid={check.data.valid} reasons={check.data.reasons} />}
    </Frame>
  );
}

function Frame({ action, children }: { action?: React.ReactNode; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      aria-labelledby="payments-title"
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
        <Typography id="payments-title" variant="h6" component="h2" sx={{ mr: 'auto' }}>
          {t('contract.view.payments')}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

function Tiles({ summary }: { summary: ContractSummary }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' } }}>
      {SUMMARY_KEYS.map((key) => (
        <Box
          key={key}
          sx={{
            p: 1.5,
            borderRadius: 1,
            bgcolor: key === 'remaining' ? 'action.selected' : 'action.hover',
            minWidth: 0,
          }}
        >
          <Typography variant="body2" color="text.secondary">
            {key === 'ceiling' ? (
              <span {...hint(t('contract.view.ceilingHint'), { describes: true })}>
                {t(`contract.view.summary.${key}`)}
              </span>
            ) : (
              t(`contract.view.summary.${key}`)
            )}
          </Typography>
          <Typography
            data-testid={`summary-${key}`}
            sx={{
              fontWeight: key === 'remaining' ? 700 : 500,
              fontVariantNumeric: 'tabular-nums',
              wordBreak: 'break-all',
            }}
          >
            {formatAmount(summary[key])}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function CanPay({
  valid,
  reasons,
  children,
}: {
  valid: boolean;
  reasons: { code: string; message: string }[];
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ mt: 1.5, display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5, alignItems: 'center' }}
    >
      <Chip
        size="small"
        variant="outlined"
        color={valid ? 'success' : 'warning'}
        icon={valid ? <CheckCircleOutlineIcon /> : <ReportProblemOutlinedIcon />}
        label={valid ? t('contract.view.canPay') : t('contract.view.cannotPay')}
        data-testid="payment-check"
      />
      {reasons.map((reason) => (
        <Typography key={reason.code} variant="body2" color="text.secondary">
          {t(`contract.view.reasons.${reason.code}`, { defaultValue: reason.message })}
        </Typography>
      ))}
      {children}
    </Box>
  );
}
