/**
 * A list's state lives in the URL (page, itemsPerPage, sortBy, sortDesc, search, status,
 * constructionId) so a link reproduces the list. These read and write that state.
 */
import {
  DEFAULT_ITEMS_PER_PAGE,
  MAX_ITEMS_PER_PAGE,
  type StatusFilter,
  statusFilters,
} from '@sitepay/domain/common.schema';

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const ALL_CONSTRUCTIONS = -1;

export type ListParams = {
  page: number;
  itemsPerPage: number;
  sortBy?: string;
  sortDesc?: boolean;
  search?: string;
  status: StatusFilter;
  constructionId?: number;
};

const positiveInt = (text: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
};

export function readListParams(params: URLSearchParams): ListParams {
  const status = params.get('status');
  const construction = params.get('constructionId');
  const constructionId = construction === null || construction === '' ? undefined : Number(construction);
  return {
    page: positiveInt(params.get('page'), 1),
    itemsPerPage: positiveInt(params.get('itemsPerPage'), DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE),
    sortBy: params.get('sortBy') || undefined,
    sortDesc: params.has('sortDesc') ? params.get('sortDesc') === 'true' : undefined,
    search: params.get('search') || undefined,
    status: statusFilters.includes(status as StatusFilter) ? (status as StatusFilter) : 'all',
    constructionId:
      constructionId !== undefined && Number.isInteger(constructionId) && constructionId >= -1
        ? constructionId
        : undefined,
  };
}

/** Applies a change to the URL's query, keeping unrelated parameters; undefined removes a key. */
export function withParams(
  params: URLSearchParams,
  patch: Record<string, string | number | boolean | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** The query sent to a paging endpoint. */
export function toApiQuery(list: ListParams, scopedByConstruction: boolean) {
  return {
    page: list.page,
    itemsPerPage: list.itemsPerPage,
    sortBy: list.sortBy,
    sortDesc: list.sortBy ? (list.sortDesc ?? false) : undefined,
    search: list.search,
    status: list.status,
    constructionId: scopedByConstruction ? list.constructionId : undefined,
  };
}

/** SPEC §9: row number = index + 1 + page size × (page − 1). */
export function rowNumber(index: number, pageSize: number, page: number): number {
  return index + 1 + pageSize * (page - 1);
}
