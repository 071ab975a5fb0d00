/**
 * The app's tooltips: one for the whole app instead of one per button (docs/adr/0110-one-hint-layer.md).
 * An element asks for its hint with `{...hint(text)}` — a data attribute, and the same text as its
 * accessible name unless it only describes it — and `HintLayer` (`hint-layer.tsx`), mounted once, shows the hint of the
 * element under the mouse (after 100 ms), of the element focused from the keyboard, or of the element
 * held down on a touch screen (700 ms, kept 1.5 s after), as MUI's Tooltip did for each of them. The
 * mouse may move onto the hint; Escape, a press or leaving hides it. Nothing of the hint's own drawing
 * (MUI's Tooltip and Popper) is loaded before the first hint is shown.
 */
export type HintPlacement = 'bottom' | 'top' | 'right' | 'left';

/** What the layer shows: the hint's text beside its element. */
export interface Shown {
  anchor: HTMLElement;
  text: string;
  placement: HintPlacement;
}

/** The shown hint's id: the element it describes points at it while it is shown. */
export const HINT_ID = 'sp-hint';
export const TEXT = 'data-hint';
export const DESCRIBES = 'data-hint-describes';
export const PLACEMENT = 'data-hint-placement';
/** The hint's own box, which the mouse may move onto (`hint-popup.tsx`). */
export const POPUP = 'data-hint-popup';

/**
 * The props that give an element its hint. By default the hint names the element (its `aria-label`,
 * which a caller's own label written after the spread overrides); `describes` leaves the element its
 * own name and points it at the hint while shown.
 */
export function hint(
  text: string,
  options: { describes?: boolean; placement?: HintPlacement } = {},
): Record<string, string> {
  return {
    [TEXT]: text,
    ...(options.describes ? { [DESCRIBES]: '' } : { 'aria-label': text }),
    ...(options.placement ? { [PLACEMENT]: options.placement } : {}),
  };
}
