/**
 * A payment request's page (/management/payment/view/:id): where it stands (approval, payment,
 * overdue), every field, the contract's money, the receiving account, its payments, its VAT
 * invoices (the resource's related section) and the checks of those read from XML, the documents
 * handed in, its files, the steps of its approval flow and their decisions (payment-steps.tsx), its
 * timeline, its discussion, a print of the request (Word or PDF), once accepted its VietQR code, and its change
 * history. It offers only the moves the server says the caller may make now (GET
 * get-payment-status/{id} → moves), each behind a confirmation (a rejection asks its reason).
 */

import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import CheckBoxOutlinedIcon from '@mui/icons-material/CheckBoxOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { acceptedExtensions } from '@sitepay/domain/file-types';
import { compareAmounts } from '@sitepay/domain/money';
import { formatAmount } from '@sitepay/domain/number-format';
import type { Payment } from '@sitepay/domain/payment.schema';
import { paymentChangeable } from '@sitepay/domain/payment-workflow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useAbility } from '../../app/use-ability.ts';
import { amountWords } from '../../components/amount-words.ts';
import { Row, Section } from '../../components/detail-section.tsx';
import { FilePanel, filesQuery } from '../../components/file-panel.tsx';
import { HistoryPanel } from '../../components/history-panel.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { ApprovalChip, PaidChip } from '../../components/payment-state.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import { currentLang } from '../../i18n/i18n.ts';
import { api } from '../../lib/api-client.ts';
import { formatMoment, formatValue } from '../../resources/format-value.ts';
import { FlagChip } from '../../resources/record-actions.tsx';
import { relatedListQuery, resourceRecordQuery } from '../../resources/resource.queries.ts';
import type { ResourceDescription } from '../../resources/resource.types.ts';
import { RelatedBlock } from '../../resources/view/record-blocks.tsx';
import { invalidatePayments, movesQuery, paymentDocumentsQuery } from './payment.queries.ts';
import { PaymentDiscussion } from './payment-discussion.tsx';
import { PaymentEInvoiceChecks } from './payment-einvoice-checks.tsx';
import { documentNeed } from './payment-form-parts.tsx';
import { PaymentMoves } from './payment-moves.tsx';
import { PaymentPayoutsSection } from './payment-payouts.tsx';
import { PaymentPrintButton } from './payment-print-button.tsx';
import { PaymentSteps } from './payment-steps.tsx';
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
            <PageHeading
              documentTitle={payment.code}
              sx={{ wordBreak: 'break-word' }}
              data-testid="payment-title"
            >
              {t('payment.request', {
                code: payment.code,
                no: payment.requirement_no,
                contract: payment.contract_no ?? '',
              })}
            </PageHeading>
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
            {payment.batch_id && payment.batch_code && (
              <Link
                component={RouterLink}
                to={`/management/payment-batch/view/${payment.batch_id}`}
                underline="hover"
                data-testid="payment-batch"
              >
                {t('payment.view.inBatch', { code: payment.batch_code })}
              </Link>
            )}
          </Box>
        </Box>
        <Headline payment={payment} />
        <PayeeChanged payment={payment} />
        {ability.can('read', 'contract') && <GuaranteeExpired payment={payment} />}
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
          {/* on a phone the decision comes first, right under the amount */}
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              order: { xs: -1, sm: 0 },
              width: { xs: '100%', sm: 'auto' },
              '&:empty': { display: 'none' },
            }}
            data-testid="payment-moves"
          >
            <PaymentMoves payment={payment} routeBase={resource.routeBase} />
          </Box>
        </Box>
      </Paper>

      <PaymentSteps payment={payment} />
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
      <PaymentEInvoiceChecks payment={payment} canImport={files} />
      <Documents id={payment.id} canAttach={files} />
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

/**
 * What a decider reads first, above the moves (on a phone the approve and reject buttons come right
 * under it): how much, to whom, and what for.
 */
function Headline({ payment }: { payment: Payment }) {
  return (
    <Box sx={{ mt: 1.5 }} data-testid="payment-headline">
      <Typography variant="h5" component="div" sx={{ fontWeight: 700 }} data-testid="headline-amount">
        {formatAmount(payment.amount)}
      </Typography>
      <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
        {joined(payment.constructor_code, payment.constructor_name)}
      </Typography>
      <Typography
        color="text.secondary"
        sx={{
          wordBreak: 'break-word',
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {payment.note}
      </Typography>
    </Box>
  );
}

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
      <Row
        label={payment.approval_status === 'R' ? t('payment.view.rejectedAt') : f('decided_at')}
        value={moment(payment.decided_at, payment.decided_by_name ?? payment.decided_by)}
        testId="view-decided"
      />
      {payment.decision_note && payment.approval_status !== 'R' && (
        <Row label={f('decision_note')} value={payment.decision_note} />
      )}
      <Row
        label={f('paid_at')}
        value={moment(payment.paid_at, payment.paid_by_name ?? payment.paid_by)}
        testId="view-paid"
      />
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
          by: payment.payee_confirmed_by_name ?? payment.payee_confirmed_by ?? '',
          at: formatMoment(payment.payee_confirmed_at, lang),
          changedBy: payment.payee_changed_by_name ?? payment.payee_changed_by ?? '',
        })}
      </Alert>
    ) : null;
  return (
    <Alert severity="error" sx={{ mt: 2 }} data-testid="payee-changed">
      <AlertTitle>{t('payment.payee.held')}</AlertTitle>
      {t('payment.payee.changedBy', {
        by: payment.payee_changed_by_name ?? payment.payee_changed_by ?? '',
        at: when,
      })}
      {previous && <div>{t('payment.payee.previous', { account: previous })}</div>}
      <div>{t('payment.payee.confirmFirst')}</div>
    </Alert>
  );
}

