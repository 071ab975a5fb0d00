/**
 * Menu entries (/system/menu, SPEC also spells /admin/menu/view/:id; API /admin/menu): the drawer's
 * tree and what the permissions are made of. The list is special (features/system/menu-tree-page.tsx:
 * the tree, reordered up and down, and the merge of the shipped menus); the form and view are
 * generic. A parent is one of `list/parent`; endpoints are the API calls the entry's screens make.
 */
import '../i18n/system-strings.ts';
import { menuInputSchema, menuUpdateSchema } from '@sitepay/domain/admin.schema';
import { menuLabel } from './menu-label.ts';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = {
  name: 'menu',
  apiBase: 'admin/menu',
  routeBase: '/system/menu',
  endpoints: { paging: 'admin/menu/list/paging' },
  viewActions: ['status', 'delete'],
  titleField: 'title',
  columns: [
    { field: 'name', width: 200 },
    { field: 'title', flex: 2, minWidth: 160 },
    { field: 'path', flex: 2, minWidth: 160, hideBelow: 'md' },
    { field: 'status', kind: 'status', width: 140 },
  ],
  defaultSort: { field: 'sort_order', desc: false },
  form: {
    createSchema: menuInputSchema,
    updateSchema: menuUpdateSchema,
    fields: [
      {
        name: 'parent_id',
        kind: 'reference',
        options: { endpoint: 'admin/menu/list/parent', label: menuLabel },
        display: 'parent_title',
      },
      { name: 'name', hint: true },
      { name: 'title' },
      { name: 'title_en' },
      { name: 'path', placeholder: true },
      { name: 'component' },
      { name: 'icon', hint: true },
      { name: 'redirect_url' },
      { name: 'is_new', kind: 'boolean' },
      { name: 'hidden', kind: 'boolean' },
      {
        name: 'endpoint_ids',
        kind: 'references',
        options: { endpoint: 'admin/endpoint/list/all' },
        hint: true,
      },
    ],
  },
  pages: { list: () => import('../features/system/menu-tree-page.tsx').then((m) => m.MenuTreePage) },
};
