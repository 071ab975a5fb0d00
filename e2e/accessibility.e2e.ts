/**
 * Accessible by keyboard and to assistive technology (issues 12 and 30): axe-core (through
 * @axe-core/playwright, every rule it has, experimental ones included: e2e/support/axe.ts) finds
 * no serious or critical violation on the main screens — sign-in, home, every list the admin's menu
 * opens, the view page and form of contracts, payment requests and contractors, the reports with a
 * record's report, users and roles, an approval flow's view and form, the settings, the profile and
 * the delegation screen (with its new-delegation dialog open), a payment batch, a bank file
 * template's form and the dialogs of a guarantee's letter, a new batch and a bank's statement columns
 * — in Vietnamese and English, and the lists and view pages at 375 px; sign-in and a form work by keyboard alone (Enter submits), and
 * a confirmation opens with Enter, closes with Escape and gives the focus back to the button that
 * opened it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seriousViolations } from './support/axe.ts';
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
import { fixtures } from './support/fixtures.ts';

afterAll(closeBrowser);

type Ref = { id: number; version: number; code: string; name: string; construction_id: number };

const ids = {
  company: 0,
  contract: 0,
  payment: 0,
  user: 0,
  contractor: 0,
  role: 0,
  construction: 0,
  flow: 0,
  batch: 0,
  template: 0,
  guaranteeNo: '',
};
/** The paths of the admin's menu leaves: every list and screen the drawer opens. */
let menuScreens: string[] = [];

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
  ids.contractor = contractor.id;
  ids.construction = contract.construction_id;
  const roles = await api.get<{ items: Ref[] }>('admin/role/paging?itemsPerPage=50');
  ids.role = roles.items.find((r) => r.code === 'ROLE_ACCOUNTANT')?.id ?? roles.items[0]!.id;
  const menus =
    await api.get<{ id: number; parent_id: number | null; path: string | null; hidden: boolean }[]>(
      'account/menu/list',
    );
  const parents = new Set(menus.filter((m) => !m.hidden).map((m) => m.parent_id));
  menuScreens = menus.filter((m) => m.path && !m.hidden && !parents.has(m.id)).map((m) => m.path!);
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
  // ready to pay (issue 33): an advance owed whose guarantee has run out (red on the contract and
  // the request), and a guarantee expiring within 30 days (the home card)
  await api.post('payment-transaction/create', {
    contract_id: contract.id,
    payment_code: 'TU',
    transaction_type_id: transactionTypes[0]!.id,
    date: '2026-12-10',
    amount: '50000000',
    note: 'Tạm ứng',
  });
  await api.post('contract-guarantee/create', {
    contract_id: contract.id,
    kind: 'advance',
    bank_id: banks[0]!.id,
    guarantee_no: `BL-TU-${tag}`,
    amount: '50000000',
    expiry_date: '2025-01-01',
  });
  await api.post('contract-guarantee/create', {
    contract_id: contract.id,
    kind: 'performance',
    bank_id: banks[0]!.id,
    guarantee_no: `BL-TH-${tag}`,
    amount: '50000000',
    expiry_date: new Date(Date.now() + 7 * 3600_000 + 10 * 86400_000).toISOString().slice(0, 10),
  });
  // an approval flow of two steps, one with a limit, on a company of its own
  const flowCompany = await api.post<Ref>('admin/company/create', {
    code: `A11Y${tag}`,
    name: `Công ty quy trình ${tag}`,
  });
  const flow = await api.post<Ref>('admin/approval-flow/create', {
    company_id: flowCompany.id,
    name: `Quy trình ${tag}`,
    steps: [
      { name: 'Kế toán trưởng', decider_type: 'role', role_id: ids.role },
      { name: 'Giám đốc', decider_type: 'department_head', min_amount: '500000000' },
    ],
  });
  ids.flow = flow.id;
  ids.guaranteeNo = `BL-TU-${tag}`;
  // a payment batch of an accepted request, from a company account (issue 34)
  const { f } = await fixtures();
  const accepted = await f.request(await f.contract(), { state: 'accepted', amount: '15000000' });
  const account = await api.post<Ref>('admin/setting/company-bank-account/create', {
    company_id: accepted.company_id,
    bank_id: banks[0]!.id,
    account_number: `${Date.now()}`.slice(-11),
    holder: 'CONG TY A11Y',
  });
  const batch = await api.post<Ref>('payment-batch/create', {
    company_bank_account_id: account.id,
    items: [{ payment_id: accepted.id, amount: '15000000' }],
  });
  ids.batch = batch.id;
  ids.template = (await api.get<Ref[]>('admin/setting/bank-file-template/list/all'))[0]!.id;
});

/** Opens each path and checks it, once its heading is drawn and nothing is loading any more. */
async function checkScreens(page: Page, paths: string[]) {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await page.locator('main h1, h1').first().waitFor();
    await expect
      .poll(() =>
        page
          .locator('.MuiCircularProgress-root, .MuiLinearProgress-indeterminate, .MuiSkeleton-root')
          .count(),
      )
      .toBe(0);
    const violations = await seriousViolations(page);
    if (violations.length) found[path] = violations;
  }
  return found;
}

