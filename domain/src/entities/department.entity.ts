/** Departments: a code, a name and the head of the department (docs/product.md#departments). */
import { codeField, defineEntity, nameField } from '../entity.ts';

export const department = defineEntity({
  name: 'department',
  api: 'admin/department',
  route: '/admin/department',
  menu: { parent: 'admin', icon: 'corporate_fare', title: { vi: 'Phòng ban', en: 'Departments' } },
  one: { vi: 'Phòng ban', en: 'department' },
  many: { vi: 'Phòng ban', en: 'Departments' },
  title: 'name',
  defaultSort: { by: 'name', desc: false },
  fields: {
    code: codeField({ vi: 'Mã phòng ban', en: 'Department code' }, { width: 160 }),
    name: nameField({ vi: 'Tên phòng ban', en: 'Department name' }, { flex: 2, minWidth: 200 }),
    director_id: {
      type: 'reference',
      to: 'user',
      picker: 'admin/user/list/all',
      activeOnly: true,
      alias: 'director',
      display: 'director_name',
      label: { vi: 'Trưởng đơn vị', en: 'Director' },
      list: { flex: 1, minWidth: 160, hideBelow: 'md' },
    },
  },
});
