/**
 * Money arithmetic for contracts and payments, exact to the đồng: amounts are decimal strings with
 * at most two decimals, computed as BigInt hundredths, never floats. The server computes every
 * stored total with these functions and the forms show the same results as the user types.
 *
 * VAT is rounded to the whole đồng, half away from zero, as Vietnamese invoices print it.
 */
import { type AmountValue, toDecimal } from './number-format.ts';

/** Hundredths of a đồng ("1500000.5" → 150000050n). More than two decimals is refused. */
export function toCents(value: AmountValue): bigint {
  const d = toDecimal(value);
  if (d.fraction.length > 2) throw new RangeError(`amount has more than two decimals: ${String(value)}`);
  const cents = BigInt(d.integer) * 100n + BigInt(d.fraction.padEnd(2, '0'));
  return d.negative ? -cents : cents;
}

/** The API's decimal string for hundredths: always two decimals ("1500000.00"). */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** Divides, rounding half away from zero. */
const divRound = (n: bigint, d: bigint): bigint => {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const up = (r < 0n ? -r : r) * 2n >= d;
  return up ? q + (n < 0n ? -1n : 1n) : q;
};

/** `rate` percent of `amount`, rounded to the whole đồng (rate has at most two decimals). */
export function percentOf(amount: AmountValue, rate: AmountValue): string {
  const cents = toCents(amount);
  const rateHundredths = toCents(rate); // 8.5% → 850n
  // cents × rate/100 → hundredths of a đồng; then to whole đồng: ÷ (100 × 100 × 100)
  const dong = divRound(cents * rateHundredths, 100n * 100n * 100n);
  return fromCents(dong * 100n);
}

export const addAmounts = (...values: AmountValue[]): string =>
  fromCents(values.reduce<bigint>((sum, v) => sum + toCents(v), 0n));

export const subtractAmounts = (a: AmountValue, b: AmountValue): string => fromCents(toCents(a) - toCents(b));

export const compareAmounts = (a: AmountValue, b: AmountValue): number => {
  const d = toCents(a) - toCents(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};

/** Amount before VAT → the VAT and the amount including VAT. */
export function withVat(amountBeforeVat: AmountValue, vatRate: AmountValue) {
  const vat = percentOf(amountBeforeVat, vatRate);
  return { vat_amount: vat, amount_vat: addAmounts(amountBeforeVat, vat) };
}
