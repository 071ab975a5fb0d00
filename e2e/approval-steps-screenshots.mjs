// Screenshots of the approval steps (issue 32; not a test): Hòa Phát's two-step flow and its people
// (e2e/support/approval-steps-data.mjs), two requests of 600,000,000 sent by the demo accountant —
// one accepted by the chief accountant and waiting on the director's step, one then accepted by the
// director's deputy under a delegation ("… thay …") — their pages, and the director's delegation
// screen, in Vietnamese and English at 1280 and 375 px, into screenshots/ (`steps-*.png`); axe-core
// runs all its rules on each and prints what it finds. The flow is removed at the end.
// Usage: node e2e/approval-steps-screenshots.mjs [baseUrl] [adminPassword] [only=vi-light-1280,…]
import { AxeBuilder } from '@axe-core/playwright';
import { apiAs } from './support/api.mjs';
import { seedApprovalSteps } from './support/approval-steps-data.mjs';
import { forEachCombination, launchChromium, reviewArgs, reviewPage } from './support/review.mjs';

const { base, password, only, out } = reviewArgs();
const seeded = await seedApprovalSteps(base, password);
const tag = Date.now().toString(36).toUpperCase().slice(-5);
const { call: admin } = await apiAs(base, 'admin', password);
const { call: accountant } = await apiAs(base, 'ketoan', 'ketoan123');
const director = await apiAs(base, 'giamdoc', 'giamdoc123');
const { call: chief } = await apiAs(base, seeded.chief.user, seeded.chief.password);
const { call: deputy } = await apiAs(base, seeded.deputy.user, seeded.deputy.password);

const construction = (await admin('GET', 'account/construction/list')).find((c) => c.code === 'CT-001');
const taxes = await admin('GET', 'admin/setting/tax');
const banks = await admin('GET', 'bank/list/all');
const types = await admin('GET', 'contract-type/list/all');
const transactionType = (await admin('GET', 'transaction-type/list/all')).find((x) => x.status === 'O');
const departments = await accountant('GET', 'account/department/list');
const contractor = await admin('POST', 'constructor/create', {
  code: `NT${tag}`,
  name: 'Công ty CP Xây dựng Trường Sơn',
});
const beneficiary = await admin('POST', 'beneficiary/create', {
  constructor_id: contractor.id,
  name: 'Xây dựng Trường Sơn – BIDV',
  bank_id: banks[0].id,
  account_number: `${Date.now()}`.slice(-12),
});
const contract = await admin('POST', 'contract/create', {
  contract_no: `09/2026/HĐ-${tag}`,
  contract_type_id: types[0].id,
  construction_id: construction.id,
  constructor_id: contractor.id,
  beneficiary_id: beneficiary.id,
  signed_date: '2026-03-02',
  amount_before_vat: '5000000000',
  tax_id: (taxes.find((t) => t.code === 'VAT10') ?? taxes[0]).id,
});
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
const sent = async (note) => {
  const p = await accountant('POST', 'payment-transaction/create', {
    contract_id: contract.id,
    payment_code: 'TD',
    transaction_type_id: transactionType.id,
    date: today,
    amount: '600000000',
    note,
    department_id: departments[0]?.id,
  });
  return accountant('PATCH', `payment-transaction/require-approval/${p.id}`, { version: p.version });
};
const accept = (by, p, note) => by('PATCH', `payment-approval/accept/${p.id}`, { version: p.version, note });

const waiting = await accept(chief, await sent('Thanh toán khối lượng đợt 4'), 'Đủ hồ sơ, khối lượng khớp');
const end = new Date(`${today}T00:00:00Z`);
end.setUTCDate(end.getUTCDate() + 4);
await director.call('POST', 'account/delegation/create', {
  delegate_id: seeded.deputy.id,
  from: today,
  to: end.toISOString().slice(0, 10),
  kind: 'deputy',
  title: 'Phó giám đốc',
  note: 'Giám đốc đi công tác Đà Nẵng',
});
const approved = await accept(
  deputy,
  await accept(chief, await sent('Thanh toán khối lượng đợt 3'), 'Đủ hồ sơ'),
  'Duyệt thay giám đốc',
);

const browser = await launchChromium();
const errors = [];
const axe = async (page, key) => {
  const { violations } = await new AxeBuilder({ page }).analyze();
  for (const v of violations)
    errors.push(`${key} axe ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
};
await forEachCombination(browser, only, errors, async ({ lang, sidebar, width }) => {
  const { context, page, key } = await reviewPage(browser, {
    base,
    lang,
    sidebar,
    width,
    errors,
    session: director.session,
  });
  for (const [name, p] of [
    ['waiting', waiting],
    ['approved', approved],
  ]) {
    await page.goto(`/management/payment/view/${p.id}`);
    await page.getByTestId('payment-steps').waitFor();
    await page.getByTestId('timeline').locator('li').first().waitFor();
    await page.screenshot({ path: `${out}steps-${name}-${key}.png`, fullPage: true });
    await axe(page, `${key} ${name}`);
  }
  await page.goto('/profile/delegation');
  await page.getByTestId('delegation-row').first().waitFor();
  await page.screenshot({ path: `${out}steps-delegation-${key}.png`, fullPage: true });
  await axe(page, `${key} delegation`);
  await page.getByTestId('delegation-new').click();
  await page.getByTestId('delegation-form').waitFor();
  // the dialog's grow-in ended: a picture (and a contrast check) without its fade
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  await page.screenshot({ path: `${out}steps-delegation-new-${key}.png` });
  await axe(page, `${key} delegation dialog`);
  const width_ = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width_ > width) errors.push(`${key}: the delegation screen scrolls sideways (${width_} px)`);
  await context.close();
});
await seeded.remove();
