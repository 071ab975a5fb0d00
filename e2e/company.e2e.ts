/**
 * The generic resource pages, proven on companies: create → list → update → deactivate →
 * activate → delete with confirmations, a stale version, a refused field, row numbers in the URL.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { adminApi, closeBrowser, signedIn, textOf, unique } from './support/browser.ts';

afterAll(closeBrowser);

type Company = { id: number; version: number; code: string; name: string };

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function confirm(page: Page, expectedText: RegExp) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  expect(await dialog.textContent()).toMatch(expectedText);
  expect(Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(400);
  await dialog.getByRole('button', { name: /Xác nhận|Confirm/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('companies', () => {
  test('create, find, update, deactivate, activate and delete a company', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/company/list');
    const code = unique('E2E');
    const name = `Công ty Kiểm thử Đà Nẵng ${code}`;

    await page.getByRole('link', { name: 'Tạo mới' }).click();
    await page.waitForURL((url) => url.pathname === '/management/company/create');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Mã công ty là thông tin bắt buộc').waitFor();
    await page.getByText('Tên công ty là thông tin bắt buộc').waitFor();

    await page.getByLabel('Mã công ty').fill(code);
    await page.getByLabel('Tên công ty').fill(name);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Email không hợp lệ').waitFor();
    await page.getByLabel('Email').fill('');
    await page.getByLabel('Mã số thuế').fill('0401234566');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname === '/management/company/list');
    await page.getByText('Tạo mới công ty thành công').waitFor();

    // diacritic-insensitive search, written into the URL
    await page.getByLabel('Tìm kiếm').fill(`kiem thu da nang ${code.toLowerCase()}`);
    await expect
      .poll(() => new URL(page.url()).searchParams.get('search'))
      .toBe(`kiem thu da nang ${code.toLowerCase()}`);
    await row(page, code).waitFor();
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(1);
    await row(page, code).getByText('Hoạt động').waitFor();

    await row(page, code)
      .getByRole('link', { name: `Sửa: ${name}` })
      .click();
    await page.waitForURL(/\/management\/company\/update\/\d+$/);
    await expect
      .poll(() =>
        page
          .getByLabel('Tên công ty')
          .inputValue({ timeout: 500 })
          .catch(() => null),
      )
      .toBe(name);
    await page.getByLabel('Người đại diện').fill('Nguyễn Văn An');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname === '/management/company/list');
    await page.getByText('Cập nhật công ty thành công').waitFor();

    await page.getByLabel('Tìm kiếm').fill(code);
    await row(page, code)
      .getByRole('button', { name: `Ngừng hoạt động: ${name}` })
      .click();
    await confirm(page, /ngừng hoạt động/);
    await row(page, code).getByText('Ngừng hoạt động', { exact: true }).waitFor();

    await row(page, code)
      .getByRole('button', { name: `Kích hoạt: ${name}` })
      .click();
    await confirm(page, /kích hoạt/);
    await row(page, code).getByText('Hoạt động', { exact: true }).waitFor();

    await row(page, code)
      .getByRole('button', { name: `Xóa: ${name}` })
      .click();
    await confirm(page, /xóa/);
    await page.getByText('Xóa công ty thành công').waitFor();
    await expect.poll(() => row(page, code).count()).toBe(0);

    // deleted records show only when asked for
    await page.getByRole('combobox', { name: 'Trạng thái' }).click();
    await page.getByRole('option', { name: 'Đã xóa' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('deleted');
    await row(page, code).getByText('Đã xóa', { exact: true }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('saving over a newer version says the data is out of date (F5) and writes nothing', async () => {
    const api = await adminApi();
    const code = unique('STALE');
    const created = await api.post<Company>('admin/company/create', { code, name: `Công ty cũ ${code}` });
    const { page, context, consoleErrors } = await signedIn(`/management/company/update/${created.id}`);
    await expect
      .poll(() =>
        page
          .getByLabel('Tên công ty')
          .inputValue({ timeout: 500 })
          .catch(() => null),
      )
      .toBe(`Công ty cũ ${code}`);

    // someone else saves first
    await api.put(`admin/company/update/${created.id}`, {
      code,
      name: `Công ty mới ${code}`,
      version: created.version,
    });

    await page.getByLabel('Tên công ty').fill(`Bản của tôi ${code}`);
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Dữ liệu đã cũ, vui lòng nhấn F5 để tải lại').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/management/company/update/${created.id}`);
    const stored = await api.get<Company>(`admin/company/get/${created.id}`);
    expect(stored.name).toBe(`Công ty mới ${code}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test("the server's 400 shows its message on the field", async () => {
    const api = await adminApi();
    const code = unique('DUP');
    await api.post<Company>('admin/company/create', { code, name: `Công ty gốc ${code}` });
    const { page, context, consoleErrors } = await signedIn('/management/company/create');
    await page.getByLabel('Mã công ty').fill(code);
    await page.getByLabel('Tên công ty').fill(`Công ty trùng mã ${code}`);
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Mã công ty đã tồn tại').first().waitFor();
    await expect.poll(() => page.getByLabel('Mã công ty').getAttribute('aria-invalid')).toBe('true');
    await page.getByText(/Yêu cầu không hợp lệ/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/management/company/create');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('row numbers continue across pages: index + 1 + page size × (page − 1)', async () => {
    const api = await adminApi();
    for (const n of [1, 2, 3]) {
      const code = unique(`ROW${n}`);
      await api.post<Company>('admin/company/create', { code, name: `Công ty đánh số ${code}` });
    }
    const { page, context, consoleErrors } = await signedIn('/management/company/list?page=2&itemsPerPage=2');
    const firstCell = page.locator('.MuiDataGrid-row').first().locator('[data-field="__row"]');
    await expect.poll(() => textOf(firstCell)).toBe('3');
    await page.getByRole('button', { name: /next page|trang (tiếp|sau)/i }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('3');
    await expect.poll(() => textOf(firstCell)).toBe('5');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
