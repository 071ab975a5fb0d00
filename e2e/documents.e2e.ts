/**
 * Documents out (issue 13), as people use them. A bank gets its NAPAS BIN on the bank settings
 * screen (a five-digit one refused on the field); a contractor paid at a bank with its BIN has a request
 * written by the accountant and accepted by the director (through the API): its page prints it as
 * Word — a .docx named after the request holding the contract number — and as PDF (LibreOffice),
 * and shows the VietQR code with the bank, account, holder, amount and transfer content. A request
 * at a bank without BIN says why it has no code, a paid one says it is paid, one not yet accepted
 * shows no VietQR block; a server without LibreOffice says so while Word still prints. The contract
 * and payment lists, narrowed by a search and a status chip, export exactly the rows they show
 * (read back with exceljs); an export can be cancelled while it runs, and a busy server is told
 * in Vietnamese.
 */
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { formatAmount } from '@sitepay/domain/number-format';
import ExcelJS from 'exceljs';
import PizZip from 'pizzip';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from './support/api.mjs';
import {
  ACCOUNTANT,
  ADMIN,
  apiFor,
  closeBrowser,
  settleAnimations,
  signedIn,
  textOf,
  unique,
} from './support/browser.ts';
import { fixtures, type Rec, type RequestState } from './support/fixtures.ts';

afterAll(closeBrowser);

type Ref = { id: number; version: number; code: string; name: string };

const tag = unique('').slice(-7);
let admin: Call;
let bank: Rec; // has its BIN: its requests get a VietQR code
let contracts: Rec[]; // three with the tag in their number; the first and second at `bank`
const requests: Record<'accepted' | 'noBin' | 'paid' | 'waiting', Rec & { contract: Rec }> = {} as never;
const account = `19${Date.now()}`.slice(-12);

beforeAll(async () => {
  admin = (await apiFor(ADMIN)).call;
  const { f, by } = await fixtures();
  const construction = (await admin<Ref[]>('GET', 'account/construction/list')).find(
    (c) => c.code === 'CT-001',
  )!;
  bank = await admin<Rec>('POST', 'admin/setting/bank/create', {
    code: `QR${tag}`,
    name: `Ngân hàng Thử QR ${tag}`,
    bin: '970499',
  });
  const noBin = await admin<Ref>('POST', 'admin/setting/bank/create', {
    code: `NB${tag}`,
    name: `Ngân hàng Chưa BIN ${tag}`,
  });
  const contractor = await f.contractor({ code: `NT-Q${tag}`, name: `Công ty CP Xây dựng Hòa Bình ${tag}` });
  const atBank = await f.payee(contractor, { bank_id: bank.id, account_number: account });
  const atNoBin = await f.payee(contractor, {
    bank_id: noBin.id,
    account_number: `${account.slice(0, -1)}9`,
  });
  contracts = [];
  for (const [i, beneficiary] of [atBank, atNoBin, atBank].entries())
    contracts.push(
      await f.contract({
        contract_no: `HĐ/QR-${tag}-${i + 1}`,
        construction_id: construction.id,
        constructor_id: contractor.id,
        beneficiary_id: beneficiary.id,
        signed_date: `2026-0${i + 1}-15`,
        guarantee_percent: '5',
        by: by.admin,
      }),
    );
  const transactionType = (await admin<{ id: number; status: string }[]>('GET', 'transaction-type/list/all'))
    .filter((x) => x.status === 'O')
    .at(0)!;
  const departments = await (await apiFor(ACCOUNTANT)).call<{ id: number }[]>(
    'GET',
    'account/department/list',
  );
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
  const write = async (contract: Rec, amount: string, state: RequestState) => ({
    ...(await f.request(contract, {
      payment_code: 'TD',
      transaction_type_id: transactionType.id,
      date: today,
      amount,
      note: `Thanh toán đợt ${tag}`,
      department_id: departments[0]?.id,
      state,
    })),
    contract,
  });
  requests.paid = await write(contracts[0]!, '100000000', 'paid');
  requests.accepted = await write(contracts[0]!, '250000000', 'accepted');
  requests.noBin = await write(contracts[1]!, '80000000', 'accepted');
  requests.waiting = await write(contracts[2]!, '50000000', 'waiting');
});

