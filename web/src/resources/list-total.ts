/**
 * What a list's footer says about its total. Past EXACT_TOTAL_LIMIT rows the server answers the
 * database's estimate (`totalExact: false`); the grid then gets an unknown row count with the
 * estimate ("1–20 of about 100,000") and a next page exactly when the answer has a `nextCursor`.
 */
import type { GridPaginationMeta } from '@mui/x-data-grid';
import type { Lang } from '../i18n/i18n.ts';
import { formatValue } from './format-value.ts';
import type { ListAnswer } from './resource.queries.ts';

type RowCountProps = { rowCount: number; estimatedRowCount?: number; paginationMeta?: GridPaginationMeta };

/**
 * The grid's row count for an answer: the total when exact; when estimated, an unknown count (-1)
 * with the estimate, and a next page exactly when the answer has a `nextCursor`. On the list's last
 * page the count is known whatever the total said.
 */
export function rowCountProps(answer: ListAnswer | undefined): RowCountProps {
  // unknown until the first answer, so the grid does not clamp the URL's page to 0
  if (!answer) return { rowCount: -1 };
  const paginationMeta = { hasNextPage: answer.nextCursor != null };
  if (answer.totalExact) return { rowCount: answer.total, paginationMeta };
  if (answer.nextCursor == null)
    return { rowCount: (answer.page - 1) * answer.itemsPerPage + answer.items.length, paginationMeta };
  return { rowCount: -1, estimatedRowCount: answer.total, paginationMeta };
}

/** Whether the grid shows an estimate (and so offers "Count exactly"). */
export const isEstimated = (answer: ListAnswer | undefined): boolean =>
  rowCountProps(answer).estimatedRowCount !== undefined;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "1–20 of 1,050", "1–20 of about 100,000", "1–20 of more than 20", with the app's number grouping. */
export function displayedRows(
  { from, to, count, estimated }: { from: number; to: number; count: number; estimated: number | undefined },
  lang: Lang,
  t: Translate,
): string {
  const n = (value: number) => formatValue(value, 'integer', lang);
  if (count !== -1) return t('common.displayedRows', { from: n(from), to: n(to), count: n(count) });
  if (estimated !== undefined && estimated > to)
    return t('common.displayedRowsAbout', { from: n(from), to: n(to), count: n(estimated) });
  return t('common.displayedRowsMore', { from: n(from), to: n(to) });
}
