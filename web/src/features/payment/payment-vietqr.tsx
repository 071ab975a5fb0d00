/**
 * The VietQR block of a payment request's page (GET payment-transaction/vietqr/{id}): once the
 * request is accepted, the code whoever pays scans in a banking app, with what it carries — bank,
 * account, holder, amount (in words too) and the transfer content — so the transfer can also be
 * typed by hand. The picture is the server's (`png`, a data URL drawn from the payload with the
 * same settings as the printed request), so the page carries no QR library. A paid request has no
 * code any more (a note says so); a request whose bank has no NAPAS BIN, or whose account or amount
 * a code cannot carry, shows why instead. Requests not accepted show nothing.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatAmount } from '@sitepay/domain/number-format';
import type { Payment, PaymentVietQr } from '@sitepay/domain/payment.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAbility } from '../../app/use-ability.ts';
import { amountWords } from '../../components/amount-words.ts';
import { Row, Section } from '../../components/detail-section.tsx';
import '../../i18n/payment-strings.ts';
import { api } from '../../lib/api-client.ts';
import { ApiError, errorMessage } from '../../lib/error-catalogue.ts';
import { API } from './payment.queries.ts';

const QR_SIZE = 220;

export const vietQrQuery = (id: number) =>
  queryOptions({
    queryKey: ['resource', 'payment', 'vietqr', id],
    // a request without a code answers 422 with the reason, shown in place rather than as a toast
    queryFn: ({ signal }) => api.get<PaymentVietQr>(`${API}/vietqr/${id}`, { signal, silent: true }),
    retry: false,
    staleTime: 0,
  });

export function PaymentVietQrSection({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const accepted = payment.approval_status === 'A';
  const paid = payment.payment_status === 'P';
  const code = useQuery({ ...vietQrQuery(payment.id), enabled: accepted && !paid });
  if (!accepted) return null;
  const title = t('payment.vietqr.title');
  if (paid)
    return (
      <Section title={title} testId="vietqr">
        <Alert severity="success" data-testid="vietqr-note">
          {t('payment.vietqr.paid')}
        </Alert>
      </Section>
    );
  if (code.isPending)
    return (
      <Section title={title} testId="vietqr">
        <Skeleton variant="rounded" height={QR_SIZE} />
      </Section>
    );
  if (code.isError || !code.data) {
    const error = code.error;
    // a bank without BIN is put right in the bank settings, by those who may
    const fix =
      error instanceof ApiError &&
      error.reason === 'vietqr_no_bin' &&
      payment.bank_id != null &&
      ability.can('update', 'bank');
    return (
      <Section title={title} testId="vietqr">
        <Alert severity="info" data-testid="vietqr-note">
          <span data-testid="vietqr-reason">
            {error instanceof ApiError ? errorMessage(error, t) : t('errors.causes.unknown')}
          </span>
          {fix && (
            <Link
              component={RouterLink}
              to={`/admin/setting/bank/update/${payment.bank_id}`}
              color="inherit"
              sx={{ display: 'block', mt: 0.5, fontWeight: 600 }}
            >
              {t('payment.vietqr.addBin')}
            </Link>
          )}
        </Alert>
      </Section>
    );
  }
  const qr = code.data;
  const f = (name: string) => t(`resources.payment.fields.${name}`);
  const amount = formatAmount(qr.amount);
  return (
    <Section title={title} testId="vietqr">
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, sm: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: `${QR_SIZE}px minmax(0, 1fr)` },
          alignItems: 'start',
        }}
      >
        <Box sx={{ justifySelf: { xs: 'center', sm: 'start' }, textAlign: 'center' }}>
          <Box
            component="img"
            src={qr.png}
            alt={t('payment.vietqr.alt', { amount, account: qr.account_number })}
            data-testid="vietqr-image"
            width={QR_SIZE}
            height={QR_SIZE}
            sx={{
              display: 'block',
              // the code stays black on white in the dark theme too, or apps cannot read it
              bgcolor: '#fff',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              imageRendering: 'pixelated',
            }}
          />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            {t('payment.vietqr.napas')}
          </Typography>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('payment.vietqr.scan')}
          </Typography>
          <Row label={f('bank_name')} value={qr.bank_name} testId="vietqr-bank" />
          <Row label={f('account_number')} value={qr.account_number} testId="vietqr-account" />
          <Row label={f('account_holder')} value={qr.account_holder} testId="vietqr-holder" />
          <Row
            label={t('payment.vietqr.amount')}
            value={
              <>
                <Box component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                  {t('payment.vietqr.amountValue', { amount })}
                </Box>
                <Typography
                  component="span"
                  variant="body2"
                  sx={{ display: 'block', fontStyle: 'italic' }}
                  data-testid="vietqr-words"
                >
                  {amountWords(qr.amount)}
                </Typography>
              </>
            }
            testId="vietqr-amount"
          />
          <Row
            label={t('payment.vietqr.content')}
            value={
              <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.95rem' }}>
                {qr.content}
              </Box>
            }
            testId="vietqr-content"
          />
        </Box>
      </Box>
    </Section>
  );
}
