/**
 * The signed-in session, kept in local storage under an encoded key (docs/product.md#constants) so it
 * survives a reload. The value is base64-encoded JSON; this hides nothing from a determined reader and is not
 * meant to — the server revokes tokens on logout and expiry.
 */
import type { LoginResult } from '@sitepay/domain/auth.schema';

export type Session = {
  token: string;
  idToken: string;
  username: string;
  avatar: string | null;
  departmentId: number | null;
  expiresAt: number;
  /** The password was set by someone else: the change-password screen is the only one shown. */
  mustChangePassword?: boolean;
};

export const SESSION_KEY = encodeKey('sitepay.session');

/**
 * The headers every API call carries (docs/product.md#signing-in-and-sessions): the client's id, and
 * with a session its two tokens. The API client sends them, and so does the first-screen script
 * (web/vite.config.ts), which fills in a session's tokens where this puts them.
 */
export function sessionHeaders(
  applicationId: string,
  session: Pick<Session, 'idToken' | 'token'> | null,
): Record<string, string> {
  const headers: Record<string, string> = { ApplicationId: applicationId };
  if (session) {
    headers.Authorization = `Bearer ${session.idToken}`;
    headers.AccessToken = session.token;
  }
  return headers;
}

export function encodeKey(key: string): string {
  return `sp_${btoa(key).replace(/=+$/, '')}`;
}

const encodeValue = (value: unknown): string => btoa(encodeURIComponent(JSON.stringify(value)));
const decodeValue = (text: string): unknown => JSON.parse(decodeURIComponent(atob(text)));

type Listener = (session: Session | null) => void;
const listeners = new Set<Listener>();

export function sessionFromLogin(result: LoginResult, now = Date.now()): Session {
  return {
    token: result.token,
    idToken: result.id_token,
    username: result.username,
    avatar: result.avatar,
    departmentId: result.department_id,
    expiresAt: now + (result.expires_in || 3600) * 1000,
    mustChangePassword: result.must_change_password === true,
  };
}

export function readSession(storage: Storage = localStorage): Session | null {
  const raw = storage.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const value = decodeValue(raw) as Session;
    return value && typeof value.idToken === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The stored session when the signed-in screens may use it: not past its time, and not one whose
 * password must change first (the auth loader sends those to the sign-in and password pages; nothing
 * else asks the API with them). The first-screen script (web/vite.config.ts) reads the same.
 */
export function usableSession(now = Date.now(), storage: Storage = localStorage): Session | null {
  const session = readSession(storage);
  return session && session.expiresAt > now && !session.mustChangePassword ? session : null;
}

export function saveSession(session: Session, storage: Storage = localStorage): void {
  storage.setItem(SESSION_KEY, encodeValue(session));
  for (const listener of listeners) listener(session);
}

export function clearSession(storage: Storage = localStorage): void {
  storage.removeItem(SESSION_KEY);
  for (const listener of listeners) listener(null);
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
