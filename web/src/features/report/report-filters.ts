/**
 * A report's filters live in the URL, as a list's do, so a link reproduces the report: `from` and
 * `to` (ISO dates), `companyId`, `projectId`, `constructorId`, `contractTypeId`; the construction is
 * the top bar's `constructionId`. These read them, write them and turn them into the report API's
 * query (report.schema.ts). Pure, tested.
 */
import { parseDateInput } from '@sitepay/domain/date-format';

export const REPORT_FILTER_KEYS = [
  'from',
  'to',
  'companyId',
  'projectId',
  'constructorId',
  'contractTypeId',
] as const;
export type ReportFilterKey = (typeof REPORT_FILTER_KEYS)[number];

export type ReportFilters = {
  from?: string;
  to?: string;
  companyId?: number;
  projectId?: number;
  constructorId?: number;
  contractTypeId?: number;
};

const id = (text: string | null): number | undefined => {
  const value = Number(text);
  return text && Number.isInteger(value) && value >= 1 && value <= 2_147_483_647 ? value : undefined;
};

/** An ISO date as the URL carries it, or undefined when it is not a real day. */
const isoDate = (text: string | null): string | undefined =>
  text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? (parseDateInput(text) ?? undefined) : undefined;

/** The filters a URL carries; anything malformed is left out rather than sent to be refused. */
export function readReportFilters(params: URLSearchParams): ReportFilters {
  const filters: ReportFilters = {
    from: isoDate(params.get('from')),
    to: isoDate(params.get('to')),
    companyId: id(params.get('companyId')),
    projectId: id(params.get('projectId')),
    constructorId: id(params.get('constructorId')),
    contractTypeId: id(params.get('contractTypeId')),
  };
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as ReportFilters;
}

/** Whether the range runs backwards (the server refuses it: `to` before `from`). */
export const rangeReversed = (filters: ReportFilters): boolean =>
  Boolean(filters.from && filters.to && filters.to < filters.from);

/**
 * The report API's query: the filters a report takes (`keys`), the construction (-1 = every one
 * the user may see) and what the screen adds (`constructorId` of a contractor's page…). A reversed
 * range sends no `to`: the screen flags the field instead of the server refusing the report.
 */
export function reportQuery(
  filters: ReportFilters,
  keys: readonly ReportFilterKey[],
  constructionId: number | undefined,
  extra: Record<string, number | undefined> = {},
): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const key of keys) {
    const value = filters[key];
    if (value === undefined) continue;
    if (key === 'to' && rangeReversed(filters)) continue;
    query[key] = value;
  }
  if (constructionId !== undefined) query.constructionId = constructionId;
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) query[key] = value;
  return query;
}

/** The URL with one filter changed (undefined or '' removes it); other parameters stay. */
export function withFilter(
  params: URLSearchParams,
  patch: Partial<Record<ReportFilterKey, string | number | undefined>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** The URL without any report filter (the construction stays: it is the top bar's). */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of REPORT_FILTER_KEYS) next.delete(key);
  return next;
}

/** The query a drill-down link carries on: the date range and the filters both screens take. */
export function carriedFilters(
  filters: ReportFilters,
  keys: readonly ReportFilterKey[] = REPORT_FILTER_KEYS,
): string {
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = filters[key];
    if (value !== undefined) params.set(key, String(value));
  }
  return params.toString();
}

export type DatePreset = {
  key: 'thisMonth' | 'lastMonth' | 'thisQuarter' | 'thisYear' | 'lastYear';
  from: string;
  to: string;
};

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const day = (year: number, month: number, d: number) => `${year}-${pad(month)}-${pad(d)}`;

/** The ranges offered beside the date fields, from `today` (ISO, the user's calendar). */
export function datePresets(today: string): DatePreset[] {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const previous = month === 1 ? { y: year - 1, m: 12 } : { y: year, m: month - 1 };
  const quarterStart = Math.floor((month - 1) / 3) * 3 + 1;
  return [
    { key: 'thisMonth', from: day(year, month, 1), to: day(year, month, lastDay(year, month)) },
    {
      key: 'lastMonth',
      from: day(previous.y, previous.m, 1),
      to: day(previous.y, previous.m, lastDay(previous.y, previous.m)),
    },
    {
      key: 'thisQuarter',
      from: day(year, quarterStart, 1),
      to: day(year, quarterStart + 2, lastDay(year, quarterStart + 2)),
    },
    { key: 'thisYear', from: day(year, 1, 1), to: day(year, 12, 31) },
    { key: 'lastYear', from: day(year - 1, 1, 1), to: day(year - 1, 12, 31) },
  ];
}

/** Today's date in the user's calendar, ISO. */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
