/**
 * Bills' special pages (/manage/billing, docs/receivables.md). The form is the generic one, started
 * with the customer of the page it was asked from (`?customerId=`) and a 10% VAT, and it opens the
 * saved bill's page. The view page is the generic one plus where the bill stands
 * (`GET manage/billing/check/{id}`: total, received, credited, what remains in figures and words,
 * days overdue), its receipts with "record receipt" (a dialog taking at most what remains; the
 * server's 422 names what remains if someone else was quicker) and the credit notes applied to it.
 */
import '../../i18n/receivables-strings.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import PaymentsIcon from '@mui/icons-material/Payments';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatAmount } from '@sitepay/domain/number-format';
import { receiptInputSchema } from '@sitepay/domain/receivables.schema';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAbility } from '../../app/use-ability.ts';
import { amountWords } from '../../components/amount-words.ts';
import { Row, Section } from '../../components/detail-section.tsx';
import { DialogSaveActions } from '../../components/dialog-save-actions.tsx';
import { currentLang } from '../../i18n/i18n.ts';
import { ApiError, errorMessage } from '../../lib/error-catalogue.ts';
import { formDefaults } from '../../resources/form-values.ts';
import { formatValue } from '../../resources/format-value.ts';
import { applyServerErrors, RecordFields } from '../../resources/record-fields.tsx';
import type { FieldSpec, ResourceDescription, ResourceRecord } from '../../resources/resource.types.ts';
import { ResourceFormPage } from '../../resources/resource-form-page.tsx';
import { ResourceViewPage } from '../../resources/resource-view-page.tsx';
import { type BillCheck, billCheckQuery, useRecordReceipt } from './receivables.queries.ts';
import { receiptTooLarge, settledPercent } from './receivables-figures.ts';

const stateColors = { open: 'info', paid: 'success', overdue: 'error' } as const;

