/**
 * How a record's value reads in a list cell, on the view page or in a picker, by kind and language.
 * Pure: the pages pass the translation function.
 */
import { formatDate } from '@sitepay/domain/date-format';
import { formatAmount } from '@sitepay/domain/number-format';
import type { Lang } from '../i18n/i18n.ts';
import type { ColumnKind, FieldKind } from './resource.types.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as the reader's local date and time: "05/03/2026 14:07" (vi), "03/05/2026 14:07" (en). */
export function formatMoment(iso: string, lang: Lang): string {
  // PostgreSQL's own text ("2026-11-23 06:44:35.534+00") read as the ISO moment it is
  const moment = iso.replace(/^(\S{10}) /, '$1T').replace(/([+-]\d{2})$/, '$1:00');
  const time = new Date(moment);
  if (Number.isNaN(time.getTime())) return iso;
  return `${formatDate(moment, lang)} ${pad(time.getHours())}:${pad(time.getMinutes())}`;
}

/**
 * A count or other plain number with thousands commas, as amounts are written ("100,000"): a whole
 * number through `formatAmount`'s digits, without `Intl` — the browser's first number formatter
 * readies its locale data (~30 ms here, 4× that on a phone), which a list's pager ("1–20 of about
 * 100,000") would spend on every first visit. A fraction keeps `toLocaleString`'s three places.
 */
export const formatCount = (value: number): string =>
  Number.isSafeInteger(value) ? formatAmount(value) : value.toLocaleString('en-US');

/** A decimal without its trailing zeros: "10.00" → "10", "5.50" → "5.5". */
export const trimDecimal = (value: string): string =>
  /^-?\d+\.\d+$/.test(value) ? value.replace(/0+$/, '').replace(/\.$/, '') : value;

export function formatValue(value: unknown, kind: ColumnKind | FieldKind | undefined, lang: Lang): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'date':
      try {
        return formatDate(String(value), lang);
      } catch {
        return String(value);
      }
    case 'amount':
      try {
        return formatAmount(value as string | number, lang);
      } catch {
        return String(value);
      }
    case 'number':
    case 'integer':
      return typeof value === 'number' ? formatCount(value) : String(value);
    case 'percent':
      // "10%", as Vietnamese and English accounting papers write a rate
      return `${trimDecimal(String(value))}%`;
    case 'decimal':
      return trimDecimal(String(value));
    default:
      // a moment the API adds (closed_at…) reads as the reader's local date and time
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value))
        return formatMoment(value, lang);
      return String(value);
  }
}

/**
 * A value as the view page and lists show it, for the kinds that need words: an enum value by its
 * translated label, a flag as yes/no, everything else through `formatValue`.
 */
export function displayValue(
  resource: string,
  field: string,
  value: unknown,
  kind: ColumnKind | FieldKind | undefined,
  lang: Lang,
  t: Translate,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (kind === 'choice') return t(`resources.${resource}.choices.${field}.${value}`, { defaultValue: value });
  if (kind === 'flag' || typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
  return formatValue(value, kind, lang);
}

/**
 * A record as a picker names it: "CT-001 – Tòa nhà A1", or whichever of name and code it has; a user
 * by login and full name ("giamdoc – Trần Văn Minh"); an API endpoint by method and path
 * ("GET /api/admin/role/paging").
 */
export function optionLabel(record: Record<string, unknown>): string {
  if (typeof record.method === 'string' && typeof record.path === 'string')
    return `${record.method} ${record.path}`;
  const code = String(record.code ?? record.user_name ?? '');
  const name = String(record.name ?? record.full_name ?? '');
  if (code && name) return `${code} – ${name}`;
  return name || code || `#${String(record.id ?? '')}`;
}
