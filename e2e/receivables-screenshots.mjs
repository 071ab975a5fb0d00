// Screenshots of the receivables screens for review (not a test): the /manage statistics dashboard,
// customers (list, form, page with its credits, events and bills), bills (list, form, page with its
// check figures and receipts, the "record receipt" dialog), support tickets (list, the Zendesk import
// dialog, form) and the mail list — in Vietnamese and English at 1280 and 375 px, into screenshots/
// (`recv-*.png`; on phones also the page in screen-high parts). It first adds money to look at: three
// customers, each owning a construction of its own, with bills over the last seven months (paid,
// part paid, overdue, not yet due), receipts, a credit limit and a credit note, and a few tickets. It
// reports any page that scrolls sideways, any chart left empty and any table whose totals row does
// not show.
// Usage: node e2e/receivables-screenshots.mjs [baseUrl] [adminPassword] [only=vi-light-1280,…]
import { apiSession, forEachCombination, launchChromium, reviewArgs, reviewPage } from './support/review.mjs';

const { base, password, only, out } = reviewArgs();
const { session, call } = await apiSession(base, password);

const tag = Date.now().toString(36).toUpperCase().slice(-5);
const pad = (n) => String(n).padStart(2, '0');
/** A date `months` months and `days` days from today, ISO. */
const dateFrom = (months, days = 0) => {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() + months);
  d.setDate(Math.min(28, new Date().getDate()) + days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

const owners = [
  ['Công ty CP Đầu tư và Phát triển Đô thị Sông Hồng', 'Tòa tháp văn phòng Sông Hồng', '0101234565'],
  ['Công ty TNHH Bất động sản Minh Phát', 'Khu nhà ở Minh Phát giai đoạn 2', '0309876547'],
  ['Ban Quản lý dự án Giao thông tỉnh Bắc Ninh', 'Cầu vượt nút giao Quốc lộ 18', '2300111222'],
];
const customers = [];
for (const [i, [name, site, tax]] of owners.entries()) {
  const construction = await call('POST', 'construction/create', {
    code: `CT-R${tag}${i + 1}`,
    name: `${site} (${tag})`,
  });
  const customer = await call('POST', 'manage/customer/register', {
    code: `KH-${tag}-${i + 1}`,
    name: `${name} ${tag}`,
    tax_code: tax,
    contact_person: ['Nguyễn Văn Hùng', 'Trần Thị Mai', 'Phạm Quốc Bảo'][i],
    phone: `09${i}1234567`,
    email: `ketoan${i + 1}@example.vn`,
    address: ['12 Lý Thường Kiệt, Hà Nội', '45 Nguyễn Huệ, TP Hồ Chí Minh', '8 Lý Thái Tổ, Bắc Ninh'][i],
    construction_ids: [construction.id],
  });
  customers.push({ customer, construction });
}

// bills: [customer, months ago, amount, paid share (0..1), due in days after the bill]
const plan = [
  [0, -6, '850000000', 1, 30],
  [0, -5, '1200000000', 0.6, 30],
  [0, -3, '640000000', 0, 30],
  [0, -1, '2350000000', 0.25, 45],
  [0, 0, '480000000', 0, 30],
  [1, -6, '320000000', 1, 30],
  [1, -4, '975000000', 0.5, 30],
  [1, -2, '1500000000', 0, 20],
  [1, 0, '760000000', 0.1, 30],
  [2, -5, '4200000000', 0.8, 60],
  [2, -2, '3100000000', 0.3, 30],
  [2, 0, '1250000000', 0, 45],
];
const bills = [];
for (const [n, [who, months, amount, share, due]] of plan.entries()) {
  const { customer, construction } = customers[who];
  const billDate = dateFrom(months);
  const dueDate = dateFrom(months, due);
  let bill = await call('POST', 'manage/billing/create', {
    customer_id: customer.id,
    construction_id: construction.id,
    number: `HĐ-${tag}-${pad(n + 1)}`,
    bill_date: billDate,
    due_date: dueDate,
    amount,
    vat_rate: n % 4 === 3 ? 8 : 10,
    note: n % 3 === 0 ? 'Thanh toán theo tiến độ nghiệm thu giai đoạn' : null,
  });
  if (share > 0) {
    const total = Number(bill.total);
    const first = Math.round((total * share) / 2);
    const second = share === 1 ? total - first : Math.round(total * share) - first;
    for (const [k, part] of [first, second].entries()) {
      if (part <= 0) continue;
      bill = await call('POST', `manage/billing/receipt/${bill.id}`, {
        amount: String(part),
        // never after today: a receipt is money already in
        receipt_date: [dateFrom(months, 10 + k * 15), dateFrom(0)].sort()[0],
        reference: `UNC-${tag}-${n + 1}${k + 1}`,
        version: bill.version,
      });
    }
  }
  bills.push(bill);
}
await call('POST', 'manage/credit/create', {
  customer_id: customers[0].customer.id,
  kind: 'limit',
  amount: '5000000000',
  reason: 'Hạn mức theo hợp đồng khung năm nay',
  credit_date: dateFrom(-6),
});
await call('POST', 'manage/credit/create', {
  customer_id: customers[0].customer.id,
  billing_id: bills[1].id,
  kind: 'note',
  amount: '50000000',
  reason: 'Giảm trừ do chậm tiến độ hạng mục hoàn thiện',
  credit_date: dateFrom(-2),
  reference: `GBC-${tag}`,
});
const ticketLines = [
  ['Đề nghị xuất lại hóa đơn tháng trước', 'open', 'high', 'Nguyễn Văn Hùng'],
  ['Hỏi về số còn phải thu của công trình', 'new', 'normal', 'Trần Thị Mai'],
  ['Sai thông tin mã số thuế trên hóa đơn', 'pending', 'urgent', 'Phạm Quốc Bảo'],
  ['Xác nhận đã chuyển khoản đợt 2', 'solved', 'low', 'Lê Thị Hoa'],
].map(([subject, status, priority, name], i) =>
  JSON.stringify({
    id: Number(`9${Date.now() % 1e6}${i}`),
    subject: `${subject} (${tag})`,
    status,
    priority,
    requester: { name },
  }),
);
await call('POST', 'manage/zendesk/import', ticketLines.join('\n'));

const customer = customers[0].customer;
const bill = bills[1];
const pages = [
  ['statistics', '/manage/statistics?constructionId=-1'],
  ['customer-list', '/manage/customer/list'],
  ['customer-form', `/manage/customer/update/${customer.id}`],
  ['customer-view', `/manage/customer/view/${customer.id}`],
  ['billing-list', '/manage/billing/list?constructionId=-1'],
  ['billing-form', `/manage/billing/create?customerId=${customer.id}`],
  ['billing-view', `/manage/billing/view/${bill.id}`, 'receipt'],
  ['ticket-list', '/manage/ticket/list', 'import'],
  ['ticket-form', '/manage/ticket/create'],
  ['mail-list', '/manage/mail/list'],
];

const browser = await launchChromium();
const errors = [];
async function shoot({ lang, sidebar, width }) {
  const { context, page, key } = await reviewPage(browser, { base, lang, sidebar, width, errors, session });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const name = (what) => `${out}recv-${what}-${key}.png`;
  for (const [what, path, dialog] of pages) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.MuiSkeleton-root'), null, { timeout: 15_000 });
    await page.waitForTimeout(700);
    const review = await page.evaluate(() => ({
      sideways: document.documentElement.scrollWidth > window.innerWidth,
      charts: [...document.querySelectorAll('[data-testid^="chart-"]')].map((c) => ({
        id: c.getAttribute('data-testid'),
        drawn: Boolean(c.querySelector('svg')),
      })),
      tables: [...document.querySelectorAll('table[data-testid]')].map((t) => {
        const totals = t.querySelector('[data-testid="report-totals"]');
        const rows = t.querySelectorAll('[data-testid="report-row"]').length;
        const box = totals?.getBoundingClientRect();
        return { id: t.getAttribute('data-testid'), rows, totals: Boolean(box && box.height > 0) };
      }),
    }));
    if (review.sideways) errors.push(`${key}: ${what} scrolls sideways`);
    for (const chart of review.charts)
      if (!chart.drawn) errors.push(`${key}: ${what} ${chart.id} is not drawn`);
    for (const table of review.tables)
      if (table.rows && !table.totals && table.id !== 'table-top')
        errors.push(`${key}: ${what} ${table.id} shows no totals row`);
    await page.screenshot({ path: name(what), fullPage: true });
    if (dialog === 'receipt') {
      await page.getByTestId('record-receipt').click();
      await page.getByRole('dialog').locator('input[name="amount"]').pressSequentially('150000000');
      await page.waitForTimeout(300);
      await page.screenshot({ path: name(`${what}-receipt`) });
      await page.keyboard.press('Escape');
    }
    if (dialog === 'import') {
      await page.getByTestId('ticket-import').click();
      await page.getByTestId('ticket-import-file').setInputFiles({
        name: 'zendesk-export.ndjson',
        mimeType: 'application/x-ndjson',
        buffer: Buffer.from(ticketLines.join('\n')),
      });
      await page
        .getByRole('dialog')
        .getByRole('button', { name: lang === 'vi' ? 'Nhập' : 'Import', exact: true })
        .click();
      await page.getByTestId('ticket-import-result').waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: name(`${what}-import`) });
      await page.keyboard.press('Escape');
    }
    if (width > 500) continue;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const screen = await page.evaluate(() => window.innerHeight);
    for (let y = 0, part = 1; y < height && part <= 6; y += screen - 120, part += 1) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(150);
      await page.screenshot({ path: name(`${what}-part${part}`) });
    }
  }
  await context.close();
}
await forEachCombination(
  browser,
  only ?? ['vi-light-1280', 'vi-light-375', 'en-light-1280', 'en-light-375'],
  errors,
  shoot,
);
