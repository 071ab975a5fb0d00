/**
 * Where a payment request stands, as chips: its approval status (O created, W waiting, A approved,
 * R rejected) and its payment status (O unpaid, P paid). Shared by the payment screens, the
 * approval queue and the contract page's list of requests; labels are
 * `resources.payment.choices.approval_status|payment_status.<value>`.
 */
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import '../i18n/payment-strings.ts';
import { formatMoment } from '../resources/format-value.ts';
import type { ChipColor, ColumnSpec } from '../resources/resource.types.ts';

export const approvalColors: Record<string, ChipColor> = {
  O: 'default',
  W: 'warning',
  A: 'success',
  R: 'error',
};
export const paymentColors: Record<string, ChipColor> = { O: 'default', P: 'success' };

export function ApprovalChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={approvalColors[status] ?? 'default'}
      label={t(`resources.payment.choices.approval_status.${status}`, { defaultValue: status })}
      data-state={status}
      data-testid="approval-chip"
    />
  );
}

export function PaidChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={status === 'P' ? 'filled' : 'outlined'}
      color={paymentColors[status] ?? 'default'}
      label={t(`resources.payment.choices.payment_status.${status}`, { defaultValue: status })}
      data-state={status}
      data-testid="payment-chip"
    />
  );
}

/**
 * The flags of a request's account, for the lists' request column: the payee's account changed and
 * awaits an approver's confirmation (red, with who changed it and when), and a holder that does not
 * name the contractor (a warning).
 */
export const payeeFlags: NonNullable<ColumnSpec['flags']> = [
  {
    field: 'payee_hold',
    icon: 'account',
    reads: ['payee_changed_by', 'payee_changed_at'],
    detail: (r, t, lang) =>
      t('payment.payee.changedBy', {
        by: r.payee_changed_by ?? '',
        at: r.payee_changed_at ? formatMoment(String(r.payee_changed_at), lang) : '',
      }),
  },
  { field: 'holder_mismatch', icon: 'person' },
];
