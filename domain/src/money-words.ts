/**
 * An amount of đồng in Vietnamese words, for the printed payment documents and the payment form
 * ("Một trăm triệu đồng"). One rule set, the reading used on Vietnamese accounting documents:
 *
 * - Digits: không, một, hai, ba, bốn, năm, sáu, bảy, tám, chín.
 * - Tens: 10–19 are "mười …" (11 "mười một", 14 "mười bốn"); 20–99 are "<digit> mươi …".
 * - Units after a ten: 1 is "mốt" after mươi (21 "hai mươi mốt") but "một" after mười;
 *   4 is "tư" after mươi (24 "hai mươi tư") but "bốn" after mười; 5 is "lăm" after mười or mươi
 *   (15 "mười lăm", 25 "hai mươi lăm") — "lăm", not the colloquial "nhăm".
 * - A zero ten before a non-zero unit is read "linh" (105 "một trăm linh năm"), not the southern "lẻ".
 * - Groups of three digits are named nghìn (10^3, not "ngàn"), triệu (10^6), tỷ (10^9). Above tỷ the
 *   names repeat before tỷ: nghìn tỷ (10^12), triệu tỷ (10^15), tỷ tỷ (10^18), nghìn tỷ tỷ (10^21)…
 * - A group of zeros is not read at all (1 000 000 "một triệu"). A non-zero group that follows a
 *   higher non-zero group is read with all three places, so its hundreds say "không trăm" and its zero
 *   ten says "linh": 1 005 "một nghìn không trăm linh năm", 1 000 005 "một triệu không trăm linh năm",
 *   1 005 000 000 "một tỷ không trăm linh năm triệu". The leading group is read without them (5 "năm").
 * - The words end with "đồng"; the first letter is a capital; a negative amount starts "Âm"
 *   (-5 "Âm năm đồng"), and zero is "Không đồng" whatever its sign.
 *
 * The đồng has no subunit in use, so a fraction is not read: "1500000.00" and "1500000.40" are both
 * "Một triệu năm trăm nghìn đồng" (truncated towards zero; -5.5 is "Âm năm đồng"). Amounts are read
 * from their digits with BigInt, so any size is exact; input that is not a number throws a RangeError.
 */
import { type AmountValue, toDecimal } from './number-format.ts';

const DIGITS = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'] as const;
const GROUP_NAMES = ['', 'nghìn', 'triệu'] as const;
const THOUSAND = 1000n;
const BILLION = 1_000_000_000n;

const digit = (n: number): string => DIGITS[n] ?? '';

const unitAfterTen = (ten: number, unit: number): string => {
  if (unit === 1 && ten >= 2) return 'mốt';
  if (unit === 4 && ten >= 2) return 'tư';
  if (unit === 5 && ten >= 1) return 'lăm';
  return digit(unit);
};

/** One group of three digits (1–999); `full` reads all three places, as an inner group must. */
const readGroup = (value: number, full: boolean): string[] => {
  const hundred = Math.floor(value / 100);
  const ten = Math.floor(value / 10) % 10;
  const unit = value % 10;
  const words: string[] = [];
  const hasHundred = full || hundred > 0;
  if (hasHundred) words.push(digit(hundred), 'trăm');
  if (ten === 0) {
    if (unit > 0 && hasHundred) words.push('linh');
  } else if (ten === 1) {
    words.push('mười');
  } else {
    words.push(digit(ten), 'mươi');
  }
  if (unit > 0) words.push(unitAfterTen(ten, unit));
  return words;
};

/**
 * A positive amount. Below a tỷ it is up to three named groups; from a tỷ up, the count of tỷ is read
 * the same way (recursively, hence "tỷ tỷ") and the rest follows as inner groups.
 * `inner` says a higher non-zero group has already been read.
 */
const readPositive = (amount: bigint, inner: boolean): string[] => {
  if (amount >= BILLION) {
    const rest = amount % BILLION;
    const words = [...readPositive(amount / BILLION, inner), 'tỷ'];
    return rest > 0n ? [...words, ...readPositive(rest, true)] : words;
  }
  const words: string[] = [];
  let full = inner;
  for (let index = GROUP_NAMES.length - 1; index >= 0; index -= 1) {
    const group = Number((amount / THOUSAND ** BigInt(index)) % THOUSAND);
    if (group === 0) continue;
    words.push(...readGroup(group, full));
    const name = GROUP_NAMES[index];
    if (name) words.push(name);
    full = true;
  }
  return words;
};

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The Vietnamese reading of an amount of đồng: 21 → "Hai mươi mốt đồng",
 * "1000005.00" → "Một triệu không trăm linh năm đồng", -5 → "Âm năm đồng". See the rules above.
 */
export const amountToVietnameseWords = (amount: AmountValue): string => {
  const decimal = toDecimal(amount);
  const whole = BigInt(decimal.integer);
  if (whole === 0n) return 'Không đồng';
  const words = readPositive(whole, false);
  if (decimal.negative) words.unshift('âm');
  return capitalise(`${words.join(' ')} đồng`);
};
