/**
 * Menus: the drawer's entries and the screens behind them; a role's menus are its rights, and a
 * menu's endpoints are the APIs its screens call (docs/adr/0001-rights-come-from-menus.md).
 */
import { defineEntity } from '../entity.ts';

export const menu = defineEntity({
  name: 'menu',
  api: 'admin/menu',
  route: '/system/menu',
  menu: { parent: 'system', icon: 'menu', title: { vi: 'Menu', en: 'Menus' } },
  one: { vi: 'Menu', en: 'Menu' },
  many: { vi: 'Menu', en: 'Menus' },
  title: 'title',
  defaultSort: { by: 'sort_order', desc: false },
  paths: { paging: 'list/paging', all: false },
  fields: {
    parent_id: {
      type: 'reference',
      to: 'menu',
      alias: 'parentId',
      picker: 'admin/menu/list/parent',
      display: 'parent_title',
      label: { vi: 'Menu cha', en: 'Parent menu' },
    },
    name: {
      type: 'text',
      max: 100,
      required: true,
      format: { pattern: /^[a-z0-9-]+$/, error: 'invalid_menu_name' },
      label: { vi: 'Tên định danh', en: 'Name (identifier)' },
      hint: {
        vi: 'Chữ thường, số và dấu gạch ngang; quyền truy cập đọc theo tên này',
        en: 'Lower-case letters, digits and hyphens; permissions read this name',
      },
      list: { width: 200 },
      search: true,
      sort: true,
      unique: true,
    },
    title: {
      type: 'text',
      max: 255,
      required: true,
      label: { vi: 'Tiêu đề (tiếng Việt)', en: 'Title (Vietnamese)' },
      list: { flex: 2, minWidth: 160 },
      search: true,
      sort: true,
    },
    title_en: {
      type: 'text',
      max: 255,
      required: true,
      label: { vi: 'Tiêu đề (tiếng Anh)', en: 'Title (English)' },
      search: true,
    },
    path: {
      type: 'text',
      max: 255,
      required: true,
      label: { vi: 'Đường dẫn', en: 'Path' },
      placeholder: { vi: '/management/company/list', en: '/management/company/list' },
      list: { flex: 2, minWidth: 160, hideBelow: 'md' },
      search: true,
      sort: true,
    },
    component: { type: 'text', max: 255, label: { vi: 'Thành phần', en: 'Component' } },
    icon: {
      type: 'text',
      max: 100,
      label: { vi: 'Biểu tượng', en: 'Icon' },
      hint: {
        vi: 'Tên biểu tượng Material, ví dụ business, payments',
        en: 'A Material icon name, e.g. business, payments',
      },
    },
    redirect_url: {
      type: 'text',
      max: 255,
      alias: 'redirect',
      label: { vi: 'Chuyển hướng đến', en: 'Redirects to' },
    },
    is_new: { type: 'boolean', defaulted: true, label: { vi: 'Đánh dấu mới', en: 'Marked new' } },
    hidden: { type: 'boolean', defaulted: true, label: { vi: 'Ẩn khỏi menu', en: 'Hidden from the menu' } },
    sort_order: {
      type: 'integer',
      min: 0,
      max: 100_000,
      defaulted: true,
      form: false,
      label: { vi: 'Thứ tự', en: 'Order' },
      sort: true,
    },
    endpoint_ids: {
      type: 'references',
      to: 'endpoint',
      max: 2000,
      alias: 'endpoints',
      label: { vi: 'Điểm truy cập API', en: 'API endpoints' },
      hint: {
        vi: 'Các API mà màn hình này gọi; người có menu được gọi chúng',
        en: 'The APIs this screen calls; whoever has the menu may call them',
      },
    },
  },
});
