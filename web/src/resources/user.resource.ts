/**
 * Users (/admin/user, API /admin/user; the user screen of docs/product.md#screens-and-routes). The list and
 * the form are the generic ones; the create page shows a password the server chose once, and the view page
 * adds the password reset (features/user/). The view page's tabs: the user's details, roles and groups given
 * in place (one `{roleId}` / `{groupId}` per call), access history (paged), and the menus and privileges all
 * the user's roles give (read only). Unlocking a locked sign-in is on the view page.
 */
import { user } from '@sitepay/domain/entities/user.entity';
import { roleName, rolesText } from '../app/account.queries.ts';
import '../i18n/admin-strings.ts';
import { i18n } from '../i18n/i18n.ts';
// the roles, groups, menus and privileges sections are labelled with those resources' field names
import '../i18n/system-strings.ts';
import { entitySchemaLoader, resourceOf } from './entity-resource.ts';
import { accessColumns } from './history-login.resource.ts';
import type { ResourceDescription } from './resource.types.ts';

const base = resourceOf(user);

// roles and data scopes are both a user's roles: linked and unlinked by the same calls
const roleLinks = {
  add: {
    candidates: 'admin/user/not-roles/{id}',
    path: 'admin/user/roles/{id}',
    method: 'PATCH',
    each: true,
    body: (_userId: number, [roleId]: number[]) => ({ roleId }),
  },
  remove: {
    path: 'admin/user/roles/{id}',
    body: (_userId: number, role: { id: number }) => ({ roleId: role.id }),
  },
} as const;

export const resource: ResourceDescription = {
  ...base,
  list: { hideOnPhones: ['rowNumber'] },
  // beside the drawer at 1280 px: login, name, department, roles, status and the row's actions
  columns: base.columns.map((c) =>
    c.field === 'user_name'
      ? { ...c, link: (r) => `/admin/user/view/${r.id}` }
      : c.field === 'status'
        ? { ...c, width: 120 }
        : c.field === 'roles'
          ? { ...c, text: (r, t) => rolesText(r.roles, t) }
          : c,
  ),
  form: {
    ...base.form,
    // a new user's own body (the password typed or none); an update the entity's
    schemas: () =>
      Promise.all([entitySchemaLoader(user)(), import('@sitepay/domain/admin.schema')]).then(
        ([own, { userCreateSchema }]) => ({ ...own, create: userCreateSchema }),
      ),
    fields: [...base.form.fields, { name: 'password', kind: 'password', only: 'create', hint: true }],
  },
  viewFields: [
    'user_name',
    'full_name',
    'email',
    'phone',
    'department_id',
    'join_date',
    'roles',
    'scopes',
    'last_login_at',
  ],
  viewActions: ['status', 'delete'],
  recordActions: [
    {
      key: 'unlock',
      method: 'POST',
      path: 'admin/user/unlock/{id}',
      icon: 'lockOpen',
      viewOnly: true,
      // offered unless the API says the sign-in is not locked
      when: (r) => r.locked !== false,
    },
  ],
  related: [
    {
      kind: 'linked',
      key: 'roles',
      tab: 'roles',
      childResource: 'role',
      list: 'admin/user/roles/{id}',
      columns: [
        { field: 'name', text: (r, t) => roleName(String(r.code), r.name as string | null, t) },
        { field: 'code', width: 220, hideBelow: 'sm' },
        { field: 'status', kind: 'status', width: 140, hideBelow: 'sm' },
      ],
      titleField: 'name',
      viewRoute: '/system/role/view/{id}',
      // the rights roles; the data scopes are the next section's, with a picker of their own
      only: (r) => !r.scope,
      // by name, the code after it (what an administrator may search by)
      optionLabel: (r, lang) =>
        `${roleName(String(r.code), r.name as string | null, i18n.getFixedT(lang))} (${r.code})`,
      ...roleLinks,
    },
    {
      kind: 'linked',
      key: 'scopes',
      tab: 'roles',
      childResource: 'role',
      list: 'admin/user/roles/{id}',
      columns: [
        { field: 'name' },
        { field: 'code', width: 220, hideBelow: 'sm' },
        { field: 'status', kind: 'status', width: 140, hideBelow: 'sm' },
      ],
      titleField: 'name',
      viewRoute: '/system/role/view/{id}',
      // the roles that carry a company, project or construction: what the user may see
      only: (r) => Boolean(r.scope),
      optionLabel: (r) => `${String(r.name)} (${r.code})`,
      ...roleLinks,
    },
    {
      kind: 'linked',
      key: 'groups',
      tab: 'roles',
      childResource: 'group',
      list: 'admin/user/groups/{id}',
      columns: [
        { field: 'code', width: 220 },
        { field: 'name' },
        { field: 'status', kind: 'status', width: 140, hideBelow: 'sm' },
      ],
      titleField: 'code',
      viewRoute: '/system/group/view/{id}',
      add: {
        candidates: 'admin/user/not-groups/{id}',
        path: 'admin/user/groups/{id}',
        method: 'PATCH',
        each: true,
        body: (_userId, [groupId]) => ({ groupId }),
      },
      remove: { path: 'admin/user/groups/{id}', body: (_userId, group) => ({ groupId: group.id }) },
    },
    {
      kind: 'paged',
      key: 'logins',
      tab: 'history',
      childResource: 'history-login',
      list: 'admin/history/login/{id}',
      columns: accessColumns,
      search: true,
    },
    {
      kind: 'linked',
      key: 'menus',
      tab: 'menus',
      childResource: 'menu',
      list: 'admin/user/menus/{id}',
      columns: [
        { field: 'title', text: (r, _t, lang) => String((lang === 'en' ? r.title_en : r.title) ?? '') },
        { field: 'name', width: 200, hideBelow: 'sm' },
        { field: 'path', hideBelow: 'md' },
      ],
      titleField: 'title',
      viewRoute: '/system/menu/view/{id}',
    },
    {
      kind: 'linked',
      key: 'privileges',
      tab: 'privileges',
      childResource: 'privilege',
      list: 'admin/user/privileges/{id}',
      columns: [{ field: 'code', width: 240 }, { field: 'name' }],
      titleField: 'code',
      viewRoute: '/system/privilege/view/{id}',
    },
  ],
  pages: {
    create: () => import('../features/user/user-create-page.tsx').then((m) => m.UserCreatePage),
    view: () => import('../features/user/user-view-page.tsx').then((m) => m.UserViewPage),
  },
};
