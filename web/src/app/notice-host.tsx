/**
 * notistack's provider, drawn when the first notice is shown (lib/notices.ts,
 * docs/adr/0112-notices-drawn-when-first-needed.md): a chunk of its own, so the first screen neither
 * loads nor runs it (its styles are written by goober at its first drawing).
 */
import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { i18n } from '../i18n/i18n.ts';
import { DURATION } from '../lib/error-catalogue.ts';
import { MAX_NOTICES, noticeHostReady } from '../lib/notices.ts';

export default function NoticeHost() {
  useEffect(() => {
    noticeHostReady({
      show: (notice) =>
        enqueueSnackbar(notice.message, { variant: notice.variant, autoHideDuration: notice.duration }),
      closeAll: () => closeSnackbar(),
    });
    return () => noticeHostReady(null);
  }, []);
  return (
    <SnackbarProvider
      maxSnack={MAX_NOTICES}
      preventDuplicate
      // bottom left, beside the drawer (never over it): forms keep their actions on the right
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      autoHideDuration={DURATION.genericSuccess}
      // the durations are wall-clock time: a window in the background does not hold them up
      disableWindowBlurListener
      action={(key) => (
        <IconButton
          size="small"
          color="inherit"
          aria-label={i18n.t('common.close')}
          onClick={() => closeSnackbar(key)}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    />
  );
}
