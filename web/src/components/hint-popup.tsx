/**
 * The shown hint's drawing, loaded with the first hint (`hint.tsx`): MUI's Tooltip, held open on the
 * hinted element, so that every hint keeps the theme's look, placement and transitions.
 */
import Tooltip from '@mui/material/Tooltip';
import { HINT_ID, POPUP, type Shown } from './hint.ts';

export default function HintPopup({ shown, open }: { shown: Shown; open: boolean }) {
  return (
    <Tooltip
      open={open}
      title={shown.text}
      placement={shown.placement}
      id={HINT_ID}
      slotProps={{ popper: { anchorEl: shown.anchor, [POPUP]: '' } as object }}
    >
      <span hidden />
    </Tooltip>
  );
}
