/** Language and theme: labels and date format follow the language; colour and sidebar survive a reload. */
import { formatDate } from '@sitepay/domain/date-format';
import { afterAll, describe, expect, test } from 'vitest';
import { accessibleShade } from '../web/src/app/theme.ts';
import { adminApi, closeBrowser, signedIn, textOf, unique } from './support/browser.ts';

afterAll(closeBrowser);

type Company = { id: number; code: string; created_at: string };

describe('preferences', () => {
  test('switching language changes the labels and the date format', async () => {
    const api = await adminApi();
    const code = unique('LANG');
    const company = await api.post<Company>('admin/company/create', {
      code,
      name: `Công ty ngôn ngữ ${code}`,
    });
    const { page, context, consoleErrors } = await signedIn(`/management/company/list?search=${code}`);
    const dateCell = page.locator('.MuiDataGrid-row').first().locator('[data-field="created_at"]');

    await page.getByRole('columnheader', { name: 'Mã công ty' }).waitFor();
    await expect.poll(() => textOf(dateCell)).toBe(formatDate(company.created_at, 'vi'));

    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('columnheader', { name: 'Company code' }).waitFor();
    await page.getByRole('heading', { name: 'Companies' }).waitFor();
    await expect.poll(() => textOf(dateCell)).toBe(formatDate(company.created_at, 'en'));
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    // the choice is kept, and validation speaks English too
    await page.reload();
    await page.getByRole('columnheader', { name: 'Company code' }).waitFor();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Company code is required').waitFor();

    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'Tiếng Việt' }).click();
    await page.getByText('Mã công ty là thông tin bắt buộc').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('the theme colour and a dark sidebar are kept after a reload', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/company/list');
    const createButton = page.getByRole('link', { name: 'Tạo mới' });
    const background = () => createButton.evaluate((el) => getComputedStyle(el).backgroundColor);
    // orange #ff9800 by default, darkened until text in it reads on white (WCAG AA)
    expect(await background()).toBe(accessibleShade('#ff9800'));
    expect(accessibleShade('#ff9800')).not.toBe('rgb(255, 152, 0)');

    await page.getByRole('button', { name: 'Cài đặt giao diện' }).click();
    await page.getByRole('radio', { name: 'Xanh dương' }).click();
    await page.getByRole('button', { name: 'Tối' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(background).toBe(accessibleShade('#2196f3'));
    const nav = page.getByRole('navigation', { name: 'menu' });
    expect(await nav.getAttribute('data-sidebar')).toBe('dark');

    await page.reload();
    await createButton.waitFor();
    await expect.poll(background).toBe(accessibleShade('#2196f3'));
    expect(await nav.getAttribute('data-sidebar')).toBe('dark');
    expect(await nav.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(31, 38, 51)');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
