/**
 * The menu tree for every screen of docs/product.md#screens-and-routes, seeded on first start. A record
 * kind's screens come as four entries: the visible list `x` and hidden `x-create`, `x-update`, `x-view`
 * (whose names the CASL rules read: see account.queries.ts). Order in this file is the drawer's order.
 */
import { settingEntities } from '@sitepay/domain/entities';
import { company } from '@sitepay/domain/entities/company.entity';
import { companyBankAccount } from '@sitepay/domain/entities/company-bank-account.entity';
import { construction } from '@sitepay/domain/entities/construction.entity';
import { contractor } from '@sitepay/domain/entities/constructor.entity';
import { department } from '@sitepay/domain/entities/department.entity';
import { endpoint } from '@sitepay/domain/entities/endpoint.entity';
import { group } from '@sitepay/domain/entities/group.entity';
import { menu } from '@sitepay/domain/entities/menu.entity';
import { privilege } from '@sitepay/domain/entities/privilege.entity';
import { project } from '@sitepay/domain/entities/project.entity';
import { role } from '@sitepay/domain/entities/role.entity';
import { user } from '@sitepay/domain/entities/user.entity';
import type { Entity } from '@sitepay/domain/entity';

export type SeedMenu = {
  name: string;
  path: string;
  title: string;
  title_en: string;
  icon: string | null;
  parent: string | null;
  hidden?: boolean;
  component?: string;
  redirect_url?: string;
};

const area = (
  name: string,
  path: string,
  title: string,
  title_en: string,
  icon: string,
  redirect_url: string,
): SeedMenu => ({
  name,
  path,
  title,
  title_en,
  icon,
  parent: null,
  component: 'Layout',
  redirect_url,
});

const screen = (
  name: string,
  path: string,
  title: string,
  title_en: string,
  icon: string | null,
  parent: string,
  hidden = false,
): SeedMenu => ({ name, path, title, title_en, icon, parent, hidden, component: name });

/** List + hidden create/update/view entries of an ordinary record kind under `base`. */
const crud = (
  name: string,
  base: string,
  title: string,
  title_en: string,
  icon: string,
  parent: string,
): SeedMenu[] => [
  screen(name, `${base}/list`, title, title_en, icon, parent),
  screen(
    `${name}-create`,
    `${base}/create`,
    `Thêm ${title.toLowerCase()}`,
    `Create ${title_en.toLowerCase()}`,
    null,
    name,
    true,
  ),
  screen(
    `${name}-update`,
    `${base}/update/:id`,
    `Sửa ${title.toLowerCase()}`,
    `Edit ${title_en.toLowerCase()}`,
    null,
    name,
    true,
  ),
  screen(
    `${name}-view`,
    `${base}/view/:id`,
    `Xem ${title.toLowerCase()}`,
    `View ${title_en.toLowerCase()}`,
    null,
    name,
    true,
  ),
];

/** A described entity's entries, from its menu (`@sitepay/domain/entities`). */
const entityMenus = (e: Entity): SeedMenu[] =>
  e.menu && e.route
    ? crud(e.name, e.route, e.menu.title.vi, e.menu.title.en, e.menu.icon, e.menu.parent)
    : [];

