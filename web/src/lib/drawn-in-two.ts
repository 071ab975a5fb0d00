import { useDeferredValue, useEffect, useState } from 'react';

/** Whether the session has drawn its first screen that asked to be drawn in two. */
let firstDrawn = false;

/**
 * Whether to draw the whole screen (`split`: whether this screen would be drawn in two, as it is at
 * its first render). The session's first screen that asks gets false at its first
 * render and true at the next: React commits the first part (the heading and the screen's frame),
 * the browser paints it, and the rest is rendered at a transition's priority in slices and committed
 * after (`useDeferredValue` with an initial value). A screen opened later in the session is drawn
 * whole at once: its code and words are loaded by then, and a frame with nothing in it would flash
 * (docs/adr/0117-first-screen-drawn-in-two.md).
 */
export function useDrawnInTwo(split = true): boolean {
  const [first] = useState(() => split && !firstDrawn);
  useEffect(() => {
    firstDrawn = true;
  }, []);
  return useDeferredValue(true, first ? false : undefined);
}
