/**
 * Words and codes (issue 30, 6–10): no screen shows an i18n key in either language; a change
 * history names a choice by its words and a person or record by its name; compact amounts speak the
 * reader's language ("1,49 tỷ", "1.49B"); the Excel export writes amounts as the screen does; roles
 * by their names, data scopes apart from them, people by their full names, one heading per column,
 * and an export's sort and file name in the reader's language.
 */
import { readdirSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminApi, closeBrowser, signedIn, textOf } from './support/browser.ts';
import { fixtures, type Rec } from './support/fixtures.ts';

afterAll(closeBrowser);

let contractor: Rec;
let contract: Rec;
let request: Rec;

beforeAll(async () => {
  const { f } = await fixtures();
  contract = await f.contract();
  contractor = { id: contract.constructor_id } as Rec;
  request = await f.request(contract, { state: 'accepted', amount: '650000000' });
});

/** Every key of the i18n files, and their first parts (what a key looks like). */
const i18nDir = new URL('../web/src/i18n/', import.meta.url);
const flatKeys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => flatKeys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];
const known = new Set<string>();
for (const file of readdirSync(i18nDir).filter((f) => f.endsWith('.json')))
  for (const key of flatKeys(JSON.parse(readFileSync(new URL(file, i18nDir), 'utf8')))) known.add(key);
const roots = new Set([...known].map((k) => k.split('.')[0]!));
roots.add('resources');

/** Dotted words on the page that are, or look like, i18n keys (an e-mail's domain is neither). */
async function keysShown(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    // what the reader sees: innerText leaves out hidden text (a closed menu's, a tooltip's source)
    // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what is checked
    const parts = [document.body.innerText];
    for (const el of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder]')))
      for (const attr of ['aria-label', 'title', 'placeholder']) parts.push(el.getAttribute(attr) ?? '');
    parts.push(document.title);
    return parts.join('\n');
  });
  const found = text.match(/(?<![\w@.-])[a-z][\w-]*(?:\.[\w-]+){2,}/g) ?? [];
  // a sentence whose value was never given keeps its placeholder ("{{code}} · Đợt 2")
  const unfilled = text.match(/\{\{\s*[\w.]+\s*\}\}/g) ?? [];
  return [
    ...[...new Set(found)].filter((word) => known.has(word) || roots.has(word.split('.')[0]!)),
    ...new Set(unfilled),
  ];
}

