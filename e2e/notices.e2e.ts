/**
 * Toasts (issue 30, 19; docs/web.md, "Toasts"): a failed sign-in's notice is not carried onto the
 * home page after signing in; a save's notice stands beside the drawer, never over it; at most two
 * stand at once; and an API notice leaves after its 20 s (docs/product.md#constants) even while the
 * window is in the background.
 */
import { afterAll, describe, expect, test } from 'vitest';
import {
  ADMIN_PASSWORD,
  closeBrowser,
  login,
  openPage,
  settleAnimations,
  signedIn,
  unique,
} from './support/browser.ts';

afterAll(closeBrowser);

const TOAST = '.notistack-SnackbarContainer [role="alert"]';

describe('notices', () => {
  test("signing in closes the failed attempt's notice: the home page opens without it", async () => {
    const { page, context, consoleErrors } = await openPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/auth/login');
    await page.locator('button[type="submit"]').waitFor();
    // the first screen neither loads nor draws the notices' host (docs/adr/0112-notices-drawn-when-first-needed.md)
    expect(scripts.filter((path) => path.includes('notice-host'))).toEqual([]);
    expect(await page.locator('.notistack-SnackbarContainer').count()).toBe(0);
    await login(page, 'admin', 'definitely-wrong');
    const failed = page.locator(TOAST).filter({ hasText: '[Đăng nhập thất bại]' });
    await failed.waitFor();
    expect(scripts.filter((path) => path.includes('notice-host'))).toHaveLength(1);
    await login(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/about-me');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await failed.waitFor({ state: 'detached' });
    expect(await page.locator(TOAST).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test("a save's notices stand beside the drawer, two at most, and leave after 20 s even in a background window", async () => {
    const { page, context, consoleErrors } = await signedIn('/management/company/create');
    // the window goes to the background: a notice must not wait for it to come back
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    const code = unique('NT');
    const name = `Công ty thông báo ${code}`;
    await page.locator('input[name="code"]').fill(code);
    await page.locator('input[name="name"]').fill(name);
    await page.getByRole('button', { name: 'Lưu' }).click();
    const created = page.locator(TOAST).filter({ hasText: 'Tạo mới công ty thành công' });
    await created.waitFor();
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));

    const drawer = await page.locator('nav .MuiDrawer-paper, .MuiDrawer-paper').first().boundingBox();
    expect(drawer).not.toBeNull();
    // the notice slides in from the left: where it stands is read once its entrance has ended (read
    // during it, it was 6 px over the drawer's edge on a slow machine)
    await settleAnimations(page);
    await expect
      .poll(async () => (await created.boundingBox())?.x)
      .toBeGreaterThanOrEqual(drawer!.x + drawer!.width);

    // two more notices (deactivate, activate the new company): never three at once, the oldest
    // makes way
    await page.getByLabel('Tìm kiếm').fill(code);
    await page.getByRole('button', { name: `Ngừng hoạt động: ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();
    await page.locator(TOAST).filter({ hasText: 'Ngừng hoạt động' }).waitFor();
    await page.getByRole('button', { name: `Kích hoạt: ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xác nhận' }).click();
    const last = page.locator(TOAST).filter({ hasText: 'Kích hoạt' });
    await last.waitFor();
    const shownAt = Date.now();
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await created.waitFor({ state: 'detached' });
    await settleAnimations(page);
    expect(await page.locator(TOAST).count()).toBeLessThanOrEqual(2);
    // none is over the drawer
    for (const x of await page
      .locator(TOAST)
      .evaluateAll((all) => all.map((e) => e.getBoundingClientRect().x)))
      expect(x).toBeGreaterThanOrEqual(drawer!.x + drawer!.width);

    // the last notice leaves after its 20 s, though the window never came back to the front
    await last.waitFor({ state: 'detached', timeout: 30_000 });
    const stood = (Date.now() - shownAt) / 1000;
    expect(stood).toBeGreaterThan(18);
    expect(stood).toBeLessThan(24);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
