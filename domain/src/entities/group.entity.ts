/** Groups: roles given together; a user in a group holds its roles (docs/adr/0001-rights-come-from-menus.md). */
import { defineEntity } from '../entity.ts';
import { priorityField } from './role.entity.ts';

export const group = defineEntity({
  name: 'group',
  api: 'admin/group',
  route: '/system/group',
  menu: { parent: 'system', icon: 'group_work', title: { vi: 'Nhóm', en: 'Groups' } },
  one: { vi: 'Nhóm', en: 'Group' },
  many: { vi: 'Nhóm', en: 'Groups' },
  title: 'name',
  defaultSort: { by: 'priority', desc: false },
  fields: {
    name: {
      type: 'text',
      max: 255,
      required: true,
      label: { vi: 'Tên nhóm', en: 'Group name' },
      list: { flex: 2, minWidth: 160 },
      search: true,
      sort: true,
    },
    code: {
      type: 'text',
      max: 50,
      required: true,
      label: { vi: 'Mã nhóm', en: 'Group code' },
      list: { width: 170, hideBelow: 'sm' },
      search: true,
      sort: true,
      unique: true,
    },
    priority: { ...priorityField, list: { width: 100, hideBelow: 'sm' } },
  },
});
