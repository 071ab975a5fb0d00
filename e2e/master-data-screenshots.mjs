// Screenshots of the master-data screens for review (not a test): projects (with their constructions
// and the add dialog), constructions (one closed), contractors (beneficiaries, their edit form and
// history), departments and the settings, in Vietnamese and English, light and dark sidebar, 1280
// and 375 px, into screenshots/md-*.png. It arranges a little data through the API first.
// Usage: node e2e/master-data-screenshots.mjs [baseUrl] [adminPassword] [only=vi-light-1280,…]
import { apiSession, forEachCombination, launchChromium, reviewArgs, reviewPage } from './support/review.mjs';

const { base, password, only, out } = reviewArgs();
const { session, call } = await apiSession(base, password);

// data to look at: a closed construction, a contractor with two beneficiaries (one edited)
const tag = Date.now().toString(36).toUpperCase();
const closed = await call('POST', 'construction/create', {
  code: `CT-${tag}`,
  name: `Kho vật tư Hòa Khánh ${tag}`,
  address: 'Liên Chiểu, Đà Nẵng',
  start_date: '2026-01-15',
  end_date: '2026-12-31',
});
await call('PATCH', `construction/close/${closed.id}`, { version: closed.version });
const projects = await call('GET', 'admin/project/list/all');
const project = projects[0];
const types = await call('GET', 'constructor-type/list/all');
const contractor = await call('POST', 'constructor/create', {
  code: `NT-${tag}`,
  name: `Công ty TNHH Xây lắp Minh Phát ${tag}`,
  tax_code: '0312345673',
  constructor_type_id: types[0].id,
  phone: '0901234567',
  email: 'lienhe@minhphat.vn',
  address: '12 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
});
const banks = await call('GET', 'bank/list/all');
const digits = String(Date.now()).slice(-10);
const payee = await call('POST', 'beneficiary/create', {
  constructor_id: contractor.id,
  name: contractor.name,
  bank_id: banks[0].id,
  account_number: `70${digits}`,
  branch: 'Chi nhánh Sài Gòn',
});
await call('POST', 'beneficiary/create', {
  constructor_id: contractor.id,
  name: 'Nguyễn Văn Minh',
  bank_id: banks[1].id,
  account_number: `80${digits}`,
  branch: 'Chi nhánh Quận 1',
});
await call('PUT', `beneficiary/update/${payee.id}`, {
  constructor_id: contractor.id,
  name: payee.name,
  bank_id: payee.bank_id,
  account_number: `90${digits}`,
  branch: payee.branch,
  version: payee.version,
});
const attachment = (await call('GET', 'admin/setting/document-attachment/paging')).items[0];
// cost items, the entity added from its description alone
for (const [code, name] of [
  [`CP-VL-${tag}`, 'Chi phí vật liệu'],
  [`CP-NC-${tag}`, 'Chi phí nhân công'],
  [`CP-MTC-${tag}`, 'Chi phí máy thi công'],
])
  await call('POST', 'admin/setting/cost-item/create', { code, name });

// [file name, path, what to do after load]
const screens = [
  ['project-list', '/management/project/list'],
  ['project-view', `/management/project/view/${project.id}`],
  ['project-add', `/management/project/view/${project.id}`, { click: /Thêm công trình|Add constructions/ }],
  ['project-form', '/management/project/create', { submit: true }],
  ['construction-list', '/management/construction/list'],
  ['construction-view', `/management/construction/view/${closed.id}`],
  ['construction-form', `/management/construction/update/${closed.id}`],
  ['constructor-list', '/management/constructor/list'],
  ['constructor-view', `/management/constructor/view/${contractor.id}`],
  [
    'beneficiary-form',
    `/management/constructor/view/${contractor.id}`,
    { click: /^(Sửa|Edit): Nguyễn Văn Minh/ },
  ],
  [
    'beneficiary-history',
    `/management/constructor/view/${contractor.id}`,
    { click: new RegExp(`^(Lịch sử thay đổi|Change history): ${contractor.name}`) },
  ],
  ['constructor-form', '/management/constructor/create', { submit: true }],
  ['department-list', '/admin/department/list'],
  ['department-form', '/admin/department/create'],
  ['bank-list', '/admin/setting/bank/list'],
  ['tax-list', '/admin/setting/tax/list'],
  ['tax-form', '/admin/setting/tax/create', { submit: true }],
  ['document-attachment-list', '/admin/setting/document-attachment/list'],
  ['document-attachment-view', `/admin/setting/document-attachment/view/${attachment.id}`],
  ['document-attachment-form', `/admin/setting/document-attachment/update/${attachment.id}`],
  ['transaction-type-list', '/admin/setting/transaction-type/list'],
  ['payment-date-list', '/admin/setting/payment-date/list'],
  ['cost-item-list', '/admin/setting/cost-item/list'],
  ['cost-item-form', '/admin/setting/cost-item/create', { submit: true }],
  ['company-list', '/management/company/list'],
  ['user-list', '/admin/user/list'],
  ['user-form', '/admin/user/create'],
];

const browser = await launchChromium();
const errors = [];
async function shoot({ lang, sidebar, width }) {
  const {
    context,
    page,
    key: combo,
  } = await reviewPage(browser, { base, lang, sidebar, width, errors, session });
  for (const [name, path, after] of screens) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.locator('main h1').first().waitFor();
    await page.waitForTimeout(500);
    if (after?.submit) {
      await page.locator('main form button[type="submit"]').click();
      await page.waitForTimeout(300);
    }
    if (after?.click) {
      await page.getByRole('button', { name: after.click }).first().click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(600);
    }
    // dialogs are shot as the viewport shows them; pages whole
    await page.screenshot({ path: `${out}md-${name}-${combo}.png`, fullPage: !after?.click });
  }
  await context.close();
}
await forEachCombination(browser, only, errors, shoot);