export function BillingFormPage({
  resource,
  mode,
}: {
  resource: ResourceDescription;
  mode: 'create' | 'update';
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const customerId = Number(params.get('customerId'));
  const initial = useMemo(
    () => ({
      vat_rate: '10',
      ...(Number.isInteger(customerId) && customerId > 0 ? { customer_id: customerId } : {}),
    }),
    [customerId],
  );
  const onSaved = useCallback(
    (saved: ResourceRecord) => navigate(`${resource.routeBase}/view/${saved.id}`),
    [navigate, resource.routeBase],
  );
  return <ResourceFormPage resource={resource} mode={mode} initial={initial} onSaved={onSaved} />;
}

export function BillingViewPage({ resource }: { resource: ResourceDescription }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const [receiptFor, setReceiptFor] = useState<ResourceRecord | null>(null);
  return (
    <>
      <ResourceViewPage
        resource={resource}
        actions={(bill) =>
          ability.can('update', 'billing') &&
          bill.state !== 'paid' && (
            <Button
              variant="contained"
              color="success"
              startIcon={<PaymentsIcon />}
              onClick={() => setReceiptFor(bill)}
              data-testid="record-receipt"
            >
              {t('receivables.receipts.record')}
            </Button>
          )
        }
        sections={(bill) => <BillStanding bill={bill} />}
      />
      {receiptFor && <ReceiptDialog bill={receiptFor} onClose={() => setReceiptFor(null)} />}
    </>
  );
}

function BillStanding({ bill }: { bill: ResourceRecord }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const check = useQuery(billCheckQuery(bill.id));
  if (check.isPending) return <Skeleton variant="rounded" height={200} />;
  if (!check.data) return null;
  const c = check.data;
  return (
    <>
      <CheckFigures check={c} />
      <Section title={t('receivables.receipts.title')} testId="bill-receipts">
        {c.receipts.length === 0 ? (
          <Typography color="text.secondary">{t('receivables.receipts.empty')}</Typography>
        ) : (
          <Table size="small" sx={{ '& td, & th': { px: { xs: 0.75, sm: 1.5 } } }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('resources.receipt.fields.receipt_date')}</TableCell>
                <TableCell sx={{ fontWeight: 600, display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('resources.receipt.fields.reference')}
                </TableCell>
                <TableCell sx={{ fontWeight: 600, display: { xs: 'none', md: 'table-cell' } }}>
                  {t('resources.receipt.fields.user_name')}
                </TableCell>
                <TableCell sx={{ fontWeight: 600 }} align="right">
                  {t('resources.receipt.fields.amount')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {c.receipts.map((r) => (
                <TableRow key={r.id} data-testid="receipt-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatValue(r.receipt_date, 'date', lang)}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, wordBreak: 'break-word' }}>
                    {[r.reference, r.note].filter(Boolean).join(' · ')}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{r.user_name}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {formatAmount(r.amount)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
      <Section title={t('receivables.appliedCredits.title')} testId="bill-credits">
        {c.credits.length === 0 ? (
          <Typography color="text.secondary">{t('receivables.appliedCredits.empty')}</Typography>
        ) : (
          c.credits.map((credit) => (
            <Row
              key={credit.id}
              label={`${formatValue(credit.credit_date, 'date', lang)}${credit.reference ? ` · ${credit.reference}` : ''}`}
              value={
                <Box sx={{ display: 'flex', gap: 2, justifyContent: 'space-between', flexWrap: 'wrap' }}>
                  <span>{credit.reason}</span>
                  <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatAmount(credit.amount)}
                  </Box>
                </Box>
              }
            />
          ))
        )}
      </Section>
    </>
  );
}

/** The check's figures: total, received, credited, outstanding (with its words), the state and a bar. */
function CheckFigures({ check }: { check: BillCheck }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const percent = settledPercent(check.total, check.paid, check.credited);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" data-testid="bill-check">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ mr: 'auto' }}>
          {t('receivables.check.title')}
        </Typography>
        <Chip
          size="small"
          color={stateColors[check.state] ?? 'default'}
          label={t(`resources.billing.choices.state.${check.state}`)}
          data-state={check.state}
          data-testid="bill-state"
        />
        {check.state === 'overdue' && check.overdue_days > 0 && (
          <Chip
            size="small"
            variant="outlined"
            color="error"
            label={t('receivables.check.overdue', { days: check.overdue_days })}
          />
        )}
        {check.state !== 'paid' && check.state !== 'overdue' && check.due_date && (
          <Typography variant="body2" color="text.secondary">
            {t('receivables.check.dueOn', { date: formatValue(check.due_date, 'date', lang) })}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: { xs: 0, md: 4 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Box>
          <Row
            label={t('receivables.check.total')}
            value={formatAmount(check.total)}
            numeric
            testId="check-total"
          />
          <Row
            label={t('receivables.check.paid')}
            value={formatAmount(check.paid)}
            numeric
            testId="check-paid"
          />
          <Row
            label={t('receivables.check.credited')}
            value={formatAmount(check.credited)}
            numeric
            testId="check-credited"
          />
          <Row
            label={t('receivables.check.remaining')}
            value={formatAmount(check.remaining)}
            numeric
            strong
            testId="check-remaining"
          />
        </Box>
        <Box sx={{ pt: { xs: 1, md: 0.75 } }}>
          <Typography variant="body2" color="text.secondary">
            {t('receivables.check.inWords')}
          </Typography>
          <Typography sx={{ fontStyle: 'italic', mb: 2 }} data-testid="check-remaining-words">
            {amountWords(check.remaining)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t('receivables.check.paidShare', { share: `${percent}%` })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={percent}
            color={check.state === 'paid' ? 'success' : check.state === 'overdue' ? 'error' : 'primary'}
            sx={{ height: 8, borderRadius: 4 }}
            aria-label={t('receivables.check.paidShare', { share: `${percent}%` })}
          />
        </Box>
      </Box>
    </Paper>
  );
}

const RECEIPT_FIELDS: FieldSpec[] = [
  { name: 'amount', kind: 'amount' },
  { name: 'receipt_date', kind: 'date' },
  { name: 'reference' },
  { name: 'note', kind: 'textarea' },
];

const todayIso = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

function ReceiptDialog({ bill, onClose }: { bill: ResourceRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const check = useQuery(billCheckQuery(bill.id));
  const remaining = String(check.data?.remaining ?? bill.remaining ?? '0');
  const defaults = useMemo(() => ({ ...formDefaults(RECEIPT_FIELDS), receipt_date: todayIso() }), []);
  const form = useForm<FieldValues>({
    resolver: zodResolver(receiptInputSchema as never) as never,
    defaultValues: defaults,
  });
  const record = useRecordReceipt(bill);
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    if (receiptTooLarge(String(values.amount), remaining)) {
      form.setError('amount', {
        type: 'remaining',
        message: t('receivables.receipts.tooMuch', { amount: formatAmount(remaining) }),
      });
      return;
    }
    try {
      await record.mutateAsync(values);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setRefusal(errorMessage(error, t));
      applyServerErrors(form, error, Object.keys(defaults));
    }
  });
  const busy = form.formState.isSubmitting;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit} data-testid="receipt-dialog">
        <DialogTitle>
          {t('receivables.receipts.recordTitle', { number: String(bill.number ?? '') })}
        </DialogTitle>
        <DialogContent>
          <Alert severity="info" sx={{ mb: 2 }} data-testid="receipt-remaining">
            {t('receivables.receipts.remaining', { amount: formatAmount(remaining) })}
          </Alert>
          {refusal && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="receipt-refusal">
              {refusal}
            </Alert>
          )}
          <RecordFields
            resource="receipt"
            fields={RECEIPT_FIELDS}
            schema={receiptInputSchema}
            form={form}
            columns={1}
          />
        </DialogContent>
        <DialogSaveActions busy={busy} onCancel={onClose} />
      </Box>
    </Dialog>
  );
}
