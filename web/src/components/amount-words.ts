/**
 * An amount as the forms read it while it is typed: a plain decimal (at most two decimals), and its
 * Vietnamese words, shared by every screen that takes money (contracts, annexes, payment requests).
 */
import { amountToVietnameseWords } from '@sitepay/domain/money-words';

/** A plain decimal with at most two decimals, as the API takes it; anything else is not yet one. */
const AMOUNT = /^-?\d{1,15}(\.\d{1,2})?$/;
export const asAmount = (value: unknown): string | null =>
  typeof value === 'string' && AMOUNT.test(value.trim()) ? value.trim() : null;

/** Words for an amount, or '' when it is not one (a half-typed "-"). */
export function amountWords(value: unknown): string {
  const amount = asAmount(value);
  if (amount === null) return '';
  try {
    return amountToVietnameseWords(amount);
  } catch {
    return '';
  }
}
