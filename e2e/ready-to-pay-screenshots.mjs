// Screenshots of "ready to pay" for review (not a test; issue 33): on a request, its e-invoice checks
// and its invoices (a rate of several lines read in words), its documents checklist with a block
// document attached and a warn one missing, the red flag of an advance guarantee expired while owed;
// the contract's guarantees section and a guarantee's files; the home card of guarantees expiring
// within 30 days. vi and en, 1280 and 375 px, into screenshots/.
// Usage: node e2e/ready-to-pay-screenshots.mjs [baseUrl] [adminPassword] [only=vi-light-1280,…]
import fs from 'node:fs';
import { apiSession, forEachCombination, launchChromium, reviewArgs, reviewPage } from './support/review.mjs';

const { base, password, only, out } = reviewArgs();
const { session, headers, call } = await apiSession(base, password);
const fixtures = new URL('../server/test/fixtures/einvoice/', import.meta.url).pathname;

/** A tax code with its check digit (docs/adr/0093-tax-codes-checked-by-their-check-digit.md). */
function taxCode() {
  for (;;) {
    const head = String(100000000 + Math.floor(Math.random() * 800000000));
    const sum = [31, 29, 23, 19, 17, 13, 7, 5, 3].reduce((s, w, i) => s + w * Number(head[i]), 0);
    const digit = 10 - (sum % 11);
    if (digit < 10) return `${head}${digit}`;
  }
}
const day = (days) => new Date(Date.now() + 7 * 3600_000 + days * 86400_000).toISOString().slice(0, 10);
async function upload(url, fields, name, text) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([text]), name);
  const res = await fetch(`${base}/api/${url}`, { method: 'POST', headers, body: form });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

const tag = Date.now().toString(36).toUpperCase();
const companies = await call('GET', 'admin/company/list/all');
const buyer = companies.find((c) => c.code === 'HP').tax_code;
const constructions = await call('GET', 'construction/paging?itemsPerPage=100');
const construction = constructions.items.find((c) => c.code === 'CT-001') ?? constructions.items[0];
const types = await call('GET', 'contract-type/list/all');
const taxes = await call('GET', 'admin/setting/tax');
const banks = await call('GET', 'bank/list/all');
const seller = taxCode();
const contractor = await call('POST', 'constructor/create', {
  code: `NT-R${tag}`,
  name: 'Công ty TNHH Xây dựng và Thương mại Hoàng Long',
  tax_code: seller,
});
const payee = await call('POST', 'beneficiary/create', {
  constructor_id: contractor.id,
  name: 'Công ty TNHH Xây dựng và Thương mại Hoàng Long',
  bank_id: banks[0].id,
  account_number: String(Date.now()).slice(-12),
});
const contract = await call('POST', 'contract/create', {
  contract_no: `HĐ-${tag}/2026`,
  contract_type_id: types[0].id,
  construction_id: construction.id,
  constructor_id: contractor.id,
  beneficiary_id: payee.id,
  signed_date: '2025-03-15',
  amount_before_vat: '1250000000',
  tax_id: (taxes.find((t) => t.code === 'VAT10') ?? taxes[0]).id,
});
await call('POST', 'contract-guarantee/create', {
  contract_id: contract.id,
  kind: 'advance',
  bank_id: banks[0].id,
  guarantee_no: 'BL-TU-2025/0142',
  amount: '275000000',
  issued_date: '2025-03-20',
  expiry_date: '2025-12-31',
});
const soon = await call('POST', 'contract-guarantee/create', {
  contract_id: contract.id,
  kind: 'performance',
  bank_id: (banks[1] ?? banks[0]).id,
  guarantee_no: `BL-TH-${tag}`,
  amount: '137500000',
  issued_date: '2025-03-20',
  expiry_date: day(12),
});
await upload(
  'contract-guarantee/file/upload',
  { id: String(soon.id) },
  'Thư bảo lãnh thực hiện HĐ.pdf',
  '%PDF-1.4 x',
);

