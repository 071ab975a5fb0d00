/** Providers around the router: theme from preferences, toasts, queries, i18n, permissions. */

import CloseIcon from '@mui/icons-material/Close';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { i18n } from '../i18n/i18n.ts';
import { ability } from '../lib/ability.ts';
import { configureApiClient } from '../lib/api-client.ts';
import { DURATION, type Notice } from '../lib/error-catalogue.ts';
import { usePreferences } from '../lib/preferences.ts';
import { AbilityProvider } from './ability-context.ts';
import { queryClient } from './account.queries.ts';
import { CHANGE_PASSWORD_PATH, loginRedirect, setExpiredNotice } from './auth-loader.ts';
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
    queryClient.clear();
    const target = loginRedirect(window.location).headers.get('Location') ?? '/auth/login';
    if (!window.location.pathname.startsWith('/auth/login')) void router.navigate(target, { replace: true });
  },
  onPasswordChangeRequired: () => {
    if (window.location.pathname !== CHANGE_PASSWORD_PATH)
      void router.navigate(CHANGE_PASSWORD_PATH, { replace: true });
  },
});
setExpiredNotice(() =>
  enqueueSnackbar(i18n.t('errors.sessionTimeout'), {
    variant: 'error',
    autoHideDuration: DURATION.apiNotice,
  }),
);

const globalStyles = (
  <GlobalStyles
    styles={(theme) => ({
      '.notistack-MuiContent': { whiteSpace: 'pre-line', maxWidth: 520 },
      // notistack's own green (#43a047) gives white text 3.3:1; the theme's dark green reads (WCAG AA)
      '.notistack-MuiContent-success': { backgroundColor: theme.palette.success.dark },
      // Notices stay 20–30 s: clicks pass through them to the form below (a Save button under a
      // toast must still work); only their close button takes the pointer.
      '.notistack-SnackbarContainer, .notistack-SnackbarContainer *': { pointerEvents: 'none' },
      '.notistack-SnackbarContainer button': { pointerEvents: 'auto' },
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
  const theme = useMemo(() => makeTheme(preferences.themeColor), [preferences.themeColor]);

  useEffect(() => {
    void i18n.changeLanguage(preferences.langCode);
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
          maxSnack={4}
          preventDuplicate
          // bottom left, over the drawer's empty foot: forms keep their actions on the right
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          autoHideDuration={DURATION.genericSuccess}
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
          <QueryClientProvider client={queryClient}>
            <AbilityProvider value={ability}>
              <RouterProvider router={router} />
            </AbilityProvider>
          </QueryClientProvider>
        </SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
