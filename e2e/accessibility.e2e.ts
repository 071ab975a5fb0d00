/**
 * Accessible by keyboard and to assistive technology (issue 12): axe-core (through
 * @axe-core/playwright, WCAG 2.1 A and AA rules) finds no serious or critical violation on the main
 * screens — sign-in, home, the lists, forms and view pages of companies, contracts and payment
 * requests, and the user screens — in Vietnamese and English, at 1280 and 375 px; sign-in and a form
 * work by keyboard alone (Enter submits), and a confirmation opens with Enter, closes with Escape
 * and gives the focus back to the button that opened it.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN_PASSWORD,
  ADMIN_USER,
  adminApi,
  closeBrowser,
  openPage,
  settleAnimations,
  signedIn,
  textOf,
  unique,
} from './support/browser.ts';

afterAll(closeBrowser);

type Ref = { id: number; version: number; code: string; name: string };

const ids = { company: 0, contract: 0, payment: 0, user: 0 };

beforeAll(async () => {
  const api = await adminApi();
  const tag = unique('');
  const constructions = await api.get<Ref[]>('account/construction/list');
  const companies = await api.get<{ items: Ref[] }>('admin/company/paging?itemsPerPage=1');
  ids.company = companies.items[0]!.id;
  const users = await api.get<{ items: Ref[] }>(`admin/user/list/paging?search=${ADMIN_USER}`);
  ids.user = users.items[0]!.id;
  const types = await api.get<{ id: number }[]>('contract-type/list/all');
  const taxes = await api.get<{ id: number; code: string }[]>('admin/setting/tax');
  const banks = await api.get<{ id: number }[]>('bank/list/all');
  const contractor = await api.post<Ref>('constructor/create', {
    code: `NT-A11Y${tag}`,
    name: `Nhà thầu ${tag}`,
  });
  const beneficiary = await api.post<Ref>('beneficiary/create', {
    constructor_id: contractor.id,
    name: `Thụ hưởng ${tag}`,
    bank_id: banks[0]!.id,
    account_number: `${Date.now()}`.slice(-12),
  });
  const contract = await api.post<Ref>('contract/create', {
    contract_no: `HĐ-A11Y${tag}`,
    contract_type_id: types[0]!.id,
    construction_id: constructions.find((c) => c.code === 'CT-001')?.id ?? constructions[0]!.id,
    constructor_id: contractor.id,
    beneficiary_id: beneficiary.id,
    signed_date: '2025-03-15',
    amount_before_vat: '500000000',
    tax_id: taxes.find((t) => t.code === 'VAT10')!.id,
    guarantee_percent: '5',
  });
  ids.contract = contract.id;
  const transactionTypes = await api.get<{ id: number }[]>('transaction-type/list/all');
  const departments = await api.get<{ id: number }[]>('account/department/list');
  const payment = await api.post<Ref>('payment-transaction/create', {
    contract_id: contract.id,
    payment_code: 'TD',
    transaction_type_id: transactionTypes[0]!.id,
    date: '2026-12-10',
    amount: '120000000',
    note: 'Thanh toán đợt 1',
    department_id: departments[0]?.id,
  });
  ids.payment = payment.id;
});

type Violation = { id: string; impact?: string | null; nodes: { target: unknown[] }[] };

/** The serious and critical violations of the page as it stands, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return (result.violations as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Opens each path and checks it, waiting for its heading and for the data to settle. */
async function checkScreens(page: Page, paths: string[]) {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await page.locator('main h1, h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const violations = await seriousViolations(page);
    if (violations.length) found[path] = violations;
  }
  return found;
}

const screens = () => ({
  company: [
    '/management/company/list',
    '/management/company/create',
    `/management/company/view/${ids.company}`,
  ],
  contract: [
    '/management/contract/list',
    '/management/contract/create',
    `/management/contract/view/${ids.contract}`,
  ],
  payment: [
    '/management/payment/list',
    '/management/payment/create',
    `/management/payment/view/${ids.payment}`,
  ],
  users: ['/admin/user/list', '/admin/user/create', `/admin/user/view/${ids.user}`],
});

describe('no serious or critical accessibility violation on the main screens', () => {
  test('sign-in and home, and signing in by keyboard alone (Enter submits)', async () => {
    const { page, context, consoleErrors } = await openPage();
    await page.goto('/auth/login');
    await page.locator('input[name="user_name"]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('input[name="user_name"]').focus();
    await page.keyboard.type(ADMIN_USER);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    await page.keyboard.type(ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/about-me');
    expect(await checkScreens(page, ['/about-me'])).toEqual({});
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  for (const area of ['company', 'contract', 'payment', 'users'] as const)
    test(`${area}: list, form and view page, in Vietnamese at 1280 px`, async () => {
      const { page, context, consoleErrors } = await signedIn('/about-me');
      expect(await checkScreens(page, screens()[area])).toEqual({});
      expect(consoleErrors).toEqual([]);
      await context.close();
    });

  test('in English on a phone (375 px): the lists and view pages', async () => {
    const { page, context, consoleErrors } = await signedIn('/about-me', { width: 375, height: 760 });
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    const all = screens();
    const paths = [
      all.company[0]!,
      all.company[2]!,
      all.contract[0]!,
      all.payment[0]!,
      all.payment[2]!,
      all.users[0]!,
    ];
    expect(await checkScreens(page, paths)).toEqual({});
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('forms and dialogs by keyboard alone', () => {
  test('a form fills and saves with the keyboard; a confirmation opens with Enter, closes with Escape, and the focus comes back', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/company/create');
    const code = unique('KB');
    // the first field has the focus as the form opens
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('code');
    await page.keyboard.type(code);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`Công ty bàn phím ${code}`);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/management/company/list');
    await page
      .locator('.notistack-SnackbarContainer [role="alert"]')
      .filter({ hasText: 'Tạo mới công ty thành công' })
      .waitFor();

    await page.getByLabel('Tìm kiếm').fill(code);
    const deactivate = page.getByRole('button', { name: `Ngừng hoạt động: Công ty bàn phím ${code}` });
    await deactivate.waitFor();
    await deactivate.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // the confirm button has the focus: Escape closes, and the focus is back on the row's button
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Xác nhận');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Ngừng hoạt động: Công ty bàn phím ${code}`);
    // Enter opens it again, and Enter confirms
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Xác nhận');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    const row = page.locator('.MuiDataGrid-row').filter({ hasText: code });
    await expect.poll(() => textOf(row.locator('[data-status]'))).toBe('Ngừng hoạt động');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
