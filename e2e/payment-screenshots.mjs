// Screenshots of the payment screens for review (not a test): the list (with its filters, an overdue
// and a priority request), the form (contract picked, amount typed and read in words, documents), a
// request's page (timeline, documents, files, VAT invoices; a created one whose invoices may change),
// a request held for its payee's changed account, the approver's queue (two ticked, the held ones
// flagged), and — as the accountant who sent it — a waiting request with its Recall button, its
// discussion and the recall's confirmation, in Vietnamese and
// English at 1280 and 375 px, into screenshots/. It writes a contract and requests in every state
// through the API first: the accountant (ketoan) writes and sends them, the director (giamdoc)
// decides; the pages are shot as the admin, whose queue holds the accountant's waiting requests.
// Usage: node e2e/payment-screenshots.mjs [baseUrl] [adminPassword] [only=vi-light-1280,…]
import { apiAs } from './support/api.mjs';
import { apiSession, forEachCombination, launchChromium, reviewArgs, reviewPage } from './support/review.mjs';

const { base, password, only, out } = reviewArgs();
const { session, call } = await apiSession(base, password);

// data to look at
const tag = Date.now().toString(36).toUpperCase();
const constructions = await call('GET', 'account/construction/list');
const construction = constructions.find((c) => c.code === 'CT-001') ?? constructions[0];
const types = await call('GET', 'contract-type/list/all');
const taxes = await call('GET', 'admin/setting/tax');
const banks = await call('GET', 'bank/list/all');
const contractor = await call('POST', 'constructor/create', {
  code: `NT-Y${tag}`,
  name: 'Công ty CP Đầu tư Xây dựng và Thương mại Phương Nam',
});
const beneficiary = await call('POST', 'beneficiary/create', {
  constructor_id: contractor.id,
  name: 'Phương Nam – chi nhánh Hà Nội',
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
  amount_before_vat: '4800000000',
  tax_id: (taxes.find((t) => t.code === 'VAT10') ?? taxes[0]).id,
  guarantee_percent: '5',
  guarantee_release_date: '2026-03-15',
});
const transactionTypes = (await call('GET', 'transaction-type/list/all')).filter((x) => x.status === 'O');
const shortest = [...transactionTypes].sort((a, b) => a.pay_date - b.pay_date)[0];
const departments = await call('GET', 'account/department/list');

const {
  call: accountant,
  headers: accountantHeaders,
  session: accountantSession,
} = await apiAs(base, 'ketoan', 'ketoan123');
const { call: director } = await apiAs(base, 'giamdoc', 'giamdoc123');
const write = (amount, note, extra = {}) =>
  accountant('POST', 'payment-transaction/create', {
    contract_id: contract.id,
    payment_code: 'TD',
    transaction_type_id: transactionTypes[0].id,
    date: '2026-12-10',
    amount,
    note,
    department_id: departments[0]?.id,
    ...extra,
  });
// the version as it is now: an invoice added since the request was written moved it on
const send = async (p) =>
  accountant('PATCH', `payment-transaction/require-approval/${p.id}`, {
    version: (await accountant('GET', `payment-transaction/get/${p.id}`)).version,
  });

const advance = await write('1200000000', 'Tạm ứng 25% giá trị hợp đồng theo điều 5', { payment_code: 'TU' });
const paidOne = await write('850000000', 'Thanh toán khối lượng hoàn thành đợt 1: phần móng và tầng hầm', {
  isPriority: true,
  invoice_amount: '850000000',
});
const form = new FormData();
form.append('file', new Blob([`%PDF-1.7\n${'x'.repeat(120000)}`]), 'Biên bản nghiệm thu đợt 1.pdf');
await fetch(`${base}/api/payment-file-upload/upload/${paidOne.id}`, {
  method: 'POST',
  headers: accountantHeaders,
  body: form,
});
// its VAT invoices (docs/adr/0068-payment-invoices.md): 550,000,000 + 300,000,000 = its invoice amount
const invoice = (paymentId, number, amount, rate, date) =>
  accountant('POST', 'payment-invoice/create', {
    payment_id: paymentId,
    form: '1',
    symbol: 'C25TPN',
    number,
    date,
    seller_tax_code: '0312345673',
    amount_before_vat: amount,
    vat_rate: rate,
  });
