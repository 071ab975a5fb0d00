// Screenshots of issue 30's inputs and notices for review (not a test): a date field's calendar, a
// refused file type, the question before leaving a form with changes, and the home page's cards
// with their progress — in Vietnamese
// and English, at 1280 and 375 px, into screenshots/inputs-*.png. The browser tab's title of each is
// printed beside it.
// Usage: node e2e/inputs-screenshots.mjs [baseUrl] [adminPassword] [only=vi-light-1280,…]
import { apiSession, forEachCombination, launchChromium, reviewArgs, reviewPage } from './support/review.mjs';

const { base, password, only, out } = reviewArgs();
const { session, call } = await apiSession(base, password);
const companies = await call('GET', 'admin/company/list/all');

const browser = await launchChromium();
const errors = [];
await forEachCombination(browser, only, errors, async ({ lang, sidebar, width }) => {
  const { context, page, key } = await reviewPage(browser, { base, lang, sidebar, width, errors, session });
  const en = lang === 'en';
  const shot = async (name, fullPage = false) => {
    await page.waitForTimeout(400); // the transitions end
    console.log(`${name}-${key}: "${await page.title()}"`);
    await page.screenshot({ path: `${out}inputs-${name}-${key}.png`, fullPage });
  };

  // the calendar of a contract's signed date, after its date was typed as digits
  await page.goto('/management/contract/create');
  const signed = page.getByRole('textbox', { name: en ? 'Signed date' : 'Ngày ký', exact: true });
  await signed.fill('15102026');
  await signed.blur();
  await page.getByRole('button', { name: en ? 'Choose a date: Signed date' : 'Chọn ngày: Ngày ký' }).click();
  await page.getByRole('dialog').getByRole('gridcell', { name: '15' }).waitFor();
  await shot('calendar');
  await page.keyboard.press('Escape');

  // leaving the form with a change (the date typed) for the home page: asked first
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await page
    .getByRole('link', { name: en ? 'Home' : 'Trang chủ' })
    .first()
    .click();
  await page.getByRole('dialog').getByRole('button').first().waitFor();
  await shot('leave');
  await page.getByRole('dialog').getByRole('button').last().click();

  // a file of a type not taken
  await page.goto(`/management/company/view/${companies[0].id}`);
  await page.getByTestId('file-input').setInputFiles({
    name: 'setup.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ'),
  });
  await page.getByRole('alert').filter({ hasText: 'setup.exe' }).waitFor();
  await shot('file-refused', true);

  // the home page: its cards and progress
  await page.goto('/');
  await page.getByRole('main').getByRole('link').first().waitFor();
  await shot('home');
  await context.close();
});
