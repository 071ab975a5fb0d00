/**
 * An amount as the forms read it while it is typed: a plain decimal (at most two decimals), and its
 * Vietnamese words, shared by every screen that takes money (contracts, annexes, payment requests).
 */
import { amountText } from '@sitepay/domain/money';
import { amountToVietnameseWords } from '@sitepay/domain/money-words';

/** The amount as the API would take it (`amountText`: the one amount form), else not yet one (null). */
export const asAmount = (value: unknown): string | null => amountText(value);

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
