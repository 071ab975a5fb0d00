/**
 * The scroll-to-top button, shown once the page has scrolled more than 300 px (docs/product.md#constants).
 */
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Fab from '@mui/material/Fab';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import Zoom from '@mui/material/Zoom';
import { useTranslation } from 'react-i18next';

export const SCROLL_TOP_THRESHOLD = 300;

export function ScrollTop() {
  const { t } = useTranslation();
  const show = useScrollTrigger({ disableHysteresis: true, threshold: SCROLL_TOP_THRESHOLD });
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
