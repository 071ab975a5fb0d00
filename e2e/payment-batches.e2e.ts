/**
 * Payment batches, the bank's file and the statement back on screen (issue 34 item 4;
 * docs/adr/0096-payment-batches-and-bank-files.md, docs/adr/0097-statement-matching.md). Through the
 * API: a company account and two accepted requests of that company. Then as people would: the
 * accountant makes a batch of the two on the batch list (1280 px) and may not approve it herself (the
 * server's words); the director approves it; the accountant exports it in the default template (an
 * .xlsx read back with exceljs: each line's content starts with the request's number); she imports
 * a CSV statement paying both plus a bank fee, dismisses the fee with a note, and both requests read
 * paid.
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ACCOUNTANT, adminApi, closeBrowser, DIRECTOR, signedIn, textOf } from './support/browser.ts';
import { fixtures, type Rec } from './support/fixtures.ts';

let a: Rec;
let b: Rec;
let account: Rec;

beforeAll(async () => {
  const { f } = await fixtures();
  a = await f.request(await f.contract(), { state: 'accepted', amount: '120000000' });
  b = await f.request(await f.contract(), { state: 'accepted', amount: '45500000' });
  const admin = await adminApi();
  const banks = await admin.get<Rec[]>('bank/list/all');
  account = await admin.post<Rec>('admin/setting/company-bank-account/create', {
    company_id: a.company_id,
    bank_id: banks[0]!.id,
    account_number: `${Date.now()}`.slice(-12),
    holder: 'CONG TY E2E',
  });
}, 120_000);

afterAll(closeBrowser);

const today = () => new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date()); // DD/MM/YYYY

/** The batch page's state chip. */
const batchState = (page: Page) => page.getByTestId('batch-state');

