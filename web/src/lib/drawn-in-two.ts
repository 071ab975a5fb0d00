import { useDeferredValue, useState } from 'react';

/** Whether the page has painted nothing contentful yet: its first screen is still to come. */
const nothingPainted = () =>
  typeof performance === 'undefined' || performance.getEntriesByName('first-contentful-paint').length === 0;

/**
 * Whether to draw the whole screen (`split`: whether this screen would be drawn in two). A screen that
 * is the page's first (nothing contentful painted yet) gets false at its first render and true at
 * the next: React commits the first part (the heading and the screen's frame), the browser paints
 * it, and the rest is rendered at a transition's priority in slices and committed after
 * (`useDeferredValue` with an initial value). A screen opened once something is on screen is drawn
 * whole at once: a frame with nothing in it would flash (docs/adr/0117-first-screen-drawn-in-two.md).
 */
export function useDrawnInTwo(split = true): boolean {
  const [first] = useState(() => split && nothingPainted());
  return useDeferredValue(true, first ? false : undefined);
}
