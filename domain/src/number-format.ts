/**
 * Amounts as the finance team reads and types them: thousands commas, K/M/B/T abbreviations, and the
 * parsing of what is typed into an amount field. The API sends amounts as decimal strings
 * ("1500000.00") that can be larger than a float holds exactly, so everything here works on the digit
 * string with BigInt and never goes through a JavaScript number.
 *
 * A malformed value from the API is a bug, not user input, so the formatters throw a RangeError on it
 * rather than showing something plausible but wrong; only `parseAmountInput` (user input) answers null.
 */

/** What the API and the forms hand us: a decimal string, a number, or a bigint. */
export type AmountValue = string | number | bigint;

/**
 * A decimal split into its parts: `integer` has no leading zeros ("0" at least), `fraction` has no
 * trailing zeros (possibly ""). Zero is never negative.
 */
export type Decimal = { negative: boolean; integer: string; fraction: string };

const DECIMAL_PATTERN = /^([-+]?)(\d+)(?:\.(\d+))?$/;

const canonical = (sign: string, integer: string, fraction: string): Decimal => {
  const int = integer.replace(/^0+(?=\d)/, '');
  const frac = fraction.replace(/0+$/, '');
  const isZero = /^0$/.test(int) && frac === '';
  return { negative: sign === '-' && !isZero, integer: int, fraction: frac };
};

/** Writes a non-integer float such as 1.5e-7 out in plain digits; integers never reach here. */
const expandExponent = (text: string): string => {
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', int = '', frac = '', exp = '0'] = match;
  const digits = int + frac;
  const point = int.length + Number(exp);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
};

/**
 * Reads an amount exactly. Strings must be plain decimals ("-1500000.00"; surrounding spaces allowed,
 * no separators, no exponent); numbers must be finite. Throws a RangeError otherwise.
 */
export const toDecimal = (value: AmountValue): Decimal => {
  let text: string;
  if (typeof value === 'bigint') {
    text = value.toString();
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`);
    // Integer-valued floats (even 1e21) are converted exactly; String() would give "1e+21".
    text = Number.isInteger(value) ? BigInt(value).toString() : expandExponent(String(value));
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    throw new RangeError(`Not an amount: ${String(value)}`);
  }
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) throw new RangeError(`Not an amount: ${JSON.stringify(value)}`);
  const [, sign = '', integer = '0', fraction = ''] = match;
  return canonical(sign, integer, fraction);
};

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Divides two non-negative bigints, rounding half up (the divisor here is always a power of ten ≥ 10). */
const divideRounded = (dividend: bigint, divisor: bigint): bigint => (dividend + divisor / 2n) / divisor;

/** The magnitude in hundredths, rounded half away from zero. */
const toHundredths = ({ integer, fraction }: Decimal): bigint => {
  const scale = 10n ** BigInt(fraction.length);
  return divideRounded(BigInt(integer + fraction) * 100n, scale);
};

const writeHundredths = (negative: boolean, hundredths: bigint, alwaysDecimals: boolean): string => {
  const sign = negative && hundredths !== 0n ? '-' : '';
  const whole = groupThousands((hundredths / 100n).toString());
  const cents = hundredths % 100n;
  if (cents === 0n && !alwaysDecimals) return `${sign}${whole}`;
  return `${sign}${whole}.${cents.toString().padStart(2, '0')}`;
};

/**
 * An amount with thousands commas: "1500000.00" → "1,500,000", "-1234.5" → "-1,234.50".
 * Decimals appear only when the amount, rounded to 2 places (half away from zero), has a non-zero
 * fraction; then always two of them, as money is written. Both languages use comma thousands and
 * point decimals (docs/product.md#validation-and-formats); the language is taken so callers need not change
 * if Vietnamese ever gets its own separators.
 */
export const formatAmount = (value: AmountValue, _locale: 'vi' | 'en' = 'vi'): string => {
  const decimal = toDecimal(value);
  return writeHundredths(decimal.negative, toHundredths(decimal), false);
};

/** The units of a compact amount: SPEC's K, M, B, T in English; nghìn, triệu, tỷ, nghìn tỷ in Vietnamese. */
const UNITS: Record<'vi' | 'en', readonly string[]> = {
  en: ['', 'K', 'M', 'B', 'T'],
  vi: ['', ' nghìn', ' triệu', ' tỷ', ' nghìn tỷ'],
};

/**
 * A compact amount for figures, chart axes and bucket labels — the one formatter of short amounts
 * (docs/product.md#constants: 2 decimals). English: 1234 → "1.23K", 1500000 → "1.50M", 2e9 → "2.00B",
 * 3e12 → "3.00T". Vietnamese says the unit in words with the decimal comma its readers write in
 * speech and print ("1,49 tỷ", "650,00 triệu", "2,00 nghìn tỷ"): "1.49B" read as an English
 * abbreviation on a Vietnamese screen. Below 1000 the amount is shown as `formatAmount` shows it.
 * Rounding is half away from zero, and a value that rounds up to 1000 of one unit moves to the next
 * (999999 → "1.00M", not "1000.00K"); beyond T the count of T grows with separators
 * ("1,000,000.00T"). `whole`: a round boundary without its decimals ("100M", "1 tỷ"), for labels of
 * ranges; other values keep theirs.
 */
export const abbreviateAmount = (
  value: AmountValue,
  lang: 'vi' | 'en',
  options: { whole?: boolean } = {},
): string => {
  const decimal = toDecimal(value);
  const units = UNITS[lang];
  if (decimal.integer.length <= 3) return formatAmount(value);
  const digits = BigInt(decimal.integer + decimal.fraction);
  const scaled = (unit: number) =>
    divideRounded(digits * 100n, 10n ** BigInt(unit * 3 + decimal.fraction.length));
  let unit = Math.min(units.length - 1, Math.floor((decimal.integer.length - 1) / 3));
  let hundredths = scaled(unit);
  if (hundredths >= 100_000n && unit < units.length - 1) {
    unit += 1;
    hundredths = scaled(unit);
  }
  let text = writeHundredths(decimal.negative, hundredths, true);
  if (options.whole) text = text.replace(/\.00$/, '');
  // Vietnamese swaps the marks: "1.000,50 nghìn tỷ"
  if (lang === 'vi') text = text.replace(/[,.]/g, (mark) => (mark === ',' ? '.' : ','));
  return `${text}${units[unit]}`;
};

// Separators may only sit between digits of the integer part: "1,500,000", "1 500 000".
const AMOUNT_INPUT_PATTERN = /^([-+]?)(\d+(?:[,\s\u00a0\u202f]\d+)*)?(?:\.(\d*))?$/;

/**
 * What the user typed into an amount field, as a plain decimal string for the API
 * ("1,500,000" → "1500000", " -1 234.50 " → "-1234.5", ".5" → "0.5"), or null when it is blank or
 * not an amount. The point is the decimal mark in both languages, so "1.500.000" is refused rather
 * than guessed at; the number of decimals is left to the form's schema.
 */
export const parseAmountInput = (text: string): string | null => {
  const match = AMOUNT_INPUT_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, sign = '', integer, fraction] = match;
  if (integer === undefined && !fraction) return null;
  const decimal = canonical(sign, (integer ?? '0').replace(/[,\s\u00a0\u202f]/g, ''), fraction ?? '');
  const fractionPart = decimal.fraction === '' ? '' : `.${decimal.fraction}`;
  return `${decimal.negative ? '-' : ''}${decimal.integer}${fractionPart}`;
};
