/**
 * Roles (/system/role, API /admin/role): name, a code starting with ROLE_, an optional data scope
 * (a company, a project or a construction: the constructions a user with the role sees) and a
 * priority. Its view page (features/system/role-group-pages.tsx) adds what the role gives access to,
 * then its privileges and menus, each linked with `PATCH` and unlinked with `DELETE` `{ids}`.
 */
import '../i18n/system-strings.ts';
import { role } from '@sitepay/domain/entities/role.entity';
import { resourceOf } from './entity-resource.ts';
import { menuLabel, menuTitleIn } from './menu-label.ts';
import type { ResourceDescription, ResourceRecord } from './resource.types.ts';

/** The role's data scope in one line: "company / project / construction", the narrowest last. */
export const roleScope = (record: ResourceRecord) =>
  [record.company_name, record.project_name, record.construction_name].filter(Boolean).join(' / ');

const base = resourceOf(role);

export const resource: ResourceDescription = {
  ...base,
  viewActions: ['status', 'delete'],
  columns: [
    { field: 'code', width: 170, hideBelow: 'sm' },
    { field: 'name', flex: 2, minWidth: 160, link: (r) => `/system/role/view/${r.id}` },
    { field: 'scope', flex: 2, minWidth: 140, sortable: false, hideBelow: 'md', text: roleScope },
    // the list is in priority order already: the figure itself only where there is room
    { field: 'priority', kind: 'number', width: 100, hideBelow: 'xl' },
    { field: 'status', kind: 'status', width: 140 },
  ],
  list: { hideOnPhones: ['rowNumber'] },
  related: [
    {
      kind: 'linked',
      key: 'privileges',
      childResource: 'privilege',
      list: 'admin/role/privileges/{id}',
      columns: [{ field: 'code', width: 200 }, { field: 'name' }, { field: 'description', hideBelow: 'md' }],
      titleField: 'name',
      viewRoute: '/system/privilege/view/{id}',
      add: {
        candidates: 'admin/role/not-privileges/{id}',
        path: 'admin/role/privileges/{id}',
        method: 'PATCH',
        body: (_roleId, ids) => ({ ids }),
      },
      remove: {
        path: 'admin/role/privileges/{id}',
        body: (_roleId, privilege) => ({ ids: [privilege.id] }),
      },
    },
    {
      kind: 'linked',
      key: 'menus',
      childResource: 'menu',
      list: 'admin/role/menus/{id}',
      columns: [
        { field: 'menu_title', text: (record, _t, lang) => menuTitleIn(record, lang) },
        { field: 'name', width: 200 },
        { field: 'path', hideBelow: 'md' },
      ],
      titleField: 'title',
      viewRoute: '/system/menu/view/{id}',
      optionLabel: menuLabel,
      add: {
        candidates: 'admin/role/not-menus/{id}',
        path: 'admin/role/menus/{id}',
        method: 'PATCH',
        body: (_roleId, ids) => ({ ids }),
      },
      remove: {
        path: 'admin/role/menus/{id}',
        body: (_roleId, menu) => ({ ids: [menu.id] }),
      },
    },
  ],
  pages: { view: () => import('../features/system/role-group-pages.tsx').then((m) => m.RoleViewPage) },
};
