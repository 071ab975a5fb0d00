/**
 * Thousands separators written while the user types an amount, with the caret kept after the same
 * digit it followed ("1234567|" → "1,234,567|", deleting a comma deletes nothing visible). Pure, so
 * the caret rules are tested without a browser. Only digits, one point, two decimals and (where
 * allowed) a leading minus survive; the value for the form is `parseAmountInput` of the text. What
 * was dropped is named in `refused`, so the field says so instead of silently changing the number.
 */

/** The API's amounts have at most 15 integer digits and 2 decimals (`AMOUNT_PATTERN`, domain money.ts). */
const MAX_INTEGER_DIGITS = 15;
const MAX_DECIMALS = 2;

/**
 * Why typed characters were dropped: a minus where amounts cannot be negative, something that is
 * not a digit, a third decimal, a sixteenth integer digit.
 */
export type Refusal = 'negative' | 'characters' | 'decimals' | 'digits';

export type Typed = { text: string; caret: number; refused?: Refusal };

/** The message key (`validation.<key>`) saying why typed characters were dropped. */
export const refusalMessage: Record<Refusal, string> = {
  negative: 'negative_not_allowed',
  characters: 'digits_only',
  decimals: 'two_decimals',
  digits: 'too_many_digits',
};

const DOTTED_THOUSANDS = /^-?\d{1,3}(\.\d{3}){2,}$/;
// "1.500.000,5" or "1.500,50": points between thousands and a decimal comma, as Vietnamese papers
// write money (a bank statement, an invoice), which cannot be read any other way
const VIETNAMESE_DECIMAL = /^-?\d{1,3}(\.\d{3})+,\d{1,2}$/;

/** What was pasted the Vietnamese way, in the field's own marks (comma thousands, decimal point). */
function ownMarks(input: string): string {
  const compact = input.replace(/\s/g, '');
  if (VIETNAMESE_DECIMAL.test(compact)) return compact.replace(/\./g, '').replace(',', '.');
  // "1.500.000" (pasted the Vietnamese way) can only mean points as thousands separators
  if (DOTTED_THOUSANDS.test(input.replace(/[,\s]/g, ''))) return input.replace(/\./g, ',');
  return input;
}

const isSignificant = (c: string) => /[\d.-]/.test(c);

/** Reformats `raw` (what the input now holds) and moves `caret` (its position in `raw`) along. */
export function formatAmountTyping(input: string, caret: number, allowNegative = false): Typed {
  const raw = ownMarks(input);
  let sign = '';
  let integer = '';
  let fraction = '';
  let point = false;
  let before = 0; // characters kept that sat before the caret
  let index = 0;
  let refused: Refusal | undefined;
  for (const c of raw) {
    const wasBefore = index < caret;
    index += c.length;
    if (!isSignificant(c)) {
      // separators and spaces are the field's own; anything else typed is dropped, and said so
      if (!/[,\s]/.test(c)) refused ??= 'characters';
      continue;
    }
    let keep = false;
    if (c === '-') keep = allowNegative && !sign && !integer && !point;
    else if (c === '.') keep = !point;
    else if (point) keep = fraction.length < MAX_DECIMALS;
    else keep = integer.length < MAX_INTEGER_DIGITS;
    if (!keep)
      refused ??=
        c === '-'
          ? allowNegative
            ? 'characters'
            : 'negative'
          : c === '.'
            ? 'characters'
            : point
              ? 'decimals'
              : 'digits';
    if (keep) {
      if (c === '-') sign = '-';
      else if (c === '.') point = true;
      else if (point) fraction += c;
      else integer += c;
      if (wasBefore) before += 1;
    }
  }

  // leading zeros go ("007" → "7"), but a lone zero stays before a point ("0.5")
  const stripped = integer.replace(/^0+(?=\d)/, '');
  const removed = integer.length - stripped.length;
  const signLength = sign ? 1 : 0;
  before -= Math.min(removed, Math.max(0, before - signLength));
  integer = stripped;

  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `${sign}${grouped}${point ? `.${fraction}` : ''}`;

  let position = 0;
  let seen = 0;
  while (position < text.length && seen < before) {
    if (isSignificant(text[position] ?? '')) seen += 1;
    position += 1;
  }
  return refused ? { text, caret: position, refused } : { text, caret: position };
}

/** An amount from the API ("1500000.00") as the field first shows it ("1,500,000"). */
export function amountToTyping(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value).trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign = '', integer = '', fraction = ''] = match;
  const cents = fraction.replace(/0+$/, '');
  return formatAmountTyping(`${sign}${integer}${cents ? `.${cents}` : ''}`, 0, true).text;
}
