/**
 * Master data on the generic pages: a project's constructions added and removed; a construction
 * closed, shown closed, and refused by the contract screen (422); a contractor with two beneficiaries, a refused duplicate account, an
 * account change in the history; lists following the construction selector; a tax created and
 * edited. Records a test needs beforehand are made through the API with the page's own session, so
 * the file signs in once.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser, signedIn, textOf, unique } from './support/browser.ts';

afterAll(closeBrowser);

type Construction = { id: number; code: string; name: string; project_id: number | null; closed: boolean };

const SESSION_KEY = `sp_${Buffer.from('sitepay.session').toString('base64').replace(/=+$/, '')}`;

/** The API as the signed-in page: its stored session, no second login. */
function pageApi(page: Page) {
  const call = <T>(method: string, path: string, body?: unknown) =>
    page.evaluate(
      async ({ method, path, body, key }) => {
        const raw = localStorage.getItem(key);
        if (!raw) throw new Error('no session in the page');
        const session = JSON.parse(decodeURIComponent(atob(raw))) as { token: string; idToken: string };
        const res = await fetch(`/api/${path}`, {
          method,
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${session.idToken}`,
            AccessToken: session.token,
            ApplicationId: 'sitepay-web',
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
        return text ? JSON.parse(text) : undefined;
      },
      { method, path, body, key: SESSION_KEY },
    ) as Promise<T>;
  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body: unknown) => call<T>('POST', path, body),
  };
}

const row = (page: Page | Locator, text: string) => page.getByRole('row').filter({ hasText: text });

async function confirm(page: Page, expectedText: RegExp) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  expect(await dialog.textContent()).toMatch(expectedText);
  expect(Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(400);
  await dialog.getByRole('button', { name: /Xác nhận|Confirm/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Opens a record's view page from its list, found by code. */
async function openFromList(page: Page, listPath: string, code: string, name: string) {
  await page.goto(`${listPath}?search=${encodeURIComponent(code)}`);
  await row(page, code)
    .getByRole('link', { name: `Xem: ${name}` })
    .click();
  await page.waitForURL(/\/view\/\d+$/);
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describe('master data', () => {
  test('a project gets two constructions, then one is removed from it; a file is attached', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/project/create');
    const api = pageApi(page);
    const code = unique('DA');
    const name = `Dự án Cầu Rồng ${code}`;
    const [a, b] = await Promise.all(
      ['A', 'B'].map((x) =>
        api.post<Construction>('construction/create', {
          code: `${code}-${x}`,
          name: `Trụ cầu ${x} ${code}`,
        }),
      ),
    );

    await page.getByLabel('Mã dự án').fill(code);
    await page.getByLabel('Tên dự án').fill(name);
    // the company picker searches without diacritics
    await page.getByRole('combobox', { name: 'Công ty' }).fill('hoa phat');
    await page.getByRole('option', { name: /Hòa Phát/ }).click();
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname === '/management/project/list');
    await page.getByText('Tạo mới dự án thành công').waitFor();

    await openFromList(page, '/management/project/list', code, name);
    // its company by name (on the page, and in the creation's history)
    await page.getByText('Công ty Cổ phần Xây dựng Hòa Phát', { exact: true }).first().waitFor();
    const section = page.locator('section[data-section="constructions"]');
    await section.getByText('Dự án chưa có công trình nào.').waitFor();

    await section.getByRole('button', { name: 'Thêm công trình' }).click();
    const dialog = page.getByRole('dialog');
    for (const c of [a!, b!]) {
      await dialog.getByRole('combobox').fill(c.code);
      await page.getByRole('option', { name: new RegExp(c.code) }).click();
    }
    await dialog.getByRole('button', { name: 'Thêm 2 công trình' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(section, a!.code).waitFor();
    await row(section, b!.code).waitFor();
    expect((await api.get<Construction>(`construction/get/${a!.id}`)).project_id).toBeGreaterThan(0);

    await row(section, a!.code)
      .getByRole('button', { name: `Gỡ công trình khỏi dự án: ${a!.name}` })
      .click();
    await confirm(page, new RegExp(`gỡ công trình "${a!.name}" khỏi dự án`));
    await expect.poll(() => row(section, a!.code).count()).toBe(0);
    await row(section, b!.code).waitFor();
    expect((await api.get<Construction>(`construction/get/${a!.id}`)).project_id).toBeNull();

    // the project's files: an upload is listed and lands in its history
    await page.getByTestId('file-input').setInputFiles({
      name: 'bien-ban-ban-giao.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% SitePay test\n'),
    });
    await page
      .getByTestId('file-input')
      .locator('xpath=ancestor::section')
      .getByText('bien-ban-ban-giao.pdf')
      .waitFor();
    await page.locator('li[data-action="file-add"]').getByText('bien-ban-ban-giao.pdf').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('a closed construction is shown closed, cannot be closed again and takes no new contract', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/construction/list');
    const api = pageApi(page);
    const code = unique('CT');
    const name = `Nhà xưởng ${code}`;
    const created = await api.post<Construction>('construction/create', { code, name });

    await page.goto(`/management/construction/list?search=${code}`);
    await row(page, code).waitFor();
    expect(await row(page, code).getByText('Đã đóng').count()).toBe(0);
    await row(page, code)
      .getByRole('button', { name: `Đóng công trình: ${name}` })
      .click();
    await confirm(page, /đóng công trình/);
    await page.getByText('Đóng công trình thành công').waitFor();
    await row(page, code).getByText('Đã đóng').waitFor();
    expect(
      await row(page, code)
        .getByRole('button', { name: `Đóng công trình: ${name}` })
        .count(),
    ).toBe(0);

    await openFromList(page, '/management/construction/list', code, name);
    await page.locator('[data-flag="closed"]').waitFor();
    expect(await page.getByRole('button', { name: 'Đóng công trình' }).count()).toBe(0);
    // the change history names the move
    const history = page.getByTestId('history-list');
    await history.locator('li[data-action="close"]').getByText('Đóng công trình').waitFor();
    expect((await api.get<Construction>(`construction/get/${created.id}`)).closed).toBe(true);

    // the contract screen refuses it: the server's 422 names the construction
    const contractor = await api.post<{ id: number; code: string }>('constructor/create', {
      code: unique('NTC'),
      name: `Nhà thầu cho ${code}`,
    });
    const taxes = await api.get<{ name: string; code: string }[]>('admin/setting/tax');
    const vat10 = taxes.find((x) => x.code === 'VAT10')!;
    await page.goto('/management/contract/create');
    const form = page.locator('main form').first();
    const pick = async (field: string, search: string, option: RegExp) => {
      const input = form.getByRole('combobox', { name: field, exact: false });
      await input.click();
      await input.fill(search);
      await page.getByRole('option', { name: option }).click();
    };
    await pick('Công trình', code, new RegExp(`${code}.*\\(đã đóng\\)`));
    await pick('Nhà thầu', contractor.code, new RegExp(contractor.code));
    await pick('Loại hợp đồng', '', /thi công/i);
    await form.getByLabel('Số hợp đồng').fill(unique('HĐ-'));
    await form.getByLabel('Ngày ký').fill('15/03/2026');
    await page.locator('input[name="amount_before_vat"]').pressSequentially('100000000');
    await page.getByRole('combobox', { name: /Thuế suất/ }).click();
    await page.getByRole('option', { name: vat10.name }).click();
    await page.getByRole('button', { name: 'Lưu' }).click();
    await expect
      .poll(() => textOf(page.getByTestId('contract-refusal')))
      .toMatch(new RegExp(`Công trình ${code} đã đóng`));
    expect(new URL(page.url()).pathname).toBe('/management/contract/create');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('a contractor with two beneficiaries; a changed account shows in the history', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/constructor/create');
    const code = unique('NT');
    const name = `Công ty TNHH Xây lắp ${code}`;
    const digits = String(Date.now()).slice(-10);
    const [first, second, changed] = [`10${digits}`, `20${digits}`, `30${digits}`];

    await page.getByLabel('Mã nhà thầu').fill(code);
    await page.getByLabel('Tên nhà thầu').fill(name);
    await page.getByLabel('Mã số thuế').fill('12345');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Mã số thuế phải gồm 10 chữ số').waitFor();
    await page.getByLabel('Mã số thuế').fill('0312345673');
    await page.getByRole('combobox', { name: 'Loại nhà thầu' }).fill('chinh');
    await page.getByRole('option', { name: /Nhà thầu chính/ }).click();
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname === '/management/constructor/list');

    await openFromList(page, '/management/constructor/list', code, name);
    // the view's field (the history below may name the type too, once it has loaded)
    await page.getByText('Nhà thầu chính', { exact: true }).first().waitFor();
    const section = page.locator('section[data-section="beneficiaries"]');
    const dialog = page.getByRole('dialog');
    const addBeneficiary = async (payee: string, account: string) => {
      await section.getByRole('button', { name: 'Tạo mới đơn vị thụ hưởng' }).click();
      await dialog.getByLabel('Tên đơn vị thụ hưởng').fill(payee);
      await dialog.getByRole('combobox', { name: 'Ngân hàng' }).fill('ngoai thuong');
      await page.getByRole('option', { name: /Ngoại thương/ }).click();
      await dialog.getByLabel('Số tài khoản').fill(account);
      await dialog.getByLabel('Chi nhánh').fill('Chi nhánh Đà Nẵng');
      await dialog.getByRole('button', { name: 'Lưu' }).click();
    };

    await addBeneficiary(name, '12ab');
    await dialog.getByText('Số tài khoản chỉ gồm chữ số').waitFor();
    await dialog.getByLabel('Số tài khoản').fill(first);
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(section, first).waitFor();

    // the same bank and account twice: the server's 400 lands on the field
    await addBeneficiary('Nguyễn Văn Hải', first);
    await dialog.getByText('Số tài khoản đã tồn tại').waitFor();
    await expect.poll(() => dialog.getByLabel('Số tài khoản').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Số tài khoản').fill(second);
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(section, second).waitFor();
    await expect.poll(() => section.locator('tbody tr').count()).toBe(2);

    await row(section, first)
      .getByRole('button', { name: `Sửa: ${name}` })
      .click();
    await expect
      .poll(() =>
        dialog
          .getByLabel('Số tài khoản')
          .inputValue({ timeout: 500 })
          .catch(() => null),
      )
      .toBe(first);
    await dialog.getByLabel('Số tài khoản').fill(changed);
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(section, changed).waitFor();

    await row(section, changed)
      .getByRole('button', { name: `Lịch sử thay đổi: ${name}` })
      .click();
    const update = dialog.locator('li[data-action="update"]');
    await update.waitFor();
    await expect.poll(() => textOf(update)).toContain('Số tài khoản');
    expect(await update.textContent()).toContain(first);
    expect(await update.textContent()).toContain(changed);
    // the creation names the bank, not its id
    await expect.poll(() => textOf(dialog.locator('li[data-action="create"]'))).toContain('Ngoại thương');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test("the server's field errors speak English too", async () => {
    const { page, context, consoleErrors } = await signedIn('/management/constructor/list');
    const api = pageApi(page);
    const code = unique('EN');
    await api.post('constructor/create', { code, name: `Existing contractor ${code}` });
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.goto('/management/constructor/create');
    await page.getByLabel('Contractor code').fill(code.toLowerCase()); // codes compare without case
    await page.getByLabel('Contractor name').fill('Another contractor');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Contractor code already exists').first().waitFor();
    await page.getByLabel('Tax code').fill('031234');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A tax code is 10 digits').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('the construction selector filters the construction and project lists', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/construction/list');
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBeGreaterThan(1);
    await page.getByRole('combobox', { name: 'Công trình' }).click();
    await page.getByRole('option', { name: 'CT-003 – Xưởng cán thép số 2' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('constructionId')).toMatch(/^\d+$/);
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(1);
    await row(page, 'CT-003').waitFor();

    // the menu keeps the choice: the project list shows the chosen construction's project only
    const nav = page.getByRole('navigation', { name: 'menu' });
    await nav.getByRole('link', { name: 'Dự án' }).click();
    await page.waitForURL((url) => url.pathname === '/management/project/list');
    expect(new URL(page.url()).searchParams.get('constructionId')).toMatch(/^\d+$/);
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(1);
    await row(page, 'DA-HP02').waitFor();

    await page.getByRole('combobox', { name: 'Công trình' }).click();
    await page.getByRole('option', { name: 'Tất cả công trình' }).click();
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBeGreaterThan(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test("a department's director is picked from the users and named in the list", async () => {
    const { page, context, consoleErrors } = await signedIn('/admin/department/create');
    const code = unique('PB');
    await page.getByLabel('Mã phòng ban').fill(code);
    await page.getByLabel('Tên phòng ban').fill(`Phòng Kế hoạch ${code}`);
    await page.getByRole('combobox', { name: 'Trưởng đơn vị' }).fill('tran van minh');
    await page.getByRole('option', { name: /giamdoc/ }).click();
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/department/list');
    await page.getByLabel('Tìm kiếm').fill(code);
    await row(page, code).getByText('Trần Văn Minh').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('a tax is created and edited; its rate is checked and shown as a percentage', async () => {
    const { page, context, consoleErrors } = await signedIn('/admin/setting/tax/create');
    const code = unique('VAT');
    await page.getByLabel('Mã thuế').fill(code);
    await page.getByLabel('Tên thuế').fill(`Thuế thử ${code}`);
    await page.getByLabel('Thuế suất').fill('150');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Thuế suất vượt quá giới hạn cho phép').waitFor();
    await page.getByLabel('Thuế suất').fill('12.5');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/setting/tax/list');
    await page.getByText('Tạo mới thuế suất thành công').waitFor();

    await page.getByLabel('Tìm kiếm').fill(code);
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(code);
    await row(page, code).getByText('12.5%').waitFor();
    await row(page, code)
      .getByRole('link', { name: `Sửa: Thuế thử ${code}` })
      .click();
    await expect
      .poll(() =>
        page
          .getByLabel('Thuế suất')
          .inputValue({ timeout: 500 })
          .catch(() => null),
      )
      .toBe('12.5');
    await page.getByLabel('Thuế suất').fill('7');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/setting/tax/list');
    await page.getByLabel('Tìm kiếm').fill(code);
    await row(page, code).getByText('7%').waitFor();

    await openFromList(page, '/admin/setting/tax/list', code, `Thuế thử ${code}`);
    await page.getByText('7%').first().waitFor();
    await page.locator('li[data-action="update"]').getByText('Thuế suất').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('cost items, described once, have their screens: drawer entry, list, form and checks', async () => {
    const { page, context, consoleErrors } = await signedIn('/admin/setting/bank/list');
    await page.getByRole('link', { name: 'Khoản mục chi phí' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/setting/cost-item/list');
    await page.getByRole('heading', { name: 'Khoản mục chi phí' }).waitFor();
    await page.getByRole('link', { name: 'Tạo mới' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/setting/cost-item/create');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Mã khoản mục chi phí là thông tin bắt buộc').waitFor();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    ).toEqual([]);
    const code = unique('CP');
    await page.getByLabel('Mã khoản mục chi phí').fill(code);
    await page.getByLabel('Tên khoản mục chi phí').fill(`Chi phí vận chuyển ${code}`);
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/setting/cost-item/list');
    await page.getByText('Tạo mới khoản mục chi phí thành công').waitFor();
    await page.getByLabel('Tìm kiếm').fill('van chuyen');
    await row(page, code).getByText(`Chi phí vận chuyển ${code}`).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
