import { useState } from 'react';

/**
 * Whether a menu, dialog or drawer has been open at least once: what a page keeps closed is not
 * drawn until first wanted (a list of ten cards had ten closed menus, each MUI's popover and modal
 * worked out on every render), and once drawn it stays, so it closes with its transition.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
