/**
 * Roles: the menus (hence the rights) and the data scope — a company, project or construction — a
 * user holds (docs/adr/0001-rights-come-from-menus.md, docs/adr/0002-data-scope-and-404-outside-it.md).
 */
import { defineEntity, type EntityField } from '../entity.ts';

export const ROLE_CODE_PATTERN = /^ROLE_[A-Z0-9_]+$/;

/** The order of roles and groups in lists: smaller first; empty is 0. */
export const priorityField = {
  type: 'integer',
  min: 0,
  max: 1000,
  defaulted: true,
  label: { vi: 'Độ ưu tiên', en: 'Priority' },
  hint: {
    vi: 'Số nhỏ đứng trước trong danh sách; để trống là 0',
    en: 'Lower numbers come first in lists; empty means 0',
  },
  sort: true,
} as const satisfies EntityField;

export const role = defineEntity({
  name: 'role',
  api: 'admin/role',
  route: '/system/role',
  menu: { parent: 'system', icon: 'badge', title: { vi: 'Vai trò', en: 'Roles' } },
  one: { vi: 'Vai trò', en: 'Role' },
  many: { vi: 'Vai trò', en: 'Roles' },
  title: 'name',
  defaultSort: { by: 'priority', desc: false },
  fields: {
    name: {
      type: 'text',
      max: 255,
      required: true,
      label: { vi: 'Tên vai trò', en: 'Role name' },
      list: { flex: 2, minWidth: 160 },
      search: true,
      sort: true,
    },
    code: {
      type: 'text',
      max: 50,
      required: true,
      upper: true,
      format: { pattern: ROLE_CODE_PATTERN, error: 'invalid_role_code' },
      label: { vi: 'Mã vai trò', en: 'Role code' },
      placeholder: {
        vi: 'Bắt đầu bằng ROLE_, ví dụ ROLE_KE_TOAN',
        en: 'Starts with ROLE_, e.g. ROLE_ACCOUNTANT',
      },
      list: { width: 170, hideBelow: 'sm' },
      search: true,
      sort: true,
      unique: true,
    },
    company_id: {
      type: 'reference',
      to: 'company',
      alias: 'company',
      display: 'company_name',
      label: { vi: 'Công ty', en: 'Company' },
    },
    project_id: {
      type: 'reference',
      to: 'project',
      alias: 'project',
      display: 'project_name',
      label: { vi: 'Dự án', en: 'Project' },
    },
    construction_id: {
      type: 'reference',
      to: 'construction',
      alias: 'construction',
      display: 'construction_name',
      label: { vi: 'Công trình', en: 'Construction' },
    },
    // the list is in priority order already: the figure itself only where there is room
    priority: { ...priorityField, list: { width: 100, hideBelow: 'xl' } },
  },
});
