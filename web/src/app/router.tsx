/**
 * The routes of docs/product.md#screens-and-routes. Public: login, change password, 403, 404, 500 and
 * the catch-all. Everything else sits in the layout behind the auth loader: those routes are a chunk
 * of their own (signed-in-routes.tsx), added under the root the first time a path needs them, so the
 * sign-in page loads neither the layout nor the registry (docs/adr/0082-first-visit-loads-what-it-shows.md).
 */
import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { CHANGE_PASSWORD_PATH, changePasswordLoader } from './auth-paths.ts';
import { loadChunk } from './lazy.ts';
import { page } from './page-route.tsx';
import { PageLoading } from './pages/page-loading.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { ForbiddenPage, NotFoundPage, ServerErrorPage } from './pages/status-pages.tsx';

const ROOT = 'root';

export const routes: RouteObject[] = [
  {
    id: ROOT,
    hydrateFallbackElement: <PageLoading />,
    // the signed-in routes' chunk failing to load: the page with its reload button
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/auth/login', ...page(() => import('./pages/login-page.tsx'), 'LoginPage') },
      // a password set by someone else: the profile's change-password section, alone (auth-paths.ts)
      {
        path: CHANGE_PASSWORD_PATH,
        loader: changePasswordLoader,
        ...page(() => import('./pages/change-password-page.tsx'), 'ChangePasswordPage'),
      },
      // small and needed when things go wrong: part of the first bundle
      { path: '/403', Component: ForbiddenPage },
      { path: '/404', Component: NotFoundPage },
      { path: '/500', Component: ServerErrorPage },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

let signedInAdded = false;
/**
 * Any path the public routes leave to the catch-all: the signed-in routes are loaded and added
 * once (React Router asks again on every path that matches a dynamic segment; it then finds them).
 */
export const addSignedInRoutes: PatchRoutesOnNavigationFunction = async ({ patch, signal }) => {
  if (signedInAdded) return;
  const { signedInRoute } = await loadChunk(() => import('./signed-in-routes.tsx'));
  if (signedInAdded || signal.aborted) return;
  patch(ROOT, [signedInRoute]);
  signedInAdded = true;
};

export const router = createBrowserRouter(routes, { patchRoutesOnNavigation: addSignedInRoutes });