const tt = await call('POST', 'admin/setting/transaction-type/create', {
  code: `TT-${tag}`,
  name: 'Thanh toán khối lượng hoàn thành',
  pay_date: 10,
});
for (const [code, name, requirement, ordered] of [
  [`BBNT-${tag}`, 'Biên bản nghiệm thu khối lượng', 'block', 1],
  [`BKL-${tag}`, 'Bảng tính giá trị khối lượng hoàn thành', 'warn', 2],
])
  await call('POST', 'admin/setting/document-attach/create', {
    code,
    name,
    type: 'original',
    quantity: 1,
    ordered,
    requirement,
    transaction_type_id: tt.id,
  });
// an advance on the contract whose advance guarantee has run out
const request = await call('POST', 'payment-transaction/create', {
  contract_id: contract.id,
  payment_code: 'TU',
  transaction_type_id: tt.id,
  date: day(0),
  amount: '200000000',
  note: 'Tạm ứng đợt 1 thi công phần thân',
});
await upload(
  `payment-file-upload/upload/${request.id}`,
  { document_type: `BBNT-${tag}` },
  'Biên bản nghiệm thu.pdf',
  '%PDF-1.4 x',
);
const number = String(Date.now() % 10000000);
const xml = (name, swaps) => {
  let text = fs.readFileSync(`${fixtures}${name}`, 'utf8');
  for (const [from, to] of swaps) text = text.replace(from, to);
  return text;
};
await upload(
  `payment-invoice/import-xml/${request.id}`,
  {},
  'hoa-don-101.xml',
  xml('plain.xml', [
    ['0312345673', seller],
    ['0101234565', buyer],
    ['<SHDon>101</SHDon>', `<SHDon>${number}</SHDon>`],
    [/<STKNHang>.*<\/STKNHang>/, `<STKNHang>${payee.account_number}</STKNHang>`],
  ]),
);
await upload(
  `payment-invoice/import-xml/${request.id}`,
  {},
  'hoa-don-202.xml',
  xml('wrapped-exempt.xml', [
    ['0312345673', seller],
    ['0101234565', buyer],
    ['<SHDon>202</SHDon>', `<SHDon>${Number(number) + 1}</SHDon>`],
  ]),
);

/** An element's screenshot with the page scrolled so that the sticky top bar does not cover it. */
async function shootElement(locator, path) {
  await locator.evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -80);
  });
  await locator.page().waitForTimeout(150);
  await locator.screenshot({ path });
}

const browser = await launchChromium();
const errors = [];
async function shoot({ lang, sidebar, width }) {
  const { context, page, key } = await reviewPage(browser, { base, lang, sidebar, width, errors, session });
  const name = (what) => `${out}ready-${what}-${key}.png`;
  await page.goto(`/management/payment/view/${request.id}`);
  await page.getByTestId('einvoice').nth(1).waitFor();
  await page.getByTestId('guarantee-expired').waitFor();
  await page.getByTestId('documents-lacking').waitFor();
  await page.waitForTimeout(500);
  await shootElement(page.getByTestId('guarantee-expired'), name('request-flag'));
  await shootElement(page.getByTestId('einvoice-checks'), name('einvoice-checks'));
  await shootElement(page.locator('section[data-section="invoices"]'), name('invoices'));
  await shootElement(page.getByTestId('documents'), name('documents'));

  await page.goto(`/management/contract/view/${contract.id}`);
  const section = page.locator('section[data-section="guarantees"]');
  await section.getByText(soon.guarantee_no).first().waitFor();
  await page.waitForTimeout(400);
  await shootElement(section, name('guarantees'));
  await section
    .getByRole('button', {
      name: new RegExp(`(Tệp thư bảo lãnh|Guarantee letter files): ${soon.guarantee_no}`),
    })
    .click();
  await page.getByRole('dialog').getByTestId('file-list').locator('li').first().waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: name('guarantee-files') });
  await context.close();

  const home = await reviewPage(browser, { base, lang, sidebar, width, errors, session });
  await home.page.goto('/about-me');
  await home.page.getByTestId('home-guarantee').first().waitFor();
  await home.page.waitForTimeout(400);
  await home.page.getByTestId('home-guarantees').screenshot({ path: `${out}ready-home-card-${key}.png` });
  await home.page.screenshot({ path: `${out}ready-home-${key}.png`, fullPage: true });
  await home.context.close();
}
await forEachCombination(browser, only, errors, shoot);
