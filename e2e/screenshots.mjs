// Screenshots for review (not a test): login, the company list and form, in Vietnamese and English,
// light and dark sidebar, 1280 and 375 px wide, into screenshots/ (git-ignored).
// Usage: node e2e/screenshots.mjs [baseUrl] [adminPassword]
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:8090';
const password = process.argv[3] ?? 'admin123';
const out = new URL('../screenshots/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const prefsKey = `sp_${Buffer.from('sitepay.preferences').toString('base64').replace(/=+$/, '')}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const errors = [];
async function shoot({ lang, sidebar, width }) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width, height: width > 500 ? 800 : 760 },
  });
  await context.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [prefsKey, JSON.stringify({ langCode: lang, themeColor: 'orange', sidebar, drawerCollapsed: false })],
  );
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && errors.push(`${lang}/${sidebar}/${width}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${lang}/${sidebar}/${width}: ${e.message}`));
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
for (const lang of ['vi', 'en'])
  for (const sidebar of ['light', 'dark'])
    for (const width of [1280, 375]) await shoot({ lang, sidebar, width });
await browser.close();
console.log(errors.length ? `console errors:\n${errors.join('\n')}` : 'no console errors');