describe('payment batches', () => {
  test('a batch made, approved by another, exported, and paid from the statement', async () => {
    const desk = await signedIn('/management/payment-batch/list', { as: ACCOUNTANT });
    const { page } = desk;
    await page.getByRole('heading', { name: 'Lệnh chi' }).waitFor();
    await page.getByRole('button', { name: 'Lập lệnh chi' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Tài khoản chi' }).click();
    await page.getByRole('option', { name: new RegExp(String(account.account_number)) }).click();
    await dialog.getByRole('checkbox', { name: String(a.code) }).check();
    await dialog.getByRole('checkbox', { name: String(b.code) }).check();
    // each amount what remains, changeable
    expect(await dialog.getByRole('textbox', { name: 'Số tiền' }).first().inputValue()).toMatch(/^\d+\.00$/);
    await dialog.getByRole('button', { name: 'Lập lệnh chi (2 yêu cầu)' }).click();
    await page.waitForURL(/\/management\/payment-batch\/view\/\d+$/);
    const batchUrl = new URL(page.url()).pathname;
    await expect.poll(() => batchState(page).getAttribute('data-state')).toBe('O');
    const lines = page.getByTestId('batch-lines');
    await expect.poll(() => textOf(lines)).toContain('120,000,000');
    expect(await textOf(lines)).toContain('45,500,000');
    const code = String(await textOf(page.getByRole('heading', { level: 1 }))).replace('Lệnh chi ', '');
    expect(code).toMatch(/^LC-\d{4}-\d+$/);

    // the request page names its batch
    const req = await signedIn(`/management/payment/view/${a.id}`, { as: ACCOUNTANT });
    await expect.poll(() => textOf(req.page.getByTestId('payment-batch'))).toBe(`Trong lệnh chi ${code}`);
    await req.context.close();

    // four eyes: the maker may not approve, in the server's words
    await page.getByRole('button', { name: 'Duyệt lệnh chi' }).click();
    await page.getByText('Bạn không thể duyệt lệnh chi do chính mình lập').waitFor();
    expect(await batchState(page).getAttribute('data-state')).toBe('O');

    const boss = await signedIn(batchUrl, { as: DIRECTOR });
    await boss.page.getByRole('button', { name: 'Duyệt lệnh chi' }).click();
    await expect.poll(() => batchState(boss.page).getAttribute('data-state')).toBe('A');
    await boss.context.close();

    // the bank's file, in the default template
    await page.reload();
    await expect.poll(() => batchState(page).getAttribute('data-state')).toBe('A');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Xuất tệp ngân hàng' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${code}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await file.path())!);
    const cells: string[] = [];
    workbook.worksheets[0]!.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(String(cell.value));
      });
    });
    expect(cells.some((c) => c.startsWith(String(a.code)))).toBe(true);
    expect(cells.some((c) => c.startsWith(String(b.code)))).toBe(true);

    // the statement back: both requests paid, a bank fee left to a person
    await page.goto('/management/payment-batch/statement');
    await page.getByRole('combobox', { name: 'Tài khoản chi' }).click();
    await page.getByRole('option', { name: new RegExp(String(account.account_number)) }).click();
    const csv = [
      'Date,Reference,Debit,Content',
      `${today()},FT-E2E-1,"120.000.000",CK ${a.code} thanh toan`,
      `${today()},FT-E2E-2,"45,500,000",${b.code} TT`,
      `${today()},FT-E2E-3,11000,Phi dich vu`,
    ].join('\r\n');
    await page.getByTestId('statement-file').setInputFiles({
      name: 'sao-ke.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await expect
      .poll(() => textOf(page.getByRole('status').filter({ hasText: 'Đọc' })))
      .toBe('Đọc 3 dòng: khớp 2, chưa khớp 1, đã nhập trước đây 0');
    const open = page.getByTestId('statement-unmatched');
    await expect.poll(() => textOf(open)).toContain('FT-E2E-3');
    expect(await textOf(open)).toContain('Không có số yêu cầu trong nội dung');
    await open.getByRole('button', { name: 'Bỏ qua' }).click();
    const dismiss = page.getByRole('dialog');
    await dismiss.getByRole('textbox', { name: 'Ghi chú' }).fill('Phí ngân hàng');
    await dismiss.getByRole('button', { name: 'Bỏ qua' }).click();
    await dismiss.waitFor({ state: 'hidden' });
    await page.getByText('Không có dòng nào').waitFor();

    for (const r of [a, b]) {
      await page.goto(`/management/payment/view/${r.id}`);
      await expect.poll(() => page.getByTestId('payment-chip').getAttribute('data-state')).toBe('P');
    }
    await page.goto(batchUrl);
    await expect.poll(() => batchState(page).getAttribute('data-state')).toBe('P');
    expect(desk.consoleErrors).toEqual([]);
  }, 180_000);

  test('from the payment list: the ticked requests that may be paid go in a new batch', async () => {
    const { f } = await fixtures();
    const contract = await f.contract();
    const ready = await f.request(contract, { state: 'accepted', amount: '30000000' });
    const waiting = await f.request(contract, { state: 'waiting', amount: '20000000' });
    const { page, context, consoleErrors } = await signedIn(
      `/management/payment/list?contractId=${contract.id}`,
      { as: ACCOUNTANT },
    );
    for (const r of [ready, waiting]) {
      const row = page.getByRole('row').filter({ hasText: String(r.code) });
      await row.waitFor();
      await row.getByRole('checkbox').check();
    }
    const bar = page.getByTestId('batch-from-list');
    await expect
      .poll(() => textOf(bar))
      .toContain(
        'Đã chọn 2 yêu cầu; 1 yêu cầu có thể đưa vào lệnh chi (đã duyệt, chưa chi đủ, chưa thuộc lệnh chi nào đang mở).',
      );
    await bar.getByRole('button', { name: 'Lập lệnh chi' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Tài khoản chi' }).click();
    await page.getByRole('option', { name: new RegExp(String(account.account_number)) }).click();
    // the accepted one comes ticked with what remains; the waiting one is not offered
    expect(await dialog.getByRole('checkbox', { name: String(ready.code) }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: String(waiting.code) }).count()).toBe(0);
    await dialog.getByRole('button', { name: /^Lập lệnh chi \(\d+ yêu cầu\)$/ }).click();
    await page.waitForURL(/\/management\/payment-batch\/view\/\d+$/);
    const lines = page.getByTestId('batch-lines');
    await expect.poll(() => textOf(lines)).toContain(String(ready.code));
    expect(await textOf(lines)).toContain('30,000,000');
    expect(await textOf(lines)).not.toContain(String(waiting.code));
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);

  test('on a phone a batch’s lines are cards, nothing beyond the screen’s edge', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/payment-batch/list', {
      as: ACCOUNTANT,
      width: 375,
      height: 812,
    });
    await page.locator('a[href^="/management/payment-batch/view/"]').first().click();
    const lines = page.getByTestId('batch-lines');
    await lines.getByTestId('simple-card').first().waitFor();
    expect(await lines.locator('table').count()).toBe(0);
    // each card: the line's number, then its fields by label
    expect(await lines.getByTestId('simple-card').first().locator('dt').allTextContents()).toEqual([
      'Yêu cầu',
      'Người nhận',
      'Số tiền',
      'Đã chi',
      'Tình trạng',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 60_000);
});
