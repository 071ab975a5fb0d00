/**
 * A payment request's page (/management/payment/view/:id): where it stands (approval, payment,
 * overdue), every field, the contract's money, the receiving account, its payments, its VAT
 * invoices (the resource's related section), the documents handed in, its files, its approval steps,
 * its discussion, a print of the request (Word or PDF), once accepted its VietQR code, and its change
 * history. It offers only the moves the server says the caller may make now (GET
 * get-payment-status/{id} → moves), each behind a confirmation (a rejection asks its reason).
 */

import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import CheckBoxOutlinedIcon from '@mui/icons-material/CheckBoxOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { compareAmounts } from '@sitepay/domain/money';
import { formatAmount } from '@sitepay/domain/number-format';
import type { Payment } from '@sitepay/domain/payment.schema';
import { paymentChangeable } from '@sitepay/domain/payment-workflow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useAbility } from '../../app/use-ability.ts';
import { amountWords } from '../../components/amount-words.ts';
import { Row, Section } from '../../components/detail-section.tsx';
import { FilePanel } from '../../components/file-panel.tsx';
import { HistoryPanel } from '../../components/history-panel.tsx';
import { ApprovalChip, PaidChip } from '../../components/payment-state.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import { currentLang } from '../../i18n/i18n.ts';
import { formatMoment, formatValue } from '../../resources/format-value.ts';
import { FlagChip } from '../../resources/record-actions.tsx';
import { resourceRecordQuery } from '../../resources/resource.queries.ts';
import type { ResourceDescription } from '../../resources/resource.types.ts';
import { RelatedBlock } from '../../resources/view/record-blocks.tsx';
import { invalidatePayments, movesQuery, paymentDocumentsQuery } from './payment.queries.ts';
import { PaymentDiscussion } from './payment-discussion.tsx';
import { documentNeed } from './payment-form-parts.tsx';
import { PaymentMoves } from './payment-moves.tsx';
import { PaymentPayoutsSection } from './payment-payouts.tsx';
import { PaymentPrintButton } from './payment-print-button.tsx';
import { PaymentTimeline } from './payment-timeline.tsx';
import { PaymentVietQrSection } from './payment-vietqr.tsx';

/** Copies of the contract's parties and ids named elsewhere on the page (the timeline, the checklist). */
const HISTORY_OMITTED = [
  'company_id',
  'construction_id',
  'constructor_id',
  'contract_id',
  'user_id',
  'bank_id',
  'attached_documents',
];

export function PaymentViewPage({ resource }: { resource: ResourceDescription }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const ability = useAbility();
  const client = useQueryClient();
  const record = useQuery(resourceRecordQuery(resource, id));
  if (record.isPending) return <Skeleton variant="rounded" height={480} />;
  if (!record.data) return <Alert severity="error">{t('errors.causes.notFound')}</Alert>;
  const payment = record.data as unknown as Payment;
  const files =
    paymentChangeable(record.data) &&
    payment.status !== 'D' &&
    (ability.can('update', 'payment') || ability.can('create', 'payment'));

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Box sx={{ mr: 'auto', minWidth: 0 }}>
            <Typography
              variant="h5"
              component="h1"
              sx={{ wordBreak: 'break-word' }}
              data-testid="payment-title"
            >
              {t('payment.request', {
                code: payment.code,
                no: payment.requirement_no,
                contract: payment.contract_no ?? '',
              })}
            </Typography>
            <Typography color="text.secondary" sx={{ wordBreak: 'break-word' }}>
              {[payment.construction_code, payment.construction_name].filter(Boolean).join(' – ')}
            </Typography>
          </Box>
          <Box
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
            data-testid="payment-state"
          >
            <ApprovalChip status={payment.approval_status} />
            <PaidChip status={payment.payment_status} />
            {payment.payment_status === 'O' && compareAmounts(payment.paid_amount ?? '0', '0') > 0 && (
              <Chip
                size="small"
                color="info"
                variant="outlined"
                label={t('payment.payouts.partlyPaid')}
                data-testid="partly-paid"
              />
            )}
            {payment.status !== 'O' && <StatusChip status={payment.status} />}
            {payment.isPriority && <FlagChip resource="payment" field="isPriority" icon="flag" />}
            {payment.overdue && <FlagChip resource="payment" field="overdue" icon="clock" />}
          </Box>
        </Box>
        <PayeeChanged payment={payment} />
        {payment.approval_status === 'R' && payment.decision_note && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="rejection">
            <AlertTitle>{t('payment.view.rejectedBecause')}</AlertTitle>
            {payment.decision_note}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2, alignItems: 'center' }}>
          <Button
            component={RouterLink}
            to={`${resource.routeBase}/list`}
            startIcon={<ArrowBackIcon />}
            color="inherit"
            sx={{ mr: 'auto' }}
          >
            {t('common.back')}
          </Button>
          <PaymentPrintButton payment={payment} />
          <PaymentMoves payment={payment} routeBase={resource.routeBase} />
        </Box>
      </Paper>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
        <PaymentDetails payment={payment} />
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <PaymentAmounts payment={payment} />
          <BankAccount payment={payment} />
        </Box>
      </Box>
      <PaymentVietQrSection payment={payment} />
      <PaymentPayoutsSection payment={payment} />
      {resource.related?.map((section) => (
        <RelatedBlock key={section.key} resource={resource} section={section} parent={record.data} />
      ))}
      <Documents id={payment.id} />
      <PaymentTimeline
        id={payment.id}
        footer={
          ability.can('read', 'history-payment') && (
            <Link
              component={RouterLink}
              to={`/system/history/payment?paymentId=${payment.id}`}
              sx={{ display: 'inline-block', mt: 1.5 }}
            >
              {t('payment.view.history')}
            </Link>
          )
        }
      />
      <PaymentDiscussion id={payment.id} />
      <Box>
        <FilePanel
          title={t('payment.view.files')}
          listUrl={`payment-file-upload/uploaded/${payment.id}`}
          uploadUrl={`payment-file-upload/upload/${payment.id}`}
          downloadUrl={(file) => `payment-file-upload/download/${file.id}`}
          deleteUrl={(file) => `payment-file-upload/delete/${file.id}`}
          canUpload={files}
          canDelete={files}
          onChanged={() => invalidatePayments(client)}
        />
        {!files &&
          payment.status !== 'D' &&
          (ability.can('update', 'payment') || ability.can('create', 'payment')) && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, px: 1 }}>
              {t('payment.view.filesLocked')}
            </Typography>
          )}
      </Box>
      <HistoryPanel
        apiBase={resource.apiBase}
        id={payment.id}
        resource="payment"
        description={resource}
        omit={HISTORY_OMITTED}
      />
    </Box>
  );
}

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' – ');

