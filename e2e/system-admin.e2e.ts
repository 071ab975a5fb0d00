/**
 * System administration as an administrator walks it: a privilege written with its endpoints picked
 * by searching, a role with a data scope given that privilege and a menu on its page (and what it
 * then opens); a menu entry written through the form and moved up in the tree; an application whose
 * keys are shown once after creation and after a rotation, never on its page, and which deactivates
 * by PUT; an e-mail configuration whose password stays stored when edited empty, whose test mail is
 * answered by a local SMTP server, and whose outbox shows a mail sent through it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../server/test/fake-smtp.ts';
import { adminApi, closeBrowser, signedIn, textOf, unique } from './support/browser.ts';

type Row = { id: number; version: number; status: string } & Record<string, unknown>;
type Menu = Row & { name: string; title: string; parent_id: number | null; sort_order: number };

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const code = (prefix: string) =>
  unique(prefix)
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, '_');

const SMTP_USER = 'thongbao.moi';
const SMTP_PASSWORD = 'mat-khau-smtp';

// a local SMTP server the e-mail configuration points at; the stored password is what signs in,
// so a configuration that lost it is refused. scripts/e2e.mjs starts the server allowing this port
// (MAIL_SMTP_PORTS): SMTP ports only
let smtp: FakeSmtp;

beforeAll(async () => {
  smtp = await startFakeSmtp({
    port: Number(process.env.E2E_SMTP_PORT ?? 0),
    credentials: { user: SMTP_USER, password: SMTP_PASSWORD },
  });
});

afterAll(async () => {
  await closeBrowser();
  await smtp?.close();
});

async function confirm(page: Page, text: RegExp) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  expect(await dialog.textContent()).toMatch(text);
  await dialog.getByRole('button', { name: 'Xác nhận' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('system administration', () => {
  test('a privilege gets endpoints picked by search; a scoped role gets it and a menu on its page, and opens them', async () => {
    const { page, context, consoleErrors } = await signedIn('/system/privilege/list');
    const api = await adminApi();
    // the endpoints arrive only after the user has started typing: what was typed must stay
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/admin/endpoint/list/all', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/system/privilege/create');
    const privilegeCode = code('MENU_ORDER_');
    await page.locator('input[name="name"]').fill(`Sắp xếp menu ${privilegeCode}`);
    await page.locator('input[name="code"]').fill(privilegeCode);
    const endpoints = page.getByRole('combobox', { name: 'Điểm truy cập API' });
    await endpoints.fill('menu/move');
    release();
    const moveOption = page.getByRole('option', { name: 'PATCH /api/admin/menu/move/{id}' });
    await moveOption.waitFor();
    expect(await endpoints.inputValue()).toBe('menu/move');
    await moveOption.click();
    await page.unroute('**/api/admin/endpoint/list/all');
    await endpoints.fill('migrate');
    await page.getByRole('option', { name: 'POST /api/admin/migrate/menu/merge' }).click();
    // the list stays open for more picks until the user leaves it
    await endpoints.press('Escape');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname === '/system/privilege/list');
    const privilege = (await api.get<{ items: Row[] }>(`admin/privilege/list/paging?search=${privilegeCode}`))
      .items[0]!;
    const stored = await api.get<Row & { endpoint_ids: number[] }>(`admin/privilege/get/${privilege.id}`);
    expect(stored.endpoint_ids).toHaveLength(2);

    // the role: its code's hint, a refused code, a company as its data scope
    const roleCode = code('ROLE_E2E_MT_');
    const roleName = `Kế toán miền Trung ${roleCode}`;
    await page.goto('/system/role/create');
    const codeField = page.locator('input[name="code"]');
    expect(await codeField.getAttribute('placeholder')).toMatch(/^Bắt đầu bằng ROLE_/);
    await page.locator('input[name="name"]').fill(roleName);
    await codeField.fill('KE_TOAN');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Mã vai trò phải bắt đầu bằng ROLE_').waitFor();
    await codeField.fill(roleCode);
    await page.getByRole('combobox', { name: 'Công ty' }).fill('hoa phat');
    await page.getByRole('option', { name: /Hòa Phát/ }).click();
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname === '/system/role/list');
    await page.getByText('Tạo mới vai trò thành công').waitFor();

    await page.goto(`/system/role/list?search=${roleCode}`);
    await row(page, roleCode).getByRole('link', { name: roleName, exact: true }).click();
    await page.waitForURL(/\/system\/role\/view\/\d+$/);
    const roleId = Number(page.url().split('/').pop());
    await page.getByRole('heading', { level: 1, name: roleName }).waitFor();
    const access = page.locator('section[data-section="access"]');
    await access.getByText('Công ty Cổ phần Xây dựng Hòa Phát').waitFor();
    await access.getByText('Màn hình (0)').waitFor();

    const privileges = page.locator('section[data-section="privileges"]');
    await privileges.getByRole('button', { name: 'Thêm đặc quyền' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox').fill(privilegeCode);
    await page.getByRole('option', { name: new RegExp(privilegeCode) }).click();
    await dialog.getByRole('button', { name: 'Thêm 1 đặc quyền' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await privileges.getByRole('row').filter({ hasText: privilegeCode }).waitFor();

    const menus = page.locator('section[data-section="menus"]');
    await menus.getByText('Vai trò chưa có menu nào.').waitFor();
    await menus.getByRole('button', { name: 'Thêm menu' }).click();
    dialog = page.getByRole('dialog');
    // candidates read "title (name)" and are found without diacritics
    await dialog.getByRole('combobox').fill('bao cao hop dong');
    await page.getByRole('option', { name: 'Báo cáo hợp đồng (report-contract)' }).click();
    await dialog.getByRole('button', { name: 'Thêm 1 menu' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await menus.getByRole('row').filter({ hasText: 'report-contract' }).waitFor();

    // what the role now opens: the menu, and the privilege's endpoints with the menu's
    await access.getByText('Màn hình (1)').waitFor();
    await access.getByText('Báo cáo hợp đồng', { exact: true }).waitFor();
    await access.getByText('PATCH /api/admin/menu/move/{id}').waitFor();
    const linked = await api.get<Menu[]>(`admin/role/menus/${roleId}`);
    expect(linked.map((m) => m.name)).toEqual(['report-contract']);

    // the change history names what was added
    await page.locator('li[data-action="add-menus"]').getByText('report-contract').waitFor();
    // SPEC's spelling of the page opens the same record
    await page.goto(`/admin/role/view/${roleId}`);
    await page.waitForURL((url) => url.pathname === `/system/role/view/${roleId}`);
    await page.getByRole('heading', { level: 1, name: roleName }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('a menu entry written through the form moves up among its siblings, and the order is stored', async () => {
    const { page, context, consoleErrors } = await signedIn('/system/menu/list');
    const api = await adminApi();
    const tag = unique('e2e').toLowerCase();
    // a hidden branch of its own, so no one's drawer changes
    const parent = await api.post<Menu>('admin/menu/create', {
      name: `${tag}-area`,
      path: `/${tag}`,
      title: `Khu kiểm thử ${tag}`,
      title_en: `Test area ${tag}`,
      hidden: true,
    });
    const first = await api.post<Menu>('admin/menu/create', {
      parent_id: parent.id,
      name: `${tag}-first`,
      path: `/${tag}/first/list`,
      title: `Mục thứ nhất ${tag}`,
      title_en: `First ${tag}`,
    });

    await page.getByRole('link', { name: 'Tạo mới' }).click();
    await page.waitForURL((url) => url.pathname === '/system/menu/create');
    await page.getByRole('combobox', { name: 'Menu cha' }).fill(tag);
    await page.getByRole('option', { name: `Khu kiểm thử ${tag} (${tag}-area)` }).click();
    await page.locator('input[name="name"]').fill(`${tag}-second`);
    await page.locator('input[name="title"]').fill(`Mục thứ hai ${tag}`);
    await page.locator('input[name="title_en"]').fill(`Second ${tag}`);
    await page.locator('input[name="path"]').fill(`/${tag}/second/list`);
    await page.getByRole('switch', { name: 'Đánh dấu mới' }).check();
    const endpoints = page.getByRole('combobox', { name: 'Điểm truy cập API' });
    await endpoints.fill('admin/menu/list/all');
    await page.getByRole('option', { name: 'GET /api/admin/menu/list/all' }).click();
    await endpoints.press('Escape');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname === '/system/menu/list');

    // the branch, found by searching: the parent marked hidden, the new entry marked new, last
    await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(tag);
    const tree = page.getByRole('tree');
    const order = () =>
      tree.locator('li[data-menu]').evaluateAll((items) => items.map((li) => li.getAttribute('data-menu')));
    await expect.poll(order).toEqual([`${tag}-area`, `${tag}-first`, `${tag}-second`]);
    await tree.locator(`li[data-menu="${tag}-area"] [data-flag="hidden"]`).waitFor();
    await tree.locator(`li[data-menu="${tag}-second"] [data-flag="is_new"]`).waitFor();
    expect(await tree.getByRole('button', { name: `Lên trên: Mục thứ nhất ${tag}` }).isDisabled()).toBe(true);

    await tree.getByRole('button', { name: `Lên trên: Mục thứ hai ${tag}` }).click();
    await expect.poll(order).toEqual([`${tag}-area`, `${tag}-second`, `${tag}-first`]);
    expect(await tree.getByRole('button', { name: `Lên trên: Mục thứ hai ${tag}` }).isDisabled()).toBe(true);
    const stored = (await api.get<Menu[]>('admin/menu/list/all')).filter((m) => m.parent_id === parent.id);
    const sorted = [...stored].sort((a, b) => a.sort_order - b.sort_order).map((m) => m.name);
    expect(sorted).toEqual([`${tag}-second`, `${tag}-first`]);
    expect(stored.find((m) => m.id === first.id)?.version).toBeGreaterThan(first.version);

    // its page (SPEC's spelling) names its parent and endpoint
    const second = stored.find((m) => m.name === `${tag}-second`)!;
    await page.goto(`/admin/menu/view/${second.id}`);
    await page.waitForURL((url) => url.pathname === `/system/menu/view/${second.id}`);
    await page.getByText(`Khu kiểm thử ${tag}`, { exact: true }).waitFor();
    await page.getByText('GET /api/admin/menu/list/all').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test("an application's keys are shown once, after creation and after a rotation, and never on its page", async () => {
    const { page, context, consoleErrors } = await signedIn('/admin/setting/application/create');
    const api = await adminApi();
    const appCode = code('APP_E2E_');
    await page.locator('input[name="code"]').fill(appCode);
    await page.locator('input[name="name"]').fill(`Cổng nhà thầu ${appCode}`);
    await page.getByRole('combobox', { name: 'Môi trường' }).click();
    await page.getByRole('option', { name: 'Chính thức' }).click();
    await page.getByRole('combobox', { name: 'Vai trò mặc định' }).fill('ke toan');
    await page.getByRole('option', { name: 'ROLE_ACCOUNTANT – Kế toán' }).click();
    await page.getByRole('switch', { name: 'Hạn chế tự đăng ký' }).check();
    await page.getByRole('button', { name: 'Lưu' }).click();

    let dialog = page.getByRole('dialog');
    await dialog.getByText('sẽ không được hiển thị lại').waitFor();
    const secrets = await dialog.getByTestId('one-time-secret').allTextContents();
    expect(secrets).toHaveLength(3);
    const [clientId, secretKey, apiKey] = secrets.map((s) => s.trim());
    expect(clientId).toBeTruthy();
    expect(secretKey!.length).toBeGreaterThanOrEqual(20);
    expect(apiKey!.length).toBeGreaterThanOrEqual(20);
    await dialog.getByRole('button', { name: 'Tôi đã ghi lại' }).click();

    await page.waitForURL(/\/admin\/setting\/application\/view\/\d+$/);
    const id = Number(page.url().split('/').pop());
    await page.getByRole('heading', { level: 1, name: `Cổng nhà thầu ${appCode}` }).waitFor();
    // the default role by name (in the details, and in the creation's history)
    await page.getByText('Kế toán', { exact: true }).first().waitFor();
    const pageText = (await page.locator('main').textContent()) ?? '';
    expect(pageText).toContain(clientId!);
    expect(pageText).not.toContain(secretKey!);
    expect(pageText).not.toContain(apiKey!);
    const record = await api.get<Row>(`admin/application/get/${id}`);
    expect(JSON.stringify(record)).not.toContain(secretKey!);

    // deactivation and activation are PUT calls (docs/product.md#applications)
    const methods: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/admin\/application\/(active|deactive)\//.test(r.url()))
        methods.push(`${r.method()} ${r.url()}`);
    });
    await page.getByRole('button', { name: 'Ngừng hoạt động' }).click();
    await confirm(page, /ngừng hoạt động/i);
    await page.locator('main [data-status="C"]').first().waitFor();
    await page.getByRole('button', { name: 'Kích hoạt' }).click();
    await confirm(page, /kích hoạt/i);
    await page.locator('main [data-status="O"]').first().waitFor();
    expect(methods.map((m) => m.replace(/^(\w+) .*\/api\/admin\/application\/(\w+)\/.*$/, '$1 $2'))).toEqual([
      'PUT deactive',
      'PUT active',
    ]);

    // new keys, shown once again
    await page.getByRole('button', { name: 'Cấp lại khóa' }).click();
    const asked = page.getByRole('dialog');
    expect(await asked.textContent()).toMatch(/ngừng hoạt động ngay/);
    await asked.getByRole('button', { name: 'Xác nhận' }).click();
    dialog = page.getByRole('dialog', { name: /^Khóa của ứng dụng/ });
    await dialog.getByText('sẽ không được hiển thị lại').waitFor();
    const rotated = (await dialog.getByTestId('one-time-secret').allTextContents()).map((s) => s.trim());
    expect(rotated[0]).toBe(clientId);
    expect(rotated[1]).not.toBe(secretKey);
    expect(rotated[2]).not.toBe(apiKey);
    await dialog.getByRole('button', { name: 'Tôi đã ghi lại' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await page.locator('main').textContent()) ?? '').not.toContain(rotated[1]!);
    await page.locator('li[data-action="rotate-keys"]').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('an e-mail configuration keeps its stored password, sends a test mail and the outbox shows a sent mail', async () => {
    const { page, context, consoleErrors } = await signedIn('/admin/email/create');
    const api = await adminApi();
    const sender = `${unique('thongbao').toLowerCase()}@sitepay.vn`;
    await page.locator('input[name="host"]').fill('127.0.0.1');
    await page.locator('input[name="port"]').fill(String(smtp.port));
    await page.getByRole('combobox', { name: 'Bảo mật' }).click();
    await page.getByRole('option', { name: 'Không mã hóa' }).click();
    await page.locator('input[name="from"]').fill(sender);
    await page.locator('input[name="user"]').fill('thongbao');
    await page.locator('input[name="password"]').fill(SMTP_PASSWORD);
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/email/list');
    const config = (
      await api.get<{ items: Row[] }>('admin/email-config/list/paging?itemsPerPage=100')
    ).items.find((c) => c.from === sender)!;
    expect(config.has_password).toBe(true);

    // edited with the password left empty: the stored one stays
    await page.goto(`/admin/email/update/${config.id}`);
    await page.getByText('Đã lưu một mật khẩu; để trống để giữ nguyên').waitFor();
    expect(await page.locator('input[name="password"]').inputValue()).toBe('');
    expect(await page.locator('input[name="password"]').getAttribute('type')).toBe('password');
    await page.locator('input[name="user"]').fill(SMTP_USER);
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/email/list');
    const edited = await api.get<Row>(`admin/email-config/get/${config.id}`);
    expect(edited.has_password).toBe(true);
    expect(edited.user).toBe(SMTP_USER);
    expect(edited).not.toHaveProperty('password');

    // the one in use: activated from its page if another was
    await page.goto(`/admin/email/view/${config.id}`);
    await page.getByRole('heading', { level: 1, name: '127.0.0.1' }).waitFor();
    if (edited.status !== 'O') {
      await page.getByRole('button', { name: 'Kích hoạt' }).click();
      await confirm(page, /kích hoạt/i);
      await page.locator('main [data-status="O"]').first().waitFor();
    }

    // a test mail, answered by the local server, which signs it in with the password kept
    const to = `${unique('ketoan').toLowerCase()}@sitepay.vn`;
    await page.getByRole('button', { name: 'Gửi thư thử' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gửi thư thử' });
    await dialog.getByLabel('Gửi đến').fill(to);
    await dialog.getByRole('button', { name: 'Gửi', exact: true }).click();
    await expect.poll(() => textOf(dialog.getByTestId('test-mail-answer'))).toMatch(/^Máy chủ đã nhận thư/);
    expect(smtp.received.some((m) => m.to.includes(to))).toBe(true);
    await dialog.getByRole('button', { name: 'Đóng' }).click();

    // a mail through the outbox: a new user's password reset, sent by the worker through it
    const userName = unique('e2e.mail').toLowerCase();
    const user = await api.post<Row>('admin/user/create', {
      user_name: userName,
      full_name: 'Người nhận thư kiểm thử',
      email: `${userName}@sitepay.vn`,
    });
    await api.patch(`admin/user/reset/${user.id}`, { version: user.version });
    await page.goto(`/admin/email/list?tab=outbox&search=${encodeURIComponent(userName)}`);
    await page.getByRole('heading', { level: 1, name: 'Hộp thư đi' }).waitFor();
    await expect
      .poll(
        async () => {
          await page.reload();
          const mail = row(page, `${userName}@sitepay.vn`);
          await mail.waitFor();
          return textOf(mail.locator('[data-state]'));
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe('Đã gửi');
    expect(smtp.received.some((m) => m.to.includes(`${userName}@sitepay.vn`))).toBe(true);

    // deactivated again (PATCH deactive), so later mails wait instead of reaching this test's server
    await page.goto(`/admin/email/view/${config.id}`);
    await page.getByRole('button', { name: 'Ngừng hoạt động' }).click();
    await confirm(page, /ngừng hoạt động/i);
    await page.locator('main [data-status="C"]').first().waitFor();
    expect((await api.get<Row>(`admin/email-config/get/${config.id}`)).status).toBe('C');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('the settings list links every settings screen', async () => {
    const { page, context, consoleErrors } = await signedIn('/admin/application/configure');
    await page.getByRole('heading', { level: 1, name: 'Cấu hình ứng dụng' }).waitFor();
    const links = await page
      .locator('a[data-setting]')
      .evaluateAll((items) => items.map((a) => a.getAttribute('href')));
    expect(links).toEqual([
      '/admin/setting/bank/list',
      '/admin/setting/tax/list',
      '/admin/setting/contract-type/list',
      '/admin/setting/construction-item/list',
      '/admin/setting/document-attachment/list',
      '/admin/setting/transaction-type/list',
      '/admin/setting/constructor-type/list',
      '/admin/setting/payment-type/list',
      '/admin/setting/payment-method/list',
      '/admin/setting/payment-date/list',
      '/admin/setting/application/list',
      '/admin/email/list',
    ]);
    await page.locator('a[data-setting="payment-method"]').click();
    await page.waitForURL((url) => url.pathname === '/admin/setting/payment-method/list');
    await page.getByRole('heading', { level: 1, name: 'Phương thức thanh toán' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