/** The records' screens: view page and forms of contracts, payment requests and contractors, and more. */
const recordScreens = () => [
  `/management/contract/view/${ids.contract}`,
  `/management/contract/update/${ids.contract}`,
  '/management/contract/create',
  `/management/payment/view/${ids.payment}`,
  `/management/payment/update/${ids.payment}`,
  '/management/payment/create',
  `/management/constructor/view/${ids.contractor}`,
  `/management/constructor/update/${ids.contractor}`,
  '/management/constructor/create',
  `/management/company/view/${ids.company}`,
  '/management/company/create',
  `/report/contract/view/${ids.contract}`,
  `/report/constructor/view/${ids.contractor}`,
  `/report/construction/view/${ids.construction}`,
  `/admin/user/view/${ids.user}`,
  '/admin/user/create',
  `/system/role/view/${ids.role}`,
  `/system/role/update/${ids.role}`,
  `/admin/approval-flow/view/${ids.flow}`,
  `/admin/approval-flow/update/${ids.flow}`,
  '/admin/approval-flow/create',
  '/profile',
  // the delegation of deciding (issue 32): the admin sees every delegation
  '/profile/delegation',
  // payment batches and bank file templates (issue 34)
  `/management/payment-batch/view/${ids.batch}`,
  '/admin/setting/bank-file-template/create',
  `/admin/setting/bank-file-template/update/${ids.template}`,
];

/** A signed-in page in the language asked (the top bar's switch, as a user would). */
async function signedInIn(lang: 'vi' | 'en', options: { width?: number; height?: number } = {}) {
  const session = await signedIn('/about-me', options);
  if (lang === 'en') {
    await session.page.getByTestId('language-switch').click();
    await session.page.getByRole('menuitem', { name: 'English' }).click();
    await session.page.locator('html[lang="en"]').waitFor({ state: 'attached' });
  }
  return session;
}

describe('no serious or critical accessibility violation on the main screens, every axe rule', () => {
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

  for (const lang of ['vi', 'en'] as const) {
    // the drawer's screens in four parts (a failure names fewer screens, and each part stays short)
    for (const part of [0, 1, 2, 3])
      test(`${lang}: the screens the menu opens, part ${part + 1} of 4 (home, lists, reports, settings, system)`, {
        timeout: 240_000,
      }, async () => {
        expect(menuScreens.length).toBeGreaterThan(30);
        const size = Math.ceil(menuScreens.length / 4);
        const { page, context, consoleErrors } = await signedInIn(lang);
        expect(await checkScreens(page, menuScreens.slice(part * size, (part + 1) * size))).toEqual({});
        expect(consoleErrors).toEqual([]);
        await context.close();
      });

    for (const part of [0, 1])
      test(`${lang}: view pages and forms of contracts, payment requests, contractors; a record's reports; users and roles; the profile — part ${part + 1} of 2`, {
        timeout: 240_000,
      }, async () => {
        const all = recordScreens();
        const size = Math.ceil(all.length / 2);
        const { page, context, consoleErrors } = await signedInIn(lang);
        expect(await checkScreens(page, all.slice(part * size, (part + 1) * size))).toEqual({});
        expect(consoleErrors).toEqual([]);
        await context.close();
      });
  }

  test('in English on a phone (375 px): the lists and view pages', { timeout: 300_000 }, async () => {
    const { page, context, consoleErrors } = await signedInIn('en', { width: 375, height: 760 });
    const paths = [
      '/management/company/list',
      `/management/company/view/${ids.company}`,
      '/management/contract/list',
      `/management/contract/view/${ids.contract}`,
      '/management/payment/list',
      `/management/payment/view/${ids.payment}`,
      '/admin/user/list',
      '/admin/approval-flow/list',
      `/admin/approval-flow/update/${ids.flow}`,
      '/profile/delegation',
      `/management/payment-batch/view/${ids.batch}`,
      `/admin/setting/bank-file-template/update/${ids.template}`,
    ];
    expect(await checkScreens(page, paths)).toEqual({});
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('the delegation screen’s new-delegation dialog, in Vietnamese at 1280 px and in English at 375 px', async () => {
    for (const [lang, width] of [
      ['vi', 1280],
      ['en', 375],
    ] as const) {
      const { page, context, consoleErrors } = await signedInIn(lang, { width, height: 800 });
      await page.goto('/profile/delegation');
      await page.getByTestId('delegation-new').click();
      await page.getByTestId('delegation-form').waitFor();
      await settleAnimations(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });
});

describe('the dialogs of ready to pay and of payment batches (issues 33 and 34)', () => {
  for (const [lang, width] of [
    ['vi', 1280],
    ['en', 375],
  ] as const)
    test(`${lang} at ${width} px: a guarantee letter's files, a new batch, a bank's statement columns`, {
      timeout: 180_000,
    }, async () => {
      const { page, context, consoleErrors } = await signedInIn(lang, { width, height: 800 });
      const found: Record<string, string[]> = {};
      const check = async (name: string) => {
        await page.getByRole('dialog').waitFor();
        await expect
          .poll(() => page.getByRole('dialog').locator('.MuiCircularProgress-root').count())
          .toBe(0);
        const violations = await seriousViolations(page);
        if (violations.length) found[name] = violations;
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
      };
      await page.goto(`/management/contract/view/${ids.contract}`);
      await page
        .locator(
          `button[aria-label$=": ${ids.guaranteeNo}"][aria-label^="${lang === 'vi' ? 'Tệp' : 'Guarantee letter'}"]`,
        )
        .click();
      await check('guarantee files');
      await page.goto('/management/payment-batch/list');
      await page.getByRole('button', { name: lang === 'vi' ? 'Lập lệnh chi' : 'New payment batch' }).click();
      await check('new batch');
      await page.goto('/management/payment-batch/statement');
      await page.getByRole('combobox', { name: lang === 'vi' ? 'Tài khoản chi' : 'Paid from' }).click();
      await page.getByRole('option').first().click();
      await page
        .getByRole('button', { name: lang === 'vi' ? 'Cột của sao kê' : 'Statement columns' })
        .click();
      await page.getByTestId('mapping-state').waitFor();
      await check('statement columns');
      expect(found).toEqual({});
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
