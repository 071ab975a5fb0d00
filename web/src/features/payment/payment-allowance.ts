/**
 * How much a request may still ask of its contract, as the server counts it
 * (docs/product.md#contracts-and-money, server payment.rules.ts): an ordinary request what remains under the
 * payable ceiling (the penalty typed lowers the ceiling), a warranty request the retention left to release. A
 * request being edited is not counted against itself: its own amount (and penalty) comes back when the server
 * was counting it — live (record status O) and not rejected. The server checks again and is the authority;
 * this only flags an amount before saving.
 */
import { addAmounts, compareAmounts, subtractAmounts } from '@sitepay/domain/money';
import { paymentKindOf } from '@sitepay/domain/payment.schema';

type Status = {
  summary: { remaining: string };
  retention_remaining: string;
};
type Own = {
  status: string;
  approval_status: string;
  payment_code: string;
  amount: string;
  penalty_amount: string | null;
};

const AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;
const amountOr0 = (value: unknown) => (typeof value === 'string' && AMOUNT.test(value) ? value : '0');

export function requestAllowance(
  status: Status,
  input: { paymentCode: unknown; penalty: unknown },
  own?: Own,
): string {
  const counted = own !== undefined && own.status === 'O' && own.approval_status !== 'R';
  const ownWarranty = own !== undefined && paymentKindOf(own.payment_code) === 'warranty';
  if (paymentKindOf(String(input.paymentCode ?? '')) === 'warranty')
    return addAmounts(status.retention_remaining, counted && ownWarranty ? own.amount : '0');
  const back = counted ? addAmounts(ownWarranty ? '0' : own.amount, own.penalty_amount ?? '0') : '0';
  return subtractAmounts(addAmounts(status.summary.remaining, back), amountOr0(input.penalty));
}

/** Whether a typed amount (the form's plain decimal string) is above the allowance. */
export const exceeds = (amount: unknown, allowance: string): boolean =>
  typeof amount === 'string' && AMOUNT.test(amount) && compareAmounts(amount, allowance) > 0;
