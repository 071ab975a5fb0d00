/**
 * The guard in front of every layout route (docs/product.md#signing-in-and-sessions): no id token → login,
 * carrying the target; an expired session → "Session timeout" and login; otherwise the CASL rules are fetched
 * again before each navigation, and the user's constructions and menu are there before the first screen
 * draws (asked for at once with the rules: the lists filter by the top bar's construction, and a
 * filter line, a breadcrumb or a drawer filled in later would move the page under the reader's eyes —
 * docs/adr/0082-first-visit-loads-what-it-shows.md). No route is refused here (docs/product.md#access-control): the server
 * enforces, the browser only hides. A user whose password was set by someone else is sent to the
 * change-password screen, from every route, until it is changed (the server answers him nothing else).
 */
import { redirect } from 'react-router';
import { languageReady } from '../i18n/i18n.ts';
import { applyRules } from '../lib/ability.ts';
import { ApiError } from '../lib/error-catalogue.ts';
import { clearSession, readSession } from '../lib/session.ts';
import { constructionsQuery, menuQuery, permissionsQuery, queryClient } from './account.queries.ts';
import { CHANGE_PASSWORD_PATH, expiredNotice, loginRedirect } from './auth-paths.ts';

export async function authLoader({ request }: { request: Request }) {
  const url = new URL(request.url);
  const session = readSession();
  if (!session) throw loginRedirect(url);
  // the notices this may raise are in the reader's words (i18n.ts)
  await languageReady.catch(() => {});
  if (session.expiresAt <= Date.now()) {
    clearSession();
    expiredNotice('sessionTimeout');
    throw loginRedirect(url);
  }
  if (session.mustChangePassword) throw redirect(CHANGE_PASSWORD_PATH);
  try {
    const [rules] = await Promise.all([
      queryClient.fetchQuery({ ...permissionsQuery, staleTime: 0 }),
      // known once (cached), and a failure here is the screens' to show
      queryClient.ensureQueryData(constructionsQuery).catch(() => undefined),
      queryClient.ensureQueryData(menuQuery).catch(() => undefined),
    ]);
    applyRules(rules);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw loginRedirect(url);
    if (error instanceof ApiError && error.code === 'password_change_required')
      throw redirect(CHANGE_PASSWORD_PATH);
    // Any other failure keeps the previous rules; the toast already told the user.
  }
  return null;
}

/** Only the path changing (not a query such as the construction selector) re-fetches the rules. */
export function shouldRevalidateAuth({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) {
  return currentUrl.pathname !== nextUrl.pathname || !readSession();
}
