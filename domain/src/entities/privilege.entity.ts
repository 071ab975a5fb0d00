/** Privileges: named sets of API endpoints a role may call beside its menus' (docs/adr/0001-rights-come-from-menus.md). */
import { codeField, defineEntity, nameField } from '../entity.ts';

export const privilege = defineEntity({
  name: 'privilege',
  api: 'admin/privilege',
  route: '/system/privilege',
  menu: { parent: 'system', icon: 'key', title: { vi: 'Đặc quyền', en: 'Privileges' } },
  one: { vi: 'Đặc quyền', en: 'Privilege' },
  many: { vi: 'Đặc quyền', en: 'Privileges' },
  title: 'name',
  defaultSort: { by: 'code', desc: false },
  paths: { paging: 'list/paging' },
  fields: {
    name: nameField({ vi: 'Tên đặc quyền', en: 'Privilege name' }, { flex: 2, minWidth: 160 }),
    code: codeField(
      { vi: 'Mã đặc quyền', en: 'Privilege code' },
      { width: 200, hideBelow: 'sm' },
      { max: 100 },
    ),
    description: {
      type: 'textarea',
      max: 2000,
      label: { vi: 'Mô tả', en: 'Description' },
      list: { flex: 2, minWidth: 160, hideBelow: 'md' },
      search: true,
      wide: true,
    },
    /** The endpoints it opens; absent on update leaves them as they are. */
    endpoint_ids: {
      type: 'references',
      to: 'endpoint',
      max: 2000,
      label: { vi: 'Điểm truy cập API', en: 'API endpoints' },
      hint: {
        vi: 'Các API mà vai trò có đặc quyền này được gọi; gõ phương thức hoặc đường dẫn để tìm',
        en: 'The APIs a role with this privilege may call; type a method or a path to search',
      },
    },
  },
});
