/**
 * The guard in front of every layout route (docs/product.md#signing-in-and-sessions): no id token → login,
 * carrying the target; an expired session → "Session timeout" and login; otherwise the CASL rules are fetched
 * again before each navigation. No route is refused here (docs/product.md#access-control): the server
 * enforces, the browser only hides. A user whose password was set by someone else is sent to the
 * change-password screen, from every route, until it is changed (the server answers him nothing else).
 */
import { redirect } from 'react-router';
import { applyRules } from '../lib/ability.ts';
import { ApiError } from '../lib/error-catalogue.ts';
import { clearSession, readSession } from '../lib/session.ts';
import { permissionsQuery, queryClient } from './account.queries.ts';

export type SessionNotice = (message: 'sessionTimeout') => void;
let notifyExpired: SessionNotice = () => {};
export const setExpiredNotice = (fn: SessionNotice) => {
  notifyExpired = fn;
};

export const CHANGE_PASSWORD_PATH = '/auth/change-password';

export function loginRedirect(url: URL | Location): Response {
  const target = `${url.pathname}${url.search}`;
  const query = target && target !== '/' ? `?redirect=${encodeURIComponent(target)}` : '';
  return redirect(`/auth/login${query}`);
}

export async function authLoader({ request }: { request: Request }) {
  const url = new URL(request.url);
  const session = readSession();
  if (!session) throw loginRedirect(url);
  if (session.expiresAt <= Date.now()) {
    clearSession();
    notifyExpired('sessionTimeout');
    throw loginRedirect(url);
  }
  if (session.mustChangePassword) throw redirect(CHANGE_PASSWORD_PATH);
  try {
    applyRules(await queryClient.fetchQuery({ ...permissionsQuery, staleTime: 0 }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw loginRedirect(url);
    if (error instanceof ApiError && error.code === 'password_change_required')
      throw redirect(CHANGE_PASSWORD_PATH);
    // Any other failure keeps the previous rules; the toast already told the user.
  }
  return null;
}

/** The change-password screen needs a session, and nothing else. */
export function changePasswordLoader({ request }: { request: Request }) {
  const session = readSession();
  if (!session || session.expiresAt <= Date.now()) {
    if (session) clearSession();
    throw loginRedirect(new URL(request.url));
  }
  return null;
}

/** Only the path changing (not a query such as the construction selector) re-fetches the rules. */
export function shouldRevalidateAuth({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) {
  return currentUrl.pathname !== nextUrl.pathname || !readSession();
}
