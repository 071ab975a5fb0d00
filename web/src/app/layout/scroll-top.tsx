/**
 * The scroll-to-top button, shown once the page has scrolled more than 300 px (docs/product.md#constants).
 * It reads the page's scroll position only when the page scrolls (MUI's `useScrollTrigger` reads it
 * when mounted too, which forced the first screen's layout inside React's commit), and draws nothing
 * until the page first scrolls that far.
 */
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenedOnce } from '../../lib/opened-once.ts';

export const SCROLL_TOP_THRESHOLD = 300;

/** Whether the page is scrolled beyond `threshold`, as of its last scroll (false until it scrolls). */
function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}

export function ScrollTop() {
  const { t } = useTranslation();
  const show = useScrolledPast(SCROLL_TOP_THRESHOLD);
  // drawn once first shown, then kept: it leaves with its transition
  const drawn = useOpenedOnce(show);
  if (!drawn) return null;
  return (
    <Zoom in={show}>
      <Fab
        size="small"
        color="primary"
        aria-label={t('common.scrollTop')}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', bottom: 24, right: 24, zIndex: (theme) => theme.zIndex.speedDial }}
      >
        <KeyboardArrowUpIcon />
      </Fab>
    </Zoom>
  );
}
