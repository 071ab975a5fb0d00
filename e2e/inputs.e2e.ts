/**
 * What the fields take as typed (issue 30, 12–16), on the generic field and form components: a date
 * typed as its digits alone or picked from the calendar; a bank found by its brand name and its BIN;
 * a file of another type refused before it is sent, naming the types taken (and the API's 400 saying
 * it too); a form with changes asking before it is left, but not after it was saved; a phone number
 * that is not one refused on its field; the VAT rates in the order of their values.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, apiFor, BASE_URL, closeBrowser, signedIn, textOf, unique } from './support/browser.ts';
import { fixtures, type Rec } from './support/fixtures.ts';

afterAll(closeBrowser);

type Call = Awaited<ReturnType<typeof apiFor>>['call'];
let call: Call;
let contractor: Rec;

beforeAll(async () => {
  call = (await apiFor(ADMIN)).call;
  const { f } = await fixtures();
  contractor = await f.contractor({ code: unique('NT-IN'), name: `Công ty TNHH Nhập liệu ${unique('')}` });
});

const input = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const typedIn = (page: Page, label: string) =>
  input(page, label)
    .inputValue({ timeout: 500 })
    .catch(() => null);

/** Switches the app to English (kept in the preferences of this context only). */
async function english(page: Page) {
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
}

