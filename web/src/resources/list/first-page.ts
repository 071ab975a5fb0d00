/**
 * A generic list's first answer, asked for by its route's loader as soon as the list's description
 * is there: beside the page's chunk (the data grid, the largest of them) rather than after it has
 * loaded and drawn (docs/adr/0082-first-visit-loads-what-it-shows.md). The same query, under the
 * same key, as the page's own (use-list-state.ts), which then finds it answered or on its way.
 */
import { constructionsQuery, queryClient } from '../../app/account.queries.ts';
import { selectedConstruction } from '../../app/layout/construction-selector.tsx';
import { getPreferences } from '../../lib/preferences.ts';
import { usableSession } from '../../lib/session.ts';
import { resourceListQuery } from '../resource.queries.ts';
import type { ResourceDescription } from '../resource.types.ts';
import { effectiveListParams, markPrefetched, shownListParams } from './use-list-state.ts';

export async function prefetchFirstPage(resource: ResourceDescription, url: URL): Promise<void> {
  // the auth loader, beside this, sends a session past its time to the sign-in page: nothing to ask
  if (!usableSession()) return;
  // the top bar's construction, as the page reads it (the auth loader asks for the list at once)
  const constructions = await queryClient.ensureQueryData(constructionsQuery).catch(() => undefined);
  const params = url.searchParams;
  const chosen = selectedConstruction(params, constructions, getPreferences().constructionId);
  const effective = effectiveListParams(shownListParams(params, resource), resource, chosen);
  const query = resourceListQuery(resource, effective, { exactTotal: false });
  await queryClient.prefetchQuery(query);
  const answered = queryClient.getQueryCache().find({ queryKey: query.queryKey, exact: true });
  // a page already showing it asked along with it: nothing to hand over
  if (answered?.state.status === 'success' && answered.getObserversCount() === 0)
    markPrefetched(answered.queryHash);
}
