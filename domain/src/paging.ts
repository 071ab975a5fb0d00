/**
 * A list's paging as the API reads and answers it: the page sizes, how deep a page number may go,
 * the status filters and the answer's shape. Without zod, so that a screen's list imports it and no
 * schema (docs/adr/0114-schemas-loaded-with-the-form.md); `common.schema.ts` reads the query with
 * these.
 */
export const MAX_ITEMS_PER_PAGE = 1000;
export const DEFAULT_ITEMS_PER_PAGE = 10;
/**
 * Rows a list may skip by page number alone; deeper pages are read with the `cursor` of the page
 * before or after (keyset paging), which costs the same at any depth (docs/product.md#performance-budgets).
 */
export const MAX_PAGE_OFFSET = 10_000;
/** A list counts its matching rows exactly up to this many; beyond, its total is an estimate. */
export const EXACT_TOTAL_LIMIT = 1000;

export const statusFilters = ['all', 'open', 'deactive', 'deleted'] as const;
export type StatusFilter = (typeof statusFilters)[number];

export type Page<T> = {
  items: T[];
  /** Matching rows: exact when `totalExact`, else the database's estimate (never below what was seen). */
  total: number;
  totalExact: boolean;
  page: number;
  itemsPerPage: number;
  /** Cursor of the next page, null on the last one. */
  nextCursor?: string | null;
  /** Cursor of the previous page, null on the first one. */
  prevCursor?: string | null;
  /** A list with money: its figures over every matching row, not the page (`count` and sums). */
  totals?: ListTotals;
};

/** A list's figures over the whole filter: how many rows, and sums as exact decimal strings. */
export type ListTotals = { count: number } & Record<string, string | number>;
