// Screenshots of issue 13's screens for review (not a test): a payment request's page with its
// VietQR code and the print menu open, one whose bank has no NAPAS BIN, the contract and payment
// lists with their Excel button and an export in progress (the file slowed down in the page so that
// the progress shows), two reports with their Excel button, and the bank form with its BIN — in
// Vietnamese and English at 1280 and 375 px, as `docs-*.png`. It writes its own data first (a bank
// without BIN, a contractor paid at Vietcombank, two accepted requests) and reports any page that
// scrolls sideways. The one 422 in the console per run is the request without BIN, on purpose.
// Usage: node e2e/documents-screenshots.mjs [baseUrl] [adminPassword] [only=vi-light-1280,…]
// (SHOTS_DIR=/tmp/shots-documents/ to write elsewhere than screenshots/)
import { mkdirSync } from 'node:fs';
import { apiAs } from './support/api.mjs';
import { apiSession, forEachCombination, launchChromium, reviewArgs, reviewPage } from './support/review.mjs';

const args = reviewArgs();
const { base, password, only } = args;
const out = process.env.SHOTS_DIR ?? args.out;
mkdirSync(out, { recursive: true });
const { session, call: admin } = await apiSession(base, password);

// ------------------------------------------------------------------------------ the data to look at
const tag = Date.now().toString(36).toUpperCase().slice(-5);
const { call: accountant } = await apiAs(base, 'ketoan', 'ketoan123');
const { call: director } = await apiAs(base, 'giamdoc', 'giamdoc123');
const banks = await admin('GET', 'admin/setting/bank/list/all');
const vietcombank = banks.find((b) => b.code === 'VCB' && b.bin) ?? banks.find((b) => b.bin);
const noBin = await admin('POST', 'admin/setting/bank/create', {
  code: `NHB${tag}`,
  name: `Ngân hàng TMCP Phương Đông ${tag}`,
  short_name: 'OCB',
});
const construction = (await admin('GET', 'account/construction/list')).find((c) => c.code === 'CT-001');
const types = await admin('GET', 'contract-type/list/all');
const taxes = await admin('GET', 'admin/setting/tax');
const vat = (taxes.find((t) => t.code === 'VAT10') ?? taxes[0]).id;
const contractor = await admin('POST', 'constructor/create', {
  code: `NT${tag}`,
  name: 'Công ty CP Xây dựng và Thương mại Hòa Bình Minh',
});
const payee = (bankId, account) =>
  admin('POST', 'beneficiary/create', {
    constructor_id: contractor.id,
    name: 'Công ty CP Xây dựng và Thương mại Hòa Bình Minh',
    bank_id: bankId,
    account_number: account,
  });
const atVcb = await payee(vietcombank.id, `0071${Date.now()}`.slice(0, 13));
const atNoBin = await payee(noBin.id, `0451${Date.now()}`.slice(0, 12));
const contract = (beneficiary, no) =>
  admin('POST', 'contract/create', {
    contract_no: no,
    contract_type_id: types[0].id,
    construction_id: construction.id,
    constructor_id: contractor.id,
    beneficiary_id: beneficiary.id,
    signed_date: '2026-02-16',
    amount_before_vat: '2450000000',
    tax_id: vat,
    guarantee_percent: '5',
  });
const paid = await contract(atVcb, `15/2026/HĐXD-${tag}`);
const unpaid = await contract(atNoBin, `16/2026/HĐXD-${tag}`);
const transactionType = (await admin('GET', 'transaction-type/list/all')).find((x) => x.status === 'O');
const departments = await accountant('GET', 'account/department/list');
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
async function accepted(c, amount) {
  const p = await accountant('POST', 'payment-transaction/create', {
    contract_id: c.id,
    payment_code: 'TD',
    transaction_type_id: transactionType.id,
    date: today,
    amount,
    note: 'Thanh toán khối lượng hoàn thành đợt 2 – phần móng và tầng hầm',
    department_id: departments[0]?.id,
  });
  const sent = await accountant('PATCH', `payment-transaction/require-approval/${p.id}`, {
    version: p.version,
  });
  return director('PATCH', `payment-approval/accept/${p.id}`, { version: sent.version });
}
const withQr = await accepted(paid, '1358024679');
const withoutBin = await accepted(unpaid, '420000000');