await invoice(paidOne.id, `000${tag.slice(-5)}1`, '500000000', '10', '2025-11-28');
await invoice(paidOne.id, `000${tag.slice(-5)}2`, '277777778', '8', '2025-12-02');
for (const p of [advance, paidOne]) {
  const sent = await send(p);
  const accepted = await director('PATCH', `payment-approval/accept/${p.id}`, {
    version: sent.version,
    note: 'Đồng ý thanh toán',
  });
  await accountant('PATCH', `payment-transaction/require-paid/${p.id}`, { version: accepted.version });
}
const rejected = await write('420000000', 'Thanh toán khối lượng đợt 2: kết cấu thân tầng 1–5');
await director('PATCH', `payment-approval/reject/${rejected.id}`, {
  version: (await send(rejected)).version,
  note: 'Thiếu biên bản nghiệm thu khối lượng và hóa đơn GTGT',
});
const overdue = await write('150000000', 'Thanh toán vật tư thép đợt 3', {
  date: '2025-01-10',
  transaction_type_id: shortest.id,
  isPriority: true,
});
await send(overdue);
await send(await write('275500000', 'Thanh toán khối lượng đợt 3: hoàn thiện tầng 1–3'));
const created = await write('98000000', 'Thanh toán chi phí thí nghiệm vật liệu', { isPriority: true });
await invoice(created.id, `000${tag.slice(-5)}3`, '98000000', 'KCT', '2025-12-05');
// the payee's account changed while two requests wait: both held until a second person confirms it
const payee = await call('GET', `beneficiary/get/${beneficiary.id}`);
await accountant('PUT', `beneficiary/update/${beneficiary.id}`, {
  constructor_id: contractor.id,
  name: payee.name,
  bank_id: banks[1]?.id ?? banks[0].id,
  account_number: String(Date.now() + 7).slice(-12),
  version: payee.version,
});

// a request the accountant sent and may still recall, with its discussion
const discussed = await send(
  await write('312000000', 'Thanh toán khối lượng đợt 4: lắp dựng kết cấu thép mái nhà xưởng', {
    invoice_amount: '312000000',
  }),
);
for (const [by, text] of [
  [
    accountant,
    '@giamdoc anh xem giúp: biên bản nghiệm thu đợt 4 đã đính kèm, hóa đơn GTGT sẽ bổ sung trong tuần.',
  ],
  [director, 'Đã xem. Biên bản còn thiếu chữ ký của tư vấn giám sát, em bổ sung rồi gửi lại giúp anh.'],
  [accountant, 'Vâng, em thu hồi để bổ sung ạ.\nSẽ gửi lại trước thứ Sáu.'],
])
  await by('POST', `payment-transaction/comments/${discussed.id}`, { text });
// a colleague with an e-mail address who may see the request: a mention of her mails her
const colleague = await call('POST', 'admin/user/create', {
  user_name: `mai.${tag.toLowerCase()}`,
  full_name: 'Đỗ Thị Mai',
  email: `mai.${tag.toLowerCase()}@hoaphat-xd.vn`,
  password: 'mai-123456',
});
const roles = await call('GET', 'admin/role/list/all');
for (const code of ['ROLE_ACCOUNTANT', 'SCOPE_HP'])
  await call('PATCH', `admin/user/roles/${colleague.id}`, { roleId: roles.find((r) => r.code === code).id });

