/**
 * Providers around the router: theme from preferences, toasts, i18n. The queries' and permissions'
 * providers are the signed-in screens' (app-layout.tsx, and the change-password screen's queries),
 * which the sign-in page does not load (docs/adr/0082-first-visit-loads-what-it-shows.md).
 */

import CloseIcon from '@mui/icons-material/Close';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import { ThemeProvider } from '@mui/material/styles';
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { i18n, switchLanguage } from '../i18n/i18n.ts';
import { configureApiClient } from '../lib/api-client.ts';
import { DURATION, type Notice } from '../lib/error-catalogue.ts';
import { MAX_NOTICES } from '../lib/notices.ts';
import { usePreferences } from '../lib/preferences.ts';
import { CHANGE_PASSWORD_PATH, loginRedirect, setExpiredNotice } from './auth-paths.ts';
import { router } from './router.tsx';
import { makeTheme } from './theme.ts';

// The router starts loading before React mounts the toast provider: notices wait for it.
let toastsReady = false;
const pendingToasts: Notice[] = [];
function toast(notice: Notice) {
  if (!toastsReady) pendingToasts.push(notice);
  else enqueueSnackbar(notice.message, { variant: notice.variant, autoHideDuration: notice.duration });
}
function ToastBridge() {
  useEffect(() => {
    toastsReady = true;
    for (const notice of pendingToasts.splice(0)) toast(notice);
  }, []);
  return null;
}

configureApiClient({
  notify: toast,
  onUnauthorized: () => {
    // the query cache is loaded with the signed-in screens, which alone can be refused a session
    void import('./account.queries.ts').then(({ queryClient }) => queryClient.clear());
    const target = loginRedirect(window.location).headers.get('Location') ?? '/auth/login';
    if (!window.location.pathname.startsWith('/auth/login')) void router.navigate(target, { replace: true });
  },
  onPasswordChangeRequired: () => {
    if (window.location.pathname !== CHANGE_PASSWORD_PATH)
      void router.navigate(CHANGE_PASSWORD_PATH, { replace: true });
  },
});
// through the same wait: a first visit with a session past its time is told so by the router's first
// load, before the toasts' provider is there (called at once, notistack's function was not yet set,
// and the route failed with the server-error page instead of going to the sign-in page)
setExpiredNotice(() =>
  toast({ message: i18n.t('errors.sessionTimeout'), variant: 'error', duration: DURATION.apiNotice }),
);

const globalStyles = (
  <GlobalStyles
    styles={(theme) => ({
      '.notistack-MuiContent': { whiteSpace: 'pre-line', maxWidth: 520 },
      // notistack's own colours give white text 3.3:1 (green) to 5:1 (red); the theme's status colours
      // read at 7:1 (docs/adr/0083-text-contrast-aaa.md)
      '.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
      '.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
      '.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main },
      '.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main },
      // Notices stay 20–30 s: clicks pass through them to the form below (a Save button under a
      // toast must still work); only their close button takes the pointer.
      '.notistack-SnackbarContainer, .notistack-SnackbarContainer *': { pointerEvents: 'none' },
      // off the side bar: they start right of the drawer, whose width the layout publishes
      '.notistack-SnackbarContainer': {
        left: 'calc(var(--sp-drawer-width, 0px) + 16px) !important',
      },
      '.notistack-SnackbarContainer button': { pointerEvents: 'auto' },
      // while a dialog is open its actions are at the bottom, where the notices stand: the notices
      // move to the top, so a notice's close button never covers a dialog's Cancel (docs/web.md)
      'body:has(.MuiDialog-root) .notistack-SnackbarContainer': {
        top: '8px !important',
        bottom: 'auto !important',
        flexDirection: 'column !important',
      },
      '.skip-link': { position: 'absolute', left: -9999, top: 8, zIndex: 2000 },
      '.skip-link:focus': {
        left: 8,
        padding: '8px 16px',
        background: theme.palette.background.paper,
        color: theme.palette.text.primary,
        borderRadius: 4,
        boxShadow: theme.shadows[4],
      },
    })}
  />
);

export function App() {
  const preferences = usePreferences();
  const theme = useMemo(
    () => makeTheme(preferences.themeColor, preferences.langCode),
    [preferences.themeColor, preferences.langCode],
  );

  useEffect(() => {
    void switchLanguage(preferences.langCode);
    document.documentElement.lang = preferences.langCode;
  }, [preferences.langCode]);

  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.palette.primary.main);
  }, [theme]);

  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {globalStyles}
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
        >
          <ToastBridge />
          <RouterProvider router={router} />
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
