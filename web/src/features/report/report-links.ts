/**
 * Where a report's figures lead: a report's own pages, and the payment request list filtered to the
 * requests a figure counts (`/management/payment/list`: the construction selector, the SPEC's status
 * chips and the list's own filters constructorId, contractId, approvalStatus, paymentStatus,
 * partlyPaid). Pure, tested.
 */

export type PaymentListFilter = {
  /** -1: every construction (a contractor's or a contract's requests wherever they are). */
  constructionId?: number;
  constructorId?: number;
  contractId?: number;
  status?: 'unpaid' | 'paid' | 'over due';
  approvalStatus?: 'O' | 'W' | 'A' | 'R';
  paymentStatus?: 'O' | 'P';
  /** Approved and partly paid. */
  partlyPaid?: boolean;
  /** A quick view of the list: `mine` = the requests I created. */
  view?: 'mine' | 'week' | 'month' | 'today';
};

export function paymentListLink(filter: PaymentListFilter): string {
  const params = new URLSearchParams();
  for (const key of [
    'constructionId',
    'status',
    'view',
    'constructorId',
    'contractId',
    'approvalStatus',
    'paymentStatus',
    'partlyPaid',
  ] as const) {
    const value = filter[key];
    if (value !== undefined) params.set(key, String(value));
  }
  const query = params.toString();
  return `/management/payment/list${query ? `?${query}` : ''}`;
}

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

/** A construction's report: the top bar follows it (`constructionId` = the construction). */
export const constructionReportLink = (id: number, carried = '') =>
  withQuery(`/report/construction/view/${id}`, [`constructionId=${id}`, carried].filter(Boolean).join('&'));

/** A contractor's report across the constructions the user sees (the top bar on All). */
export const constructorReportLink = (id: number, carried = '', constructionId = -1) =>
  withQuery(
    `/report/constructor/view/${id}`,
    [`constructionId=${constructionId}`, carried].filter(Boolean).join('&'),
  );

export const contractReportLink = (id: number, constructionId?: number) =>
  withQuery(`/report/contract/view/${id}`, constructionId ? `constructionId=${constructionId}` : '');
