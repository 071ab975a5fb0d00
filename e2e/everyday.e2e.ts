/**
 * What a finance user trips over every day (issue 12): a contract's change history in the words of
 * its page (names, amounts, rates, dates; no internal columns), in Vietnamese and English; the
 * construction selector defaulting to the first construction by code, remembering the last choice,
 * saying beside the list's title that it filters and that it hides rows when the list is empty,
 * with one click to all; server refusals and field errors in Vietnamese, on their fields; an amount
 * field refusing a minus sign with a message instead of silently dropping it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminApi, closeBrowser, signedIn, textOf, unique } from './support/browser.ts';

afterAll(closeBrowser);

type Ref = { id: number; version: number; code: string; name: string };
type Contract = Ref & { contract_no: string; construction_id: number };

let api: Awaited<ReturnType<typeof adminApi>>;
let taxes: { id: number; code: string; name: string }[];
let contract: Contract;
let contractor: Ref;
let tag: string;

beforeAll(async () => {
  api = await adminApi();
  tag = unique('');
  taxes = await api.get('admin/setting/tax');
  const types = await api.get<{ id: number }[]>('contract-type/list/all');
  const banks = await api.get<{ id: number }[]>('bank/list/all');
  const constructions = await api.get<Ref[]>('account/construction/list');
  contractor = await api.post('constructor/create', {
    code: `NT-E${tag}`,
    name: `Công ty TNHH Xây lắp Everyday ${tag}`,
  });
  const beneficiary = await api.post<Ref>('beneficiary/create', {
    constructor_id: contractor.id,
    name: `Everyday ${tag}`,
    bank_id: banks[0]!.id,
    account_number: `${Date.now()}`.slice(-12),
  });
  const vat0 = taxes.find((t) => t.code === 'VAT0')!;
  const vat10 = taxes.find((t) => t.code === 'VAT10')!;
  const created = await api.post<Contract>('contract/create', {
    contract_no: `HĐ-E${tag}`,
    contract_type_id: types[0]!.id,
    construction_id: constructions[0]!.id,
    constructor_id: contractor.id,
    beneficiary_id: beneficiary.id,
    signed_date: '2025-03-15',
    amount_before_vat: '1234567890',
    tax_id: vat0.id,
    guarantee_percent: '5',
    guarantee_release_date: '2026-03-15',
  });
  // the edit the history must tell in the user's words
  contract = await api.put<Contract>(`contract/update/${created.id}`, {
    contract_no: created.contract_no,
    contract_type_id: types[0]!.id,
    construction_id: constructions[1]!.id,
    constructor_id: contractor.id,
    beneficiary_id: beneficiary.id,
    signed_date: '2025-04-01',
    amount_before_vat: '1358024679',
    tax_id: vat10.id,
    guarantee_percent: '3',
    guarantee_release_date: '2026-03-15',
    note: 'Điều chỉnh khối lượng',
    version: created.version,
  });
});

describe('the change history reads as the view page does', () => {
  test('names, amounts, rates and dates, the view’s labels, no internal columns (vi)', async () => {
    const { page, context, consoleErrors } = await signedIn(`/management/contract/view/${contract.id}`);
    const vat0 = taxes.find((t) => t.code === 'VAT0')!.name;
    const vat10 = taxes.find((t) => t.code === 'VAT10')!.name;
    const list = page.getByTestId('history-list');
    await list.locator('li[data-action="update"]').first().waitFor();
    const update = list.locator('li[data-action="update"]').first();
    const row = (label: string) =>
      textOf(
        update
          .locator(':scope > div')
          .filter({ hasText: new RegExp(`^${label}`) })
          .first(),
      );
    await expect.poll(() => row('Thuế suất')).toMatch(new RegExp(`${vat0}.*${vat10}`));
    expect(await row('Giá trị trước thuế')).toContain('1,234,567,890');
    expect(await row('Giá trị trước thuế')).toContain('1,358,024,679');
    expect(await row('Giữ lại bảo hành \\(%\\)')).toMatch(/5%.*3%/);
    expect(await row('Ngày ký')).toMatch(/15\/03\/2025.*01\/04\/2025/);
    expect(await row('Công trình')).not.toMatch(/^Công trình\s*\d+/);
    const all = (await list.textContent()) ?? '';
    for (const internal of [
      'company_id',
      'search_text',
      'vat_rate',
      'last_requirement_no',
      '.00',
      'Công trình1',
    ])
      expect(all).not.toContain(internal);
    // the creation lists what was given, by name: the contractor, not its number
    const created = list.locator('li[data-action="create"]').first();
    await expect.poll(() => textOf(created)).toContain(contractor.name);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('in English, with the English labels and MM/DD/YYYY dates', async () => {
    const { page, context, consoleErrors } = await signedIn(`/management/contract/view/${contract.id}`);
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    const update = page.getByTestId('history-list').locator('li[data-action="update"]').first();
    await expect.poll(() => textOf(update)).toContain('VAT rate');
    const text = (await update.textContent()) ?? '';
    expect(text).toMatch(/Signed date\s*03\/15\/2025.*04\/01\/2025/);
    expect(text).toContain('Amount before VAT');
    expect(text).toMatch(/Warranty retention \(%\)\s*5%.*3%/);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('the construction selector never hides rows silently', () => {
  test('defaults to the first construction by code, says so beside the title, and remembers a choice', async () => {
    const constructions = await api.get<Ref[]>('account/construction/list');
    const byCode = [...constructions].sort((a, b) => a.code.localeCompare(b.code, 'vi', { numeric: true }));
    // a construction of its own, sorting last, with no contract: the filter will hide everything
    const empty = await api.post<Ref>('construction/create', {
      code: `ZZ-${tag}`,
      name: `Công trình trống ${tag}`,
    });
    const { page, context, consoleErrors } = await signedIn('/management/contract/list');
    const selector = page.getByTestId('construction-selector');
    await expect
      .poll(() => selector.inputValue({ timeout: 500 }).catch(() => null))
      .toBe(String(byCode[0]!.id));
    const chip = page.getByTestId('construction-filter');
    await expect.poll(() => textOf(chip)).toContain(byCode[0]!.code);

    await page.getByRole('combobox', { name: 'Công trình' }).click();
    await page.getByRole('option', { name: `ZZ-${tag} – Công trình trống ${tag}` }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('constructionId')).toBe(String(empty.id));
    // an empty list filtered by the selector says the filter hides rows
    const notice = page.getByTestId('construction-filter-empty');
    await expect.poll(() => textOf(notice)).toContain(`ZZ-${tag}`);
    expect(await notice.textContent()).toMatch(/Bộ lọc công trình.*đang ẩn/);

    // the choice is remembered: a list opened without a constructionId follows it
    await page.goto('/management/payment/list');
    await expect.poll(() => selector.inputValue({ timeout: 500 }).catch(() => null)).toBe(String(empty.id));
    await page.goto('/management/contract/list');
    await expect.poll(() => textOf(page.getByTestId('construction-filter'))).toContain(`ZZ-${tag}`);

    // one click to all: the contract of another construction is there
    await page.getByTestId('construction-filter').getByRole('button', { name: 'Xem tất cả' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('constructionId')).toBe('-1');
    await expect.poll(() => page.getByTestId('construction-filter').count()).toBe(0);
    await page.getByLabel('Tìm kiếm').fill(contract.contract_no);
    await page.locator('.MuiDataGrid-row').filter({ hasText: contract.contract_no }).waitFor();
    // and "all" is remembered in turn
    await page.goto('/management/contract/list');
    await expect.poll(() => selector.inputValue({ timeout: 500 }).catch(() => null)).toBe('-1');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('the server’s words in the user’s language', () => {
  test('a refused annex says why in Vietnamese, in place and in the notice, never in English', async () => {
    const { page, context, consoleErrors } = await signedIn(`/management/contract/view/${contract.id}`);
    await page.getByRole('button', { name: 'Thêm phụ lục' }).click();
    const form = page.locator('form[aria-label="Thêm phụ lục"]');
    await form.getByLabel('Số phụ lục').fill(`PL-${tag}`);
    await form.getByLabel('Ngày ký').fill('02/05/2025');
    // an annex taking the contract below zero is refused by the server (422)
    await form.locator('input[name="amount"]').pressSequentially('-9999999999999');
    await form.getByRole('button', { name: 'Lưu' }).click();
    const toast = page
      .locator('.notistack-SnackbarContainer [role="alert"]')
      .filter({ hasText: 'Phụ lục' })
      .first();
    await toast.waitFor();
    const said = (await toast.textContent()) ?? '';
    expect(said).toMatch(/giá trị hợp đồng/);
    expect(said).not.toMatch(/annex|contract value|below|requested/i);
    // the same words in place, above the annexes
    const inPlace = page.getByTestId('annex-refusal');
    await expect.poll(() => textOf(inPlace)).toMatch(/Phụ lục sẽ đưa giá trị hợp đồng về/);
    expect(await inPlace.textContent()).not.toMatch(/annex|below/i);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('a duplicate code lands on its field, in Vietnamese', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/constructor/create');
    await page.getByLabel('Mã nhà thầu').fill(contractor.code.toLowerCase());
    await page.getByLabel('Tên nhà thầu').fill('Trùng mã');
    await page.getByRole('button', { name: 'Lưu' }).click();
    const helper = page.locator('[id$="-helper-text"]').filter({ hasText: 'đã tồn tại' });
    await expect.poll(() => textOf(helper.first())).toBe('Mã nhà thầu đã tồn tại');
    await expect.poll(() => page.getByLabel('Mã nhà thầu').getAttribute('aria-invalid')).toBe('true');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('inputs refuse what they would drop, and say so', () => {
  test('a minus sign in an amount that cannot be negative gives a message; an annex takes it', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/contract/create');
    const amount = page.locator('input[name="amount_before_vat"]');
    await amount.pressSequentially('-1500000');
    expect(await amount.inputValue()).toBe('1,500,000');
    const alert = page.locator('[role="alert"][data-refused="negative"]');
    await expect.poll(() => textOf(alert)).toBe('Giá trị trước thuế không nhận số âm');
    // leaving the field clears the message, the number stays as typed
    await amount.press('Tab');
    await expect.poll(() => alert.count()).toBe(0);
    expect(await amount.inputValue()).toBe('1,500,000');
    // a letter is refused with a message too
    await amount.click();
    await amount.press('End');
    await amount.press('x');
    await expect
      .poll(() => textOf(page.locator('[data-refused="characters"]')))
      .toBe('Giá trị trước thuế chỉ nhận chữ số');

    // an annex may lower the contract: the minus is taken, and the hint sits under that amount
    await page.goto(`/management/contract/view/${contract.id}`);
    await page.getByRole('button', { name: 'Thêm phụ lục' }).click();
    const annexAmount = page.locator('form[aria-label="Thêm phụ lục"] input[name="amount"]');
    await annexAmount.pressSequentially('-2500000');
    expect(await annexAmount.inputValue()).toBe('-2,500,000');
    expect(await page.locator('[data-refused]').count()).toBe(0);
    const described = await annexAmount.getAttribute('aria-describedby');
    expect(await textOf(page.locator(`[id="${described}"]`))).toMatch(/Âm hai triệu.*Nhập số âm/);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('a minus in a rate that cannot be negative is flagged as it is typed', async () => {
    const { page, context, consoleErrors } = await signedIn('/admin/setting/tax/create');
    const rate = page.getByLabel('Thuế suất');
    await rate.fill('-5');
    await expect
      .poll(() => textOf(page.locator('[role="alert"]').filter({ hasText: 'âm' })))
      .toBe('Thuế suất không nhận số âm');
    await rate.fill('5');
    await expect.poll(() => page.locator('[role="alert"]').filter({ hasText: 'âm' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
