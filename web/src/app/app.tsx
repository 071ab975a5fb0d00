/**
 * Providers around the router: theme from preferences, toasts, i18n. The queries' and permissions'
 * providers are the signed-in screens' (app-layout.tsx, and the change-password screen's queries),
 * which the sign-in page does not load (docs/adr/0082-first-visit-loads-what-it-shows.md).
 */

import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { type ComponentType, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { i18n, switchLanguage } from '../i18n/i18n.ts';
import { configureApiClient } from '../lib/api-client.ts';
import { DURATION } from '../lib/error-catalogue.ts';
import { showNotice, whenNoticeWanted } from '../lib/notices.ts';
import { usePreferences } from '../lib/preferences.ts';
import { CHANGE_PASSWORD_PATH, loginRedirect, setExpiredNotice } from './auth-paths.ts';
import { router } from './router.tsx';
import { makeTheme } from './theme.ts';

configureApiClient({
  notify: showNotice,
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
// A first visit with a session past its time is told so by the router's first load, before any notice
// host is drawn: the notice waits for it in lib/notices.ts (called at once, notistack's function was
// once not yet set, and the route failed with the server-error page instead of the sign-in page).
setExpiredNotice(() =>
  showNotice({ message: i18n.t('errors.sessionTimeout'), variant: 'error', duration: DURATION.apiNotice }),
);

const globalStyles = (
  <GlobalStyles
    styles={(theme) => ({
      // each rule more specific than one class: notistack's own styles (goober's, one class each) are
      // written after these, with its host (docs/adr/0112-notices-drawn-when-first-needed.md)
      '.notistack-SnackbarContainer .notistack-MuiContent': { whiteSpace: 'pre-line', maxWidth: 520 },
      // notistack's own colours give white text 3.3:1 (green) to 5:1 (red); the theme's status colours
      // read at 7:1 (docs/adr/0083-text-contrast-aaa.md)
      '.notistack-SnackbarContainer .notistack-MuiContent-success': {
        backgroundColor: theme.palette.success.main,
      },
      '.notistack-SnackbarContainer .notistack-MuiContent-error': {
        backgroundColor: theme.palette.error.main,
      },
      '.notistack-SnackbarContainer .notistack-MuiContent-warning': {
        backgroundColor: theme.palette.warning.main,
      },
      '.notistack-SnackbarContainer .notistack-MuiContent-info': { backgroundColor: theme.palette.info.main },
      // Notices stay 20–30 s: clicks pass through them to the form below (a Save button under a
      // toast must still work); only their close button takes the pointer.
      'body .notistack-SnackbarContainer, body .notistack-SnackbarContainer *': { pointerEvents: 'none' },
      // off the side bar: they start right of the drawer, whose width the layout publishes
      '.notistack-SnackbarContainer': {
        left: 'calc(var(--sp-drawer-width, 0px) + 16px) !important',
      },
      'body .notistack-SnackbarContainer button': { pointerEvents: 'auto' },
      // while a dialog is open its actions are at the bottom, where the notices stand: the notices
      // move to the top, so a notice's close button never covers a dialog's Cancel (docs/web.md)
      'body:has(.MuiDialog-root) .notistack-SnackbarContainer': {
        top: '8px !important',
        bottom: 'auto !important',
        flexDirection: 'column !important',
      },
      // a list cell's text cut to its width, ending with "…" (resources/list/use-grid-columns.tsx): one
      // rule for every cell of every list, rather than each cell's styles worked out as it renders
      '.sp-cut': {
        display: 'block',
        minWidth: 0,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
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
  // notistack's host, loaded when the first notice waits for it (lib/notices.ts); a load that fails
  // (the network gone) leaves the notices waiting, and the next notice asks again
  const [NoticeHost, setNoticeHost] = useState<ComponentType | null>(null);
  useEffect(
    () =>
      whenNoticeWanted(() => {
        import('./notice-host.tsx').then(
          (module) => setNoticeHost(() => module.default),
          (error: unknown) => console.error('the notices could not be loaded', error),
        );
      }),
    [],
  );
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
        <RouterProvider router={router} />
        {NoticeHost && <NoticeHost />}
      </ThemeProvider>
    </I18nextProvider>
  );
}
