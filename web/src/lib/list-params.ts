/**
 * A list's state lives in the URL (page, itemsPerPage, sortBy, sortDesc, search, status,
 * constructionId, view, cursor, and a list's own filters such as `paymentId`) so a link reproduces
 * the list. These read and write that state.
 *
 * `cursor` is the server's name for the shown page (keyset paging): Next and Previous carry the
 * answer's `nextCursor` / `prevCursor`, so deep pages cost the same as the first. A cursor fits one
 * page of one listing only, so any other change to the list drops it (see `withParams`).
 */
import {
  DEFAULT_ITEMS_PER_PAGE,
  MAX_ITEMS_PER_PAGE,
  MAX_PAGE_OFFSET,
  type Page,
  statusFilters,
} from '@sitepay/domain/paging';

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const ALL_CONSTRUCTIONS = -1;

export type ListParams = {
  page: number;
  itemsPerPage: number;
  sortBy?: string;
  sortDesc?: boolean;
  search?: string;
  /** One of the list's status filters (`statusFilters` of the domain unless the list has its own). */
  status: string;
  constructionId?: number;
  /** A quick view of the list (its own paging endpoint), e.g. `today`. */
  view?: string;
  /** The list's own filters passed through to the API (`paymentId`), when the URL has them. */
  filters?: Record<string, string>;
  /** The server's cursor for `page`, when it was reached by Next or Previous. */
  cursor?: string;
};

/** What a list accepts beyond the common state: its status filters, quick views and own filters. */
export type ListShape = {
  statuses?: readonly string[];
  views?: readonly string[];
  filters?: readonly string[];
};

/** URL keys of a list's state: writing any of them without naming `cursor` drops the cursor. */
const LIST_KEYS = [
  'page',
  'itemsPerPage',
  'sortBy',
  'sortDesc',
  'search',
  'status',
  'constructionId',
  'view',
];

const positiveInt = (text: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
};

export function readListParams(params: URLSearchParams, shape: ListShape = {}): ListParams {
  const statuses = shape.statuses ?? statusFilters;
  const status = params.get('status') ?? '';
  const construction = params.get('constructionId');
  const constructionId = construction === null || construction === '' ? undefined : Number(construction);
  const view = params.get('view') ?? '';
  const filters = Object.fromEntries(
    (shape.filters ?? []).flatMap((key) => {
      const value = params.get(key);
      return value ? [[key, value]] : [];
    }),
  );
  return {
    page: positiveInt(params.get('page'), 1),
    itemsPerPage: positiveInt(params.get('itemsPerPage'), DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE),
    sortBy: params.get('sortBy') || undefined,
    sortDesc: params.has('sortDesc') ? params.get('sortDesc') === 'true' : undefined,
    search: params.get('search') || undefined,
    status: statuses.includes(status) ? status : 'all',
    constructionId:
      constructionId !== undefined && Number.isInteger(constructionId) && constructionId >= -1
        ? constructionId
        : undefined,
    ...(shape.views ? { view: shape.views.includes(view) ? view : undefined } : {}),
    ...(Object.keys(filters).length ? { filters } : {}),
    cursor: params.get('cursor') || undefined,
  };
}

/**
 * Applies a change to the URL's query, keeping unrelated parameters; undefined removes a key.
 * A change to the list (page, sort, search, filters, page size) that does not bring its own cursor
 * removes the old one: it named a page of the list as it was.
 */
export function withParams(
  params: URLSearchParams,
  patch: Record<string, string | number | boolean | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (!('cursor' in patch) && LIST_KEYS.some((key) => key in patch)) next.delete('cursor');
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/**
 * The URL change that shows page `target`: one step forward or back goes by the shown answer's
 * cursor; page 1, and any other jump, by plain page number (the server reads those by offset, only
 * within MAX_PAGE_OFFSET rows).
 */
export function pageStep(
  answer: Pick<Page<unknown>, 'page' | 'nextCursor' | 'prevCursor'>,
  target: number,
): { page: number; cursor: string | undefined } {
  if (target === answer.page + 1 && answer.nextCursor) return { page: target, cursor: answer.nextCursor };
  if (target === answer.page - 1 && target > 1 && answer.prevCursor)
    return { page: target, cursor: answer.prevCursor };
  return { page: target, cursor: undefined };
}

/** Whether `page` may be asked for by number alone (its offset is within MAX_PAGE_OFFSET). */
export const reachableByNumber = (page: number, itemsPerPage: number): boolean =>
  (page - 1) * itemsPerPage <= MAX_PAGE_OFFSET;

/** What decides which rows a list shows and in which order (not the page): an exact count belongs to it. */
export function listingKey(list: ListParams): string {
  const { sortBy, sortDesc, search, status, constructionId, view, filters } = list;
  return JSON.stringify([sortBy, sortDesc, search, status, constructionId, view, filters]);
}

/** The query sent to a paging endpoint; `exactTotal` asks for an exact count past EXACT_TOTAL_LIMIT. */
export function toApiQuery(
  list: ListParams,
  scopedByConstruction: boolean,
  options: { exactTotal?: boolean } = {},
) {
  return {
    page: list.page,
    itemsPerPage: list.itemsPerPage,
    sortBy: list.sortBy,
    sortDesc: list.sortBy ? (list.sortDesc ?? false) : undefined,
    search: list.search,
    status: list.status,
    constructionId: scopedByConstruction ? list.constructionId : undefined,
    ...list.filters,
    cursor: list.cursor,
    exactTotal: options.exactTotal ? true : undefined,
  };
}

/**
 * The query with the status chips' value under the key the API filters on (`state` for bills), the
 * record's `status` then left out; as it is without one.
 */
export function withStatusParam<Q extends { status?: string }>(query: Q, key?: string) {
  if (!key || key === 'status') return query;
  const { status, ...rest } = query;
  return { ...rest, [key]: status && status !== 'all' ? status : undefined };
}

/**
 * The query of a list's export (GET /api/export/<list>): exactly what the list asks its paging
 * endpoint — construction, status, search, sort, its own filters — without the paging, plus the quick
 * view (the export's `view` stands for the view's own paging endpoint) and the language of the
 * headers. Every page, in the list's order.
 */
export function toExportQuery(list: ListParams, scopedByConstruction: boolean, lang: string) {
  const { page, itemsPerPage, cursor, exactTotal, ...query } = toApiQuery(list, scopedByConstruction);
  return { ...query, view: list.view, lang };
}

/** docs/product.md#constants: row number = index + 1 + page size × (page − 1). */
export function rowNumber(index: number, pageSize: number, page: number): number {
  return index + 1 + pageSize * (page - 1);
}
