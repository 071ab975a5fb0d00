// Screenshots of the system administration screens for review (not a test): roles (with their
// access, privileges and menus, and the add-menu dialog), groups, privileges (the endpoints picker),
// the menu tree and its form, endpoints, applications (the keys shown once after a rotation), the
// e-mail configuration (its outbox, the test mail) and the settings list, in Vietnamese and English,
// light and dark sidebar, 1280 and 375 px, into screenshots/sys-*.png. It arranges a little data
// through the API first, and reports any list that scrolls sideways.
// Usage: node e2e/system-screenshots.mjs [baseUrl] [adminPassword] [only=vi-light-1280,…]
import { apiSession, forEachCombination, launchChromium, reviewArgs, reviewPage } from './support/review.mjs';

const { base, password, only, out } = reviewArgs();
const { session, call } = await apiSession(base, password);

// data to look at
const tag = Date.now().toString(36).toUpperCase();
const companies = await call('GET', 'admin/company/list/all');
const role = await call('POST', 'admin/role/create', {
  name: `Kế toán công trường miền Trung ${tag}`,
  code: `ROLE_KT_MT_${tag}`,
  company_id: companies[0]?.id,
  priority: 20,
});
const endpoints = await call('GET', 'admin/endpoint/list/all');
const pick = (pattern, n) =>
  endpoints
    .filter((e) => pattern.test(e.path))
    .slice(0, n)
    .map((e) => e.id);
