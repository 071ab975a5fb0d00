/**
 * The payments of an approved request (docs/adr/0066-payments-as-they-happened.md): the dialog that
 * records one as the bank made it — the day, the amount (what remains unless told), the bank's
 * reference, the company account paid from — and the request page's section listing them with what
 * is paid and what remains, where a payment recorded by someone else can be reversed with a reason.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { subtractAmounts } from '@sitepay/domain/money';
import { formatAmount } from '@sitepay/domain/number-format';
import { type Payment, type Payout, payoutInputSchema } from '@sitepay/domain/payment.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { profileQuery } from '../../app/account.queries.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Row, Section } from '../../components/detail-section.tsx';
import { DialogSaveActions } from '../../components/dialog-save-actions.tsx';
import { hint } from '../../components/hint.ts';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { currentLang } from '../../i18n/i18n.ts';
import { api } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/error-catalogue.ts';
import { FormField } from '../../resources/form-field.tsx';
import { formatValue } from '../../resources/format-value.ts';
import { API, invalidatePayments, movesQuery } from './payment.queries.ts';

const payoutsQuery = (id: number) =>
  queryOptions({
    queryKey: ['resource', 'payment', 'payouts', id],
    queryFn: ({ signal }) => api.get<Payout[]>(`${API}/payments/${id}`, { signal }),
  });

/** What remains to pay on a request. */
export const remainingOf = (p: Pick<Payment, 'amount' | 'paid_amount'>) =>
  subtractAmounts(p.amount, p.paid_amount ?? '0');

const FIELDS = ['paid_date', 'amount', 'bank_reference', 'company_bank_account_id', 'note'] as const;
const formSchema = payoutInputSchema.omit({ version: true });
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' });

/** The dialog recording one payment against `payment` (read at `version`). */
export function PayoutDialog({
  payment,
  version,
  onClose,
}: {
  payment: Payment;
  version: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const id = useId();
  const form = useForm<FieldValues>({
    resolver: zodResolver(formSchema as never) as never,
    defaultValues: {
      paid_date: today(),
      amount: remainingOf(payment),
      bank_reference: '',
      company_bank_account_id: null,
      note: '',
    },
  });
  const record = useMutation({
    mutationFn: (values: FieldValues) =>
      api.post<Payment>(
        `${API}/payments/${payment.id}`,
        { version, ...values },
        {
          action: t('payment.payouts.recording'),
        },
      ),
    onSettled: () => invalidatePayments(client),
  });
  const label = (name: string) => t(`resources.payout.fields.${name}`);
  const submit = form.handleSubmit(async (values) => {
    try {
      await record.mutateAsync(values);
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) return;
      for (const item of error.errors)
        if ((FIELDS as readonly string[]).includes(item.field))
          form.setError(item.field, { type: 'server', message: item.message });
    }
  });
  const field = (
    name: (typeof FIELDS)[number],
    spec: Partial<Parameters<typeof FormField>[0]['spec']> = {},
  ) => (
    <FormField
      spec={{ name, ...spec }}
      control={form.control}
      resource="payout"
      label={label(name)}
      required={name !== 'note' && name !== 'company_bank_account_id'}
      autoFocus={name === 'bank_reference'}
    />
  );
  return (
    <Dialog open onClose={record.isPending ? undefined : onClose} aria-labelledby={`${id}-title`} fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={`${id}-title`}>{t('payment.payouts.record')}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('payment.payouts.remainingOf', {
              remaining: formatAmount(remainingOf(payment)),
              amount: formatAmount(payment.amount),
            })}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
            {field('paid_date', { kind: 'date' })}
            {field('amount', { kind: 'amount' })}
            {field('bank_reference', { hint: true })}
            {field('company_bank_account_id', {
              kind: 'reference',
              hint: true,
              options: {
                endpoint: 'company-bank-account/list/all',
                label: (o) => [o.bank_name, o.account_number].filter(Boolean).join(' – '),
              },
            })}
            <Box sx={{ gridColumn: '1 / -1' }}>{field('note', { kind: 'textarea', width: 'full' })}</Box>
          </Box>
        </DialogContent>
        <DialogSaveActions busy={record.isPending} onCancel={onClose} />
      </Box>
    </Dialog>
  );
}