describe('inputs', () => {
  test('12. a date typed as its digits alone, or with . or -, and picked from a calendar in both languages', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/contract/create');
    const signed = input(page, 'Ngày ký');
    for (const [typed, shown] of [
      ['15102026', '15/10/2026'],
      ['151026', '15/10/2026'],
      ['5.3.2026', '05/03/2026'],
      ['5-3-2026', '05/03/2026'],
      ['7/11/2026', '07/11/2026'],
    ] as const) {
      await signed.fill(typed);
      await signed.blur();
      await expect.poll(() => typedIn(page, 'Ngày ký')).toBe(shown);
      expect(await page.getByText('Ngày không hợp lệ').count()).toBe(0);
    }
    await signed.fill('31022026');
    await signed.blur();
    await page.getByText('Ngày không hợp lệ').waitFor();

    // every date field of the form has its calendar
    const dateFields = await page.locator('main form input[placeholder="DD/MM/YYYY"]').count();
    expect(dateFields).toBeGreaterThanOrEqual(2);
    expect(
      await page
        .locator('main form')
        .getByRole('button', { name: /^Chọn ngày: / })
        .count(),
    ).toBe(dateFields);

    await signed.fill('15102026');
    await signed.blur();
    await page.getByRole('button', { name: 'Chọn ngày: Ngày ký' }).click();
    const calendar = page.getByRole('dialog', { name: 'Chọn ngày: Ngày ký' });
    await calendar.getByText('tháng 10 2026').waitFor();
    await calendar.getByRole('gridcell', { name: '20' }).click();
    await calendar.waitFor({ state: 'hidden' });
    await expect.poll(() => typedIn(page, 'Ngày ký')).toBe('20/10/2026');

    // in English: the same button by its English name, an English calendar, the date still DD/MM/YYYY
    await english(page);
    await page.getByRole('button', { name: 'Choose a date: Signed date' }).click();
    const enCalendar = page.getByRole('dialog', { name: 'Choose a date: Signed date' });
    await enCalendar.getByText('October 2026').waitFor();
    await enCalendar.getByRole('gridcell', { name: '21' }).click();
    await expect.poll(() => typedIn(page, 'Signed date')).toBe('21/10/2026');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('13. the bank picker finds a bank by its brand name, code and BIN, without case or diacritics', async () => {
    const { page, context, consoleErrors } = await signedIn(`/management/constructor/view/${contractor.id}`);
    const section = page.locator('section[data-section="beneficiaries"]');
    await section.getByRole('button', { name: 'Tạo mới đơn vị thụ hưởng' }).click();
    const dialog = page.getByRole('dialog');
    const bank = dialog.getByRole('combobox', { name: 'Ngân hàng' });
    for (const [typed, found] of [
      ['Vietcombank', /Ngoại thương Việt Nam/],
      ['agribank', /Nông nghiệp và Phát triển Nông thôn/],
      ['TECHCOMBANK', /Kỹ thương Việt Nam/],
      ['970436', /Ngoại thương Việt Nam/],
      ['ngoai thuong', /Ngoại thương Việt Nam/],
    ] as const) {
      await bank.fill(typed);
      await expect.poll(() => page.getByRole('option').count()).toBe(1);
      expect(await textOf(page.getByRole('option'))).toMatch(found);
    }
    await page.getByRole('option', { name: /Ngoại thương/ }).click();
    await expect.poll(() => bank.inputValue()).toMatch(/^VCB – /);
    await dialog.getByRole('button', { name: 'Hủy' }).click();

    // the bank list's search (on the server) finds it by its brand name too
    await page.goto('/admin/setting/bank/list?search=vietcombank');
    await page.getByRole('row').filter({ hasText: 'Ngân hàng TMCP Ngoại thương Việt Nam' }).waitFor();
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('14. a file of another type is refused before it is sent, and by the API, naming the types taken', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/company/list');
    const companies = await call<{ id: number; code: string }[]>('GET', 'admin/company/list/all');
    await page.goto(`/management/company/view/${companies[0]!.id}`);
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/file/upload')) uploads.push(r.url());
    });
    const fileInput = page.getByTestId('file-input');
    await fileInput.setInputFiles({
      name: 'setup.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    });
    const alert = page.getByRole('alert').filter({ hasText: 'setup.exe' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      '"setup.exe" không được gửi lên. Chỉ nhận tệp PDF, Word (DOC, DOCX, ODT), Excel (XLS, XLSX, ODS), PowerPoint (PPT, PPTX), ảnh (JPG, JPEG, PNG, GIF, WEBP)',
    );
    // the file input offers the same types
    expect(await fileInput.getAttribute('accept')).toContain('.pdf');
    expect(await fileInput.getAttribute('accept')).not.toContain('.exe');
    expect(uploads).toEqual([]);

    // the API says it too, for any client
    const answer = await fetch(`${BASE_URL}/api/admin/company/file/upload`, {
      method: 'POST',
      headers: (await apiFor(ADMIN)).headers,
      body: (() => {
        const body = new FormData();
        body.append('id', String(companies[0]!.id));
        body.append('file', new Blob([Buffer.from('MZ')]), 'setup.exe');
        return body;
      })(),
    });
    expect(answer.status).toBe(400);
    const refused = (await answer.json()) as { message: string; errors: unknown };
    expect(refused.errors).toEqual([{ field: 'file', message: 'file_type' }]);
    expect(refused.message).toContain('Only PDF, Word (DOC, DOCX, ODT), Excel (XLS, XLSX, ODS)');

    await english(page);
    await fileInput.setInputFiles({
      name: 'macro.bat',
      mimeType: 'text/plain',
      buffer: Buffer.from('@echo'),
    });
    await page
      .getByRole('alert')
      .filter({ hasText: '"macro.bat" not uploaded. Only PDF, Word (DOC, DOCX, ODT)' })
      .waitFor();
    expect(uploads).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('15. a form with changes asks before it is left, in the app and when the tab closes; not after a save', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/constructor/list');
    // into the form from the list, inside the app: Cancel then goes back inside it too
    await page.getByRole('link', { name: 'Tạo mới' }).click();
    await page.waitForURL((url) => url.pathname === '/management/constructor/create');
    const code = unique('NT-LV');
    await input(page, 'Mã nhà thầu').fill(code);

    // Cancel goes back: asked first, and staying keeps what was typed
    await page.getByRole('button', { name: 'Hủy' }).click();
    const ask = page.getByRole('dialog', { name: 'Rời khỏi biểu mẫu?' });
    await ask.getByText('Những thay đổi chưa lưu sẽ bị mất').waitFor();
    await ask.getByRole('button', { name: 'Ở lại' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/management/constructor/create');
    expect(await typedIn(page, 'Mã nhà thầu')).toBe(code);

    // a menu entry: asked, and leaving goes
    await page.getByRole('navigation', { name: 'menu' }).getByRole('link', { name: 'Công ty' }).click();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Rời trang' }).click();
    await page.waitForURL((url) => url.pathname === '/management/company/list');

    // closing the tab: the browser's own question
    await page.goto('/management/constructor/create');
    await input(page, 'Mã nhà thầu').fill(code);
    await input(page, 'Tên nhà thầu').fill(`Nhà thầu ${code}`);
    const closing = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await closing).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    // saved: the page goes to the list without asking
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname === '/management/constructor/list');
    expect(await ask.count()).toBe(0);

    // an update form left unchanged goes without asking
    await page.goto(`/management/constructor/update/${contractor.id}`);
    await expect.poll(() => typedIn(page, 'Mã nhà thầu')).toBe(contractor.code);
    await page.getByRole('button', { name: 'Hủy' }).click();
    await page.waitForURL((url) => url.pathname !== `/management/constructor/update/${contractor.id}`);
    expect(await ask.count()).toBe(0);

    // a feature's own form page too: the payment request
    await page.goto('/management/payment/create');
    await page.getByLabel('Nội dung thanh toán').first().fill('Tạm ứng đợt 1');
    await page.getByRole('navigation', { name: 'menu' }).getByRole('link', { name: 'Công ty' }).click();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Ở lại' }).click();
    expect(new URL(page.url()).pathname).toBe('/management/payment/create');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('16. a phone number that is not one is refused on its field; the VAT rates in the order of their values', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/constructor/create');
    const code = unique('NT-SDT');
    await input(page, 'Mã nhà thầu').fill(code);
    await input(page, 'Tên nhà thầu').fill(`Nhà thầu ${code}`);
    await input(page, 'Số điện thoại').fill('09a');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Số điện thoại không hợp lệ: số di động gồm 10 chữ số bắt đầu bằng 0').waitFor();
    await expect.poll(() => input(page, 'Số điện thoại').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/management/constructor/create');
    await input(page, 'Số điện thoại').fill('0912 345 678');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname === '/management/constructor/list');

    // the server refuses it too, naming the field
    await expect(
      call('POST', 'constructor/create', { code: `${code}X`, name: 'X', phone: '09a' }),
    ).rejects.toThrow(/400 .*"field":"phone","message":"invalid_phone"/);

    // the contract's VAT rates: 0%, 5%, 8%, 10% — not 0%, 10%, 5%, 8%
    await page.goto('/management/contract/create');
    await page.getByTestId('tax-select').locator('..').getByRole('combobox').click();
    const rates = (await page.getByRole('option').allTextContents()).filter((x) => /GTGT \d+%/.test(x));
    expect(rates).toEqual(['Thuế GTGT 0%', 'Thuế GTGT 5%', 'Thuế GTGT 8%', 'Thuế GTGT 10%']);
    await page.keyboard.press('Escape');
    // and the taxes' own list
    await page.goto('/admin/setting/tax/list');
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBeGreaterThanOrEqual(4);
    const names = (await page.locator('.MuiDataGrid-row [data-field="name"]').allTextContents()).filter((x) =>
      /GTGT \d+%/.test(x),
    );
    expect(names).toEqual(['Thuế GTGT 0%', 'Thuế GTGT 5%', 'Thuế GTGT 8%', 'Thuế GTGT 10%']);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