const privilege = await call('POST', 'admin/privilege/create', {
  name: `Xuất báo cáo thanh toán ${tag}`,
  code: `EXPORT_PAYMENT_${tag}`,
  description: 'Cho phép xuất danh sách yêu cầu thanh toán ra Excel và xem báo cáo theo công trình.',
  endpoint_ids: [
    ...pick(/^\/api\/payment-transaction\/.*paging$/, 4),
    ...pick(/^\/api\/(export|report)\//, 3),
  ],
});
await call('PATCH', `admin/role/privileges/${role.id}`, { ids: [privilege.id] });
const menus = await call('GET', 'admin/menu/list/all');
const menuIds = menus
  .filter((m) =>
    ['about-me', 'management', 'payment', 'payment-view', 'report', 'report-payment'].includes(m.name),
  )
  .map((m) => m.id);
await call('PATCH', `admin/role/menus/${role.id}`, { ids: menuIds });
const group = await call('POST', 'admin/group/create', {
  name: `Phòng tài chính ${tag}`,
  code: `TAI_CHINH_${tag}`,
  priority: 10,
});
const roles = await call('GET', 'admin/role/list/all');
await call('PATCH', `admin/group/roles/${group.id}`, {
  ids: [role.id, ...roles.filter((r) => r.code === 'ROLE_ACCOUNTANT').map((r) => r.id)],
});
const projects = await call('GET', 'admin/project/list/all');
const application = await call('POST', 'admin/application/create', {
  code: `APP_${tag}`,
  name: 'Cổng nhà thầu',
  role_default_id: roles.find((r) => r.code === 'ROLE_ACCOUNTANT')?.id,
  restrict: true,
  url: 'https://nhathau.example.vn/callback',
  project_id: projects[0]?.id,
  environment: 'production',
});
const existing = await call('GET', 'admin/email-config/list/paging');
const email =
  existing.items[0] ??
  (await call('POST', 'admin/email-config/create', {
    host: 'smtp.sitepay.vn',
    port: 587,
    security: 'starttls',
    user: 'thongbao@sitepay.vn',
    password: 'mat-khau-smtp',
    from: 'thongbao@sitepay.vn',
  }));
// outbox entries: a new user's password reset is mailed to them
const departments = await call('GET', 'account/department/list');
const user = await call('POST', 'admin/user/create', {
  user_name: `nv.${tag.toLowerCase()}`,
  full_name: 'Nguyễn Thị Mai',
  email: `mai.${tag.toLowerCase()}@sitepay.vn`,
  department_id: departments[0]?.id,
});
await call('PATCH', `admin/user/reset/${user.id}`, { version: user.version });
const payment = menus.find((m) => m.name === 'payment');

// [file name, path, what to do after load]
const screens = [
  ['role-list', '/system/role/list'],
  ['role-view', `/system/role/view/${role.id}`],
  ['role-add-menu', `/system/role/view/${role.id}`, { click: /^(Thêm menu|Add menus)$/ }],
  ['role-form', `/system/role/update/${role.id}`],
  ['role-form-empty', '/system/role/create', { submit: true }],
  ['group-list', '/system/group/list'],
  ['group-view', `/system/group/view/${group.id}`],
  ['group-form', '/admin/group/create'],
  ['privilege-list', '/system/privilege/list'],
  ['privilege-view', `/system/privilege/view/${privilege.id}`],
  ['privilege-form', `/admin/privilege/update/${privilege.id}`],
  ['menu-tree', '/system/menu/list'],
  ['menu-view', `/admin/menu/view/${payment.id}`],
  ['menu-form', `/system/menu/update/${payment.id}`],
  ['menu-merge', '/system/menu/list', { click: /^(Gộp menu mặc định|Merge shipped menus)$/, confirm: true }],
  ['endpoint-list', '/system/endpoint/list'],
  ['endpoint-form', '/system/endpoint/create', { submit: true }],
  ['application-list', '/admin/setting/application/list'],
  ['application-view', `/admin/setting/application/view/${application.id}`],
  ['application-form', '/admin/setting/application/create'],
  [
    'application-keys',
    `/admin/setting/application/view/${application.id}`,
    { click: /^(Cấp lại khóa|Rotate keys)$/, confirm: true },
  ],
  ['email-list', '/admin/email/list'],
  ['email-outbox', '/admin/email/list?tab=outbox'],
  ['email-view', `/admin/email/view/${email.id}`],
  ['email-test', `/admin/email/view/${email.id}`, { click: /^(Gửi thư thử|Send a test mail)$/ }],
  [
    'email-test-answer',
    `/admin/email/view/${email.id}`,
    {
      click: /^(Gửi thư thử|Send a test mail)$/,
      fill: 'ketoan@sitepay.vn',
      press: /^(Gửi|Send)$/,
      wait: '[data-testid="test-mail-answer"]',
    },
  ],
  ['email-form', `/admin/email/update/${email.id}`],
  ['configure', '/admin/application/configure'],
];

const browser = await launchChromium();
const errors = [];
async function shoot({ lang, sidebar, width }) {
  const {
    context,
    page,
    key: combo,
  } = await reviewPage(browser, { base, lang, sidebar, width, errors, session });
  for (const [name, path, after] of screens) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.locator('main h1').first().waitFor();
    await page.waitForTimeout(500);
    if (after?.submit) {
      await page.locator('main form button[type="submit"]').click();
      await page.waitForTimeout(300);
    }
    if (after?.click) {
      await page.getByRole('button', { name: after.click }).first().click();
      await page.getByRole('dialog').waitFor();
      if (after.fill) await page.getByRole('dialog').getByRole('textbox').fill(after.fill);
      if (after.press) {
        await page.getByRole('dialog').getByRole('button', { name: after.press }).click();
        await page.locator(after.wait).waitFor({ timeout: 30_000 });
      }
      if (after.confirm) {
        await page
          .getByRole('dialog')
          .getByRole('button', { name: /^(Xác nhận|Confirm)$/ })
          .click();
        await page
          .getByRole('dialog')
          .getByRole('button', { name: /^(Đóng|Close|Tôi đã ghi lại|I have noted it)$/ })
          .waitFor();
      }
      await page.waitForTimeout(600);
    }
    // a list must fit its width: report one that scrolls sideways
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    if (wide) errors.push(`${combo}: ${name} scrolls sideways`);
    const gridWide = await page.evaluate(() =>
      [...document.querySelectorAll('.MuiDataGrid-virtualScroller')].some(
        (g) => g.scrollWidth > g.clientWidth + 10,
      ),
    );
    if (gridWide) errors.push(`${combo}: ${name}: the list scrolls sideways`);
    // dialogs are shot as the viewport shows them; pages whole
    await page.screenshot({ path: `${out}sys-${name}-${combo}.png`, fullPage: !after?.click });
  }
  await context.close();
}
await forEachCombination(browser, only, errors, shoot);