// ------------------------------------------------------------------------------ the shots

/**
 * Exports arrive 1 KB every 300 ms in the page, so that the progress can be seen (the real file
 * comes in a blink here): fetch's answer is re-chunked through a slow stream.
 */
const slowExports = () => {
  const real = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await real(input, init);
    const url = typeof input === 'string' ? input : input.url;
    if (!url.includes('/api/export/') || !response.ok || !response.body) return response;
    const whole = new Uint8Array(await response.arrayBuffer());
    let at = 0;
    const body = new ReadableStream({
      async pull(controller) {
        await new Promise((r) => setTimeout(r, 300));
        if (at >= whole.length) return controller.close();
        controller.enqueue(whole.slice(at, at + 1024));
        at += 1024;
      },
    });
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(body, { status: response.status, headers });
  };
};

const browser = await launchChromium();
const errors = [];
async function shoot({ lang, sidebar, width }) {
  const { context, page, key } = await reviewPage(browser, { base, lang, sidebar, width, errors, session });
  await context.addInitScript(slowExports);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const name = (what) => `${out}docs-${what}-${key}.png`;
  const settle = async () => {
    await page.waitForFunction(() => !document.querySelector('.MuiSkeleton-root'), null, { timeout: 15_000 });
    await page.waitForTimeout(500);
    if (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
      errors.push(`${key}: ${page.url()} scrolls sideways`);
  };

  await page.goto(`/management/payment/view/${withQr.id}`);
  await page.getByTestId('vietqr-image').waitFor();
  await settle();
  await page.screenshot({ path: name('payment-view'), fullPage: true });
  await page.getByTestId('vietqr').scrollIntoViewIfNeeded();
  await page.screenshot({ path: name('vietqr') });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByTestId('print').click();
  await page.getByTestId('print-pdf').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: name('print-menu') });
  await page.keyboard.press('Escape');

  await page.goto(`/management/payment/view/${withoutBin.id}`);
  await page.getByTestId('vietqr-note').waitFor();
  await settle();
  await page.getByTestId('vietqr').scrollIntoViewIfNeeded();
  await page.screenshot({ path: name('vietqr-no-bin') });

  for (const list of ['contract', 'payment']) {
    await page.goto(`/management/${list}/list?constructionId=-1`);
    await page.locator('.MuiDataGrid-row').first().waitFor();
    await settle();
    await page.screenshot({ path: name(`${list}-list`) });
    await page.getByTestId('export').click();
    await page.getByTestId('export-progress').filter({ hasText: 'KB' }).waitFor({ timeout: 20_000 });
    await page.screenshot({ path: name(`${list}-export-progress`) });
    await page.getByTestId('export-cancel').click();
  }

  for (const [what, path] of [
    ['report-payment', '/report/payment/construction?constructionId=-1'],
    ['report-construction', `/report/construction/view/${construction.id}?constructionId=${construction.id}`],
  ]) {
    await page.goto(path);
    await page.getByTestId('report-export').waitFor();
    await settle();
    await page.screenshot({ path: name(what) });
  }

  await page.goto(`/admin/setting/bank/update/${vietcombank.id}`);
  await page.locator('input[name="bin"]').waitFor();
  await settle();
  await page.screenshot({ path: name('bank-form'), fullPage: true });
  await page.goto('/admin/setting/bank/list');
  await page.locator('.MuiDataGrid-row').first().waitFor();
  await settle();
  await page.screenshot({ path: name('bank-list') });
  await context.close();
}
await forEachCombination(
  browser,
  only ?? ['vi-light-1280', 'vi-light-375', 'en-light-1280', 'en-light-375'],
  errors,
  shoot,
);
