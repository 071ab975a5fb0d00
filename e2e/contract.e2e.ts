/**
 * Contracts: the form picks construction → contractor → beneficiary in order and shows VAT, the
 * amount incl. VAT and the value in words as amounts are typed; the view page adds annexes in place
 * (a refused one shows the server's reason), uploads several files, downloads one byte for byte and
 * deletes one; a closed construction's refusal (422) is shown with the server's reason.
 */
import crypto from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from './support/api.mjs';
import { ADMIN, apiFor, closeBrowser, signedIn, textOf, unique } from './support/browser.ts';
import { fixtures, type Rec } from './support/fixtures.ts';

afterAll(closeBrowser);

type Ref = { id: number; version: number; code: string; name: string };

let call: Call;
let open: Ref; // an open construction
let closed: Ref; // a construction closed in the setup
let contractorA: Rec; // two beneficiaries
let contractorB: Rec; // one beneficiary
let vat10: { id: number; name: string };

beforeAll(async () => {
  call = (await apiFor(ADMIN)).call;
  const { f } = await fixtures();
  const tag = unique('');
  const taxes = await call<{ id: number; code: string; name: string }[]>('GET', 'admin/setting/tax');
  vat10 = taxes.find((t) => t.code === 'VAT10')!;
  const construction = (code: string, name: string) =>
    call<Ref>('POST', 'construction/create', { code, name });
  open = await construction(`CT-O${tag}`, `Nhà xưởng Bình Dương ${tag}`);
  closed = await construction(`CT-C${tag}`, `Kho bãi Long An ${tag}`);
  await call('PATCH', `construction/close/${closed.id}`, { version: closed.version });
  contractorA = await f.contractor({ code: `NT-A${tag}`, name: `Công ty TNHH Xây dựng Phú Cường ${tag}` });
  contractorB = await f.contractor({ code: `NT-B${tag}`, name: `Công ty CP Cơ điện Nam Việt ${tag}` });
  await f.payee(contractorA, { name: `Phú Cường Agribank ${tag}` });
  await f.payee(contractorA, { name: `Phú Cường Vietcombank ${tag}` });
  await f.payee(contractorB, { name: `Nam Việt BIDV ${tag}` });
});

const form = (page: Page) => page.locator('main form').first();
const combo = (page: Page, name: string) => form(page).getByRole('combobox', { name, exact: false });

/** Picks an option of a searchable field by typing part of it. */
async function pick(page: Page, field: string, search: string, option: string | RegExp) {
  const input = combo(page, field);
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).click();
}

const inputValue = (page: Page, name: string) =>
  page
    .locator(`input[name="${name}"]`)
    .inputValue({ timeout: 500 })
    .catch(() => null);

