/**
 * What the public routes and the app's start need of signing in (docs/product.md#signing-in-and-sessions):
 * the sign-in page's address carrying the target, the change-password screen, and the notice of an
 * expired session. The guard of the signed-in routes is auth-loader.ts, loaded with them.
 */
import { redirect } from 'react-router';
import { clearSession, readSession } from '../lib/session.ts';

export type SessionNotice = (message: 'sessionTimeout') => void;
let notifyExpired: SessionNotice = () => {};
export const setExpiredNotice = (fn: SessionNotice) => {
  notifyExpired = fn;
};
export const expiredNotice: SessionNotice = (message) => notifyExpired(message);

export const CHANGE_PASSWORD_PATH = '/auth/change-password';

export function loginRedirect(url: URL | Location): Response {
  const target = `${url.pathname}${url.search}`;
  const query = target && target !== '/' ? `?redirect=${encodeURIComponent(target)}` : '';
  return redirect(`/auth/login${query}`);
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
