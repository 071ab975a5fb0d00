/**
 * The system administration screens' own calls (docs/api-contract.md, "Administration"): the menu
 * tree and its moves, the merge of the shipped menus, what a role gives access to, an application's
 * new keys, an e-mail configuration's test mail. The generic CRUD calls stay in resources/.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { menuQuery } from '../../app/account.queries.ts';
import { api } from '../../lib/api-client.ts';
import { invalidateResource } from '../../resources/resource.queries.ts';
import type { ResourceRecord } from '../../resources/resource.types.ts';

export type MenuRecord = ResourceRecord & {
  parent_id: number | null;
  name: string;
  path: string;
  component: string | null;
  title: string;
  title_en: string;
  icon: string | null;
  is_new: boolean;
  hidden: boolean;
  redirect_url: string | null;
  sort_order: number;
};

/** Every live menu entry, ordered for a tree by parent and sort order. */
export const allMenusQuery = queryOptions({
  queryKey: ['resource', 'menu', 'all'],
  queryFn: ({ signal }) => api.get<MenuRecord[]>('admin/menu/list/all', { signal }),
  staleTime: 0,
});

/** One place up or down among its siblings; the drawer follows. */
export function useMoveMenu() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ menu, direction }: { menu: MenuRecord; direction: 'up' | 'down' }) =>
      api.patch<MenuRecord>(
        `admin/menu/move/${menu.id}`,
        { direction, version: menu.version },
        { action: t('system.menuTree.move'), quietSuccess: true },
      ),
    onSettled: () =>
      Promise.all([
        invalidateResource(client, 'menu'),
        client.invalidateQueries({ queryKey: menuQuery.queryKey }),
      ]),
  });
}

export type MergeAnswer = { added: string[]; endpoints_linked: number };

/** Adds the shipped menus and endpoint links missing from the database; local changes stay. */
export function useMergeMenus() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () =>
      api.post<MergeAnswer>('admin/migrate/menu/merge', undefined, { action: t('system.menuTree.merge') }),
    onSettled: () =>
      Promise.all([
        invalidateResource(client, 'menu'),
        client.invalidateQueries({ queryKey: menuQuery.queryKey }),
      ]),
  });
}

type Named = { id: number; code?: string; name: string };

/** What the server computes for a role: its menus, endpoints, rules and data scope. */
export type RoleAbility = {
  roles: Named[];
  admin: boolean;
  menus: { id: number; name: string; title: string; title_en: string }[];
  endpoints: { method: string; path: string; via: string[] }[];
  scope: { companies: Named[]; projects: Named[]; constructions: Named[] };
};

export const roleAbilityQuery = (roleId: number) =>
  queryOptions({
    // under the role's key, so linking a menu or a privilege refreshes it
    queryKey: ['resource', 'role', 'ability', roleId],
    queryFn: ({ signal }) => api.get<RoleAbility>(`admin/ability/role/${roleId}`, { signal }),
    staleTime: 0,
  });

export type ApplicationKeys = ResourceRecord & { secret_key: string; api_key: string };

/** New secret and API keys: the old ones stop working, the new ones are answered this once. */
export function useRotateKeys() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (application: ResourceRecord) =>
      api.post<ApplicationKeys>(
        `admin/application/rotate/${application.id}`,
        { version: application.version },
        { action: t('resources.application.actions.rotate') },
      ),
    onSettled: () => invalidateResource(client, 'application'),
  });
}

export type TestMailAnswer = { ok: boolean; message: string };

/** Sends a test mail now through one configuration; the answer says what the server heard. */
export function useTestMail(configId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (to: string) =>
      // the dialog shows the answer, refusals included
      api.post<TestMailAnswer>(`admin/email-config/test/${configId}`, to ? { to } : {}, { silent: true }),
    onSettled: () => invalidateResource(client, 'mail-outbox'),
  });
}
