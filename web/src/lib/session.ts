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
