/**
 * How a change-history entry reads: the value of a field before and after, and the moment of the
 * change. Pure, so the history panel and its tests agree; no React here.
 */
import { formatDate } from '@sitepay/domain/date-format';
import type { Lang } from '../i18n/i18n.ts';

export type HistoryChange = { old: unknown; new: unknown };

/** One entry of `GET <apiBase>/history/{id}`, newest first. */
export type HistoryEntry = {
  id: number;
  action: string;
  changes: Record<string, HistoryChange>;
  user_name: string | null;
  at: string;
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
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
 * A field's value in the history: nothing as "—", yes/no for flags, status codes by their label,
 * dates and moments in the reader's format, anything structured as compact JSON.
 */
export function formatHistoryValue(field: string, value: unknown, lang: Lang, t: Translate): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
  if (field === 'status' && typeof value === 'string' && ['O', 'C', 'D'].includes(value))
    return t(`status.${value}`);
  if (typeof value === 'string') {
    if (ISO_DAY.test(value)) {
      try {
        return formatDate(value, lang);
      } catch {
        return value;
      }
    }
    if (ISO_MOMENT.test(value)) return formatMoment(value, lang);
    return value;
  }
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** The label of a changed field: the resource's own field label, else the raw name. */
export function historyFieldLabel(resource: string, field: string, t: Translate): string {
  return t(`resources.${resource}.fields.${field}`, {
    defaultValue: t(`history.fields.${field}`, { defaultValue: field }),
  });
}

/** The action's label ("create", "close", "file-add"…), else the action as the server named it. */
export function historyActionLabel(action: string, t: Translate): string {
  return t(`history.actions.${action}`, { defaultValue: action });
}
