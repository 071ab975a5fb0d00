// Screenshots of the change-password screen a password set by an administrator leads to (not a
// test): the screen as the user lands on it, and after a refused common password, in Vietnamese and
// English at 1280 and 375 px, into screenshots/; axe-core runs all its rules on each and prints what
// it finds. A user is created through the API with a password an administrator chose.
// Usage: node e2e/password-screenshots.mjs [baseUrl] [adminPassword] [only=vi-light-1280,…]
import { AxeBuilder } from '@axe-core/playwright';
import { apiSession, forEachCombination, launchChromium, reviewArgs, reviewPage } from './support/review.mjs';

const { base, password, only, out } = reviewArgs();
const { call } = await apiSession(base, password);

const browser = await launchChromium();
const errors = [];
await forEachCombination(browser, only, errors, async ({ lang, sidebar, width }) => {
  const userName = `doimk${Date.now().toString(36)}`;
  const given = 'Tam-thoi-1357';
  await call('POST', 'admin/user/create', {
    user_name: userName,
    full_name: 'Nguyễn Thị Lan',
    email: `${userName}@example.com`,
    password: given,
  });
  const { context, page, key } = await reviewPage(browser, { base, lang, sidebar, width, errors });
  await page.goto('/auth/login');
  await page.locator('input[name="user_name"]').fill(userName);
  await page.locator('input[name="password"]').fill(given);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/auth/change-password');
  const main = page.getByRole('main');
  await main.locator('input[name="oldPassword"]').waitFor();
  await page.screenshot({ path: `${out}change-password-${key}.png`, fullPage: true });
  await main.locator('input[name="oldPassword"]').fill(given);
  await main.locator('input[name="newPassword"]').fill('password');
  await main.locator('input[name="confirmPassword"]').fill('password');
  await main.locator('button[type="submit"]').click();
  await main.locator('.MuiFormHelperText-root.Mui-error').first().waitFor();
  await page.screenshot({ path: `${out}change-password-refused-${key}.png`, fullPage: true });
  const { violations } = await new AxeBuilder({ page }).analyze();
  for (const v of violations)
    errors.push(`${key} axe ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  await context.close();
});