/** Serious and critical WCAG 2.1 A/AA violations of the page as it stands (as accessibility.e2e.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Console errors but the refusals a test provokes on purpose (501, 503). */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/status of (501|503)/.test(e) && !/net::ERR_ABORTED/.test(e));

const snack = (page: Page, text: string | RegExp) =>
  page.locator('.notistack-SnackbarContainer [role="alert"]').filter({ hasText: text });

/** The rows the list shows, each as the text of the given columns (once it has `count` rows). */
async function listRows(page: Page, fields: string[], count: number): Promise<string[][]> {
  const rows = page.locator('.MuiDataGrid-row');
  await expect.poll(() => rows.count()).toBe(count);
  await expect.poll(() => page.locator('.MuiDataGrid-overlay, .MuiLinearProgress-root').count()).toBe(0);
  return rows.evaluateAll(
    (elements, names) =>
      elements.map((row) =>
        names.map((name) => row.querySelector(`[data-field="${name}"]`)?.textContent?.trim() ?? ''),
      ),
    fields,
  );
}

/** The data rows of an exported sheet under its header row, as text of the named columns. */
async function sheetRows(file: Download, headers: string[]): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await file.path())!);
  const sheet = workbook.worksheets[0]!;
  let headerRow = 0;
  const columns: number[] = [];
  sheet.eachRow((row, number) => {
    if (headerRow) return;
    const values = (row.values as unknown[]).map((v) => (v == null ? '' : String(v)));
    if (headers.every((h) => values.includes(h))) {
      headerRow = number;
      for (const h of headers) columns.push(values.indexOf(h));
    }
  });
  expect(headerRow, `a header row with ${headers.join(', ')}`).toBeGreaterThan(0);
  const rows: string[][] = [];
  sheet.eachRow((row, number) => {
    if (number <= headerRow) return;
    // a list with money ends with its totals row
    if (row.getCell(1).value === 'Tổng cộng') return;
    rows.push(columns.map((c) => String(row.getCell(c).value ?? '')));
  });
  return rows;
}

/** The lines above an exported sheet's table (title, filters in words, export time). */
async function sheetHeading(file: Download): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await file.path())!);
  const lines: string[] = [];
  workbook.worksheets[0]!.eachRow((row, number) => {
    if (number <= 4) lines.push((row.values as unknown[]).filter((v) => v != null).join(' '));
  });
  return lines.join('\n');
}

