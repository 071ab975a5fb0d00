/**
 * What a change refreshes (docs/adr/0070-what-a-change-refreshes.md): the queries of the record kind that
 * changed, and of every kind whose screens show figures derived from it — an annex changes its
 * contract's value, so the contract's figures, its payment panel, the payment lists, the approval
 * queue and the reports follow. One rule, read by every mutation of the app (the generic resource
 * pages' and the features' own); a mutation never lists its refetches itself.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Which kinds' screens show figures derived from a kind's records (read transitively). */
const derivedBy: Record<string, readonly string[]> = {
  'contract-annex': ['contract'],
  'contract-guarantee': ['contract'],
  contract: ['payment', 'approval', 'report', 'payable-contracts'],
  payment: ['contract', 'approval', 'history-payment', 'report', 'payable-contracts'],
};

/** Where each kind's queries live, when not under ['resource', kind]. */
const keyOf: Record<string, QueryKey> = {
  report: ['report'],
  'payable-contracts': ['picker', 'payable-contracts'],
};

/** The query key prefixes a change to `kind` makes stale, the kind's own first, then the pickers. */
export function changedQueries(kind: string): QueryKey[] {
  const kinds = new Set<string>([kind]);
  // own keys only: `constructor` (the contractors) is also every object's inherited function
  for (const k of kinds) for (const next of Object.hasOwn(derivedBy, k) ? derivedBy[k]! : []) kinds.add(next);
  return [...[...kinds].map((k) => (Object.hasOwn(keyOf, k) ? keyOf[k]! : ['resource', k])), ['options']];
}

/** Marks stale (and refetches what is on screen) everything a change to `kind` may have moved. */
export function invalidateChanged(client: QueryClient, kind: string) {
  return Promise.all(changedQueries(kind).map((queryKey) => client.invalidateQueries({ queryKey })));
}
