/**
 * The routes of docs/product.md#screens-and-routes. Public: login, 403, 404, 500 and the catch-all.
 * Everything else sits in the layout behind the auth loader. Resource screens come from the registry; planned
 * screens route to "coming soon"; every page is its own lazily loaded chunk.
 */
import {
  createBrowserRouter,
  generatePath,
  Navigate,
  type RouteObject,
  useLocation,
  useParams,
} from 'react-router';
import { resourceRegistry } from '../resources/registry.ts';
import {
  authLoader,
  CHANGE_PASSWORD_PATH,
  changePasswordLoader,
  shouldRevalidateAuth,
} from './auth-loader.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { loadChunk } from './lazy.ts';
import { PageLoading } from './pages/page-loading.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { ForbiddenPage, NotFoundPage, ServerErrorPage } from './pages/status-pages.tsx';
import { plannedRoutes, routeAliases, sectionRedirects } from './route-table.ts';

type Kind = 'list' | 'create' | 'update' | 'view';

/** A SPEC spelling of another screen's route (`routeAliases`): there, with the same `:id` and query. */
function AliasRedirect({ to }: { to: string }) {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={`${generatePath(to, params)}${search}`} replace />;
}

/**
 * The report area of docs/product.md#screens-and-routes (features/report/, charts included: never in the
 * first bundle).
 */
const reportRoutes: { path: string; element: () => Promise<React.ReactElement> }[] = [
  {
    path: '/report/payment/construction',
    element: async () => {
      const { PaymentReportPage } = await import('../features/report/payment-report-page.tsx');
      return <PaymentReportPage />;
    },
  },
  ...(['list', 'view/:id'] as const).flatMap((kind) => [
    {
      path: `/report/constructor/${kind}`,
      element: async () => {
        const pages = await import('../features/report/constructor-report-pages.tsx');
        const Page = kind === 'list' ? pages.ConstructorReportListPage : pages.ConstructorReportViewPage;
        return <Page />;
      },
    },
    {
      path: `/report/construction/${kind}`,
      element: async () => {
        const pages = await import('../features/report/construction-report-pages.tsx');
        const Page = kind === 'list' ? pages.ConstructionReportListPage : pages.ConstructionReportViewPage;
        return <Page />;
      },
    },
    {
      path: `/report/contract/${kind}`,
      element: async () => {
        const pages = await import('../features/report/contract-report-pages.tsx');
        const Page = kind === 'list' ? pages.ContractReportListPage : pages.ContractReportViewPage;
        return <Page />;
      },
    },
  ]),
];

/**
 * Single screens built on a resource description outside the registry's four: the approval queue
 * (the generic list plus its decision bar) and the payment workflow's history (the generic list).
 */
const featureRoutes: { path: string; element: () => Promise<React.ReactElement> }[] = [
  {
    path: '/management/approval/list',
    element: async () => {
      const [{ resource }, { ApprovalListPage }] = await Promise.all([
        import('../resources/approval.resource.ts'),
        import('../features/payment/approval-list-page.tsx'),
      ]);
      return <ApprovalListPage resource={resource} />;
    },
  },
  {
    path: '/system/history/payment',
    element: async () => {
      const [{ resource }, { ResourceListPage }] = await Promise.all([
        import('../resources/history-payment.resource.ts'),
        import('../resources/resource-list-page.tsx'),
      ]);
      return <ResourceListPage resource={resource} />;
    },
  },
  {
    path: '/admin/application/configure',
    element: async () => {
      const { SettingsConfigurePage } = await import('../features/system/settings-configure-page.tsx');
      return <SettingsConfigurePage />;
    },
  },
  {
    path: '/system/history/login',
    element: async () => {
      const [{ resource }, { ResourceListPage }] = await Promise.all([
        import('../resources/history-login.resource.ts'),
        import('../resources/resource-list-page.tsx'),
      ]);
      return <ResourceListPage resource={resource} />;
    },
  },
  // the four ability routes of docs/product.md#screens-and-routes: one screen (a user or a role, and what the
  // server computes)
  ...['list', 'create', 'update/:id', 'view/:id'].map((kind) => ({
    path: `/system/ability/${kind}`,
    element: async () => {
      const { AbilityPage } = await import('../features/ability/ability-page.tsx');
      return <AbilityPage />;
    },
  })),
  ...reportRoutes,
  // the receivables area's single screens: the mail list and the statistics dashboard (/manage)
  {
    path: '/manage/mail/list',
    element: async () => {
      const [{ resource }, { ResourceListPage }] = await Promise.all([
        import('../resources/mail-list.resource.ts'),
        import('../resources/resource-list-page.tsx'),
      ]);
      return <ResourceListPage resource={resource} />;
    },
  },
  {
    path: '/manage/statistics',
    element: async () => {
      const { ReceivablesStatisticsPage } = await import(
        '../features/report/receivables-statistics-page.tsx'
      );
      return <ReceivablesStatisticsPage />;
    },
  },
];

