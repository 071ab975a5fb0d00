/**
 * Money arithmetic for contracts and payments, exact to the đồng: amounts are decimal strings with
 * at most two decimals, computed as BigInt hundredths, never floats. The server computes every
 * stored total with these functions and the forms show the same results as the user types.
 *
 * VAT is rounded to the whole đồng, half away from zero, as Vietnamese invoices print it.
 */
import { type AmountValue, toDecimal } from './number-format.ts';

/**
 * The one form of an amount the API takes (docs/api-contract.md): an optional minus, 1 to 15 digits,
 * and up to two decimals after a point. Nothing else: no separators (in Vietnamese "1,5" is one and
 * a half, so a comma can be neither stripped nor read), no spaces or line breaks, no exponent, no
 * plus, no ".5" or "1.", only ASCII digits.
 */
export const AMOUNT_PATTERN = /^-?\d{1,15}(\.\d{1,2})?$/;

/**
 * Digits a JSON number may carry and still be read as the decimal its sender wrote: every decimal of
 * at most 15 significant digits survives the trip through a double (IEEE 754's DBL_DIG), longer ones
 * may not (123456789012345.67 arrives as …45.67 or …45.66). Longer amounts are sent as strings.
 */
const MAX_NUMBER_DIGITS = 15;

/**
 * A JSON number as the decimal text it stands for ("1.5", "100", "-0.25"), or null when that text is
 * not exact: JavaScript's shortest round-trip form, refused when it needs an exponent (1e21 → "1e+21",
 * 1e-7) or more than 15 significant digits (0.1 + 0.2 → 0.30000000000000004).
 */
export function numberText(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value === 0 ? 0 : value); // -0 is 0
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  const significant = text.replace(/[-.]/g, '').replace(/^0+/, '');
  return significant.length <= MAX_NUMBER_DIGITS ? text : null;
}

/**
 * What the API stores for an amount field's value: the string itself when it has the amount form, a
 * JSON number's exact decimal text when that has it; null for anything else. Shared by every money
 * and rate field (`amountField`, `rateField` in common.schema.ts) and the forms' previews.
 */
export function amountText(value: unknown): string | null {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? numberText(value) : null;
  return text !== null && AMOUNT_PATTERN.test(text) ? text : null;
}

// toCents also reads sums (more than 15 digits) and stored values ("10.00"), in the same strict form
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Hundredths of a đồng ("1500000.5" → 150000050n). Strings in the plain decimal form only (the API's,
 * without its 15-digit bound), numbers through `numberText`; more than two decimals is refused.
 */
export function toCents(value: AmountValue): bigint {
  const text =
    typeof value === 'bigint' ? value.toString() : typeof value === 'number' ? numberText(value) : value;
  if (typeof text !== 'string' || !PLAIN_DECIMAL.test(text))
    throw new RangeError(`Not an amount: ${JSON.stringify(String(value))}`);
  const d = toDecimal(text);
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
