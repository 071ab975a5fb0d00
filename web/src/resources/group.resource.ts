/**
 * Groups (/system/group, SPEC also spells /admin/group/create|update|view; API /admin/group): name,
 * code, priority. A user in a group has its roles. Its view page (features/system/role-group-pages.tsx)
 * adds what the group gives access to, then its roles (linked with `PATCH`, unlinked with `DELETE`
 * `{ids}`) and the menus those roles grant (read only).
 */
import '../i18n/system-strings.ts';
import { group } from '@sitepay/domain/entities/group.entity';
import { resourceOf } from './entity-resource.ts';
import { menuTitleIn } from './menu-label.ts';
import type { ResourceDescription } from './resource.types.ts';

const base = resourceOf(group);

export const resource: ResourceDescription = {
  ...base,
  viewActions: ['status', 'delete'],
  columns: [
    { field: 'code', width: 170, hideBelow: 'sm' },
    { field: 'name', flex: 2, minWidth: 160, link: (r) => `/system/group/view/${r.id}` },
    { field: 'priority', kind: 'number', width: 100, hideBelow: 'sm' },
    { field: 'status', kind: 'status', width: 140 },
  ],
  list: { hideOnPhones: ['rowNumber'] },
  related: [
    {
      kind: 'linked',
      key: 'roles',
      childResource: 'role',
      list: 'admin/group/roles/{id}',
      columns: [
        { field: 'code', width: 190 },
        { field: 'name' },
        { field: 'priority', kind: 'number', width: 110, hideBelow: 'sm' },
      ],
      titleField: 'name',
      viewRoute: '/system/role/view/{id}',
      add: {
        candidates: 'admin/group/not-roles/{id}',
        path: 'admin/group/roles/{id}',
        method: 'PATCH',
        body: (_groupId, ids) => ({ ids }),
      },
      remove: {
        path: 'admin/group/roles/{id}',
        body: (_groupId, role) => ({ ids: [role.id] }),
      },
    },
    {
      kind: 'linked',
      key: 'menus',
      childResource: 'menu',
      list: 'admin/group/menus/{id}',
      columns: [
        { field: 'menu_title', text: (record, _t, lang) => menuTitleIn(record, lang) },
        { field: 'name', width: 200 },
        { field: 'path', hideBelow: 'md' },
      ],
      titleField: 'title',
      viewRoute: '/system/menu/view/{id}',
    },
  ],
  pages: { view: () => import('../features/system/role-group-pages.tsx').then((m) => m.GroupViewPage) },
};
