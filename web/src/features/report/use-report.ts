/**
 * What every report screen reads first: its filters from the URL and the construction of the top
 * bar (the selector's value: the query's `constructionId` first, as the lists take it), and the
 * report's query once the construction is known.
 */
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { constructionsQuery } from '../../app/account.queries.ts';
import { useSelectedConstruction } from '../../app/layout/construction-selector.tsx';
import { type ReportFilterKey, readReportFilters, reportQuery } from './report-filters.ts';

export function useReportScope(
  keys: readonly ReportFilterKey[],
  extra: Record<string, number | undefined> = {},
) {
  const [params] = useSearchParams();
  const constructions = useQuery(constructionsQuery);
  const selected = useSelectedConstruction();
  const filters = readReportFilters(params);
  // without a construction in the URL the selector shows one of the user's: wait to know which
  const known = params.has('constructionId') || !constructions.isPending;
  const constructionId = known ? selected : undefined;
  const construction =
    constructionId !== undefined && constructionId > 0
      ? constructions.data?.find((c) => c.id === constructionId)
      : undefined;
  return {
    params,
    filters,
    constructionId,
    /** The top bar's construction when it is one (not All). */
    construction,
    query: reportQuery(filters, keys, constructionId, extra),
    ready: known,
  };
}
