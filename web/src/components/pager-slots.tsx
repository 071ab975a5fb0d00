/**
 * The arrows of MUI's TablePagination with their names as hints (`hint.ts`): MUI's own arrows each
 * mount a Tooltip, two to four on every pager (docs/adr/0110-one-hint-layer.md). Given to each
 * pager as `slots={pagerSlots}`.
 */
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import { forwardRef } from 'react';
import { hint } from './hint.ts';

const PagerButton = forwardRef<HTMLButtonElement, IconButtonProps & { title?: string }>(function PagerButton(
  { title, ...props },
  ref,
) {
  // the pager's own aria-label, in the props, names the button as before
  return <IconButton ref={ref} {...(title ? hint(title) : {})} {...props} />;
});

export const pagerSlots = {
  actions: {
    firstButton: PagerButton,
    previousButton: PagerButton,
    nextButton: PagerButton,
    lastButton: PagerButton,
  },
};
