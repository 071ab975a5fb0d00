/**
 * The frame around every signed-in screen: drawer, top bar, banner, breadcrumbs, page, footer; and the
 * queries and permissions (CASL) they all read.
 */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { HintLayer } from '../../components/hint-layer.tsx';
import { ability } from '../../lib/ability.ts';
import { setPreferences, usePreferences } from '../../lib/preferences.ts';
import { AbilityProvider } from '../ability-context.ts';
import { queryClient } from '../account.queries.ts';
import { DRAWER_COLLAPSED_WIDTH, DRAWER_WIDTH } from '../theme.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { Footer } from './footer.tsx';
import { NavDrawer } from './nav-drawer.tsx';
import { ScrollTop } from './scroll-top.tsx';
import { ThemeDrawer } from './theme-drawer.tsx';
import { TopBar } from './top-bar.tsx';
import { UpdateBanner } from './update-banner.tsx';

export function AppLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const prefs = usePreferences();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [themeOpen, setThemeOpen] = useState(false);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const collapsed = prefs.drawerCollapsed;
  const drawerWidth = mobile ? 0 : collapsed ? DRAWER_COLLAPSED_WIDTH : DRAWER_WIDTH;

  // The toasts stand beside the drawer, not over it (app.tsx reads the width).
  useEffect(() => {
    document.documentElement.style.setProperty('--sp-drawer-width', `${drawerWidth}px`);
    return () => {
      document.documentElement.style.removeProperty('--sp-drawer-width');
    };
  }, [drawerWidth]);

  // A new screen starts at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <QueryClientProvider client={queryClient}>
      <AbilityProvider value={ability}>
        <Box sx={{ display: 'flex', minHeight: '100vh' }}>
          <a href="#main-content" className="skip-link">
            {t('common.skipToContent')}
          </a>
          <TopBar
            mobile={mobile}
            collapsed={collapsed}
            drawerWidth={drawerWidth}
            onToggleMenu={() =>
              mobile ? setMobileOpen(true) : setPreferences({ drawerCollapsed: !collapsed })
            }
            onOpenTheme={() => setThemeOpen(true)}
          />
          <NavDrawer
            collapsed={collapsed}
            mobile={mobile}
            mobileOpen={mobileOpen}
            onMobileClose={() => setMobileOpen(false)}
            onExpand={() => setPreferences({ drawerCollapsed: false })}
            sidebar={prefs.sidebar}
          />
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <Toolbar />
            {mobile && <Box sx={{ height: 48 }} />}
            {navigation.state === 'loading' && (
              <LinearProgress
                sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (t) => t.zIndex.appBar + 1 }}
              />
            )}
            <Box
              component="main"
              id="main-content"
              tabIndex={-1}
              sx={{ flex: 1, p: { xs: 1.5, sm: 2, md: 3 }, outline: 'none' }}
            >
              <UpdateBanner />
              <Breadcrumbs />
              <Outlet />
            </Box>
            <Footer />
          </Box>
          <ScrollTop />
          <ThemeDrawer open={themeOpen} onClose={() => setThemeOpen(false)} />
          <HintLayer />
        </Box>
      </AbilityProvider>
    </QueryClientProvider>
  );
}
