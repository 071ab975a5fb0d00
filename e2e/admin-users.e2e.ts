/**
 * Users administration as an administrator walks it: a user created with a generated password shown
 * once, a role with chosen menus given in place, and that user signing in to a drawer holding
 * exactly those menus; the password reset; the server's 422 for the last administrator; failed
 * sign-ins in the user's access history and everyone's, and the unlock; the ability screen saying
 * why a request passes or not.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminApi, closeBrowser, login, openPage, signedIn, textOf, unique } from './support/browser.ts';

afterAll(closeBrowser);

type Menu = { id: number; name: string; title: string; parent_id: number | null; hidden: boolean };
type Role = { id: number; code: string; version: number };
type User = { id: number; user_name: string; version: number; generated_password?: string | null };

// the role's screens: home, companies and contracts (their lists and view pages), the payment history
const GRANTED = ['about-me', 'company', 'company-view', 'contract', 'contract-view', 'history-payment'];

let menus: Menu[] = [];
let role: Role;

beforeAll(async () => {
  const api = await adminApi();
  menus = await api.get<Menu[]>('admin/menu/list/all');
  const code = unique('ROLE_E2E_')
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, '_');
  role = await api.post<Role>('admin/role/create', { name: `Kiểm thử ${code}`, code });
  const ids = GRANTED.map((name) => menus.find((m) => m.name === name)?.id);
  expect(ids.every(Boolean)).toBe(true);
  await api.patch(`admin/role/menus/${role.id}`, { ids });
});

/** Fills the change-password screen a password set by an administrator leads to. */
async function changeOwnPassword(page: Page, old: string, chosen: string) {
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Đổi mật khẩu' }).waitFor();
  await main.locator('input[name="oldPassword"]').fill(old);
  await main.locator('input[name="newPassword"]').fill(chosen);
  await main.locator('input[name="confirmPassword"]').fill(chosen);
  await main.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/login');
}

/**
 * The first sign-in with a password an administrator set, in a context of its own: the user is
 * made to change it, then signs in with his own and lands home.
 */
async function signInAs(userName: string, password: string, chosen = `${password}-cua-toi`) {
  const session = await openPage();
  await session.page.goto('/auth/login');
  await login(session.page, userName, password);
  await session.page.waitForURL((url) => url.pathname === '/auth/change-password');
  await changeOwnPassword(session.page, password, chosen);
  await login(session.page, userName, chosen);
  await session.page.waitForURL((url) => url.pathname === '/about-me');
  return session;
}

