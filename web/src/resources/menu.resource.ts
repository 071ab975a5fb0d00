/**
 * Menu entries (/system/menu, SPEC also spells /admin/menu/view/:id; API /admin/menu): the drawer's
 * tree and what the permissions are made of. The list is special (features/system/menu-tree-page.tsx:
 * the tree, reordered up and down, and the merge of the shipped menus); the form and view are
 * generic. A parent is one of `list/parent`; endpoints are the API calls the entry's screens make.
 */
import '../i18n/system-strings.ts';
import { menu } from '@sitepay/domain/entities/menu.entity';
import { resourceOf } from './entity-resource.ts';
import { menuLabel } from './menu-label.ts';
import type { ResourceDescription } from './resource.types.ts';

const base = resourceOf(menu);

export const resource: ResourceDescription = {
  ...base,
  viewActions: ['status', 'delete'],
  columns: [
    { field: 'name', width: 200 },
    { field: 'title', flex: 2, minWidth: 160 },
    { field: 'path', flex: 2, minWidth: 160, hideBelow: 'md' },
    { field: 'status', kind: 'status', width: 140 },
  ],
  form: {
    ...base.form,
    fields: base.form.fields.map((f) =>
      f.name === 'parent_id' && f.options ? { ...f, options: { ...f.options, label: menuLabel } } : f,
    ),
  },
  pages: { list: () => import('../features/system/menu-tree-page.tsx').then((m) => m.MenuTreePage) },
};