describe('documents out', () => {
  test('the bank settings take a six-digit NAPAS BIN, refused otherwise on the field', async () => {
    const bank = await admin<Ref>('POST', 'admin/setting/bank/create', {
      code: `BN${tag}`,
      name: `Ngân hàng Thêm BIN ${tag}`,
    });
    const { page, context, consoleErrors } = await signedIn(`/admin/setting/bank/update/${bank.id}`);
    const bin = page.getByLabel('Mã BIN (NAPAS)');
    await bin.fill('97043');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await expect
      .poll(() =>
        textOf(page.locator('.Mui-error').filter({ hasText: 'Mã BIN (NAPAS) không đúng định dạng' }).first()),
      )
      .toContain('không đúng định dạng');
    await bin.fill('970499');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => !url.pathname.includes('/update/'));
    expect((await admin<{ bin: string | null }>('GET', `admin/setting/bank/get/${bank.id}`)).bin).toBe(
      '970499',
    );
    // the list shows it beside the bank
    await page.goto(`/admin/setting/bank/list?search=${encodeURIComponent(bank.code)}`);
    const [row] = await listRows(page, ['code', 'bin'], 1);
    expect(row).toEqual([bank.code, '970499']);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('an accepted request prints as Word and PDF and shows its VietQR code', async () => {
    const p = requests.accepted;
    const { page, context, consoleErrors } = await signedIn(`/management/payment/view/${p.id}`);
    const qr = page.getByTestId('vietqr');
    await qr.getByTestId('vietqr-image').waitFor();
    // a real picture, drawn from the code's payload
    await expect
      .poll(() => qr.getByTestId('vietqr-image').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(100);
    expect(await textOf(qr.getByTestId('vietqr-bank'))).toBe(`Ngân hàng Thử QR ${tag}`);
    expect(await textOf(qr.getByTestId('vietqr-account'))).toBe(account);
    expect(await textOf(qr.getByTestId('vietqr-holder'))).toBeTruthy();
    expect(await textOf(qr.getByTestId('vietqr-amount'))).toContain('250,000,000 đồng');
    expect(await textOf(qr.getByTestId('vietqr-words'))).toBe('Hai trăm năm mươi triệu đồng');
    expect(await textOf(qr.getByTestId('vietqr-content'))).toBe(`${p.code} HD-QR-${tag}-1`.slice(0, 25));
    expect(await seriousViolations(page)).toEqual([]);

    const fileName = `${p.code}-HĐ-QR-${tag}-1-${p.requirement_no}`;
    await page.getByTestId('print').click();
    await page.getByTestId('print-pdf').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const word = page.waitForEvent('download');
    await page.getByTestId('print-docx').click();
    const docx = await word;
    expect(docx.suggestedFilename()).toBe(`${fileName}.docx`);
    const zip = new PizZip(await readFile((await docx.path())!));
    expect(zip.file('word/document.xml')?.asText()).toContain(p.contract.contract_no);

    await page.getByTestId('print').click();
    const pdf = page.waitForEvent('download', { timeout: 45_000 });
    await page.getByTestId('print-pdf').click();
    const printed = await pdf;
    expect(printed.suggestedFilename()).toBe(`${fileName}.pdf`);
    expect((await readFile((await printed.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 90_000);

  test('without LibreOffice the PDF says why, and Word still prints', async () => {
    const p = requests.accepted;
    const { page, context, consoleErrors } = await signedIn(`/management/payment/view/${p.id}`);
    await page.route(/\/api\/payment-transaction\/download\/\d+\?.*format=pdf/, (route) =>
      route.fulfill({
        status: 501,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 501,
          code: 'not_implemented',
          message: 'PDF printing needs LibreOffice',
          reason: 'pdf_unavailable',
        }),
      }),
    );
    await page.getByTestId('print').click();
    await page.getByTestId('print-pdf').click();
    await snack(page, 'chưa cài LibreOffice').first().waitFor();
    await page.getByTestId('print').click();
    const pdfItem = page.getByTestId('print-pdf');
    await expect.poll(() => pdfItem.getAttribute('aria-disabled')).toBe('true');
    expect(await textOf(pdfItem)).toContain('chưa cài LibreOffice');
    const word = page.waitForEvent('download');
    await page.getByTestId('print-docx').click();
    expect((await word).suggestedFilename()).toMatch(/\.docx$/);
    expect(unexpected(consoleErrors)).toEqual([]);
    await context.close();
  });

  test('no code at a bank without BIN, none once paid, no block before acceptance', async () => {
    const { page, context, consoleErrors } = await signedIn(`/management/payment/view/${requests.noBin.id}`);
    const note = page.getByTestId('vietqr-note');
    await expect
      .poll(() => textOf(note.getByTestId('vietqr-reason')))
      .toBe(
        `Ngân hàng Chưa BIN ${tag} chưa có mã BIN NAPAS trong danh mục ngân hàng: chưa tạo được mã VietQR`,
      );
    expect(await page.getByTestId('vietqr-image').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    // the administrator may put it right at once
    expect(
      await note.getByRole('link', { name: 'Thêm mã BIN cho ngân hàng này' }).getAttribute('href'),
    ).toMatch(/^\/admin\/setting\/bank\/update\/\d+$/);

    await page.goto(`/management/payment/view/${requests.paid.id}`);
    await expect.poll(() => textOf(page.getByTestId('vietqr-note'))).toContain('đã được thanh toán');
    expect(await page.getByTestId('vietqr-image').count()).toBe(0);

    await page.goto(`/management/payment/view/${requests.waiting.id}`);
    await page.getByTestId('payment-title').waitFor();
    await page.getByTestId('documents').waitFor();
    expect(await page.getByTestId('vietqr').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('the contract list exports exactly the rows its search shows', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/contract/list?constructionId=-1');
    await page.getByLabel('Tìm kiếm').fill(`QR-${tag}`);
    const shown = await listRows(page, ['contract_no'], 3);
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export').click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^danh-sach-hop-dong-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const exported = await sheetRows(file, ['Số hợp đồng']);
    expect(exported).toEqual(shown);
    expect(exported.flat().sort()).toEqual(contracts.map((c) => c.contract_no).sort());
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('the payment list exports what its search and status chip narrow it to', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/payment/list?constructionId=-1');
    await page.getByLabel('Tìm kiếm').fill(`QR-${tag}`);
    await listRows(page, ['requirement_no'], 4);
    await page.getByTestId('status-chips').getByRole('button', { name: 'Chưa thanh toán' }).click();
    const shown = await listRows(page, ['requirement_no', 'contract_no', 'amount'], 3);
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export').click();
    const exported = await sheetRows(await downloading, ['Đợt', 'Số hợp đồng', 'Số tiền đề nghị']);
    expect(exported.map(([no, contract, amount]) => [no, contract, formatAmount(amount!)])).toEqual(shown);
    // the paid request is left out, as on the screen
    expect(shown.map((r) => r[2])).not.toContain('100,000,000');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test("the payment report exports its table by construction, with the page's filters", async () => {
    const { page, context, consoleErrors } = await signedIn(
      '/report/payment/construction?constructionId=-1&from=2020-01-01',
    );
    const table = page.getByTestId('table-constructions');
    await table.getByTestId('report-row').first().waitFor();
    const shown = await table
      .getByTestId('report-row')
      .evaluateAll((rows) => rows.map((row) => row.querySelector('td, th')?.textContent?.trim() ?? ''));
    const downloading = page.waitForEvent('download');
    await page.getByTestId('report-export').click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^bao-cao-thanh-toan-theo-cong-trinh-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(await sheetHeading(file)).toContain('Từ ngày 01/01/2020');
    const exported = (await sheetRows(file, ['Mã công trình', 'Công trình'])).filter(
      // the last row is the totals ("Tổng cộng", no name)
      ([code, name]) => code && name,
    );
    // each row of the page's table, in its order, names the construction of the sheet's row
    expect(exported.length).toBe(shown.length);
    exported.forEach(([code, name], i) => {
      expect(shown[i]).toContain(code);
      expect(shown[i]).toContain(name);
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('an export shows its progress and can be cancelled; a busy server is told in Vietnamese', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/contract/list?constructionId=-1');
    let release: () => void = () => {};
    await page.route(/\/api\/export\/contract/, async (route) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      await route.abort().catch(() => {});
    });
    let downloads = 0;
    page.on('download', () => {
      downloads += 1;
    });
    await page.getByTestId('export').click();
    const progress = page.getByTestId('export-progress');
    await expect.poll(() => textOf(progress)).toContain('Đang chuẩn bị tệp…');
    await page.getByTestId('export-cancel').click();
    await expect.poll(() => progress.count()).toBe(0);
    release();
    await page.getByTestId('export').waitFor();
    // a cancel says nothing and saves nothing
    await page.waitForTimeout(500);
    expect(await snack(page, /./).count()).toBe(0);
    expect(downloads).toBe(0);

    await page.unroute(/\/api\/export\/contract/);
    await page.route(/\/api\/export\/contract/, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 503,
          code: 'service_unavailable',
          message: 'two exports are running',
          reason: 'export_busy',
        }),
      }),
    );
    await page.getByTestId('export').click();
    await snack(page, 'Đang có nhiều bản xuất Excel').first().waitFor();
    await page.getByTestId('export').waitFor();
    expect(downloads).toBe(0);
    expect(unexpected(consoleErrors)).toEqual([]);
    await context.close();
  });
});