/** Every group of the drawer opened; its links' menu names and its groups' titles. */
async function drawerContents(page: Page) {
  const nav = page.getByRole('navigation', { name: 'menu' });
  await nav.locator('a[data-menu]').first().waitFor();
  for (;;) {
    const closed = nav.locator('[aria-expanded="false"]');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  const links = await nav
    .locator('a[data-menu]')
    .evaluateAll((items) => items.map((a) => a.getAttribute('data-menu') ?? ''));
  const groups = await nav.locator('[aria-expanded="true"]').allTextContents();
  return { links: links.sort(), groups: groups.map((g) => g.trim()).sort() };
}

describe('users administration', () => {
  test('a new user gets a generated password shown once and a role in place, and then sees exactly its menus', async () => {
    const { page, context, consoleErrors } = await signedIn('/admin/user/list');
    const userName = unique('e2e.nv').toLowerCase();
    await page.getByRole('link', { name: 'Tạo mới' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/user/create');
    await page.locator('input[name="user_name"]').fill(userName);
    await page.locator('input[name="full_name"]').fill('Phạm Thị Kiểm Thử');
    await page.locator('input[name="email"]').fill(`${userName}@hoaphat.vn`);
    await page.getByRole('combobox', { name: 'Phòng ban' }).click();
    await page.getByRole('option', { name: /Phòng Kế toán/ }).click();
    await page.locator('input[name="join_date"]').fill('15/3/2024');
    await page.locator('input[name="join_date"]').blur();
    // no password typed: the server chooses one and it is shown once
    await page.getByRole('button', { name: 'Lưu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Đã tạo người dùng' });
    await dialog.getByText('sẽ không được hiển thị lại').waitFor();
    const password = (await dialog.getByTestId('one-time-secret').textContent())?.trim() ?? '';
    expect(password).toMatch(/^\S{8,}$/);
    await dialog.getByRole('button', { name: 'Tôi đã ghi lại' }).click();
    await page.waitForURL((url) => /^\/admin\/user\/view\/\d+$/.test(url.pathname));
    expect(new URL(page.url()).searchParams.get('tab')).toBe('roles');
    // the password is not shown again anywhere
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByText(password).count()).toBe(0);

    const roles = page.locator('[data-section="roles"]');
    await roles.getByText('Người dùng chưa được gán vai trò nào.').waitFor();
    await roles.getByRole('button', { name: 'Gán vai trò' }).click();
    const add = page.getByRole('dialog', { name: 'Gán vai trò' });
    await add.getByRole('combobox').fill(role.code);
    await page.getByRole('option', { name: new RegExp(role.code) }).click();
    await add.getByRole('button', { name: 'Gán 1 vai trò' }).click();
    await roles.getByRole('cell', { name: role.code, exact: true }).waitFor();

    // what the role gives, through the menus tab: the granted menus and nothing else
    await page.getByRole('tab', { name: 'Menu', exact: true }).click();
    const granted = page.locator('[data-section="menus"]');
    await granted.getByRole('cell', { name: 'company-view', exact: true }).waitFor();
    expect(await granted.locator('tbody tr').count()).toBe(GRANTED.length);
    await page.getByRole('tab', { name: 'Thông tin người dùng' }).click();
    await expect.poll(() => textOf(page.getByRole('main'))).toContain(role.code);
    expect(consoleErrors).toEqual([]);
    await context.close();

    // the user signs in with the password shown once and finds exactly the role's screens
    const user = await signInAs(userName, password);
    const drawer = await drawerContents(user.page);
    const byName = new Map(menus.map((m) => [m.name, m]));
    const visible = GRANTED.filter((name) => !byName.get(name)?.hidden);
    const parents = [
      ...new Set(visible.map((name) => byName.get(name)?.parent_id).filter((id) => id != null)),
    ];
    expect(drawer.links).toEqual([...visible].sort());
    expect(drawer.groups).toEqual(parents.map((id) => menus.find((m) => m.id === id)?.title ?? '').sort());
    // the profile shows the user's own details, sections as docs/product.md#screens-and-routes names them
    await user.page.goto('/profile');
    const main = user.page.getByRole('main');
    for (const heading of ['Thông tin cá nhân', 'Liên hệ', 'Tham gia', 'Đổi mật khẩu'])
      await main.getByRole('heading', { name: heading, exact: true }).waitFor();
    await main.getByText('Phạm Thị Kiểm Thử').first().waitFor();
    await main.getByText('15/03/2024').waitFor();
    await main.getByText(role.code).waitFor();
    expect(user.consoleErrors).toEqual([]);
    await user.context.close();
  });

  test('a reset shows the generated password once; the user signs in with it, must change it before anything else, and then works', async () => {
    const api = await adminApi();
    const userName = unique('e2e.reset').toLowerCase();
    const created = await api.post<User>('admin/user/create', {
      user_name: userName,
      full_name: 'Lê Văn Đặt Lại',
      email: `${userName}@hoaphat.vn`,
      password: 'mat-khau-cu-1',
    });
    await api.patch(`admin/user/roles/${created.id}`, { roleId: role.id });
    const { page, context, consoleErrors } = await signedIn(`/admin/user/view/${created.id}`);
    await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Đặt lại mật khẩu' });
    // too short a typed password is refused in the dialog, nothing sent
    await dialog.getByLabel('Mật khẩu mới').fill('123');
    await dialog.getByRole('button', { name: 'Đặt lại' }).click();
    await dialog.getByText('Mật khẩu phải có ít nhất 6 ký tự').waitFor();
    await dialog.getByLabel('Mật khẩu mới').fill('');
    await dialog.getByRole('button', { name: 'Đặt lại' }).click();
    const shown = page.getByRole('dialog', { name: 'Mật khẩu mới' });
    const password = (await shown.getByTestId('one-time-secret').textContent())?.trim() ?? '';
    expect(password).toMatch(/^\S{8,}$/);
    await shown.getByRole('button', { name: 'Tôi đã ghi lại' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByText(password).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();

    const old = await fetch(`${process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8090'}/api/auth/login`, {
      method: 'POST',
      headers: { ApplicationId: 'sitepay-web', 'Content-Type': 'application/json' },
      body: JSON.stringify({ user_name: userName, password: 'mat-khau-cu-1' }),
    });
    expect(old.status).toBe(401);

    // the user signs in with it and lands on the change-password screen, which he cannot leave
    const user = await openPage();
    await user.page.goto('/auth/login');
    await login(user.page, userName, password);
    await user.page.waitForURL((url) => url.pathname === '/auth/change-password');
    await user.page.getByText('Mật khẩu của bạn do quản trị viên đặt').waitFor();
    for (const elsewhere of ['/about-me', '/management/company/list', '/profile']) {
      await user.page.goto(elsewhere);
      await user.page.waitForURL((url) => url.pathname === '/auth/change-password');
    }
    // the rules are the server's, said in the form: a common password is refused
    const main = user.page.getByRole('main');
    await main.locator('input[name="oldPassword"]').fill(password);
    await main.locator('input[name="newPassword"]').fill('password');
    await main.locator('input[name="confirmPassword"]').fill('password');
    await main.getByRole('button', { name: 'Đổi mật khẩu' }).click();
    await main.getByText('Mật khẩu này quá phổ biến').waitFor();
    expect(new URL(user.page.url()).pathname).toBe('/auth/change-password');
    // the screen, with its refusal shown, passes every axe-core rule
    const axe = await new AxeBuilder({ page: user.page }).analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    ).toEqual([]);
    // changed: signed out as after any change, then in with the new one, and the app works
    await changeOwnPassword(user.page, password, 'Mat-khau-rieng-2468');
    await login(user.page, userName, 'Mat-khau-rieng-2468');
    await user.page.waitForURL((url) => url.pathname === '/about-me');
    await user.page.goto('/management/company/list');
    await user.page.getByRole('heading', { name: 'Công ty' }).waitFor();
    expect(user.consoleErrors).toEqual([]);
    await user.context.close();
  });

  test("deactivating the administrator is refused with the server's reason and nothing changes", async () => {
    const api = await adminApi();
    const [me] = await api
      .get<User[]>('admin/user/list/all')
      .then((all) => all.filter((u) => u.user_name === 'admin'));
    expect(me).toBeDefined();
    const { page, context, consoleErrors } = await signedIn(`/admin/user/view/${me!.id}`);
    await page.getByRole('button', { name: 'Ngừng hoạt động' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();
    // the acting administrator would take his own rights away (or leave none): a 422 with its reason
    await page
      .getByText(
        /Bạn không thể tự gỡ quyền quản trị của chính mình|không còn quản trị viên nào đang hoạt động/,
      )
      .waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'admin', exact: true }).waitFor();
    expect(await page.locator('[data-status="O"]').count()).toBe(1);
    const after = await api.get<User & { status: string }>(`admin/user/get/${me!.id}`);
    expect(after.status).toBe('O');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('failed sign-ins show in the user’s access history and in everyone’s; an unlock is written there too', async () => {
    const api = await adminApi();
    const userName = unique('e2e.khoa').toLowerCase();
    const created = await api.post<User>('admin/user/create', {
      user_name: userName,
      full_name: 'Đỗ Văn Khóa',
      email: `${userName}@hoaphat.vn`,
      password: 'dung-mat-khau',
    });
    const base = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8090';
    for (const wrong of ['sai-1', 'sai-2'])
      await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { ApplicationId: 'sitepay-web', 'Content-Type': 'application/json' },
        body: JSON.stringify({ user_name: userName, password: wrong }),
      });
    const { page, context, consoleErrors } = await signedIn(`/admin/user/view/${created.id}?tab=history`);
    const history = page.locator('[data-section="logins"]');
    await expect.poll(() => history.locator('[data-state="fail"], [data-state="failure"]').count()).toBe(2);

    await page.getByRole('button', { name: 'Mở khóa đăng nhập' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();
    await expect.poll(() => history.getByText('Mở khóa').count()).toBe(1);

    // everyone's history, searched by the login, with the time as DD/MM/YYYY HH:mm
    await page.goto(`/system/history/login?search=${encodeURIComponent(userName)}`);
    await page.getByRole('heading', { name: 'Lịch sử truy cập' }).waitFor();
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(3);
    const cells = await page.locator('.MuiDataGrid-row [data-field="at"]').allTextContents();
    for (const cell of cells) expect(cell).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(await page.locator('.MuiDataGrid-row').getByText('Thất bại').count()).toBe(2);
    // a row's login leads to the user's own history
    await page.locator('.MuiDataGrid-row').first().getByRole('link', { name: userName }).click();
    await page.waitForURL((url) => url.pathname === `/admin/user/view/${created.id}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('the ability screen says which menu opens a request and refuses one no menu opens', async () => {
    const api = await adminApi();
    const userName = unique('e2e.quyen').toLowerCase();
    const created = await api.post<User>('admin/user/create', {
      user_name: userName,
      full_name: 'Vũ Thị Quyền',
      email: `${userName}@hoaphat.vn`,
    });
    await api.patch(`admin/user/roles/${created.id}`, { roleId: role.id });
    const { page, context, consoleErrors } = await signedIn(`/system/ability/view/${created.id}`);
    const summary = page.getByTestId('ability-summary');
    await summary.getByText(new RegExp(role.code)).waitFor();
    const filter = page.getByRole('searchbox', { name: 'Lọc hoặc kiểm tra một yêu cầu' });
    await filter.fill('GET /api/contract/get/12');
    const check = page.getByTestId('ability-check');
    await expect.poll(() => textOf(check)).toMatch(/được phép, mở bởi .*contract-view/);
    await filter.fill('GET /api/admin/user/list/paging');
    await expect.poll(() => textOf(check)).toMatch(/không được phép/);
    expect(await page.getByTestId('ability-endpoints').count()).toBe(0);
    // a role picked instead: the same answer for the role alone
    await page.getByRole('button', { name: 'Vai trò' }).click();
    await page.getByRole('combobox', { name: 'Chọn vai trò' }).fill(role.code);
    await page.getByRole('option', { name: new RegExp(role.code) }).click();
    await page.waitForURL((url) => url.searchParams.get('role') === String(role.id));
    await page.getByRole('tab', { name: /^Menu/ }).click();
    await expect
      .poll(() => textOf(page.getByRole('tab', { name: /^Menu/ })))
      .toBe(`Menu (${GRANTED.length})`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
