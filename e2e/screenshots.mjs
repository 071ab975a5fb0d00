// Screenshots for review (not a test): login, the company list and form, in Vietnamese and English,
// light and dark sidebar, 1280 and 375 px wide, into screenshots/ (git-ignored).
// Usage: node e2e/screenshots.mjs [baseUrl] [adminPassword]
import { forEachCombination, launchChromium, reviewArgs, reviewPage } from './support/review.mjs';

const { base, password, only, out } = reviewArgs();
const browser = await launchChromium();
const errors = [];
async function shoot({ lang, sidebar, width }) {
  // signs in through the screen itself: the sign-in page is one of the shots
  const { context, page } = await reviewPage(browser, { base, lang, sidebar, width, errors });
  const name = (what) => `${out}${what}-${lang}-${sidebar}-${width}.png`;
  await page.goto('/auth/login');
  await page.locator('input[name="user_name"]').waitFor();
  if (sidebar === 'light') {
    await page.locator('button[type="submit"]').click(); // show the field messages
    await page.waitForTimeout(300);
    await page.screenshot({ path: name('login') });
  }
  await page.locator('input[name="user_name"]').fill('admin');
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/about-me');
  await page.goto('/management/company/list');
  await page.locator('.MuiDataGrid-row').first().waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: name('company-list') });
  if (width < 500 && sidebar === 'dark') {
    await page.getByRole('button', { name: /Mở menu|Open menu/ }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: name('drawer') });
    await page.keyboard.press('Escape');
  }
  await page.goto('/management/company/create');
  await page.locator('form button[type="submit"]').click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: name('company-form'), fullPage: width > 500 });
  await context.close();
}
await forEachCombination(browser, only, errors, shoot);
