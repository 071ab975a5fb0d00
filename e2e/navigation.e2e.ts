/** Moving around: the menu, the construction selector, redirects, not-found, the frame's parts. */
import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser, signedIn } from './support/browser.ts';

afterAll(closeBrowser);

describe('navigation', () => {
  test('the root goes to /about-me and the menu leads to the company list, highlighted', async () => {
    const { page, context, consoleErrors } = await signedIn('/about-me');
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/about-me');
    await page.getByRole('heading', { name: /Xin chào/ }).waitFor();

    let permissionCalls = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/account/permissions') permissionCalls += 1;
    });
    const nav = page.getByRole('navigation', { name: 'menu' });
    // the group opens on click; its entry leads to the list
    const management = nav.getByRole('button', { name: 'Quản lý' });
    if ((await management.getAttribute('aria-expanded')) !== 'true') await management.click();
    await nav.getByRole('link', { name: 'Công ty' }).click();
    await page.waitForURL((url) => url.pathname === '/management/company/list');
    await expect
      .poll(() => nav.getByRole('link', { name: 'Công ty' }).getAttribute('aria-current'))
      .toBe('page');
    await page.getByRole('navigation', { name: 'Đường dẫn' }).getByText('Công ty').waitFor();
    expect(permissionCalls).toBe(1); // the rules are fetched again before the navigation

    // hidden entries (profile, the create screens) are not in the drawer
    expect(await nav.getByRole('link', { name: 'Hồ sơ cá nhân' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Thêm công ty' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('choosing a construction writes constructionId, page 1 and itemsPerPage 10 into the query', async () => {
    const { page, context, consoleErrors } = await signedIn(
      '/management/company/list?page=2&itemsPerPage=50',
    );
    await page.getByRole('combobox', { name: 'Công trình' }).click();
    const options = page.getByRole('listbox').getByRole('option');
    await options.first().waitFor();
    expect(await options.first().textContent()).toBe('Tất cả công trình');
    expect(await options.count()).toBeGreaterThan(2);
    // the first construction is preselected; choose another one
    await options.nth(2).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('constructionId')).toMatch(/^\d+$/);
    const query = new URL(page.url()).searchParams;
    expect(query.get('page')).toBe('1');
    expect(query.get('itemsPerPage')).toBe('10');
    // the list follows: only the company of the chosen construction
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(1);

    await page.getByRole('combobox', { name: 'Công trình' }).click();
    await page.getByRole('option', { name: 'Tất cả công trình' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('constructionId')).toBe('-1');
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBeGreaterThan(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('an unknown route shows not found; a section root redirects', async () => {
    const { page, context, consoleErrors } = await signedIn('/about-me');
    await page.goto('/khong-ton-tai/abc');
    await page.getByRole('heading', { name: 'Không tìm thấy trang' }).waitFor();
    await page.getByText('404').first().waitFor();

    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/admin/user/list');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('the drawer collapses to 64 px and opens to 256 px; the footer shows version and build time', async () => {
    const { page, context, consoleErrors } = await signedIn('/about-me');
    const paper = page.locator('[data-testid="nav-drawer"] .MuiDrawer-paper');
    await expect.poll(async () => Math.round((await paper.boundingBox())?.width ?? 0)).toBe(256);
    await page.getByRole('button', { name: 'Thu gọn menu' }).click();
    await expect.poll(async () => Math.round((await paper.boundingBox())?.width ?? 0)).toBe(64);
    await page.getByRole('button', { name: 'Mở rộng menu' }).click();
    await expect.poll(async () => Math.round((await paper.boundingBox())?.width ?? 0)).toBe(256);

    const footer = await page.getByTestId('app-footer').textContent();
    expect(footer).toMatch(/1\.0\.0/);
    expect(footer).toMatch(/\d{4}\.\d{2}\.\d{2}-\d{2}:\d{2}/);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('a new build on the server brings a banner that stays until reload', async () => {
    const { page, context, consoleErrors } = await signedIn('/about-me');
    // the first page's own version check must be over before the route counts: on a loaded machine it
    // was still in flight, took the first (unchanged) answer, and the reloaded app then saw the new
    // build as the one it loaded
    await page.waitForLoadState('networkidle');
    let calls = 0;
    await page.route('**/api/version', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      calls += 1;
      await route.fulfill({
        response,
        json: calls > 1 ? { ...body, last_build_time: '2099-01-01T00:00:00.000Z' } : body,
      });
    });
    await page.reload();
    await page.getByRole('heading', { name: /Xin chào/ }).waitFor();
    await expect.poll(() => calls).toBeGreaterThan(0);
    expect(await page.getByText('Đã có phiên bản mới của ứng dụng.').count()).toBe(0);

    // the tab comes back into view: the app asks again and finds another build
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const banner = page.getByRole('status').filter({ hasText: 'Đã có phiên bản mới của ứng dụng.' });
    await banner.waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Công ty' }).click(); // a quick link
    await page.waitForURL((url) => url.pathname === '/management/company/list');
    await banner.waitFor(); // still there on the next screen
    await banner.getByRole('button', { name: 'Tải lại ngay' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
