/**
 * The receivables screens' small reckonings, pure and tested: a customer's credit limit in force,
 * a bill's settled share, its billing events in order, whether a receipt fits what remains, and
 * what a Zendesk export file holds before it is sent.
 */
import { addAmounts, compareAmounts, toCents } from '@sitepay/domain/money';

type CreditLike = {
  kind: string;
  amount: string;
  credit_date: string;
  created_at?: string;
  status?: string;
  id: number;
};

/** The credit limit in force: the live `limit` credit with the latest date (then the latest written). */
export function currentCreditLimit<C extends CreditLike>(credits: readonly C[]): C | undefined {
  return credits
    .filter((c) => c.kind === 'limit' && (c.status ?? 'O') !== 'D')
    .reduce<C | undefined>((best, c) => {
      if (!best) return c;
      if (c.credit_date !== best.credit_date) return c.credit_date > best.credit_date ? c : best;
      const [a, b] = [c.created_at ?? '', best.created_at ?? ''];
      return a !== b ? (a > b ? c : best) : c.id > best.id ? c : best;
    }, undefined);
}

/**
 * The share of a bill settled (received + credited against the total) in whole percent, rounded
 * down so a bill short of even one đồng never reads 100 %; 0 for a bill of nothing.
 */
export function settledPercent(total: string, paid: string, credited: string): number {
  const whole = toCents(total);
  if (whole <= 0n) return 0;
  const settled = toCents(addAmounts(paid, credited));
  const percent = (settled * 100n) / whole;
  return Number(percent > 100n ? 100n : percent < 0n ? 0n : percent);
}

/** A receipt's amount is refused above what remains (the server says so too, with a 422). */
export const receiptTooLarge = (amount: string, remaining: string): boolean =>
  /^-?\d+(\.\d+)?$/.test(amount) && compareAmounts(amount, remaining) > 0;

type EventLike = { at: string };

/** A history answer's billing events, newest first (the server's order; kept if it is not). */
export function billingEvents<E extends EventLike>(answer: unknown): E[] {
  const events =
    answer &&
    typeof answer === 'object' &&
    !Array.isArray(answer) &&
    Array.isArray((answer as { billing?: unknown }).billing)
      ? ((answer as { billing: E[] }).billing as E[])
      : [];
  return [...events].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

export type ZendeskExport =
  | { format: 'json'; body: { tickets: unknown[]; users?: unknown[] }; count: number }
  | { format: 'ndjson'; text: string; count: number }
  | { format: 'unreadable'; count: 0 };

/**
 * What a Zendesk export file holds: the API's JSON (`{ "tickets": [...] }`, or a bare array of
 * tickets), or the export file's NDJSON (one ticket a line, blank lines left out), sent as the text it
 * is (the API reads a JSON string body line by line). The ticket count is shown before the file is
 * sent; which lines the server cannot take it says itself, by line.
 */
export function readZendeskExport(text: string): ZendeskExport {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!trimmed) return { format: 'unreadable', count: 0 };
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (Array.isArray(parsed)) return { format: 'json', body: { tickets: parsed }, count: parsed.length };
    if (parsed && typeof parsed === 'object') {
      const tickets = (parsed as { tickets?: unknown }).tickets;
      // the side-loaded `users` name the requesters
      if (Array.isArray(tickets))
        return { format: 'json', body: parsed as { tickets: unknown[] }, count: tickets.length };
      // one ticket alone (an NDJSON file of one line, or `{ "ticket": {...} }`)
      const one = (parsed as { ticket?: unknown }).ticket ?? parsed;
      return { format: 'json', body: { tickets: [one] }, count: 1 };
    }
    return { format: 'unreadable', count: 0 };
  } catch {
    const lines = trimmed.split(/\r?\n/).filter((line) => line.trim() !== '');
    const looksLikeNdjson = lines.length > 0 && lines.every((line) => line.trim().startsWith('{'));
    return looksLikeNdjson
      ? { format: 'ndjson', text: trimmed, count: lines.length }
      : { format: 'unreadable', count: 0 };
  }
}