function resourceRoutes(): RouteObject[] {
  return resourceRegistry.flatMap((entry) =>
    (['list', 'create', 'update', 'view'] as Kind[]).map((kind) => ({
      path:
        kind === 'update' || kind === 'view'
          ? `${entry.routeBase}/${kind}/:id`
          : `${entry.routeBase}/${kind}`,
      handle: { crumb: kind },
      lazy: async () => {
        const { resource } = await loadChunk(entry.load);
        const own = resource.pages?.[kind];
        if (own) {
          const Page = await loadChunk(own);
          return { element: <Page resource={resource} mode={kind === 'update' ? 'update' : 'create'} /> };
        }
        if (kind === 'list') {
          const { ResourceListPage } = await loadChunk(() => import('../resources/resource-list-page.tsx'));
          return { element: <ResourceListPage resource={resource} /> };
        }
        if (kind === 'view') {
          const { ResourceViewPage } = await loadChunk(() => import('../resources/resource-view-page.tsx'));
          return { element: <ResourceViewPage resource={resource} /> };
        }
        const { ResourceFormPage } = await loadChunk(() => import('../resources/resource-form-page.tsx'));
        return { element: <ResourceFormPage resource={resource} mode={kind} /> };
      },
    })),
  );
}

const served = new Set([
  ...resourceRegistry.flatMap((e) =>
    ['list', 'create', 'update/:id', 'view/:id'].map((k) => `${e.routeBase}/${k}`),
  ),
  ...featureRoutes.map((r) => r.path),
]);

const comingSoon: RouteObject[] = plannedRoutes
  .filter((path) => !served.has(path))
  .map((path) => ({
    path,
    lazy: async () => ({
      Component: (await loadChunk(() => import('./pages/coming-soon-page.tsx'))).ComingSoonPage,
    }),
  }));

const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) => ({
  lazy: async () => ({ Component: (await loadChunk(load))[name] }),
  hydrateFallbackElement: <PageLoading />,
});

export const routes: RouteObject[] = [
  { path: '/auth/login', ...page(() => import('./pages/login-page.tsx'), 'LoginPage') },
  // a password set by someone else: the profile's change-password section, alone (auth-loader.ts)
  {
    path: CHANGE_PASSWORD_PATH,
    loader: changePasswordLoader,
    ...page(() => import('./pages/change-password-page.tsx'), 'ChangePasswordPage'),
  },
  // small and needed when things go wrong: part of the first bundle
  { path: '/403', Component: ForbiddenPage },
  { path: '/404', Component: NotFoundPage },
  { path: '/500', Component: ServerErrorPage },
  {
    id: 'app',
    path: '/',
    loader: authLoader,
    shouldRevalidate: shouldRevalidateAuth,
    element: <AppLayout />,
    hydrateFallbackElement: <PageLoading />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <Navigate to="/about-me" replace /> },
          { path: 'about-me', ...page(() => import('./pages/about-me-page.tsx'), 'AboutMePage') },
          { path: 'profile', ...page(() => import('./pages/profile-page.tsx'), 'ProfilePage') },
          ...Object.entries(sectionRedirects).map(([from, to]) => ({
            path: from,
            element: <Navigate to={to} replace />,
          })),
          ...Object.entries(routeAliases).map(([from, to]) => ({
            path: from,
            element: <AliasRedirect to={to} />,
          })),
          ...resourceRoutes(),
          ...featureRoutes.map((route) => ({
            path: route.path,
            handle: { crumb: 'list' },
            lazy: async () => ({ element: await loadChunk(route.element) }),
          })),
          ...comingSoon,
        ],
      },
    ],
  },
  { path: '*', Component: NotFoundPage },
];

export const router = createBrowserRouter(routes);
