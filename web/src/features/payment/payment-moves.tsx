/**
 * The buttons of the moves the caller may make on a request now, as the server lists them
 * (GET payment-transaction/get-payment-status/{id} → moves), each behind a 400 px confirmation: a
 * rejection asks its reason (required), an approval an optional note, a recall (the sender's, while
 * the request waits) says it comes back to be edited. Edit opens the form; a delete goes back to
 * the list.
 */
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { formatAmount } from '@sitepay/domain/number-format';
import type { Payment } from '@sitepay/domain/payment.schema';
import type { PaymentAction } from '@sitepay/domain/payment-workflow';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { movesQuery, type PaymentMoves as PaymentStatusAnswer, usePaymentMove } from './payment.queries.ts';
import { PayoutDialog } from './payment-payouts.tsx';

type Look = {
  icon: React.ReactNode;
  color: 'primary' | 'success' | 'error' | 'warning' | 'inherit';
  variant: 'contained' | 'outlined';
};

/** The moves offered as buttons: a reversal is offered on its payment (payment-payouts.tsx). */
type Offered = Exclude<PaymentAction, 'reverse_payment'>;
/** Recording a payment, partial or the last: one button, the payment dialog. */
const PAYS = new Set<PaymentAction>(['record_payment', 'confirm_paid']);

/** In the order they are offered: the next step of the workflow first, removal last. */
const LOOKS: Record<Offered, Look> = {
  send: { icon: <SendOutlinedIcon />, color: 'primary', variant: 'contained' },
  confirm_payee: { icon: <VerifiedUserOutlinedIcon />, color: 'warning', variant: 'contained' },
  accept: { icon: <DoneAllIcon />, color: 'success', variant: 'contained' },
  record_payment: { icon: <PaidOutlinedIcon />, color: 'success', variant: 'contained' },
  confirm_paid: { icon: <PaidOutlinedIcon />, color: 'success', variant: 'contained' },
  reject: { icon: <HighlightOffIcon />, color: 'error', variant: 'outlined' },
  recall: { icon: <UndoIcon />, color: 'warning', variant: 'outlined' },
  edit: { icon: <EditOutlinedIcon />, color: 'primary', variant: 'outlined' },
  activate: { icon: <CheckCircleOutlineIcon />, color: 'success', variant: 'outlined' },
  deactivate: { icon: <BlockIcon />, color: 'warning', variant: 'outlined' },
  delete: { icon: <DeleteOutlineIcon />, color: 'error', variant: 'outlined' },
};
const ORDER = Object.keys(LOOKS) as Offered[];

export function PaymentMoves({ payment, routeBase }: { payment: Payment; routeBase: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const moves = useQuery(movesQuery(payment.id));
  const move = usePaymentMove();
  const [pending, setPending] = useState<Offered | null>(null);
  const [paying, setPaying] = useState(false);
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  if (moves.isPending) return <Skeleton variant="rounded" width={160} height={36} />;
  const allowed = new Set(moves.data?.moves ?? []);
  // a part payment and the last are one button: the dialog's amount decides which it is
  const offered = ORDER.filter(
    (action) => allowed.has(action) && !(action === 'confirm_paid' && allowed.has('record_payment')),
  );
  const request = t('payment.request', {
    code: payment.code,
    no: payment.requirement_no,
    contract: payment.contract_no ?? '',
  });
  const account = [payment.account_number, payment.bank_name].filter(Boolean).join(' – ');
  const amount = formatAmount(payment.amount);
  const needsReason = pending === 'reject';
  const asksNote = pending === 'reject' || pending === 'accept';
  const reasonMissing = needsReason && !note.trim();
  const close = () => {
    setPending(null);
    setNote('');
    setTouched(false);
  };
  const confirm = () => {
    if (!pending) return;
    if (reasonMissing) {
      setTouched(true);
      return;
    }
    const action = pending;
    move.mutate(
      { action, id: payment.id, version: moves.data?.version ?? payment.version, note },
      {
        onSuccess: () => {
          if (action === 'delete') navigate(`${routeBase}/list`);
        },
        onSettled: close,
      },
    );
  };

  return (
    <>
      {offered.length === 0 && moves.data && <StoppedContract status={moves.data} payment={payment} />}
      {offered.map((action) => {
        const look = LOOKS[action];
        const label = t(`payment.moves.${PAYS.has(action) ? 'record_payment' : action}`);
        return action === 'edit' ? (
          <Button
            key={action}
            component={RouterLink}
            to={`${routeBase}/update/${payment.id}`}
            variant={look.variant}
            color={look.color}
            startIcon={look.icon}
          >
            {label}
          </Button>
        ) : (
          <Button
            key={action}
            variant={look.variant}
            color={look.color}
            startIcon={look.icon}
            onClick={() => (PAYS.has(action) ? setPaying(true) : setPending(action))}
            data-move={action}
          >
            {label}
          </Button>
        );
      })}
      {paying && (
        <PayoutDialog
          payment={payment}
          version={moves.data?.version ?? payment.version}
          onClose={() => setPaying(false)}
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`payment.doing.${pending}`) : ''}
        message={pending ? t(`payment.confirm.${pending}`, { request, amount, account }) : ''}
        confirmLabel={pending ? t(`payment.moves.${pending}`) : undefined}
        color={pending ? (LOOKS[pending].color === 'inherit' ? 'primary' : LOOKS[pending].color) : 'primary'}
        busy={move.isPending}
        onClose={close}
        onConfirm={confirm}
      >
        {asksNote && (
          <TextField
            label={needsReason ? t('payment.reason') : t('payment.opinion')}
            required={needsReason}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && reasonMissing}
            helperText={
              touched && reasonMissing ? t('validation.required', { field: t('payment.reason') }) : undefined
            }
            multiline
            minRows={2}
            fullWidth
            autoFocus
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'move-note' } }}
          />
        )}
      </ConfirmDialog>
    </>
  );
}

/**
 * Why a waiting or new request offers no move on a contract that stopped taking them (deactivated,
 * its construction closed…): the server leaves accept and send out, and this says why.
 */
function StoppedContract({ status, payment }: { status: PaymentStatusAnswer; payment: Payment }) {
  const { t } = useTranslation();
  const reasons = status.contract.reasons.filter((r) => r.code !== 'ceiling_reached');
  if (!reasons.length || !['O', 'R', 'W'].includes(payment.approval_status)) return null;
  return (
    <Alert severity="warning" sx={{ flexBasis: '100%' }} data-testid="contract-stopped">
      {reasons.map((r) => (
        <div key={r.code}>{t(`contract.view.reasons.${r.code}`, { defaultValue: r.message })}</div>
      ))}
    </Alert>
  );
}