const browser = await launchChromium();
const errors = [];
async function shoot({ lang, sidebar, width }) {
  const { context, page, key } = await reviewPage(browser, { base, lang, sidebar, width, errors, session });
  const name = (what) => `${out}payment-${what}-${key}.png`;
  const shootPage = async (what, on = page) => {
    await on.screenshot({ path: name(what), fullPage: true });
    if (width > 500) return;
    const height = await on.evaluate(() => document.documentElement.scrollHeight);
    const screen = await on.evaluate(() => window.innerHeight);
    for (let y = 0, part = 1; y < height; y += screen - 120, part += 1) {
      await on.evaluate((top) => window.scrollTo(0, top), y);
      await on.waitForTimeout(150);
      await on.screenshot({ path: name(`${what}-part${part}`) });
    }
  };
  const sideways = async (what, on = page) => {
    const wide = await on.evaluate(() => {
      const grid = document.querySelector('.MuiDataGrid-virtualScroller');
      return {
        page: document.documentElement.scrollWidth > window.innerWidth,
        // the grid keeps a few pixels for its scrollbar filler even when the columns fit
        grid: grid ? grid.scrollWidth > grid.clientWidth + 8 : false,
      };
    });
    if (wide.page || wide.grid) errors.push(`${key}: ${what} scrolls sideways (${JSON.stringify(wide)})`);
  };

  // a list's rows: the grid's, or on a phone its cards (docs/adr/0089-payment-list-first-visit.md)
  const rows = page.locator('.MuiDataGrid-row, [data-testid="list-cards"] li');
  await page.goto(`/management/payment/list?constructionId=${construction.id}`);
  await rows.first().waitFor();
  await page.waitForTimeout(400);
  await sideways('list');
  await page.screenshot({ path: name('list'), fullPage: width < 500 });

  await page.goto(`/management/payment/create?constructionId=${construction.id}&contractId=${contract.id}`);
  await page.getByTestId('status-remaining').waitFor();
  await page.getByTestId('select-payment_code').locator('..').click();
  await page.getByRole('option').nth(1).click();
  await page.getByTestId('select-transaction_type_id').locator('..').click();
  await page.getByRole('option').first().click();
  await page.locator('input[name="amount"]').pressSequentially('1500000000');
  await page.locator('textarea[name="note"]').fill('Thanh toán khối lượng đợt 3: hoàn thiện tầng 4–9');
  await page.getByTestId('document-checklist').getByRole('checkbox').first().check();
  await page.waitForTimeout(300);
  await sideways('form');
  await shootPage('form');

  await page.goto(`/management/payment/view/${paidOne.id}`);
  await page.getByTestId('timeline').locator('li').first().waitFor();
  await page.getByTestId('file-list').locator('li').first().waitFor();
  await page.waitForTimeout(500);
  await sideways('view');
  await shootPage('view');

  // a created request: its invoices may change
  await page.goto(`/management/payment/view/${created.id}`);
  await page.locator('section[data-section="invoices"]').getByTestId('related-totals').waitFor();
  await page.waitForTimeout(500);
  await sideways('view with invoices');
  await shootPage('view-invoices');
  // its add dialog, half filled
  const invoices = page.locator('section[data-section="invoices"]');
  await invoices.getByRole('button', { name: /tạo mới|create/i }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="number"]').fill('00001234');
  await dialog.locator('input[name="amount_before_vat"]').pressSequentially('125000000');
  await dialog.getByRole('combobox', { name: /Thuế suất|VAT rate/ }).click();
  await page.getByRole('option', { name: '8%', exact: true }).click();
  await dialog.getByTestId('child-preview').waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: name('invoice-dialog') });
  await page.keyboard.press('Escape');

  await page.goto(`/management/payment/view/${rejected.id}`);
  await page.getByTestId('rejection').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: name('view-rejected') });

  await page.goto(`/management/payment/view/${overdue.id}`);
  await page.getByTestId('payee-changed').waitFor();
  await page.waitForTimeout(300);
  await sideways('view held');
  await shootPage('view-payee-held');

  await page.goto('/management/approval/list');
  await rows.first().waitFor();
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await page.waitForTimeout(300);
  await sideways('approval list');
  await page.screenshot({ path: name('approval'), fullPage: width < 500 });

  await page.goto(`/system/history/payment?paymentId=${paidOne.id}`);
  await page.locator('.MuiDataGrid-row').first().waitFor();
  await page.waitForTimeout(300);
  await sideways('history');
  await page.screenshot({ path: name('history') });
  await context.close();

  // the sender's page of a waiting request: Recall, the discussion, the recall's confirmation
  const own = await reviewPage(browser, { base, lang, sidebar, width, errors, session: accountantSession });
  await own.page.goto(`/management/payment/view/${discussed.id}`);
  await own.page.locator('[data-move="recall"]').waitFor();
  await own.page.getByTestId('comments').locator('li').nth(2).waitFor();
  await own.page.waitForTimeout(400);
  await sideways('view discussion', own.page);
  await shootPage('view-discussion', own.page);
  await own.page.evaluate(() => window.scrollTo(0, 0));
  await own.page.locator('[data-move="recall"]').click();
  await own.page.getByRole('dialog').waitFor();
  await own.page.waitForTimeout(400);
  await own.page.screenshot({ path: name('recall-confirm') });
  await own.page.keyboard.press('Escape');
  await own.page.getByRole('dialog').waitFor({ state: 'hidden' });
  // a comment sent from the page: the section says whom its mention mailed
  const discussion = own.page.getByTestId('discussion');
  await discussion
    .getByTestId('comment-text')
    .fill(`@${colleague.user_name} chị kiểm tra giúp hóa đơn GTGT số 0001245 (${lang}, ${width} px).`);
  await discussion.getByRole('button', { name: lang === 'vi' ? 'Gửi' : 'Send', exact: true }).click();
  const notified = discussion.getByTestId('comment-notified');
  await notified.waitFor();
  await notified.evaluate((alert) => alert.scrollIntoView({ block: 'center' }));
  await own.page.waitForTimeout(300);
  await own.page.screenshot({ path: name('discussion-sent') });
  await own.context.close();
}
await forEachCombination(
  browser,
  only ?? ['vi-light-1280', 'vi-light-375', 'en-light-1280', 'en-light-375'],
  errors,
  shoot,
);
