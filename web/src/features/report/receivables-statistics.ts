/**
 * The receivables dashboard's figures from `GET manage/statistics/billing|customer`
 * (docs/receivables.md), put in the order the screen draws them: months oldest first as "MM/YYYY",
 * with the months inside the range that billed and received nothing shown as zero; the ageing
 * buckets always all four, in their order; the states open, overdue, paid. Pure, tested.
 */
import { addAmounts } from '@sitepay/domain/money';

export type Money = { count: number; amount: string };
export type BillingStatistics = {
  by_state: Partial<Record<'open' | 'paid' | 'overdue', Money>>;
  monthly: { month: string; billed: string; received: string }[];
  ageing: ({ bucket: string } & Money)[];
  total_billed: string;
  total_received: string;
  total_outstanding: string;
};
export type CustomerStatistics = {
  total: number;
  by_status: { active: number; inactive: number };
  with_outstanding: number;
  top: { id: number; code: string; name: string; outstanding: string }[];
};

export const AGEING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export const BILL_STATES = ['open', 'overdue', 'paid'] as const;

const nextMonth = (month: string) => {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/** "2026-03" as the screens write a month: "03/2026". */
export const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/**
 * The months from the first to the last the answer has (at most 36, the latest kept), each with its
 * billed and received amounts, a month missing in between given as zero.
 */
export function monthlyRows(monthly: BillingStatistics['monthly']) {
  const byMonth = new Map(monthly.map((m) => [m.month.slice(0, 7), m]));
  const known = [...byMonth.keys()].sort();
  if (!known.length) return [];
  const months: string[] = [];
  for (let m = known[0]!; m <= known[known.length - 1]! && months.length < 600; m = nextMonth(m))
    months.push(m);
  return months.slice(-36).map((month) => ({
    month,
    label: monthLabel(month),
    billed: byMonth.get(month)?.billed ?? '0',
    received: byMonth.get(month)?.received ?? '0',
  }));
}

/** The four ageing buckets in order, a bucket the answer leaves out as nothing. */
export function ageingRows(ageing: BillingStatistics['ageing']) {
  return AGEING_BUCKETS.map((bucket) => {
    const found = ageing.find((a) => a.bucket === bucket);
    return { bucket, count: found?.count ?? 0, amount: found?.amount ?? '0' };
  });
}

/** Open, overdue and paid, each with its count and amount (nothing when the answer has none). */
export function stateRows(byState: BillingStatistics['by_state']) {
  return BILL_STATES.map((state) => ({
    state,
    count: byState[state]?.count ?? 0,
    amount: byState[state]?.amount ?? '0',
  }));
}

/** Sums of a column of amounts, exact. */
export const sumAmounts = (amounts: string[]) => (amounts.length ? addAmounts(...amounts) : '0');
