/**
 * How a list's columns fit its window: each column's natural width is what its header and the
 * page's values need; when they all fit, the text columns share what is left; when they do not,
 * headers wider than their values and then the widest text columns narrow first (their full text
 * on hover) down to a floor, then the least needed columns are left out from the right — an amount
 * after the others, never the record's name or its status — so the actions column (outside these)
 * is never pushed out of sight. Pure (widths in, widths out), tested beside it.
 */

export type ColumnNeed = {
  field: string;
  /** Width its header and values need, padding included. */
  natural: number;
  /** What its values alone need (a header may end in "…", whole on hover); `natural` by default. */
  values?: number;
  /** Text that may narrow and show "…" (names, notes); other kinds keep their values' width. */
  grow: boolean;
  /**
   * Which columns stay when not all fit: 2 never leaves (the record's name or link, its status),
   * 1 leaves after the others (an amount), 0 first — from the right.
   */
  priority: 0 | 1 | 2;
};

/** Text columns never narrow below this, unless they need less. */
export const MIN_TEXT_WIDTH = 96;
/** A record's name narrows below its content only when nothing else can leave, down to this first. */
export const MAX_NAME_WIDTH = 240;
/** Nor widen beyond this from their content alone (a long note): they may still share spare room. */
export const MAX_NATURAL_WIDTH = 420;

export type Fitted = { widths: Record<string, number>; hidden: string[] };

/** Fits the columns into `available` px (what the grid has, less row numbers, checkboxes and actions). */
export function fitColumns(needs: ColumnNeed[], available: number): Fitted {
  const hidden: string[] = [];
  let shown = needs.map((n) => ({ ...n, natural: Math.min(Math.ceil(n.natural), MAX_NATURAL_WIDTH) }));
  const hard = (n: ColumnNeed) =>
    n.grow ? Math.min(n.natural, MIN_TEXT_WIDTH) : Math.min(n.natural, Math.ceil(n.values ?? n.natural));
  // the record's own name or number stays whole while other columns can leave instead
  const soft = (n: ColumnNeed) =>
    n.grow && n.priority === 2 ? Math.min(n.natural, MAX_NAME_WIDTH) : hard(n);
  const sum = (list: ColumnNeed[], width: (n: ColumnNeed) => number) =>
    list.reduce((total, n) => total + width(n), 0);
  // leave out the least needed columns, from the right, until the rest can fit at their floors
  while (sum(shown, soft) > available) {
    const lowest = Math.min(...shown.map((n) => n.priority));
    if (lowest >= 2) break;
    const last = [...shown].reverse().find((n) => n.priority === lowest)!;
    hidden.push(last.field);
    shown = shown.filter((n) => n !== last);
  }
  const floor = sum(shown, soft) <= available ? soft : hard;
  const widths: Record<string, number> = {};
  const growing = shown.filter((n) => n.grow);
  const fixed = shown.filter((n) => !n.grow);
  const total = sum(shown, (n) => n.natural);
  if (total <= available) {
    // room to spare: the text columns share it, in proportion to what they need
    const spare = available - total;
    const growTotal = sum(growing, (n) => n.natural);
    for (const n of shown)
      widths[n.field] = n.natural + (n.grow && growTotal ? Math.floor((spare * n.natural) / growTotal) : 0);
    const last = shown[shown.length - 1];
    if (!growing.length && last) widths[last.field] = (widths[last.field] ?? 0) + spare;
    return { widths, hidden };
  }
  // too wide, in three steps: the widest text columns narrow to a comfortable width (one common
  // cap, so short ones — codes — stay whole); then headers wider than their values end in "…";
  // then the text columns narrow on, down to their floor
  const comfortable = (n: ColumnNeed) => Math.min(n.natural, Math.max(COMFORTABLE_TEXT_WIDTH, floor(n)));
  const fixedNatural = sum(fixed, (n) => n.natural);
  if (fixedNatural + sum(growing, comfortable) <= available) {
    for (const n of fixed) widths[n.field] = n.natural;
    Object.assign(widths, waterFill(growing, comfortable, available - fixedNatural));
    return { widths, hidden };
  }
  const textAtComfort = sum(growing, comfortable);
  const headerRoom = sum(fixed, (n) => n.natural - floor(n));
  const taken = Math.min(fixedNatural + textAtComfort - available, headerRoom);
  for (const n of fixed)
    widths[n.field] = headerRoom
      ? Math.ceil(n.natural - (taken * (n.natural - floor(n))) / headerRoom)
      : n.natural;
  const room = available - sum(fixed, (n) => widths[n.field] ?? n.natural);
  Object.assign(widths, waterFill(growing, floor, room, comfortable));
  return { widths, hidden };
}

/** Text columns wider than this narrow before any header is cut. */
export const COMFORTABLE_TEXT_WIDTH = 160;

/**
 * Widths between `lower` and `upper` (natural by default) summing to at most `room`: one common cap,
 * so the widest narrow first and the short ones keep what they need.
 */
function waterFill(
  columns: ColumnNeed[],
  lower: (n: ColumnNeed) => number,
  room: number,
  upper: (n: ColumnNeed) => number = (n) => n.natural,
): Record<string, number> {
  const at = (cap: number) =>
    columns.reduce((total, n) => total + Math.min(upper(n), Math.max(cap, lower(n))), 0);
  let low = 0;
  let high = Math.max(0, ...columns.map(upper)) + 1;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (at(middle) > room) high = middle;
    else low = middle;
  }
  return Object.fromEntries(columns.map((n) => [n.field, Math.min(upper(n), Math.max(low, lower(n)))]));
}

/** The width of a row of small icon buttons (30 px each, 2 px apart) in a cell (10 px padding a side). */
export const actionsWidth = (icons: number) => Math.max(1, icons) * 30 + (Math.max(1, icons) - 1) * 2 + 24;

let canvas: HTMLCanvasElement | null = null;

/** The width of `text` in the grid's font (body2: 14 px; headers weigh 600), for natural widths. */
export function textWidth(text: string, weight: 400 | 600 = 400, size = 14): number {
  if (typeof document === 'undefined') return text.length * 7.5;
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return text.length * 7.5;
  context.font = `${weight} ${size}px Roboto, "Segoe UI", "Helvetica Neue", Arial, sans-serif`;
  return context.measureText(text).width;
}
