/**
 * A password someone else set is for one sign-in (issue 30, 21; docs/adr/0008-passwords-as-a-bank-keeps-them.md,
 * docs/adr/0077-printed-admin-password-for-one-sign-in.md): a user the admin creates with a generated
 * password, and the admin of a first start with the password it printed, land on the change-password
 * screen — in Vietnamese or English — cannot use the app until it is changed, and work after.
 *
 * The admin's case starts a server of its own (a fresh database, no ADMIN_PASSWORD) on
 * E2E_FRESH_PORT and reads the password it prints; without that port it is skipped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { adminApi, closeBrowser, launch, login, openPage, unique } from './support/browser.ts';

afterAll(closeBrowser);

/** On the change-password screen: every other screen leads back to it; the change signs out. */
async function mustChange(page: Page, given: string, chosen: string) {
  await page.waitForURL((url) => url.pathname === '/auth/change-password');
  for (const elsewhere of ['/about-me', '/admin/user/list']) {
    await page.goto(elsewhere);
    await page.waitForURL((url) => url.pathname === '/auth/change-password');
  }
  const main = page.getByRole('main');
  await main.locator('input[name="oldPassword"]').fill(given);
  await main.locator('input[name="newPassword"]').fill(chosen);
  await main.locator('input[name="confirmPassword"]').fill(chosen);
  await main.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/auth/login');
}

describe('a password someone else set is changed at the first sign-in', () => {
  test('a user the admin creates with a generated password, in English', async () => {
    const api = await adminApi();
    const userName = unique('e2e.first').toLowerCase();
    const created = await api.post<{ generated_password: string }>('admin/user/create', {
      user_name: userName,
      full_name: 'Trần Văn Mới',
      email: `${userName}@hoaphat.vn`,
    });
    const { page, context, consoleErrors } = await openPage();
    await page.goto('/auth/login');
    await login(page, userName, created.generated_password);
    await page.waitForURL((url) => url.pathname === '/auth/change-password');
    await page.getByRole('heading', { name: 'Đổi mật khẩu' }).waitFor();
    // the screen speaks English too
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await page.getByText('Your password was set by an administrator').waitFor();
    expect(await page.title()).toBe('Change password · SitePay');
    await mustChange(page, created.generated_password, 'Mat-khau-moi-2468');
    await login(page, userName, 'Mat-khau-moi-2468');
    await page.waitForURL((url) => url.pathname === '/about-me');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  const freshPort = process.env.E2E_FRESH_PORT;
  test.skipIf(!freshPort)(
    'the admin of a first start, with the password the start printed',
    { timeout: 180_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'sitepay-first-'));
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: freshPort,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SKIP_WEB_BUILD: '1',
        LOG_LEVEL: 'warn',
      };
      delete env.ADMIN_PASSWORD;
      delete env.SEED_DEMO;
      delete env.MAIL_SMTP_PORTS;
      const server: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: 'pipe' });
      try {
        let out = '';
        server.stdout?.on('data', (chunk) => {
          out += chunk;
        });
        await expect
          .poll(() => /password: (\S+)/.exec(out)?.[1], { timeout: 120_000, interval: 500 })
          .toBeTruthy();
        const printed = /password: (\S+)/.exec(out)![1]!;
        const base = `http://127.0.0.1:${freshPort}`;
        await expect
          .poll(
            () =>
              fetch(`${base}/api/health`).then(
                (r) => r.status,
                () => 0,
              ),
            {
              timeout: 60_000,
              interval: 500,
            },
          )
          .toBe(200);
        const browser = await launch();
        const context = await browser.newContext({ baseURL: base, locale: 'vi-VN' });
        const page = await context.newPage();
        await page.goto('/auth/login');
        await login(page, 'admin', printed);
        await page.getByText('Mật khẩu của bạn do quản trị viên đặt').waitFor();
        await mustChange(page, printed, 'Quan-tri-rieng-2026');
        await login(page, 'admin', 'Quan-tri-rieng-2026');
        await page.waitForURL((url) => url.pathname === '/about-me');
        await context.close();
      } finally {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