export const seedMenus: SeedMenu[] = [
  {
    name: 'about-me',
    path: '/about-me',
    title: 'Trang chủ',
    title_en: 'Home',
    icon: 'home',
    parent: null,
    component: 'about-me',
  },
  {
    name: 'profile',
    path: '/profile',
    title: 'Hồ sơ cá nhân',
    title_en: 'Profile',
    icon: 'person',
    parent: null,
    hidden: true,
    component: 'profile',
  },

  area('management', '/management', 'Quản lý', 'Management', 'folder', '/management/company/list'),
  ...entityMenus(company),
  ...entityMenus(project),
  ...entityMenus(construction),
  ...entityMenus(contractor),
  ...crud('contract', '/management/contract', 'Hợp đồng', 'Contracts', 'description', 'management'),
  ...crud(
    'payment',
    '/management/payment',
    'Yêu cầu thanh toán',
    'Payment requests',
    'payments',
    'management',
  ),
  screen(
    'approval',
    '/management/approval/list',
    'Phê duyệt thanh toán',
    'Payment approval',
    'fact_check',
    'management',
  ),

  // payment batches and the statement back (issue 34, docs/adr/0096-payment-batches-and-bank-files.md)
  screen(
    'payment-batch',
    '/management/payment-batch/list',
    'Lệnh chi',
    'Payment batches',
    'playlist_add_check',
    'management',
  ),
  screen(
    'payment-batch-view',
    '/management/payment-batch/view/:id',
    'Xem lệnh chi',
    'Payment batch',
    null,
    'management',
    true,
  ),
  screen(
    'bank-statement',
    '/management/payment-batch/statement',
    'Nhập sao kê',
    'Bank statements',
    'upload_file',
    'management',
  ),

  area('report', '/report', 'Báo cáo', 'Reports', 'assessment', '/report/payment/construction'),
  screen(
    'report-payment',
    '/report/payment/construction',
    'Thanh toán theo công trình',
    'Payments by construction',
    'bar_chart',
    'report',
  ),
  screen(
    'report-constructor',
    '/report/constructor/list',
    'Báo cáo nhà thầu',
    'Contractor report',
    'groups',
    'report',
  ),
  screen(
    'report-constructor-view',
    '/report/constructor/view/:id',
    'Chi tiết nhà thầu',
    'Contractor details',
    null,
    'report-constructor',
    true,
  ),
  screen(
    'report-construction',
    '/report/construction/list',
    'Báo cáo công trình',
    'Construction report',
    'domain',
    'report',
  ),
  screen(
    'report-construction-view',
    '/report/construction/view/:id',
    'Chi tiết công trình',
    'Construction details',
    null,
    'report-construction',
    true,
  ),
  screen(
    'report-contract',
    '/report/contract/list',
    'Báo cáo hợp đồng',
    'Contract report',
    'insights',
    'report',
  ),
  screen(
    'report-contract-view',
    '/report/contract/view/:id',
    'Chi tiết hợp đồng',
    'Contract details',
    null,
    'report-contract',
    true,
  ),

  area(
    'manage',
    '/manage',
    'Công nợ khách hàng',
    'Receivables',
    'account_balance_wallet',
    '/manage/statistics',
  ),
  screen(
    'statistics',
    '/manage/statistics',
    'Thống kê công nợ',
    'Receivables dashboard',
    'insights',
    'manage',
  ),
  ...crud('customer', '/manage/customer', 'Khách hàng', 'Customers', 'handshake', 'manage'),
  ...crud('billing', '/manage/billing', 'Hóa đơn', 'Bills', 'receipt', 'manage'),
  ...crud('ticket', '/manage/ticket', 'Yêu cầu hỗ trợ', 'Support tickets', 'support_agent', 'manage').filter(
    (m) => m.name !== 'ticket-view',
  ),
  screen('mail-list', '/manage/mail/list', 'Thư đã gửi', 'Mail list', 'outgoing_mail', 'manage'),

  area('admin', '/admin', 'Quản trị', 'Administration', 'admin_panel_settings', '/admin/user/list'),
  ...entityMenus(user),
  ...entityMenus(department),
  screen(
    'application-configure',
    '/admin/application/configure',
    'Cấu hình ứng dụng',
    'Application settings',
    'tune',
    'admin',
  ),
  screen('email', '/admin/email/list', 'Cấu hình email', 'Email settings', 'mail', 'admin'),
  // the companies' approval flows (docs/adr/0084-approval-steps.md); listed hidden until its screen
  // was built, shown since (`shownSince` below)
  screen(
    'approval-flow',
    '/admin/approval-flow/list',
    'Quy trình phê duyệt',
    'Approval flows',
    'account_tree',
    'admin',
  ),

  area('setting', '/admin/setting', 'Danh mục', 'Settings', 'settings', '/admin/setting/bank/list'),
  ...settingEntities.flatMap(entityMenus),
  ...entityMenus(companyBankAccount),
  ...crud(
    'bank-file-template',
    '/admin/setting/bank-file-template',
    'Mẫu tệp ngân hàng',
    'Bank file templates',
    'table_chart',
    'setting',
  ),
  ...crud('application', '/admin/setting/application', 'Ứng dụng', 'Applications', 'apps', 'setting'),

  area('system', '/system', 'Hệ thống', 'System', 'security', '/system/groups'),
  ...entityMenus(group),
  ...entityMenus(role),
  ...entityMenus(privilege),
  ...entityMenus(menu),
  ...entityMenus(endpoint),
  ...crud('ability', '/system/ability', 'Quyền truy cập', 'Access rights', 'verified_user', 'system'),
  screen('history-login', '/system/history/login', 'Lịch sử truy cập', 'Access history', 'history', 'system'),
  screen(
    'history-payment',
    '/system/history/payment',
    'Lịch sử thanh toán',
    'Payment history',
    'receipt_long',
    'system',
  ),
];

/**
 * Menus an earlier seed added hidden because their screen was not built yet, and shown since: a
 * database seeded before shows them at the next start (seed.ts `showBuiltScreens`), unless an
 * administrator set their `hidden` flag himself.
 */
export const shownSince: readonly string[] = ['approval-flow'];

const readMenus = (...names: string[]) => names.flatMap((n) => [n, `${n}-view`]);
const writeMenus = (...names: string[]) =>
  names.flatMap((n) => [n, `${n}-view`, `${n}-create`, `${n}-update`]);

/** Built-in roles and the menus they grant. ROLE_ADMIN passes every check and needs no list. */
export const seedRoles: { code: string; name: string; priority: number; menus: string[] }[] = [
  { code: 'ROLE_ADMIN', name: 'Quản trị hệ thống', priority: 0, menus: seedMenus.map((m) => m.name) },
  {
    code: 'ROLE_ACCOUNTANT',
    name: 'Kế toán',
    priority: 10,
    menus: [
      'about-me',
      'profile',
      'management',
      'report',
      'system',
      ...readMenus('company', 'project', 'construction'),
      ...writeMenus('constructor', 'contract', 'payment'),
      'payment-batch',
      'payment-batch-view',
      'bank-statement',
      'report-payment',
      'report-constructor',
      'report-constructor-view',
      'report-construction',
      'report-construction-view',
      'report-contract',
      'report-contract-view',
      'history-payment',
      'manage',
      'statistics',
      ...writeMenus('customer', 'billing'),
      'ticket',
      'ticket-create',
      'ticket-update',
      'mail-list',
    ],
  },
  {
    code: 'ROLE_DIRECTOR',
    name: 'Giám đốc',
    priority: 5,
    menus: [
      'about-me',
      'profile',
      'management',
      'report',
      'system',
      ...readMenus('company', 'project', 'construction', 'constructor', 'contract', 'payment'),
      'approval',
      'payment-batch',
      'payment-batch-view',
      'report-payment',
      'report-constructor',
      'report-constructor-view',
      'report-construction',
      'report-construction-view',
      'report-contract',
      'report-contract-view',
      'history-payment',
      'manage',
      'statistics',
      ...readMenus('customer', 'billing'),
    ],
  },
];
