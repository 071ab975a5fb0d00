/**
 * The generic list's state, all of it in the URL (`lib/list-params.ts`): what the list asks the server
 * (the description's default sort, the construction the top bar or the URL names), the search box
 * that types freely while the URL follows after a pause, the page the server actually answered, the
 * sort, the status, the quick view and the list's own filters, and "Count exactly".
 */
import type { GridPaginationModel, GridRowSelectionModel, GridSortModel } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useNavigation, useSearchParams } from 'react-router';
import { useSelectedConstruction } from '../../app/layout/construction-selector.tsx';
import {
  type ListParams,
  listingKey,
  PAGE_SIZE_OPTIONS,
  pageStep,
  readListParams,
  withParams,
} from '../../lib/list-params.ts';
import type { CountExactly } from '../list-pager.tsx';
import { isEstimated, rowCountProps } from '../list-total.ts';
import { type ListAnswer, resourceListQuery } from '../resource.queries.ts';
import type { ResourceDescription, ResourceRecord } from '../resource.types.ts';

export const SEARCH_DEBOUNCE_MS = 400;
/** The MIT data grid shows at most 100 rows a page. */
export const MAX_GRID_PAGE_SIZE = 100;
const NO_ROWS: ResourceRecord[] = [];
const NO_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

type Patch = Record<string, string | number | boolean | undefined>;

/** The list as the URL has it, its page size cut to what the grid shows. */
export function shownListParams(params: URLSearchParams, resource: ResourceDescription): ListParams {
  const options = resource.list ?? {};
  const read = readListParams(params, {
    statuses: options.statuses?.length ? options.statuses : undefined,
    views: options.views?.map((v) => v.key),
    filters: options.filters,
  });
  return { ...read, itemsPerPage: Math.min(read.itemsPerPage, MAX_GRID_PAGE_SIZE) };
}

/** The page sizes offered: the usual ones and the one the URL asks for, in order. */
export const pageSizeChoices = (itemsPerPage: number): number[] =>
  [...new Set([...PAGE_SIZE_OPTIONS, itemsPerPage])].sort((a, b) => a - b);

/**
 * What the list asks the server: the description's default sort when the URL names none, and the
 * construction — the URL's, else the top bar's for a list the selector filters, only the URL's for
 * one it filters `'explicit'`ly, none otherwise.
 */
export function effectiveListParams(
  list: ListParams,
  resource: Pick<ResourceDescription, 'defaultSort' | 'scopedByConstruction'>,
  selectedConstruction: number | undefined,
): ListParams {
  return {
    ...list,
    sortBy: list.sortBy ?? resource.defaultSort?.field,
    sortDesc: list.sortBy ? list.sortDesc : resource.defaultSort?.desc,
    constructionId:
      resource.scopedByConstruction === true
        ? (list.constructionId ?? selectedConstruction)
        : resource.scopedByConstruction === 'explicit'
          ? list.constructionId
          : undefined,
  };
}

/**
 * The URL change when the server answered another page than asked (Previous from page 2 when rows
 * were removed meanwhile, or a refused cursor read again by page number): its page, without a cursor.
 */
export function pageCorrection(
  answer: Pick<ListAnswer, 'page' | 'cursorDropped'> | undefined,
  list: Pick<ListParams, 'page' | 'cursor'>,
): Patch | null {
  if (!answer || (answer.page === list.page && !(answer.cursorDropped && list.cursor))) return null;
  return { page: answer.page, cursor: undefined };
}

/** The grid's sort model of the URL's sort (none: the server's default order). */
export const sortModelOf = (sortBy: string | undefined, sortDesc: boolean | undefined): GridSortModel =>
  sortBy ? [{ field: sortBy, sort: sortDesc ? 'desc' : 'asc' }] : [];

/** The URL change for the grid's new sort model; null when it is the sort shown. */
export function sortChange(model: GridSortModel, current: GridSortModel): Patch | null {
  const first = model[0];
  const now = current[0];
  if (first?.field === now?.field && first?.sort === now?.sort) return null;
  return { sortBy: first?.field, sortDesc: first ? first.sort === 'desc' : undefined, page: 1 };
}

/**
 * The URL change for the grid's new page or page size; null while no answer is shown (the cursors to
 * step by are those of the page shown, not of one still loading) or when nothing changed.
 */
export function paginationChange(
  model: GridPaginationModel,
  list: Pick<ListParams, 'page' | 'itemsPerPage'>,
  answer: Pick<ListAnswer, 'page' | 'nextCursor' | 'prevCursor'> | undefined,
): Patch | null {
  if (!answer) return null;
  if (model.page + 1 === list.page && model.pageSize === list.itemsPerPage) return null;
  if (model.pageSize !== list.itemsPerPage) return { page: 1, itemsPerPage: model.pageSize };
  return pageStep(answer, model.page + 1);
}

/** The URL change for a status filter: "all" is no filter. */
export const statusChange = (status: string): Patch => ({
  status: status === 'all' ? undefined : status,
  page: 1,
});

/**
 * The answers a route's loader has just fetched for a page about to show them (first-page.ts): the
 * page's queries mounting within a few seconds take them as they are instead of asking again (lists
 * are otherwise fetched on every mount: staleTime 0).
 */
