/**
 * How a change-history entry reads, for every record kind: which changed fields are shown (those the
 * record's description shows — its view fields, form fields and columns — and those the history
 * itself labels, such as the status; never internal columns like `company_id` or `search_text`), in
 * the view page's order and with its labels, each value read as the view page reads it (a reference
 * by the name the server sends in `old_label` / `new_label`, amounts "1,358,024,679", rates "5%",
 * dates DD/MM/YYYY, coded values by their label). Pure, so the history panel and its tests agree.
 */
import { formatDate } from '@sitepay/domain/date-format';
import type { Lang } from '../i18n/i18n.ts';
import { displayValue, formatMoment } from '../resources/format-value.ts';
import type {
  ColumnKind,
  ColumnSpec,
  FieldKind,
  FieldSpec,
  ResourceDescription,
} from '../resources/resource.types.ts';
import { viewFieldsOf } from '../resources/resource.types.ts';

export { formatMoment };

/** One changed field; a reference also carries the referenced records' names (server, issue 12). */
export type HistoryChange = {
  old: unknown;
  new: unknown;
  old_label?: string | null;
  new_label?: string | null;
};

/** One entry of `GET <apiBase>/history/{id}`, newest first. */
export type HistoryEntry = {
  id: number;
  action: string;
  changes: Record<string, HistoryChange>;
  user_name: string | null;
  /** Who, by the full name (the login goes in a tooltip). */
  user_full_name?: string | null;
  at: string;
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type HistoryKind = ColumnKind | FieldKind;

/** What a record kind's history may show: its fields in the view page's order, with their kinds. */
export type HistoryShape = { fields: string[]; kinds: Record<string, HistoryKind | undefined> };

/** What a history shape is read from: a resource description, or a related section's child form. */
export type HistorySource = Partial<Pick<ResourceDescription, 'viewFields'>> & {
  columns?: ColumnSpec[];
  form: { fields: FieldSpec[] };
};

/** Never shown, described or not: the record's own id, its version and the search column. */
const INTERNAL = new Set(['id', 'version', 'search_text']);

/** Actions whose changes have no "before" worth showing. */
const NEW_ONLY = new Set(['create', 'file-add']);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** The fields a description shows (view fields first, then the form's, then the columns') and their kinds. */
export function historyShape(source: HistorySource): HistoryShape {
  const kinds: Record<string, HistoryKind | undefined> = {};
  const fields: string[] = [];
  const add = (name: string, kind: HistoryKind | undefined) => {
    if (!(name in kinds)) fields.push(name);
    kinds[name] ??= kind;
  };
  for (const f of viewFieldsOf({ columns: [], ...source })) add(f.name, f.kind);
  for (const f of source.form.fields) add(f.name, f.kind);
  for (const c of source.columns ?? []) add(c.field, c.kind);
  return { fields, kinds };
}

/**
 * A field's value as plain text, without a description's help: nothing as "—", yes/no for flags,
 * status codes by their label, dates and moments in the reader's format, a list joined, anything
 * else structured as compact JSON.
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

export type ChangeContext = {
  resource: string;
  lang: Lang;
  t: Translate;
  shape?: HistoryShape;
  /** A referenced record's name when the server sent none (several ids in one field). */
  nameOf?: (field: string, id: unknown) => string | undefined;
};

/** One side of a change as the view page would show the value. */
export function changeText(
  field: string,
  change: HistoryChange,
  side: 'old' | 'new',
  context: ChangeContext,
): string {
  const { resource, lang, t, shape, nameOf } = context;
  const value = change[side];
  if (value === null || value === undefined || value === '') return '—';
  const label = change[`${side}_label`];
  if (typeof label === 'string' && label) return label;
  const kind = shape?.kinds[field];
  if (Array.isArray(value))
    return value.length ? value.map((item) => nameOf?.(field, item) ?? `#${String(item)}`).join(', ') : '—';
  if (kind === 'reference') return nameOf?.(field, value) ?? `#${String(value)}`;
  if (field === 'status' || typeof value === 'boolean' || !kind || kind === 'text')
    return formatHistoryValue(field, value, lang, t);
  const text = displayValue(resource, field, value, kind === 'state' ? 'choice' : kind, lang, t);
  return text || formatHistoryValue(field, value, lang, t);
}

export type ShownChange = { field: string; label: string; old: string | null; new: string };

/**
 * The changes of an entry a reader is shown: fields the description (or the history) labels, in the
 * description's order, each as old → new (only the new value for a creation), unchanged ones left out.
 */
export function shownChanges(
  entry: HistoryEntry,
  context: ChangeContext & { omit?: Iterable<string> },
): ShownChange[] {
  const { shape, t, resource } = context;
  const omitted = new Set(context.omit ?? []);
  const order = (field: string) => {
    const index = shape?.fields.indexOf(field) ?? -1;
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  const shown = (field: string) =>
    !INTERNAL.has(field) &&
    !omitted.has(field) &&
    (!shape || field in shape.kinds || historyLabels(field, t));
  return Object.entries(entry.changes ?? {})
    .filter(([field]) => shown(field))
    .map(([field, change]) => ({
      field,
      label: historyFieldLabel(resource, field, t),
      old: NEW_ONLY.has(entry.action) ? null : changeText(field, change, 'old', context),
      new: changeText(field, change, 'new', context),
    }))
    .filter((c) => c.old !== c.new && !(c.old === null && c.new === '—'))
    .sort((a, b) => order(a.field) - order(b.field) || a.label.localeCompare(b.label));
}

/**
 * The entries worth listing: an update that changed only what the reader is not shown (a contract's
 * next request number, taken by a new payment request) is left out; other actions always say something.
 */
export function shownEntries(
  entries: HistoryEntry[],
  context: ChangeContext & { omit?: Iterable<string> },
): { entry: HistoryEntry; changes: ShownChange[] }[] {
  return entries
    .map((entry) => ({ entry, changes: shownChanges(entry, context) }))
    .filter(({ entry, changes }) => changes.length > 0 || entry.action !== 'update');
}

/** Whether the history has a label of its own for a field every record kind may change (status, file…). */
const historyLabels = (field: string, t: Translate) =>
  t(`history.fields.${field}`, { defaultValue: '' }) !== '';

/** The label of a changed field: the resource's own field label, else a shared one, else the raw name. */
export function historyFieldLabel(resource: string, field: string, t: Translate): string {
  return t(`resources.${resource}.fields.${field}`, {
    defaultValue: t(`history.fields.${field}`, { defaultValue: field }),
  });
}

/** The action's label ("create", "close", "file-add"…), else the action as the server named it. */
export function historyActionLabel(action: string, t: Translate): string {
  return t(`history.actions.${action}`, { defaultValue: action });
}
