/**
 * The reports' arithmetic on the screen side. Amounts arrive as exact decimal strings; a chart draws
 * them as numbers (a float is close enough for a bar's length) while every figure written out — in a
 * table, a tooltip, a card — comes from the exact string or from exact sums of them. Pure, tested.
 */

import { addAmounts, compareAmounts, subtractAmounts } from '@sitepay/domain/money';
import { abbreviateAmount } from '@sitepay/domain/number-format';
import { VALUE_BUCKETS } from '@sitepay/domain/report.schema';

/** An amount for drawing (never for writing out). */
export const drawn = (amount: string): number => Number(amount);

/** "2026-03" → "03/2026" (both languages write a month that way). */
export const monthLabel = (month: string): string => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

const nextMonth = (month: string): string => {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/**
 * The months from the first to the last row with the empty ones in between (`empty(month)`), so a
 * series reads as a calendar: a month without payments shows as zero, not as a missing bar.
 */
export function fillMonths<T extends { month: string }>(rows: T[], empty: (month: string) => T): T[] {
  if (rows.length < 2) return rows;
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  const last = rows[rows.length - 1]!.month;
  const filled: T[] = [];
  // at most 50 years of months: a malformed month cannot loop for ever
  for (let month = rows[0]!.month, n = 0; month <= last && n < 600; month = nextMonth(month), n++)
    filled.push(byMonth.get(month) ?? empty(month));
  return filled;
}

/** Paid as a whole percentage of `total` (0 when there is nothing to pay), for a progress bar. */
export function paidPercent(paid: string, total: string): number {
  if (compareAmounts(total, '0') <= 0) return 0;
  const share = (drawn(paid) / drawn(total)) * 100;
  return Math.max(0, Math.min(100, Math.round(share)));
}

/** The `n` rows largest by `amount`, largest first (ties keep their order). */
export function largest<T>(rows: T[], n: number, amount: (row: T) => string): T[] {
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => compareAmounts(amount(b.row), amount(a.row)) || a.index - b.index)
    .slice(0, n)
    .map(({ row }) => row);
}

/**
 * A company's name without its legal form ("Công ty CP", "Công ty TNHH MTV", "Tổng công ty"…), which
 * every contractor's name starts with and which tells them apart least: for an axis that has little
 * room (the tooltip has the name whole).
 */
export const withoutLegalForm = (name: string): string =>
  name
    .replace(
      /^(tổng công ty|công ty)(\s+(cổ phần|cp|tnhh|trách nhiệm hữu hạn))?(\s+(mtv|một thành viên|hai thành viên trở lên))?\s+/iu,
      '',
    )
    .trim() || name;

/** A name cut to `max` characters with an ellipsis, for a chart's axis (the tooltip has it whole). */
export const shortName = (name: string, max = 22): string =>
  name.length <= max ? name : `${name.slice(0, max - 1).trimEnd()}…`;

export type PositionPart = {
  key: 'paid' | 'approved' | 'waiting' | 'available' | 'retained';
  amount: string;
};

/**
 * Where a contract's value stands (contract/summary): paid; approved and not paid yet; requested and
 * not approved yet; what may still be requested under the payable ceiling; and what the ceiling
 * holds back (guarantee, penalties, a lower settlement). Parts that come out below zero are left
 * out (a settlement above the value, an approval racing the summary).
 */
export function contractPosition(summary: {
  contract_value: string;
  ceiling: string;
  requested: string;
  approved: string;
  paid: string;
  remaining: string;
}): PositionPart[] {
  const parts: PositionPart[] = [
    { key: 'paid', amount: summary.paid },
    { key: 'approved', amount: subtractAmounts(summary.approved, summary.paid) },
    { key: 'waiting', amount: subtractAmounts(summary.requested, summary.approved) },
    { key: 'available', amount: summary.remaining },
    { key: 'retained', amount: subtractAmounts(summary.contract_value, summary.ceiling) },
  ];
  return parts.filter((part) => compareAmounts(part.amount, '0') > 0);
}

export type BucketKey = (typeof VALUE_BUCKETS)[number]['key'];
export const bucketKeys: BucketKey[] = VALUE_BUCKETS.map((b) => b.key);

/** A value bucket's range in short, from its bounds, compact as every short amount is ("< 100 triệu", "1B – 10B"). */
export function bucketRange(key: string, lang: 'vi' | 'en'): string {
  const bucket = VALUE_BUCKETS.find((b) => b.key === key);
  if (!bucket) return key;
  const short = (amount: string) => abbreviateAmount(amount, lang, { whole: true });
  if (bucket.from === null) return `< ${short(bucket.to)}`;
  if (bucket.to === null) return `≥ ${short(bucket.from)}`;
  return `${short(bucket.from)} – ${short(bucket.to)}`;
}

/**
 * A table column's total over its rows: counts added as numbers, amounts (decimal strings) added
 * exactly. What a totals row shows for a column that sums what the table lists.
 */
export function columnSum<T>(
  kind: 'amount' | 'count',
  value: (row: T) => unknown,
  rows: readonly T[],
): string | number {
  const values = rows.map(value);
  return kind === 'count'
    ? values.reduce<number>((n, v) => n + Number(v ?? 0), 0)
    : addAmounts('0', ...values.map((v) => String(v ?? '0')));
}