const prefetched = new Map<string, number>();
const PREFETCH_FRESH_MS = 5_000;
export const markPrefetched = (queryHash: string) => prefetched.set(queryHash, Date.now());
const justPrefetched = (queryHash: string) => {
  const at = prefetched.get(queryHash);
  if (at !== undefined && Date.now() - at >= PREFETCH_FRESH_MS) prefetched.delete(queryHash);
  return at !== undefined && Date.now() - at < PREFETCH_FRESH_MS;
};

/** The list's state and the changes the page makes to it. */
export function useListState(resource: ResourceDescription) {
  const [params, setParams] = useSearchParams();
  const list = shownListParams(params, resource);
  const selectedConstruction = useSelectedConstruction();
  const effective = effectiveListParams(list, resource, selectedConstruction);
  // "Count exactly" holds for the listing it was asked on; another sort, search or filter estimates again
  const listing = listingKey(effective);
  const [exactFor, setExactFor] = useState<string | null>(null);
  const exactTotal = exactFor === listing;
  const query = useQuery({
    ...resourceListQuery(resource, effective, { exactTotal }),
    refetchOnMount: (q) => !justPrefetched(q.queryHash),
  });
  const [search, setSearch] = useDebouncedSearch(list.search, params, setParams);

  // What the list draws, as of a render React may interrupt: an answer from the server arrives
  // through TanStack Query's store, whose update React renders at once and whole (as every
  // useSyncExternalStore update); deferred, that render leaves the rows as they were and React then
  // draws the new ones in slices, leaving a phone's main thread free between them
  // (docs/adr/0116-an-answer-drawn-in-slices.md). The answer and whether it is the previous page's
  // stand-in are deferred together, so the page correction below never takes one for the other.
  const arrived = useMemo(
    () => ({ data: query.data, placeholder: query.isPlaceholderData }),
    [query.data, query.isPlaceholderData],
  );
  const shown = useDeferredValue(arrived);
  // The server may answer another page than asked; the URL follows, without a cursor.
  const answer = shown.placeholder ? undefined : shown.data;
  useEffect(() => {
    const patch = pageCorrection(answer, { page: list.page, cursor: list.cursor });
    if (patch) setParams(withParams(params, patch), { replace: true });
  }, [answer, list.page, list.cursor, params, setParams]);

  const countExactly: CountExactly = isEstimated(shown.data)
    ? { busy: exactTotal && query.isFetching, onClick: () => setExactFor(listing) }
    : null;
  // The same model object while the sort stands: the grid takes a new object for a new sort and goes
  // back to the first page, so a page past the first fell back to page 1 on the next render.
  const sortModel = useMemo(() => sortModelOf(list.sortBy, list.sortDesc), [list.sortBy, list.sortDesc]);
  const change = (patch: Patch | null) => patch && setParams(withParams(params, patch));

  return {
    list,
    effective,
    query,
    answer,
    /** The data drawn: the query's, deferred (the previous page's while the next one is asked). */
    data: shown.data,
    /** Asking the server, or its answer not drawn yet: the rows on screen are not the ones asked for. */
    busy: query.isFetching || shown !== arrived,
    rows: shown.data?.items ?? NO_ROWS,
    shownCount: rowCountProps(shown.data),
    countExactly,
    pageSizeOptions: pageSizeChoices(list.itemsPerPage),
    sortModel,
    search,
    setSearch,
    onPaginationModelChange: (model: GridPaginationModel) => change(paginationChange(model, list, answer)),
    onSortModelChange: (model: GridSortModel) => change(sortChange(model, sortModel)),
    setStatus: (status: string) => change(statusChange(status)),
    setView: (view: string | undefined) => change({ view, page: 1 }),
    clearFilter: (key: string) => change({ [key]: undefined, page: 1, cursor: undefined }),
    setFilter: (key: string, value: string | undefined) =>
      change({ [key]: value, page: 1, cursor: undefined }),
  };
}

export type ListState = ReturnType<typeof useListState>;

/**
 * The search box types freely; the URL (and the request) follow after a pause — but not while another
 * screen loads (a row's link was followed): a late search must not pull the user back.
 */
function useDebouncedSearch(
  urlSearch: string | undefined,
  params: URLSearchParams,
  setParams: ReturnType<typeof useSearchParams>[1],
) {
  const [search, setSearch] = useState(urlSearch ?? '');
  useEffect(() => setSearch(urlSearch ?? ''), [urlSearch]);
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if ((urlSearch ?? '') === search || navigating) return;
    const timer = setTimeout(
      () => setParams(withParams(params, { search: search.trim(), page: 1 }), { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [search, urlSearch, params, setParams, navigating]);
  return [search, setSearch] as const;
}

/** Ticked rows belong to the page shown: another page, sort or filter (a new answer) unticks them. */
export function useRowSelection(rows: ResourceRecord[], answer: unknown) {
  const [selected, setSelected] = useState<GridRowSelectionModel>(NO_SELECTION);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer is what unticks
  useEffect(() => setSelected(NO_SELECTION), [answer]);
  const selectedRows = rows.filter((row) => isSelected(selected, row.id));
  return { selected, setSelected, selectedRows, clear: () => setSelected(NO_SELECTION) };
}

/** Whether the grid's selection model ticks row `id` (an "exclude" model ticks all but its ids). */
export const isSelected = (model: GridRowSelectionModel, id: ResourceRecord['id']): boolean =>
  model.type === 'include' ? model.ids.has(id) : !model.ids.has(id);
