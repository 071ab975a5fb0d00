// Screenshots of the payment batch screens for review (not a test; issue 34): the batch list, a
// batch's page, the bank file template form with its preview, and the statement review with an
// unmatched line. Vietnamese and English at 1280 and 375 px, into screenshots/payment-batch-*.png;
// any page that scrolls sideways is reported. It needs a batch made already (the browser test
// e2e/payment-batches.e2e.ts makes one) and adds a statement line nothing matches.
// Usage: node e2e/payment-batch-screenshots.mjs [baseUrl] [adminPassword] [only=vi-light-1280,…]
import { apiSession, forEachCombination, launchChromium, reviewArgs, reviewPage } from './support/review.mjs';

const { base, password, only, out } = reviewArgs();
const { session, call } = await apiSession(base, password);

const batches = await call('GET', 'payment-batch/list/paging?itemsPerPage=1');
const batch = batches.items[0];
const templates = await call('GET', 'admin/setting/bank-file-template/list/all');
const template = templates.find((t) => t.is_default) ?? templates[0];
const accountId = batch.company_bank_account_id;
const form = new FormData();
const csv = `Date,Reference,Debit,Content\r\n01/11/2026,FT-SHOT-${Date.now()},11000,Phi dich vu\r\n`;
form.append('file', new Blob([csv], { type: 'text/csv' }), 'sao-ke.csv');
await fetch(`${base}/api/payment-batch/statement/${accountId}`, {
  method: 'POST',
  headers: { ApplicationId: 'sitepay-web', Authorization: `Bearer ${session.id_token}` },
  body: form,
});

const browser = await launchChromium();
const errors = [];
async function shoot({ lang, sidebar, width }) {
  const { context, page, key } = await reviewPage(browser, { base, lang, sidebar, width, errors, session });
  const name = (what) => `${out}payment-batch-${what}-${key}.png`;
  const open = async (path, ready) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.locator('main h1').first().waitFor();
    if (ready) await ready();
    await page.waitForTimeout(400);
  };
  const shot = async (what) => {
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    if (wide) errors.push(`${key}: ${what} scrolls sideways`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    await page.screenshot({ path: name(what), fullPage: true });
  };
  await open('/management/payment-batch/list', () => page.getByTestId('batch-state').first().waitFor());
  await shot('list');
  await open(`/management/payment-batch/view/${batch.id}`, () => page.getByTestId('batch-state').waitFor());
  await shot('view');
  await open(`/admin/setting/bank-file-template/update/${template.id}`, () =>
    page.locator('main table').waitFor(),
  );
  await shot('template');
  await open('/management/payment-batch/statement');
  await page.locator('main [role="combobox"]').first().click();
  await page.getByRole('option').first().click();
  await page.getByTestId('statement-unmatched').waitFor();
  await page.waitForTimeout(300);
  await shot('statement');
  await context.close();
}
await forEachCombination(
  browser,
  only ?? ['vi-light-1280', 'vi-light-375', 'en-light-1280', 'en-light-375'],
  errors,
  shoot,
);
