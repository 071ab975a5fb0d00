// Screenshots of the users and account screens for review (not a test): the user list, the create
// form (its checks, then the password the server chose, shown once), a user's page in each tab
// (details, roles and groups with the add dialog, access history, menus, privileges), the password
// reset and its one-time answer, the edit form, everyone's access history, the profile, and the
// ability screen (a user, a pasted request refused, a role). Vietnamese and English at 1280 and
// 375 px, into screenshots/admin-*.png; any page that scrolls sideways is reported. It arranges a
// user with roles, a group and some failed sign-ins through the API first.
// Usage: node e2e/admin-screenshots.mjs [baseUrl] [adminPassword] [only=vi-light-1280,…]
import { apiSession, forEachCombination, launchChromium, reviewArgs, reviewPage } from './support/review.mjs';

const { base, password, only, out } = reviewArgs();
const { session, call } = await apiSession(base, password);

// data to look at: an accountant with a role, a group, a few sign-ins (two refused)
const tag = Date.now().toString(36).slice(-5);
const departments = await call('GET', 'admin/department/list/all');
const roles = await call('GET', 'admin/role/list/all');
const accountantRole = roles.find((r) => r.code === 'ROLE_ACCOUNTANT') ?? roles[0];
const user = await call('POST', 'admin/user/create', {
  user_name: `thuy.nguyen${tag}`,
  full_name: 'Nguyễn Thị Thu Thủy',
  email: `thuy.nguyen${tag}@hoaphat.vn`,
  phone: '0912 345 678',
  department_id: departments.find((d) => /Kế toán/.test(d.name))?.id ?? departments[0]?.id,
  join_date: '2023-08-14',
  password: 'thuy-2023-ok',
});
await call('PATCH', `admin/user/roles/${user.id}`, { roleId: accountantRole.id });
const groups = await call('GET', `admin/user/not-groups/${user.id}`).catch(() => []);
if (groups[0]) await call('PATCH', `admin/user/groups/${user.id}`, { groupId: groups[0].id });
const signIn = (pass) =>
  fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      ApplicationId: 'sitepay-web',
      'Content-Type': 'application/json',
      'User-Agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/131',
    },
    body: JSON.stringify({ user_name: user.user_name, password: pass }),
  });
await signIn('sai-mat-khau');
await signIn('sai-mat-khau-2');
await signIn('thuy-2023-ok');
// a throwaway user whose password the reset screens change
const spare = await call('POST', 'admin/user/create', {
  user_name: `tam.le${tag}`,
  full_name: 'Lê Minh Tâm',
  email: `tam.le${tag}@hoaphat.vn`,
});

const browser = await launchChromium();
const errors = [];
async function shoot({ lang, sidebar, width }) {
  const { context, page, key } = await reviewPage(browser, { base, lang, sidebar, width, errors, session });
  const name = (what) => `${out}admin-${what}-${key}.png`;
  const sideways = async (what) => {
    const wide = await page.evaluate(() => {
      const grid = document.querySelector('.MuiDataGrid-virtualScroller');
      return {
        page: document.documentElement.scrollWidth > window.innerWidth,
        grid: grid ? grid.scrollWidth > grid.clientWidth + 8 : false,
      };
    });
    if (wide.page || wide.grid) errors.push(`${key}: ${what} scrolls sideways (${JSON.stringify(wide)})`);
  };
  const open = async (path, ready) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.locator('main h1').first().waitFor();
    if (ready) await ready();
    await page.waitForTimeout(400);
  };
  const shot = async (what, fullPage = true) => {
    await sideways(what);
    await page.screenshot({ path: name(what), fullPage });
  };
  const dialog = async (what) => {
    await page.getByRole('dialog').last().waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: name(what) });
  };

  await open('/admin/user/list', () => page.locator('.MuiDataGrid-row a').first().waitFor());
  await shot('user-list', width < 500);

  await open('/admin/user/create');
  await page.locator('main form button[type="submit"]').click();
  await page.waitForTimeout(300);
  await shot('user-form-empty');
  await page.locator('input[name="user_name"]').fill(`hoa.tran${tag}${lang}${width}${sidebar[0]}`);
  await page.locator('input[name="full_name"]').fill('Trần Thị Hòa');
  await page.locator('input[name="email"]').fill(`hoa.tran${tag}${lang}${width}${sidebar[0]}@hoaphat.vn`);
  await page.locator('input[name="join_date"]').fill('1/9/2024');
  await page.locator('main form button[type="submit"]').click();
  await dialog('user-created');
  await page.getByRole('button', { name: /Tôi đã ghi lại|I have noted it/ }).click();
  await page.waitForURL((url) => url.pathname.includes('/admin/user/view/'));

  const view = `/admin/user/view/${user.id}`;
  await open(view);
  await shot('user-view');
  await open(`${view}?tab=roles`, () =>
    page.locator('[data-section="roles"] table, [data-section="roles"] ul').first().waitFor(),
  );
  await shot('user-roles');
  await page.locator('[data-section="roles"]').getByRole('button').first().click();
  await dialog('user-add-role');
  await page.keyboard.press('Escape');
  await open(`${view}?tab=history`, () =>
    page.locator('[data-section="logins"] table, [data-section="logins"] ul').first().waitFor(),
  );
  await shot('user-history');
  await open(`${view}?tab=menus`, () =>
    page.locator('[data-section="menus"] table, [data-section="menus"] ul').first().waitFor(),
  );
  await shot('user-menus', false);
  await open(`${view}?tab=privileges`);
  await shot('user-privileges');

  await open(`/admin/user/view/${spare.id}`);
  await page.getByRole('button', { name: /Đặt lại mật khẩu|Reset password/ }).click();
  await dialog('user-reset');
  // blank: the server chooses the password (a click lost while the dialog settles is given again)
  const submit = page.getByRole('dialog').locator('button[type="submit"]');
  const answered = page.waitForResponse((r) => r.url().includes('/api/admin/user/reset/'), { timeout: 5000 });
  await submit.click();
  if (!(await answered.catch(() => null))) await submit.click();
  await page.getByTestId('one-time-secret').waitFor();
  await dialog('user-reset-generated');
  await page.getByRole('button', { name: /Tôi đã ghi lại|I have noted it/ }).click();

  await open(`/admin/user/update/${user.id}`);
  await shot('user-update');

  await open('/system/history/login', () => page.locator('.MuiDataGrid-row a').first().waitFor());
  await shot('history-login', width < 500);

  await open('/profile');
  await shot('profile');

  await open(`/system/ability/list?user=${user.id}`, () => page.getByTestId('ability-summary').waitFor());
  await shot('ability-user');
  await page.getByRole('searchbox', { name: /Lọc|Filter/ }).fill('DELETE /api/contract/delete/12');
  await page.getByTestId('ability-check').scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await shot('ability-check', false);
  await open(`/system/ability/list?role=${accountantRole.id}`, () =>
    page.getByTestId('ability-summary').waitFor(),
  );
  await shot('ability-role', false);
  await open('/system/ability/list');
  await shot('ability-empty');
  await context.close();
}
await forEachCombination(
  browser,
  only ?? ['vi-light-1280', 'vi-light-375', 'en-light-1280', 'en-light-375'],
  errors,
  shoot,
);