/** The request's payments with what is paid and what remains; a payment may be reversed here. */
export function PaymentPayoutsSection({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const payouts = useQuery({ ...payoutsQuery(payment.id), enabled: payment.approval_status === 'A' });
  const moves = useQuery(movesQuery(payment.id));
  const me = useQuery(profileQuery);
  const [reversing, setReversing] = useState<Payout | null>(null);
  if (payment.approval_status !== 'A') return null;
  const mayReverse = (moves.data?.moves ?? []).includes('reverse_payment');
  const rows = payouts.data ?? [];
  return (
    <Section title={t('payment.payouts.title')} testId="payouts">
      <Row label={t('resources.payment.fields.amount')} value={formatAmount(payment.amount)} numeric />
      <Row
        label={t('resources.payment.fields.paid_amount')}
        value={formatAmount(payment.paid_amount)}
        numeric
      />
      <Row label={t('payment.payouts.remaining')} value={formatAmount(remainingOf(payment))} numeric strong />
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1.5 }}>
          {t('payment.payouts.none')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto', mt: 1.5 }}>
          <Table size="small" aria-label={t('payment.payouts.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('resources.payout.fields.paid_date')}</TableCell>
                <TableCell align="right">{t('resources.payout.fields.amount')}</TableCell>
                <TableCell>{t('resources.payout.columns.bank_reference')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('resources.payout.fields.company_bank_account_id')}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {t('resources.payout.fields.recorded_by')}
                </TableCell>
                <TableCell padding="checkbox">
                  <Box component="span" sx={visuallyHidden}>
                    {t('common.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((p) => (
                <PayoutRow
                  key={p.id}
                  payout={p}
                  onReverse={
                    mayReverse && !p.reversed_at && p.recorded_by !== me.data?.user_name
                      ? () => setReversing(p)
                      : undefined
                  }
                />
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {reversing && <ReverseDialog payout={reversing} onClose={() => setReversing(null)} />}
    </Section>
  );
}

function PayoutRow({ payout, onReverse }: { payout: Payout; onReverse?: () => void }) {
  const { t } = useTranslation();
  const reversed = Boolean(payout.reversed_at);
  const struck = reversed ? { textDecoration: 'line-through', color: 'text.disabled' } : undefined;
  return (
    <TableRow data-testid="payout">
      <TableCell sx={struck}>{formatValue(payout.paid_date, 'date', currentLang())}</TableCell>
      <TableCell align="right" sx={{ ...struck, fontVariantNumeric: 'tabular-nums' }}>
        {formatAmount(payout.amount)}
      </TableCell>
      <TableCell sx={{ wordBreak: 'break-word' }}>
        {payout.bank_reference || '—'}
        {reversed && (
          <Typography variant="body2" color="error">
            {t('payment.payouts.reversed', { by: payout.reversed_by, reason: payout.reverse_reason })}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
        {payout.company_bank_account ?? '—'}
      </TableCell>
      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{payout.recorded_by}</TableCell>
      <TableCell padding="checkbox">
        {onReverse && (
          <IconButton {...hint(t('payment.payouts.reverse'))} onClick={onReverse} size="small">
            <UndoIcon fontSize="small" />
          </IconButton>
        )}
      </TableCell>
    </TableRow>
  );
}

function ReverseDialog({ payout, onClose }: { payout: Payout; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const reverse = useMutation({
    mutationFn: () =>
      api.patch<Payment>(
        `${API}/payments/reverse/${payout.id}`,
        { reason: reason.trim() },
        {
          action: t('payment.payouts.reverse'),
        },
      ),
    onSettled: () => invalidatePayments(client),
  });
  const missing = !reason.trim();
  return (
    <ConfirmDialog
      open
      title={t('payment.payouts.reverse')}
      message={t('payment.payouts.confirmReverse', {
        amount: formatAmount(payout.amount),
        reference: payout.bank_reference || '—',
      })}
      confirmLabel={t('payment.payouts.reverse')}
      color="error"
      busy={reverse.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (missing) return setTouched(true);
        reverse.mutate(undefined, { onSuccess: onClose });
      }}
    >
      <TextField
        label={t('resources.payout.fields.reverse_reason')}
        required
        fullWidth
        autoFocus
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        onBlur={() => setTouched(true)}
        error={touched && missing}
        helperText={
          touched && missing
            ? t('validation.required', { field: t('resources.payout.fields.reverse_reason') })
            : undefined
        }
        sx={{ mt: 2 }}
      />
    </ConfirmDialog>
  );
}
