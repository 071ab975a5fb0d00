/** Groups: roles given together; a user in a group holds its roles (docs/adr/0001-rights-come-from-menus.md). */
import { codeField, defineEntity, nameField } from '../entity.ts';
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
    name: nameField({ vi: 'Tên nhóm', en: 'Group name' }, { flex: 2, minWidth: 160 }),
    code: codeField({ vi: 'Mã nhóm', en: 'Group code' }, { width: 170, hideBelow: 'sm' }),
    priority: { ...priorityField, list: { width: 100, hideBelow: 'sm' } },
  },
});
