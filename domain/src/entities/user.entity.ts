/**
 * Users: who signs in, with their department; their rights come from roles and groups given on the
 * user's page (docs/adr/0001-rights-come-from-menus.md). A user is created with a password given or
 * generated, by the module's own route.
 */
import { defineEntity } from '../entity.ts';

export const USER_NAME_PATTERN = /^[A-Za-z0-9._@-]+$/;

export const user = defineEntity({
  name: 'user',
  api: 'admin/user',
  route: '/admin/user',
  menu: { parent: 'admin', icon: 'people', title: { vi: 'Người dùng', en: 'Users' } },
  one: { vi: 'Người dùng', en: 'User' },
  many: { vi: 'Người dùng', en: 'Users' },
  title: 'user_name',
  defaultSort: { by: 'created_at', desc: true },
  paths: { paging: 'list/paging', all: false, create: false },
  fields: {
    user_name: {
      type: 'text',
      max: 100,
      required: true,
      format: { pattern: USER_NAME_PATTERN, error: 'invalid_user_name' },
      label: { vi: 'Tên đăng nhập', en: 'User name' },
      list: { width: 140 },
      search: true,
      sort: true,
    },
    full_name: {
      type: 'text',
      max: 255,
      required: true,
      mayBeNull: true,
      label: { vi: 'Họ và tên', en: 'Full name' },
      list: { flex: 1, minWidth: 160 },
      search: true,
      sort: true,
    },
    email: {
      type: 'email',
      required: true,
      mayBeNull: true,
      label: { vi: 'Email', en: 'Email' },
      list: { flex: 1, minWidth: 200, hideBelow: 'xl' },
      search: true,
      sort: true,
    },
    phone: { type: 'tel', max: 30, label: { vi: 'Số điện thoại', en: 'Phone' }, search: true },
    department_id: {
      type: 'reference',
      to: 'department',
      display: 'department_name',
      label: { vi: 'Phòng ban', en: 'Department' },
      list: { flex: 1, minWidth: 130, hideBelow: 'md' },
    },
    join_date: { type: 'date', label: { vi: 'Ngày tham gia', en: 'Join date' } },
    avatar: { type: 'text', output: true, mayBeNull: true, label: { vi: 'Ảnh đại diện', en: 'Avatar' } },
    /** Role codes, direct and through groups. */
    role_codes: { type: 'text', output: true, label: { vi: 'Mã vai trò', en: 'Role codes' } },
    /**
     * The rights roles, direct and through groups, as JSON `[{code, name}]`: shown by name (a built-in
     * one in the reader's language), never by code.
     */
    roles: {
      type: 'text',
      output: true,
      label: { vi: 'Vai trò', en: 'Roles' },
      list: { flex: 1, minWidth: 150, hideBelow: 'md' },
    },
    /** The data scopes: the roles that carry a company, project or construction, by name. */
    scopes: {
      type: 'text',
      output: true,
      label: { vi: 'Phạm vi dữ liệu', en: 'Data scope' },
      list: { flex: 1, minWidth: 150, hideBelow: 'lg' },
    },
    last_login_at: {
      type: 'text',
      output: true,
      label: { vi: 'Đăng nhập gần nhất', en: 'Last sign-in' },
      list: { width: 150, hideBelow: 'xl' },
    },
  },
});
