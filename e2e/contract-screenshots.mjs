// Screenshots of the contract screens for review (not a test): list, form (with typed amounts) and
// view, in Vietnamese and English, light and dark sidebar, 1280 and 375 px, into screenshots/.
// It creates a contractor, a contract with an annex and a file through the API first.
// Usage: node e2e/contract-screenshots.mjs [baseUrl] [adminPassword] [only=vi-light-1280,…]
import { apiSession, forEachCombination, launchChromium, reviewArgs, reviewPage } from './support/review.mjs';

const { base, password, only, out } = reviewArgs();
const { session, headers, call } = await apiSession(base, password);

// data to look at
const tag = Date.now().toString(36).toUpperCase();
const constructions = await call('GET', 'account/construction/list');
const construction = constructions.find((c) => !c.closed);
const types = await call('GET', 'contract-type/list/all');
const taxes = await call('GET', 'admin/setting/tax');
const vat10 = taxes.find((t) => t.code === 'VAT10') ?? taxes[0];
const banks = await call('GET', 'bank/list/all');
const contractor = await call('POST', 'constructor/create', {
  code: `NT-S${tag}`,
  name: 'Công ty TNHH Xây dựng và Thương mại Hoàng Long',
});
const beneficiary = await call('POST', 'beneficiary/create', {
  constructor_id: contractor.id,
  name: 'Hoàng Long',
  bank_id: banks[0].id,
  account_number: String(Date.now()).slice(-12),
});
const contract = await call('POST', 'contract/create', {
  contract_no: `HĐ-${tag}/2025`,
  contract_type_id: types[0].id,
  construction_id: construction.id,
  constructor_id: contractor.id,
  beneficiary_id: beneficiary.id,
  signed_date: '2025-03-15',
  amount_before_vat: '1250000000',
  tax_id: vat10.id,
  retention_percent: '5',
  retention_release_date: '2026-03-15',
  note: 'Thi công phần thân và hoàn thiện khối A1',
});
await call('POST', 'contract-annex/create', {
  contract_id: contract.id,
  annex_no: 'PL-01',
  amount: '185000000',
  signed_date: '2025-05-02',
  note: 'Bổ sung hạng mục chống thấm tầng hầm',
});
await call('POST', 'contract-annex/create', {
  contract_id: contract.id,
  annex_no: 'PL-02',
  amount: '-42500000',
  signed_date: '2025-06-20',
  note: 'Giảm khối lượng lát đá sảnh',
});
// its bank guarantees: papers that withhold nothing
await call('POST', 'contract-guarantee/create', {
  contract_id: contract.id,
  kind: 'advance',
  bank_id: banks[0].id,
  guarantee_no: 'BL-TU-2025/0142',
  amount: '275000000',
  issued_date: '2025-03-20',
  expiry_date: '2025-12-31',
});
await call('POST', 'contract-guarantee/create', {
  contract_id: contract.id,
  kind: 'performance',
  bank_id: (banks[1] ?? banks[0]).id,
  guarantee_no: 'BL-TH-2025/0087',
  amount: '137500000',
  issued_date: '2025-03-20',
  expiry_date: '2026-06-30',
  note: 'Bảo lãnh thực hiện hợp đồng 10%',
});
const form = new FormData();
form.append('file', new Blob([`%PDF-1.7\n${'x'.repeat(180000)}`]), 'Hợp đồng thi công ký kết.pdf');
await fetch(`${base}/api/upload/contracts/${contract.id}`, {
  method: 'POST',
  headers,
  body: form,
});

const browser = await launchChromium();
const errors = [];
async function shoot({ lang, sidebar, width }) {
  const { context, page, key } = await reviewPage(browser, { base, lang, sidebar, width, errors, session });
  const name = (what) => `${out}contract-${what}-${key}.png`;
  // a phone's full page is too tall to read in one image: also in parts of one screen or so
  const shootPage = async (what) => {
    await page.screenshot({ path: name(what), fullPage: true });
    if (width > 500) return;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const screen = await page.evaluate(() => window.innerHeight);
    for (let y = 0, part = 1; y < height; y += screen - 120, part += 1) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(150);
      await page.screenshot({ path: name(`${what}-part${part}`) });
    }
  };
  await page.goto(`/management/contract/list?constructionId=${construction.id}`);
  await page.locator('.MuiDataGrid-row').first().waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: name('list') });

  await page.goto('/management/contract/create');
  await page.locator('input[name="amount_before_vat"]').waitFor();
  await page.locator('form button[type="submit"]').click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: name('form-empty'), fullPage: true });
  await page.locator('input[name="amount_before_vat"]').pressSequentially('1250000000');
  await page.getByRole('combobox', { name: /Thuế suất|VAT rate/ }).click();
  await page.getByRole('option', { name: vat10.name }).click();
  await page.waitForTimeout(300);
  await shootPage('form');

  await page.goto(`/management/contract/view/${contract.id}`);
  await page.getByTestId('annex-row').first().waitFor();
  await page.getByTestId('file-list').locator('li').first().waitFor();
  await page.waitForTimeout(500);
  await shootPage('view');
  // a bank guarantee's dialog, filled in part
  await page
    .locator('section[data-section="guarantees"] button')
    .filter({ hasText: /Tạo mới|Create|New/ })
    .click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: name('guarantee-dialog') });
  await context.close();
}
await forEachCombination(browser, only, errors, shoot);
