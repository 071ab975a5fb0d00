// Screenshots of issue 12's everyday screens for review (not a test): a contract's change history,
// the contract list with the construction selector's filter shown (and an empty filtered list), the
// contractor and user lists, and a company's and a construction's relations — in Vietnamese and
// English, at 1280 and 375 px, into screenshots/everyday-*.png. Reports any page or list that
// scrolls sideways, and console errors. It writes a contract and edits it through the API first.
// Usage: node e2e/everyday-screenshots.mjs [baseUrl] [adminPassword] [only=vi-light-1280,…]
import { apiSession, forEachCombination, launchChromium, reviewArgs, reviewPage } from './support/review.mjs';

const { base, password, only, out } = reviewArgs();
const { session, call } = await apiSession(base, password);

const tag = Date.now().toString(36).toUpperCase();
const constructions = await call('GET', 'account/construction/list');
const [first, second] = constructions;
const types = await call('GET', 'contract-type/list/all');
const taxes = await call('GET', 'admin/setting/tax');
const banks = await call('GET', 'bank/list/all');
const contractor = await call('POST', 'constructor/create', {
  code: `NT-D${tag}`,
  name: 'Công ty Cổ phần Đầu tư Xây dựng và Thương mại Hoàng Long Miền Bắc',
});
const beneficiary = await call('POST', 'beneficiary/create', {
  constructor_id: contractor.id,
  name: 'Hoàng Long Miền Bắc',
  bank_id: banks[0].id,
  account_number: String(Date.now()).slice(-12),
});
const base0 = {
  contract_no: `HĐ-${tag}/2025`,
  contract_type_id: types[0].id,
  constructor_id: contractor.id,
  beneficiary_id: beneficiary.id,
  guarantee_release_date: '2026-03-15',
};
const created = await call('POST', 'contract/create', {
  ...base0,
  construction_id: first.id,
  signed_date: '2025-03-15',
  amount_before_vat: '1234567890',
  tax_id: taxes.find((t) => t.code === 'VAT8').id,
  guarantee_percent: '5',
});
const contract = await call('PUT', `contract/update/${created.id}`, {
  ...base0,
  construction_id: second.id,
  signed_date: '2025-04-01',
  amount_before_vat: '1358024679',
  tax_id: taxes.find((t) => t.code === 'VAT10').id,
  guarantee_percent: '3',
  note: 'Điều chỉnh khối lượng theo biên bản ngày 28/03/2025',
  version: created.version,
});
await call('POST', 'contract-annex/create', {
  contract_id: contract.id,
  annex_no: 'PL-01',
  amount: '250000000',
  signed_date: '2025-05-02',
  note: 'Bổ sung hạng mục chống thấm',
});
const empty = await call('POST', 'construction/create', {
  code: `ZZ-${tag}`,
  name: 'Nhà kho chưa có hợp đồng',
});

const browser = await launchChromium();
const errors = [];
async function shoot({ lang, sidebar, width }) {
  const { context, page, key } = await reviewPage(browser, { base, lang, sidebar, width, errors, session });
  const name = (what) => `${out}everyday-${what}-${key}.png`;
  const settle = async () => {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
  };
  const sideways = async (what) => {
    const wide = await page.evaluate(() => {
      const grid = document.querySelector('.MuiDataGrid-virtualScroller');
      return {
        page: document.documentElement.scrollWidth > window.innerWidth,
        grid: grid ? grid.scrollWidth > grid.clientWidth + 8 : false,
      };
    });
    if (wide.page || wide.grid) errors.push(`${key}: ${what} scrolls sideways (${JSON.stringify(wide)})`);
  };

  await page.goto(`/management/contract/view/${contract.id}`);
  await page.getByTestId('history-list').locator('li').first().waitFor();
  await settle();
  await page
    .locator('section', { has: page.getByTestId('history-list') })
    .screenshot({ path: name('history') });
  await sideways('contract view');

  await page.goto(`/management/contract/list?constructionId=${second.id}`);
  await page.locator('.MuiDataGrid-row').first().waitFor();
  await settle();
  await page.screenshot({ path: name('contracts-filtered'), fullPage: width < 500 });
  await sideways('contract list');

  await page.goto(`/management/contract/list?constructionId=${empty.id}`);
  await page.getByTestId('construction-filter-empty').waitFor();
  await settle();
  await page.screenshot({ path: name('contracts-empty'), fullPage: width < 500 });

  for (const [what, path] of [
    ['contractors', '/management/constructor/list'],
    ['users', '/admin/user/list'],
    ['payments', '/management/payment/list?constructionId=-1'],
  ]) {
    await page.goto(path);
    await page.locator('.MuiDataGrid-row, .MuiDataGrid-overlay').first().waitFor();
    await settle();
    await page.screenshot({ path: name(what), fullPage: width < 500 });
    await sideways(what);
  }

  await page.goto(`/management/construction/view/${second.id}`);
  await page.locator('[data-section="contracts"]').waitFor();
  await settle();
  await page.screenshot({ path: name('construction-view'), fullPage: true });
  await sideways('construction view');
  await context.close();
}
await forEachCombination(
  browser,
  only ?? ['vi-light-1280', 'vi-light-375', 'en-light-1280', 'en-dark-375'],
  errors,
  shoot,
);
