/** Signing in and out: the way back to the page asked for, field messages, the server's refusal. */
import { afterAll, describe, expect, test } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USER, closeBrowser, login, openPage, signedIn } from './support/browser.ts';

afterAll(closeBrowser);

describe('session', () => {
  test('a signed-out visit goes to login carrying the target, and returns there after login', async () => {
    const { page, context, consoleErrors } = await openPage();
    await page.goto('/management/company/list?page=1&itemsPerPage=20');
    await page.waitForURL(/\/auth\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(
      '/management/company/list?page=1&itemsPerPage=20',
    );

    await login(page);
    await page.waitForURL((url) => url.pathname === '/management/company/list');
    expect(new URL(page.url()).searchParams.get('itemsPerPage')).toBe('20');
    await page.getByRole('heading', { name: 'Công ty' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('empty fields are refused in Vietnamese, a wrong password shows the server answer', async () => {
    const { page, context, consoleErrors } = await openPage();
    await page.goto('/auth/login');
    await page.locator('button[type="submit"]').click();
    await page.getByText('Tên đăng nhập là thông tin bắt buộc').waitFor();
    await page.getByText('Mật khẩu là thông tin bắt buộc').waitFor();

    await login(page, 'admin', 'definitely-wrong');
    await page.getByRole('alert').filter({ hasText: '[Đăng nhập thất bại]' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('logout asks first, then clears the session and goes to login', async () => {
    const { page, context, consoleErrors } = await signedIn('/about-me', { fresh: true });
    await page.getByTestId('profile-menu-button').click();
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    const dialog = page.getByRole('dialog', { name: 'Đăng xuất' });
    await dialog.waitFor();
    expect(Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(400);

    await dialog.getByRole('button', { name: 'Hủy' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/about-me');

    await page.getByTestId('profile-menu-button').click();
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Đăng xuất' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');

    await page.goto('/about-me');
    await page.waitForURL(/\/auth\/login\?redirect=%2Fabout-me/);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('a password change is checked, then ends the session and the new password signs in', async () => {
    const { page, context, consoleErrors } = await openPage();
    await page.goto('/profile');
    await page.waitForURL(/\/auth\/login\?redirect=%2Fprofile/);
    await login(page, 'ketoan2', 'ketoan123');
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('heading', { name: 'Đổi mật khẩu' }).waitFor();

    const form = page.locator('form').filter({ has: page.locator('input[name="oldPassword"]') });
    await page.locator('input[name="oldPassword"]').fill('wrong-old');
    await page.locator('input[name="newPassword"]').fill('abc');
    await page.locator('input[name="confirmPassword"]').fill('abd');
    await form.getByRole('button', { name: 'Đổi mật khẩu' }).click();
    await page.getByText('Mật khẩu phải có ít nhất 6 ký tự').waitFor();
    await page.getByText('Mật khẩu xác nhận không khớp').waitFor();

    await page.locator('input[name="newPassword"]').fill('ketoan456');
    await page.locator('input[name="confirmPassword"]').fill('ketoan456');
    await form.getByRole('button', { name: 'Đổi mật khẩu' }).click();
    await page.getByText('Mật khẩu cũ không đúng').first().waitFor(); // the server's field answer

    await page.locator('input[name="oldPassword"]').fill('ketoan123');
    await form.getByRole('button', { name: 'Đổi mật khẩu' }).click();
    await page.getByText('Đổi mật khẩu thành công, vui lòng đăng nhập lại').waitFor();
    await page.waitForURL((url) => url.pathname === '/auth/login');

    await login(page, 'ketoan2', 'ketoan456');
    await page.waitForURL((url) => url.pathname === '/about-me');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('an expired session says so and goes to login', async () => {
    const { page, context, consoleErrors } = await signedIn('/about-me');
    await page.waitForLoadState('networkidle'); // the home page's own calls are done
    // the server no longer knows the token (as after expiry or revocation)
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        const raw = localStorage.getItem(key) ?? '';
        try {
          const value = JSON.parse(decodeURIComponent(atob(raw)));
          if (value && typeof value.idToken === 'string') {
            localStorage.setItem(
              key,
              btoa(encodeURIComponent(JSON.stringify({ ...value, idToken: 'x.y.z', token: 'gone' }))),
            );
          }
        } catch {
          // not the session
        }
      }
    });
    await page.goto('/management/company/list');
    await page.getByText('Phiên làm việc đã hết hạn. Vui lòng đăng nhập lại!').first().waitFor();
    await page.waitForURL(/\/auth\/login\?redirect=%2Fmanagement%2Fcompany%2Flist/);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test("a list's bookmark opened after the session's time goes to login, says why, and asks the API nothing", async () => {
    const { page, context, consoleErrors } = await signedIn('/about-me');
    await page.waitForLoadState('networkidle');
    // the session's own time is past (the server would still take its token)
    await page.evaluate(() => {
      const key = `sp_${btoa('sitepay.session').replace(/=+$/, '')}`;
      const session = JSON.parse(decodeURIComponent(atob(localStorage.getItem(key)!)));
      const expired = { ...session, expiresAt: Date.now() - 1000 };
      localStorage.setItem(key, btoa(encodeURIComponent(JSON.stringify(expired))));
    });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(request.url());
    });
    // a first visit of the list (its route's loaders run before the app has drawn anything)
    await page.goto('/management/payment/list');
    await page.getByText('Phiên làm việc đã hết hạn. Vui lòng đăng nhập lại!').first().waitFor();
    await page.waitForURL(/\/auth\/login\?redirect=%2Fmanagement%2Fpayment%2Flist/);
    expect(asked).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('the login form works from the keyboard alone', async () => {
    const { page, context, consoleErrors } = await openPage();
    await page.goto('/auth/login?redirect=%2Fmanagement%2Fcompany%2Flist');
    await page.locator('input[name="user_name"]:focus').waitFor(); // focus starts in the user name
    await page.keyboard.type(ADMIN_USER);
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/management/company/list');
    // on a fresh page the skip link is the first stop
    await page.reload();
    await page.getByRole('heading', { name: 'Công ty' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Chuyển đến nội dung chính');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
