/**
 * The signed-in part of the routes of docs/product.md#screens-and-routes: the layout behind the auth
 * loader and every screen in it. Resource screens come from the registry; planned screens route to
 * "coming soon"; every page is its own lazily loaded chunk. This module is itself a chunk, which the
 * router asks for on the first signed-in path (`patchRoutesOnNavigation` in router.tsx), so the
 * sign-in page loads neither the layout nor the registry (docs/adr/0082-first-visit-loads-what-it-shows.md).
 */
import {
  generatePath,
  type LoaderFunction,
  Navigate,
  type RouteObject,
  useLocation,
  useParams,
} from 'react-router';
import { addEntityStrings } from '../i18n/entity-strings.ts';
import { i18n } from '../i18n/i18n.ts';
import { type ResourceEntry, resourceRegistry } from '../resources/registry.ts';
import { authLoader, shouldRevalidateAuth } from './auth-loader.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { loadChunk } from './lazy.ts';
import { page } from './page-route.tsx';
import { PageLoading } from './pages/page-loading.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { plannedRoutes, routeAliases, sectionRedirects } from './route-table.ts';

// the described entities' names and labels, which only the signed-in screens show
addEntityStrings(i18n);

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
const batchPages = {
  'batch-pages': () => import('../features/payment-batch/batch-pages.tsx'),
  'statement-page': () => import('../features/payment-batch/statement-page.tsx'),
  'template-pages': () => import('../features/payment-batch/template-pages.tsx'),
};

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
  // payment batches, the statement back and the bank file templates (issue 34,
  // docs/adr/0096-payment-batches-and-bank-files.md, docs/adr/0097-statement-matching.md)
  ...(
    [
      ['/management/payment-batch/list', 'batch-pages', 'BatchListPage'],
      ['/management/payment-batch/view/:id', 'batch-pages', 'BatchViewPage'],
      ['/management/payment-batch/statement', 'statement-page', 'StatementPage'],
      ['/admin/setting/bank-file-template/list', 'template-pages', 'TemplateListPage'],
      ['/admin/setting/bank-file-template/create', 'template-pages', 'TemplateFormPage'],
      ['/admin/setting/bank-file-template/update/:id', 'template-pages', 'TemplateFormPage'],
    ] as const
  ).map(([path, file, name]) => ({
    path,
    element: async () => {
      const pages = (await batchPages[file]()) as Record<string, React.ComponentType>;
      const Page = pages[name] as React.ComponentType;
      return <Page />;
    },
  })),
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
      // the two load side by side: the page, and a generic list's first answer
      lazy: {
        ...(kind === 'list' && { loader: () => listLoader(entry) }),
        element: async () => {
          const { resource } = await loadChunk(entry.load);
          const own = resource.pages?.[kind];
          if (own) {
            const Page = await loadChunk(own);
            return <Page resource={resource} mode={kind === 'update' ? 'update' : 'create'} />;
          }
          if (kind === 'list') {
            const { ResourceListPage } = await loadChunk(() => import('../resources/resource-list-page.tsx'));
            return <ResourceListPage resource={resource} />;
          }
          if (kind === 'view') {
            const { ResourceViewPage } = await loadChunk(() => import('../resources/resource-view-page.tsx'));
            return <ResourceViewPage resource={resource} />;
          }
          const { ResourceFormPage } = await loadChunk(() => import('../resources/resource-form-page.tsx'));
          return <ResourceFormPage resource={resource} mode={kind} />;
        },
      },
    })),
  );
}

/**
 * A generic list's loader: its first answer asked for at once, not awaited — the page shows its grid
 * loading meanwhile, as on any later visit (resources/list/first-page.ts).
 */
async function listLoader(entry: ResourceEntry): Promise<LoaderFunction | null> {
  const [{ resource }, { prefetchFirstPage }, { needsGrid, loadListGrid }] = await Promise.all([
    loadChunk(entry.load),
    loadChunk(() => import('../resources/list/first-page.ts')),
    loadChunk(() => import('../resources/list/list-body.ts')),
  ]);
  if (resource.pages?.list) return null;
  // the data grid's chunk beside the page's, unless a phone draws this list as cards (resources/list/list-body.ts)
  if (needsGrid(resource)) void loadListGrid().catch(() => {});
  return ({ request }) => {
    void prefetchFirstPage(resource, new URL(request.url)).catch(() => {});
    return null;
  };
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

/** The layout route and every signed-in screen, patched under the router's root. */
export const signedInRoute: RouteObject = {
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
        // delegation of deciding (docs/adr/0085-delegation.md), from the account menu and the profile
        {
          path: 'profile/delegation',
          ...page(() => import('../features/delegation/delegation-page.tsx'), 'DelegationPage'),
        },
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
};
