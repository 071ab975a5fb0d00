/** The signed-in user's own data: menus, permissions, constructions, profile. */
import type { MenuEntry, PermissionRule } from '@sitepay/domain/auth.schema';
import { QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';
import { ApiError } from '../lib/error-catalogue.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status > 0),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

export type AccountConstruction = { id: number; code: string; name: string; status: string; closed: boolean };
export type Profile = {
  id: number;
  user_name: string;
  full_name: string | null;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  department_id: number | null;
  department_name: string | null;
  join_date: string | null;
  version: number;
  /** Role codes (ROLE_ACCOUNTANT…); shown by name through `roleNames`. */
  roles: string[];
  /** The roles' names beside their codes, once the server answers them. */
  role_names?: (string | null)[];
  constructions: { id: number; code: string; name: string }[];
};

export const menuQuery = queryOptions({
  queryKey: ['account', 'menu'],
  queryFn: () => api.get<MenuEntry[]>('account/menu/list'),
  staleTime: 5 * 60_000,
});

export const permissionsQuery = queryOptions({
  queryKey: ['account', 'permissions'],
  queryFn: () => api.get<PermissionRule[]>('account/permissions'),
  staleTime: 0,
});

export const constructionsQuery = queryOptions({
  queryKey: ['account', 'constructions'],
  queryFn: () => api.get<AccountConstruction[]>('account/construction/list'),
  staleTime: 5 * 60_000,
});

export const profileQuery = queryOptions({
  queryKey: ['account', 'profile'],
  queryFn: () => api.get<Profile>('account/profile'),
});

/**
 * How many payment requests wait for the user's decision (the top bar's badge), polled every minute;
 * the payment screens refresh it after a move (its key starts with ['resource', 'approval']).
 */
export const approvalCountQuery = queryOptions({
  queryKey: ['resource', 'approval', 'count'],
  queryFn: ({ signal }) => api.get<{ count: number }>('payment-approval/count', { signal, silent: true }),
  staleTime: 30_000,
  refetchInterval: 60_000,
});

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The user's roles as people call them: a built-in role by its translated name ("Kế toán",
 * "Accountant"), another by the name the server gives, else by its code.
 */
export function roleNames(profile: Pick<Profile, 'roles' | 'role_names'>, t: Translate): string[] {
  return profile.roles.map((code, index) => roleName(code, profile.role_names?.[index], t));
}

/** One role as people call it: built-in by its translated name, another by its name, else its code. */
export const roleName = (code: string, name: string | null | undefined, t: Translate): string =>
  t(`roles.${code}`, { defaultValue: '' }) || name || code;

/** The user list's and page's roles (`roles`, JSON `[{code, name}]` from the server) by name. */
export function rolesText(json: unknown, t: Translate): string {
  if (typeof json !== 'string' || !json) return '';
  try {
    return (JSON.parse(json) as { code: string; name: string | null }[])
      .map((r) => roleName(r.code, r.name, t))
      .join(', ');
  } catch {
    return '';
  }
}