describe('contracts', () => {
  test('create a contract, see VAT and words follow the amount, add annexes in place, attach and download files', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/contract/create');
    const contractNo = unique('HĐ-E2E-');

    // beneficiaries follow the contractor: B's first, then A's once A is chosen (and the choice resets)
    await pick(page, 'Công trình', open.code, new RegExp(open.code));
    await pick(page, 'Nhà thầu', contractorB.code, new RegExp(contractorB.code));
    await pick(page, 'Đơn vị thụ hưởng', '', /Nam Việt BIDV/);
    await expect.poll(() => combo(page, 'Đơn vị thụ hưởng').inputValue()).toMatch(/Nam Việt BIDV/);
    await pick(page, 'Nhà thầu', contractorA.code, new RegExp(contractorA.code));
    await expect.poll(() => combo(page, 'Đơn vị thụ hưởng').inputValue()).toBe('');
    await combo(page, 'Đơn vị thụ hưởng').click();
    await expect
      .poll(() => page.getByRole('option').allTextContents())
      .toEqual([expect.stringMatching(/Phú Cường Agribank/), expect.stringMatching(/Phú Cường Vietcombank/)]);
    await page.getByRole('option', { name: /Phú Cường Vietcombank/ }).click();
    await pick(page, 'Loại hợp đồng', '', /thi công/i);
    await form(page).getByLabel('Số hợp đồng').fill(contractNo);
    const signed = form(page).getByLabel('Ngày ký');
    await signed.fill('31/02/2025');
    await signed.blur();
    await page.getByText('Ngày không hợp lệ, vui lòng chọn lại').waitFor();
    await signed.fill('15/3/2025');
    await signed.blur();
    await expect.poll(() => signed.inputValue()).toBe('15/03/2025');

    // amounts: separators as typed; VAT, the amount incl. VAT and the words follow each key
    const amount = page.locator('input[name="amount_before_vat"]');
    await amount.pressSequentially('1234567');
    await expect.poll(() => amount.inputValue()).toBe('1,234,567');
    await page.getByRole('combobox', { name: /Thuế suất/ }).click();
    await page.getByRole('option', { name: vat10.name }).click();
    await expect.poll(() => textOf(page.getByTestId('preview-vat'))).toBe('123,457');
    await expect.poll(() => textOf(page.getByTestId('preview-amount-vat'))).toBe('1,358,024');
    await expect
      .poll(() => textOf(page.getByTestId('preview-words')))
      .toBe('Một triệu ba trăm năm mươi tám nghìn không trăm hai mươi tư đồng');
    await amount.press('End');
    await amount.press('0');
    await expect.poll(() => amount.inputValue()).toBe('12,345,670');
    await expect.poll(() => textOf(page.getByTestId('preview-amount-vat'))).toBe('13,580,237');
    await expect
      .poll(() => textOf(page.getByTestId('preview-words')))
      .toBe('Mười ba triệu năm trăm tám mươi nghìn hai trăm ba mươi bảy đồng');
    await page.getByLabel('Giữ lại bảo hành (%)').fill('5');
    await page.getByText('5% giá trị sau thuế: 679,012').waitFor();
    await page.getByRole('button', { name: 'Lưu' }).click();

    await page.waitForURL(/\/management\/contract\/view\/\d+$/);
    await page.getByText('Tạo mới hợp đồng thành công').waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const stored = await call<Record<string, string>>('GET', `contract/get/${id}`);
    expect(stored).toMatchObject({
      contract_no: contractNo,
      amount_vat: '13580237.00',
      retention_amount: '679012.00',
      signed_date: '2025-03-15',
      beneficiary_name: expect.stringMatching(/Phú Cường Vietcombank/),
    });
    await expect.poll(() => textOf(page.getByTestId('view-contract-value'))).toBe('13,580,237');
    await expect.poll(() => textOf(page.getByTestId('summary-requested'))).toBe('0');
    await expect.poll(() => textOf(page.getByTestId('summary-paid'))).toBe('0');
    // ceiling = value − retention
    await expect.poll(() => textOf(page.getByTestId('summary-remaining'))).toBe('12,901,225');

    // an annex lowering the value, added in place; the value and its words follow
    await page.getByRole('button', { name: 'Thêm phụ lục' }).click();
    const annexForm = page.getByRole('form', { name: 'Thêm phụ lục' });
    await annexForm.getByLabel('Số phụ lục').fill('PL-01');
    await annexForm.getByLabel('Ngày ký').fill('01/04/2025');
    await annexForm.locator('input[name="amount"]').pressSequentially('-2500000');
    await expect.poll(() => annexForm.locator('input[name="amount"]').inputValue()).toBe('-2,500,000');
    await annexForm.getByText('Âm hai triệu năm trăm nghìn đồng').waitFor();
    await annexForm.getByLabel('Nội dung').fill('Giảm khối lượng sơn ngoài');
    await annexForm.getByRole('button', { name: 'Lưu' }).click();
    await page.getByTestId('annex-row').filter({ hasText: 'PL-01' }).waitFor();
    await expect.poll(() => textOf(page.getByTestId('view-contract-value'))).toBe('11,080,237');
    await expect
      .poll(() => textOf(page.getByTestId('view-contract-words')))
      .toBe('Mười một triệu không trăm tám mươi nghìn hai trăm ba mươi bảy đồng');

    // edited in place
    await page.getByRole('button', { name: 'Sửa: PL-01' }).click();
    const editForm = page.getByRole('form', { name: 'Sửa: PL-01' });
    const annexAmount = editForm.locator('input[name="amount"]');
    await expect.poll(() => annexAmount.inputValue()).toBe('-2,500,000');
    await annexAmount.fill('1000000');
    await editForm.getByRole('button', { name: 'Lưu' }).click();
    await expect.poll(() => textOf(page.getByTestId('view-contract-value'))).toBe('14,580,237');
    await expect.poll(() => textOf(page.getByTestId('annex-total'))).toBe('1,000,000');

    // an annex that would bring the value below zero is refused with the server's reason
    await page.getByRole('button', { name: 'Thêm phụ lục' }).click();
    await annexForm.getByLabel('Số phụ lục').fill('PL-02');
    await annexForm.getByLabel('Ngày ký').fill('02/04/2025');
    await annexForm.locator('input[name="amount"]').pressSequentially('-20000000');
    await annexForm.getByRole('button', { name: 'Lưu' }).click();
    await expect
      .poll(() => textOf(page.getByTestId('annex-refusal')))
      .toMatch(/Phụ lục sẽ đưa giá trị hợp đồng về -/);
    await annexForm.getByRole('button', { name: 'Hủy' }).click();
    expect(await call<unknown[]>('GET', `contract-annex/list/${id}`)).toHaveLength(1);

    // files: two at once, listed, one downloaded byte for byte, one deleted after confirming
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(50_000)]);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      crypto.randomBytes(3_000),
    ]);
    await page.getByTestId('file-input').setInputFiles([
      { name: 'Hợp đồng ký kết.pdf', mimeType: 'application/pdf', buffer: pdf },
      { name: 'ảnh công trường.png', mimeType: 'image/png', buffer: png },
    ]);
    const files = page.getByTestId('file-list').locator('li');
    await expect.poll(() => files.count()).toBe(2);
    const waiting = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Tải về: Hợp đồng ký kết.pdf' }).click();
    const download = await waiting;
    expect(download.suggestedFilename()).toBe('Hợp đồng ký kết.pdf');
    const path = await download.path();
    expect(Buffer.compare(await readFile(path), pdf)).toBe(0);

    await page.getByRole('button', { name: 'Xóa tệp: ảnh công trường.png' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toMatch(/ảnh công trường\.png/);
    await dialog.getByRole('button', { name: 'Xác nhận' }).click();
    await expect.poll(() => files.count()).toBe(1);
    await page.getByTestId('history-list').locator('[data-action="file-remove"]').first().waitFor();

    // the update form starts from the record and shows the value with the annex
    await page.getByRole('link', { name: 'Sửa' }).click();
    await page.waitForURL(`/management/contract/update/${id}`);
    await expect.poll(() => inputValue(page, 'amount_before_vat')).toBe('12,345,670');
    await expect.poll(() => textOf(page.getByTestId('preview-value'))).toBe('14,580,237');
    const update = page.locator('input[name="amount_before_vat"]');
    await update.fill('');
    await update.pressSequentially('20000000');
    await expect.poll(() => textOf(page.getByTestId('preview-value'))).toBe('23,000,000');
    await expect.poll(() => textOf(page.getByTestId('preview-words'))).toBe('Hai mươi ba triệu đồng');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL(`/management/contract/view/${id}`);
    await expect.poll(() => textOf(page.getByTestId('view-contract-value'))).toBe('23,000,000');
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 150_000);

  test("a closed construction's refusal (422) is shown with the server's reason and nothing is stored", async () => {
    const { page, context, consoleErrors } = await signedIn('/management/contract/create');
    const contractNo = unique('HĐ-CLOSED-');
    await combo(page, 'Công trình').click();
    await combo(page, 'Công trình').fill(closed.code);
    await page.getByRole('option', { name: new RegExp(`${closed.code}.*\\(đã đóng\\)`) }).click();
    await page.getByText('Công trình đã đóng, không nhận hợp đồng mới').waitFor();
    await pick(page, 'Nhà thầu', contractorA.code, new RegExp(contractorA.code));
    await pick(page, 'Loại hợp đồng', '', /thi công/i);
    await form(page).getByLabel('Số hợp đồng').fill(contractNo);
    await form(page).getByLabel('Ngày ký').fill('15/03/2025');
    await page.locator('input[name="amount_before_vat"]').pressSequentially('500000000');
    await page.getByRole('combobox', { name: /Thuế suất/ }).click();
    await page.getByRole('option', { name: vat10.name }).click();
    await page.getByRole('button', { name: 'Lưu' }).click();

    await expect
      .poll(() => textOf(page.getByTestId('contract-refusal')))
      .toMatch(new RegExp(`Công trình ${closed.code} đã đóng`));
    expect(new URL(page.url()).pathname).toBe('/management/contract/create');
    const found = await call<{ total: number }>(
      'GET',
      `contract/paging?constructionId=-1&search=${encodeURIComponent(contractNo)}`,
    );
    expect(found.total).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('the list follows the construction selector and shows the value with thousands separators', async () => {
    const contractNo = unique('HĐ-LIST-');
    const { f, by } = await fixtures();
    await f.contract({
      contract_no: contractNo,
      construction_id: open.id,
      constructor_id: contractorB.id,
      signed_date: '2025-06-01',
      amount_before_vat: '2000000000',
      tax_id: vat10.id,
      by: by.admin,
    });
    const { page, context, consoleErrors } = await signedIn(
      `/management/contract/list?constructionId=${open.id}`,
    );
    const row = page.getByRole('row').filter({ hasText: contractNo });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/2,200,000,000/);
    expect(await row.textContent()).toMatch(/01\/06\/2025/);
    await page.getByRole('combobox', { name: 'Công trình' }).click();
    await page.getByRole('option', { name: new RegExp(closed.code) }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('constructionId')).toBe(String(closed.id));
    await expect.poll(() => row.count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