/** Waits until the page has drawn its data: no request running, no skeleton, no spinner. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() => page.locator('.MuiSkeleton-root, [role="progressbar"]:not(.MuiLinearProgress-root)').count())
    .toBe(0);
}

const mainScreens = () => [
  '/about-me',
  '/profile',
  '/management/company/list',
  '/management/project/list',
  '/management/construction/list',
  '/management/constructor/list',
  `/management/constructor/view/${contractor.id}`,
  '/management/constructor/create',
  '/management/contract/list',
  `/management/contract/view/${contract.id}`,
  '/management/contract/create',
  '/management/payment/list',
  `/management/payment/view/${request.id}`,
  '/management/payment/create',
  '/management/approval/list',
  `/management/construction/view/${contract.construction_id}`,
  '/report/payment/construction?constructionId=-1',
  '/report/constructor/list?constructionId=-1',
  `/report/constructor/view/${contractor.id}?constructionId=-1`,
  '/report/construction/list?constructionId=-1',
  '/report/contract/list?constructionId=-1',
  `/report/contract/view/${contract.id}?constructionId=${contract.construction_id}`,
  '/admin/user/list',
  '/admin/user/create',
  '/system/role/list',
  '/system/history/login',
  '/system/history/payment',
  '/admin/setting',
];

describe('no screen shows an i18n key', () => {
  for (const lang of ['vi', 'en'] as const)
    test(`the main screens in ${lang === 'vi' ? 'Vietnamese' : 'English'}: lists, records, forms, reports, administration`, async () => {
      const { page, context, consoleErrors } = await signedIn('/about-me');
      if (lang === 'en') {
        await page.getByTestId('language-switch').click();
        await page.getByRole('menuitem', { name: 'English' }).click();
      }
      const shown: string[] = [];
      for (const path of mainScreens()) {
        await page.goto(path);
        await settled(page);
        for (const key of await keysShown(page)) shown.push(`${path}: ${key}`);
      }
      expect(shown).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }, 240_000);

  test('the contractor page names its contracts section in both languages', async () => {
    const { page, context } = await signedIn(`/management/constructor/view/${contractor.id}`);
    await expect.poll(() => textOf(page.locator('main'))).toContain('Hợp đồng của nhà thầu');
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => textOf(page.locator('main'))).toContain('Contracts of the contractor');
    await context.close();
  });
});

describe('a change history names choices and people, never codes', () => {
  test('a payment request’s history: its payment type by name, the head of unit by full name', async () => {
    const { f } = await fixtures();
    const api = await adminApi();
    const users = await api.get<{ items: Rec[] }>('admin/user/list/paging?search=giamdoc');
    const director = users.items.find((u) => u.user_name === 'giamdoc')!;
    // a contract of its own: the report's test counts the shared one's money
    const advance = await f.request(await f.contract(), {
      payment_code: 'TU',
      director_id: director.id,
      amount: '1000000',
    });
    const { page, context, consoleErrors } = await signedIn(`/management/payment/view/${advance.id}`);
    const created = page.getByTestId('history-list').locator('li[data-action="create"]').first();
    await expect.poll(() => textOf(created)).toContain('Thủ trưởng đơn vị');
    const text = (await created.textContent()) ?? '';
    expect(text).toMatch(/Loại thanh toán\s*Tạm ứng/);
    expect(text).toMatch(/Thủ trưởng đơn vị\s*Trần Văn Minh/);
    expect(text).not.toMatch(/#\d/);
    expect(text).not.toMatch(/Loại thanh toán\s*TU\b/);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('compact amounts in the reader’s language', () => {
  test('a report’s figure: "650,00 triệu" in Vietnamese, "650.00M" in English', async () => {
    const { page, context } = await signedIn(
      `/report/payment/construction?constructionId=${contract.construction_id}&constructorId=${contractor.id}`,
    );
    await expect.poll(() => textOf(page.getByTestId('figure-requested'))).toBe('650,00 triệu');
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => textOf(page.getByTestId('figure-requested'))).toBe('650.00M');
    await context.close();
  });
});

describe('the Excel export writes as the screen does, in the reader’s language', () => {
  test('a Vietnamese export: its file name, its sort by label, amounts as numbers shown #,##0', async () => {
    const { page, context, consoleErrors } = await signedIn(
      `/management/payment/list?constructionId=-1&contractId=${contract.id}`,
    );
    await expect.poll(() => textOf(page.locator('.MuiDataGrid-main'))).toContain('650,000,000');
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export').click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^danh-sach-yeu-cau-thanh-toan-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await file.path())!);
    const sheet = workbook.worksheets[0]!;
    const filters = String(sheet.getCell('A2').value);
    expect(filters).toContain('Sắp xếp: Ngày tạo (giảm dần)');
    expect(filters).not.toMatch(/created_at/);
    const headers = (sheet.getRow(4).values as unknown[]).map((v) => String(v ?? ''));
    const column = headers.indexOf('Số tiền đề nghị');
    const amounts: ExcelJS.Cell[] = [];
    sheet.eachRow((row, n) => {
      // the request's row (the list's totals row, "Tổng cộng", may say the same amount)
      if (n > 4 && row.getCell(1).value !== 'Tổng cộng' && row.getCell(column).value === 650000000)
        amounts.push(row.getCell(column));
    });
    expect(amounts).toHaveLength(1);
    expect(amounts[0]!.numFmt).toBe('#,##0');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('roles by name, data scopes apart, people by full name', () => {
  test('the user list names roles and scopes, never their codes, in both languages', async () => {
    const { page, context, consoleErrors } = await signedIn('/admin/user/list?search=ketoan');
    const row = page.locator('.MuiDataGrid-row').filter({ hasText: 'ketoan' }).first();
    await expect.poll(() => textOf(row.locator('[data-field="roles"]'))).toBe('Kế toán');
    await expect.poll(() => textOf(row.locator('[data-field="scopes"]'))).toMatch(/^Phạm vi: Công ty/);
    const grid = (await page.locator('.MuiDataGrid-main').textContent()) ?? '';
    expect(grid).not.toMatch(/ROLE_|SCOPE_/);
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => textOf(row.locator('[data-field="roles"]'))).toBe('Accountant');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('a user’s roles and data scopes are two sections, each with its own picker', async () => {
    const api = await adminApi();
    const users = await api.get<{ items: Rec[] }>('admin/user/list/paging?search=ketoan');
    const ketoan = users.items.find((u) => u.user_name === 'ketoan')!;
    const { page, context, consoleErrors } = await signedIn(`/admin/user/view/${ketoan.id}?tab=roles`);
    const roles = page.locator('[data-section="roles"]');
    const scopes = page.locator('[data-section="scopes"]');
    await expect.poll(() => textOf(roles)).toContain('Kế toán');
    await expect.poll(() => textOf(scopes)).toContain('Phạm vi: Công ty Hòa Phát');
    expect(await textOf(roles)).not.toContain('SCOPE_');
    expect(await textOf(scopes)).not.toContain('ROLE_ACCOUNTANT');
    // the roles' picker offers roles only, the scopes' picker scopes only: each finds its own seeded
    // record and not the other's (typed, so that roles other tests add do not matter)
    const offered = async (typed: string) => {
      await page.getByRole('dialog').getByRole('combobox').fill(typed);
      await page.getByRole('listbox').or(page.locator('.MuiAutocomplete-noOptions')).first().waitFor();
      return (await page.getByRole('option').allTextContents()).join('\n');
    };
    await roles.getByRole('button', { name: 'Gán vai trò' }).click();
    let dialog = page.getByRole('dialog', { name: 'Gán vai trò' });
    await expect.poll(() => offered('ROLE_DIRECTOR')).toContain('Giám đốc (ROLE_DIRECTOR)');
    expect(await offered('SCOPE_DN')).toBe('');
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Hủy' }).click();
    await scopes.getByRole('button', { name: 'Gán phạm vi dữ liệu' }).click();
    dialog = page.getByRole('dialog', { name: 'Gán phạm vi dữ liệu' });
    await expect.poll(() => offered('SCOPE_DN')).toContain('SCOPE_DN');
    expect(await offered('ROLE_DIRECTOR')).toBe('');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('a record’s page says who created and changed it by full name', async () => {
    const { page, context, consoleErrors } = await signedIn(`/management/constructor/view/${contractor.id}`);
    await expect.poll(() => textOf(page.locator('main'))).toMatch(/Người tạo\s*Quản trị hệ thống/);
    expect(await textOf(page.locator('main'))).toMatch(/Người cập nhật\s*Quản trị hệ thống/);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('the approver by his full name, as the creator', async () => {
    const { page, context, consoleErrors } = await signedIn(`/management/payment/view/${request.id}`);
    await expect.poll(() => textOf(page.getByTestId('view-decided'))).toContain('Trần Văn Minh');
    expect(await textOf(page.getByTestId('view-decided'))).not.toContain('giamdoc');
    const who = page.getByTestId('history-who');
    await who.first().waitFor();
    expect((await who.allTextContents()).join(' ')).not.toMatch(/\b(ketoan|giamdoc)\b/);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
