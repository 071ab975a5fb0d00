/**
 * A contract's figures as the accountant uses them (issue 30): an annex refreshes every panel of
 * the page at once; the warranty retention and the bank guarantees are two things, the papers
 * lowering nothing; the two "remaining" figures are named apart; an annex says that it includes VAT
 * and is written in the contract's history.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser, signedIn, textOf, unique } from './support/browser.ts';
import { fixtures } from './support/fixtures.ts';

afterAll(closeBrowser);

/** A contract of 1,100,000,000 incl. VAT (VAT 10 %), 5 % held back, and a request of 100,000,000. */
async function contractWithRequest() {
  const { f } = await fixtures();
  const contract = await f.contract({
    contract_no: unique('HĐ-FIG-'),
    amount_before_vat: '1000000000',
    retention_percent: '5',
    retention_release_date: '2027-06-30',
  });
  await f.request(contract, { amount: '100000000' });
  return contract;
}

async function addAnnex(page: Page, no: string, amount: string) {
  await page.getByRole('button', { name: 'Thêm phụ lục' }).click();
  const annexForm = page.getByRole('form', { name: 'Thêm phụ lục' });
  await annexForm.getByLabel('Số phụ lục').fill(no);
  await annexForm.getByLabel('Ngày ký').fill('01/04/2025');
  await annexForm.locator('input[name="amount"]').pressSequentially(amount);
  await annexForm.getByRole('button', { name: 'Lưu' }).click();
  await page.getByTestId('annex-row').filter({ hasText: no }).waitFor();
}

describe('a contract’s figures', () => {
  test('an annex refreshes the value card and the payment panel together, without a reload', async () => {
    const contract = await contractWithRequest();
    const { page, context, consoleErrors } = await signedIn(`/management/contract/view/${contract.id}`);
    await expect.poll(() => textOf(page.getByTestId('summary-contract_value'))).toBe('1,100,000,000');
    await expect.poll(() => textOf(page.getByTestId('summary-ceiling'))).toBe('1,045,000,000');
    await addAnnex(page, 'PL-01', '110000000');
    // the value card, and the panel beside it: value, ceiling (5 % of the new value held back),
    // what may still be requested, and the retention line
    await expect.poll(() => textOf(page.getByTestId('view-contract-value'))).toBe('1,210,000,000');
    await expect.poll(() => textOf(page.getByTestId('summary-contract_value'))).toBe('1,210,000,000');
    await expect.poll(() => textOf(page.getByTestId('summary-ceiling'))).toBe('1,149,500,000');
    await expect.poll(() => textOf(page.getByTestId('summary-remaining'))).toBe('1,049,500,000');
    await page.getByText('Tiền giữ lại bảo hành chưa hoàn trả: 60,500,000').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 60_000);

  test('the retention is held back; a bank guarantee is a paper of its own that lowers nothing', async () => {
    const contract = await contractWithRequest();
    const { page, context, consoleErrors } = await signedIn(`/management/contract/view/${contract.id}`);
    await expect.poll(() => textOf(page.getByTestId('view-retention'))).toBe('55,000,000');
    await page.getByText('5% của giá trị hợp đồng 1,100,000,000 đồng (gồm phụ lục)').waitFor();
    await expect.poll(() => textOf(page.getByTestId('summary-ceiling'))).toBe('1,045,000,000');

    const section = page.locator('section[data-section="guarantees"]');
    await section.getByText('Hợp đồng chưa có bảo lãnh ngân hàng').waitFor();
    await section.getByRole('button', { name: 'Tạo mới bảo lãnh ngân hàng' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Loại bảo lãnh' }).click();
    await page.getByRole('option', { name: 'Bảo lãnh thực hiện hợp đồng' }).click();
    await dialog.getByRole('combobox', { name: 'Ngân hàng phát hành' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByLabel('Số bảo lãnh').fill('BL-TH-0425');
    await dialog.locator('input[name="amount"]').pressSequentially('125000000');
    await dialog.getByLabel('Ngày hết hạn').fill('31/12/2026');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    const row = section.getByRole('row').filter({ hasText: 'BL-TH-0425' });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Bảo lãnh thực hiện hợp đồng.*125,000,000.*31\/12\/2026/);
    // the paper withholds nothing: the ceiling is as before
    await expect.poll(() => textOf(page.getByTestId('summary-ceiling'))).toBe('1,045,000,000');

    // the form names the retention as such
    await page.getByRole('link', { name: 'Sửa' }).click();
    await page.waitForURL(`/management/contract/update/${contract.id}`);
    await page.getByText('Giữ lại bảo hành, quyết toán và phạt').waitFor();
    await expect.poll(() => page.getByLabel('Giữ lại bảo hành (%)').inputValue()).toBe('5.00');
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 60_000);

  test('the two "remaining" figures are named apart, in Vietnamese and English', async () => {
    const contract = await contractWithRequest();
    const { page, context, consoleErrors } = await signedIn(`/management/contract/view/${contract.id}`);
    const tile = page.getByTestId('summary-remaining').locator('..');
    await expect.poll(() => textOf(tile)).toBe('Còn được đề nghị945,000,000');
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => textOf(tile)).toBe('Still requestable945,000,000');
    // the construction report says what is left to pay, by its own name
    await page.goto(`/report/construction/view/${contract.construction_id}`);
    await page.getByText('Left to pay', { exact: true }).first().waitFor();
    expect(await page.getByText(/^Remaining/).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 60_000);

  test('an annex’s amount says it includes VAT, and the annex is in the contract’s history', async () => {
    const contract = await contractWithRequest();
    const { page, context, consoleErrors } = await signedIn(`/management/contract/view/${contract.id}`);
    await page.getByRole('button', { name: 'Thêm phụ lục' }).click();
    const annexForm = page.getByRole('form', { name: 'Thêm phụ lục' });
    await annexForm.getByLabel('Giá trị (gồm VAT)').waitFor();
    await annexForm
      .getByText('Giá trị gồm VAT, cộng vào giá trị sau thuế của hợp đồng', { exact: false })
      .waitFor();
    await annexForm.getByRole('button', { name: 'Hủy' }).click();
    await addAnnex(page, 'PL-LS', '110000000');
    const entry = page.getByTestId('history-list').locator('li[data-action="annex-add"]').first();
    await expect.poll(() => textOf(entry)).toContain('Thêm phụ lục');
    const text = (await entry.textContent()) ?? '';
    expect(text).toContain('PL-LS');
    expect(text).toMatch(/Giá trị hợp đồng\s*1,100,000,000.*1,210,000,000/);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 60_000);
});