function PaymentDetails({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const f = (name: string) => t(`resources.payment.fields.${name}`);
  const date = (value: string | null | undefined) => formatValue(value, 'date', lang);
  const moment = (value: string | null | undefined, by?: string | null) =>
    value ? [formatValue(value, 'text', lang), by].filter(Boolean).join(' · ') : '';
  return (
    <Section title={t('payment.view.details')}>
      <Row
        label={f('contract_no')}
        value={
          <Link component={RouterLink} to={`/management/contract/view/${payment.contract_id}`}>
            {payment.contract_no}
          </Link>
        }
      />
      <Row label={f('constructor_name')} value={joined(payment.constructor_code, payment.constructor_name)} />
      <Row label={f('beneficiary_name')} value={payment.beneficiary_name} />
      <Row label={f('payment_code')} value={payment.payment_type_name ?? payment.payment_code} />
      <Row
        label={f('transaction_type_id')}
        value={[payment.transaction_type_name, t('payment.form.debtAge', { days: payment.pay_date })]
          .filter(Boolean)
          .join(' · ')}
      />
      <Row label={f('date')} value={date(payment.date)} testId="view-date" />
      <Row
        label={f('due_date')}
        value={
          payment.overdue ? (
            <Typography component="span" color="error" sx={{ fontWeight: 600 }}>
              {t('payment.view.overdueSince', { date: date(payment.due_date) })}
            </Typography>
          ) : (
            date(payment.due_date)
          )
        }
      />
      <Row label={f('note')} value={payment.note} testId="view-note" />
      <Row label={f('internal_note')} value={payment.internal_note} />
      <Divider sx={{ my: 1 }} />
      <Row label={f('department_id')} value={payment.department_name} />
      <Row label={f('director_id')} value={payment.director_name} />
      <Row
        label={f('user_id')}
        value={[payment.user_full_name ?? payment.user_name, date(payment.created_at)]
          .filter(Boolean)
          .join(' · ')}
      />
      <Row label={f('sent_at')} value={moment(payment.sent_at)} />
      <Row label={f('decided_at')} value={moment(payment.decided_at, payment.decided_by)} />
      {payment.decision_note && payment.approval_status !== 'R' && (
        <Row label={f('decision_note')} value={payment.decision_note} />
      )}
      <Row label={f('paid_at')} value={moment(payment.paid_at, payment.paid_by)} testId="view-paid" />
    </Section>
  );
}

function PaymentAmounts({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const f = (name: string) => t(`resources.payment.fields.${name}`);
  const money = (value: string | null | undefined) => (value == null ? '' : formatAmount(value));
  const moves = useQuery(movesQuery(payment.id));
  const summary = moves.data?.contract.summary;
  return (
    <Section title={t('payment.view.amounts')}>
      <Row numeric strong label={f('amount')} value={money(payment.amount)} testId="view-amount" />
      <Typography
        variant="body2"
        sx={{ fontStyle: 'italic', textAlign: 'right', mb: 0.5 }}
        data-testid="view-words"
      >
        {amountWords(payment.amount)}
      </Typography>
      <Row
        numeric
        label={f('invoice_amount')}
        value={money(payment.invoice_amount)}
        testId="view-invoice-amount"
      />
      <Row numeric label={f('settlement_amount')} value={money(payment.settlement_amount)} />
      <Row numeric label={f('guarantee_amount')} value={money(payment.guarantee_amount)} />
      <Row numeric label={f('penalty_amount')} value={money(payment.penalty_amount)} />
      <Row numeric label={f('advance_recovery')} value={money(payment.advance_recovery)} />
      <Divider sx={{ my: 1 }} />
      <Row
        numeric
        label={f('contract_value')}
        value={money(summary?.contract_value ?? payment.contract_value)}
      />
      {summary && (
        <>
          <Row numeric label={t('payment.summary.requested')} value={money(summary.requested)} />
          <Row numeric label={t('payment.summary.paid')} value={money(summary.paid)} />
          <Row
            numeric
            label={t('payment.summary.remaining')}
            value={money(summary.remaining)}
            testId="view-remaining"
          />
        </>
      )}
    </Section>
  );
}

/**
 * The payee's account changed while the request waited or awaited payment (red, with who and when,
 * and the account shown before): accept and payment wait for an approver's confirmation. Once
 * confirmed, who confirmed it and when.
 */
function PayeeChanged({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const lang = currentLang();
  if (!payment.payee_changed_at) return null;
  const when = formatMoment(payment.payee_changed_at, lang);
  const previous = [
    payment.payee_previous_account,
    payment.payee_previous_bank,
    payment.payee_previous_holder,
  ]
    .filter(Boolean)
    .join(' – ');
  if (!payment.payee_hold)
    return payment.payee_confirmed_at ? (
      <Alert severity="info" sx={{ mt: 2 }} data-testid="payee-confirmed">
        {t('payment.payee.confirmed', {
          by: payment.payee_confirmed_by ?? '',
          at: formatMoment(payment.payee_confirmed_at, lang),
          changedBy: payment.payee_changed_by ?? '',
        })}
      </Alert>
    ) : null;
  return (
    <Alert severity="error" sx={{ mt: 2 }} data-testid="payee-changed">
      <AlertTitle>{t('payment.payee.held')}</AlertTitle>
      {t('payment.payee.changedBy', { by: payment.payee_changed_by ?? '', at: when })}
      {previous && <div>{t('payment.payee.previous', { account: previous })}</div>}
      <div>{t('payment.payee.confirmFirst')}</div>
    </Alert>
  );
}

function BankAccount({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const f = (name: string) => t(`resources.payment.fields.${name}`);
  return (
    <Section title={t('payment.view.bank')}>
      <Row label={f('beneficiary_name')} value={payment.beneficiary_name} />
      {payment.account_number ? (
        <>
          <Row label={f('bank_name')} value={payment.bank_name} />
          <Row label={f('account_number')} value={payment.account_number} />
          <Row label={f('account_holder')} value={payment.account_holder} />
          {payment.holder_mismatch && (
            <Alert severity="warning" sx={{ mt: 1 }} data-testid="holder-mismatch">
              {t('payment.payee.holderMismatch', { name: payment.constructor_name ?? '' })}
            </Alert>
          )}
        </>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('payment.view.bankPending')}
        </Typography>
      )}
    </Section>
  );
}

function Documents({ id }: { id: number }) {
  const { t } = useTranslation();
  const documents = useQuery(paymentDocumentsQuery(id));
  const list = documents.data ?? [];
  return (
    <Section title={t('payment.view.documents')} testId="documents">
      {documents.isPending && <Skeleton variant="rounded" height={56} />}
      {documents.isSuccess && list.length === 0 && (
        <Typography color="text.secondary">{t('payment.view.noDocuments')}</Typography>
      )}
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          columnGap: 3,
        }}
      >
        {list.map((doc) => (
          <Box
            component="li"
            key={doc.id}
            data-attached={doc.attached}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.75 }}
          >
            {doc.attached ? (
              <CheckBoxOutlinedIcon color="success" aria-label={t('payment.view.attached')} role="img" />
            ) : (
              <CheckBoxOutlineBlankIcon color="disabled" aria-label={t('payment.view.missing')} role="img" />
            )}
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ wordBreak: 'break-word' }}>{doc.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {[
                  doc.code,
                  documentNeed(t, doc),
                  doc.attached ? t('payment.view.attached') : t('payment.view.missing'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