/**
 * An advance guarantee of the request's contract expired while the advance is not yet recovered: red,
 * as on the contract's page (docs/adr/0095-bank-guarantees-checked.md). Read from the contract's
 * guarantees list (the same query as the contract page's section), for those who read contracts.
 */
function GuaranteeExpired({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const list = useQuery({
    ...relatedListQuery('contract', 'guarantees', `contract-guarantee/list/${payment.contract_id}`),
    enabled: Boolean(payment.contract_id),
  });
  const expired = (list.data ?? []).filter((g) => g.expired_unrecovered === true);
  if (!expired.length) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }} data-testid="guarantee-expired">
      <AlertTitle>{t('payment.view.guaranteeExpired')}</AlertTitle>
      {expired.map((g) => (
        <div key={String(g.id)}>
          {t('payment.view.guaranteeExpiredOn', {
            guarantee: [g.bank_name, g.guarantee_no].filter(Boolean).join(' · '),
            date: formatValue(g.expiry_date as string, 'date', lang),
          })}
        </div>
      ))}
      <Link
        component={RouterLink}
        to={`/management/contract/view/${payment.contract_id}`}
        color="inherit"
        underline="always"
      >
        {t('payment.view.guaranteeOpenContract')}
      </Link>
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

/**
 * The request's checklist (docs/adr/0094-required-documents.md): each document attached (a file of
 * the request whose `document_type` is its code), received on paper or missing. While the files may
 * change, each document offers "attach a file": the upload names the document's code, so the file
 * is that document and appears in the files below.
 */
function Documents({ id, canAttach }: { id: number; canAttach: boolean }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const client = useQueryClient();
  const documents = useQuery(paymentDocumentsQuery(id));
  const list = documents.data ?? [];
  const input = useRef<HTMLInputElement>(null);
  const [target, setTarget] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const attach = async (code: string, chosen: FileList | null) => {
    const taken = chosen ? [...chosen] : [];
    if (!taken.length) return;
    const body = new FormData();
    body.append('document_type', code);
    for (const file of taken) body.append('file', file, file.name);
    setBusy(code);
    try {
      await api.post(`payment-file-upload/upload/${id}`, body, {
        action: t('contract.files.uploadAction'),
        fieldLabel: () => t('contract.files.file'),
      });
    } catch {
      // the API client tells the refusal
    } finally {
      setBusy(null);
      await client.invalidateQueries({ queryKey: paymentDocumentsQuery(id).queryKey });
      await client.invalidateQueries({ queryKey: filesQuery(`payment-file-upload/uploaded/${id}`).queryKey });
      await invalidatePayments(client);
    }
  };
  // a missing `warn` or `block` document is said above the list: the approver reads it here
  // (docs/adr/0094-required-documents.md)
  const lacking = list.filter((d) => d.state === 'missing' && d.requirement !== 'none');
  const stateWords = (doc: (typeof list)[number]) => {
    if (doc.state === 'attached')
      return t('payment.view.attachedFiles', { files: doc.files.map((f) => f.file_name).join(', ') });
    if (doc.state === 'received')
      return doc.received_by
        ? t('payment.view.receivedBy', {
            by: doc.received_by,
            at: doc.received_at ? formatMoment(doc.received_at, lang) : '',
          })
        : t('payment.view.received');
    return t('payment.view.missing');
  };
  return (
    <Section title={t('payment.view.documents')} testId="documents">
      {documents.isPending && <Skeleton variant="rounded" height={56} />}
      {documents.isSuccess && list.length === 0 && (
        <Typography color="text.secondary">{t('payment.view.noDocuments')}</Typography>
      )}
      {lacking.length > 0 && (
        <Alert
          severity={lacking.some((d) => d.requirement === 'block') ? 'error' : 'warning'}
          sx={{ mb: 1 }}
          data-testid="documents-lacking"
        >
          {t('payment.view.documentsLacking', { documents: lacking.map((d) => d.name).join(', ') })}
        </Alert>
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
            data-state={doc.state}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.75 }}
          >
            {doc.attached ? (
              <CheckBoxOutlinedIcon color="success" aria-label={t('payment.view.attached')} role="img" />
            ) : (
              <CheckBoxOutlineBlankIcon color="disabled" aria-label={t('payment.view.missing')} role="img" />
            )}
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ wordBreak: 'break-word' }}>
                {doc.name}
                {doc.requirement !== 'none' && (
                  <Chip
                    size="small"
                    variant="outlined"
                    sx={{ ml: 1 }}
                    label={t(`payment.view.requirement.${doc.requirement}`)}
                  />
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                {[doc.code, documentNeed(t, doc), stateWords(doc)].filter(Boolean).join(' · ')}
              </Typography>
              {canAttach && (
                <Button
                  size="small"
                  startIcon={
                    busy === doc.code ? <CircularProgress size={16} color="inherit" /> : <AttachFileIcon />
                  }
                  disabled={busy !== null}
                  onClick={() => {
                    setTarget(doc.code);
                    input.current?.click();
                  }}
                  aria-label={t('payment.view.attachFileTo', { name: doc.name })}
                  data-testid="document-attach"
                  data-code={doc.code}
                  sx={{ mt: 0.25, ml: -0.5 }}
                >
                  {t('payment.view.attachFile')}
                </Button>
              )}
            </Box>
          </Box>
        ))}
      </Box>
      {canAttach && (
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={acceptedExtensions.map((e) => `.${e}`).join(',')}
          data-testid="document-file"
          onChange={(e) => {
            const code = target;
            const chosen = e.target.files;
            if (code) void attach(code, chosen).finally(() => setTarget(null));
            e.target.value = '';
          }}
        />
      )}
    </Section>
  );
}
