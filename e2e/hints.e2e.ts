/**
 * The app's hints (docs/adr/0110-one-hint-layer.md): one tooltip for the whole app, shown beside the
 * element under the mouse, focused from the keyboard or held on a touch screen — with the words the
 * element is named by — and hidden by Escape, a press or leaving; no tooltip's code is loaded or
 * drawn before the first hint.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser, signedIn } from './support/browser.ts';

afterAll(closeBrowser);

const tooltip = (page: Page) => page.getByRole('tooltip');
const shownText = (page: Page) =>
  tooltip(page)
    .textContent({ timeout: 500 })
    .catch(() => null);

describe('hints', () => {
  test('the mouse shows an icon button’s name beside it, loaded with the first hint, and leaving hides it', async () => {
    const { page, consoleErrors } = await signedIn('/management/company/list');
    const hintChunks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/assets/hint-popup-')) hintChunks.push(r.url());
    });
    const settings = page.getByRole('button', { name: 'Cài đặt giao diện' });
    await settings.waitFor();
    // the list drawn, its row actions named: nothing of a tooltip yet
    const edit = page.getByRole('link', { name: /^Sửa: / }).first();
    await edit.waitFor();
    expect(await page.locator('[role="tooltip"], .MuiTooltip-popper').count()).toBe(0);
    expect(hintChunks).toEqual([]);

    await settings.hover();
    await expect.poll(() => shownText(page)).toBe('Cài đặt giao diện');
    expect(hintChunks).toHaveLength(1);
    // the hint is the button's name, which stays its own
    expect(await settings.getAttribute('aria-label')).toBe('Cài đặt giao diện');

    // a row's action: its name says which row, its hint what it does
    await edit.hover();
    await expect.poll(() => shownText(page)).toBe('Sửa');
    expect(await tooltip(page).count()).toBe(1);

    await page.mouse.move(640, 760);
    await expect.poll(() => tooltip(page).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  test('the keyboard shows the focused button’s hint and Escape hides it, the focus staying', async () => {
    const { page, consoleErrors } = await signedIn('/management/company/list');
    const back = page.getByRole('button', { name: 'Quay lại' });
    await back.waitFor();
    // Tab until the back button holds the focus: focus from the keyboard is what shows a hint
    for (let i = 0; i < 10 && !(await back.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    expect(await back.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => shownText(page)).toBe('Quay lại');

    await page.keyboard.press('Escape');
    await expect.poll(() => tooltip(page).count()).toBe(0);
    expect(await back.evaluate((el) => el === document.activeElement)).toBe(true);

    // the next button's hint follows the focus
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => shownText(page)).not.toBe(null);
    expect(await shownText(page)).toBe(
      await page.evaluate(() => document.activeElement?.getAttribute('data-hint') ?? null),
    );
    expect(consoleErrors).toEqual([]);
  });

  test('a hint that describes leaves the element its name and points it at the hint while shown', async () => {
    const { page, consoleErrors } = await signedIn('/management/company/list');
    // the top bar's language button shows "VI" and is named by it; its hint says what it is
    const language = page.getByTestId('language-switch');
    await language.waitFor();
    const name = await language.getAttribute('aria-label');
    expect(name).toMatch(/^VI/);
    expect(await language.getAttribute('aria-describedby')).toBe(null);

    await language.hover();
    await expect.poll(() => shownText(page)).toBe('Ngôn ngữ');
    expect(await language.getAttribute('aria-label')).toBe(name);
    const described = await language.getAttribute('aria-describedby');
    expect(described).not.toBe(null);
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe('Ngôn ngữ');

    // a press hides it
    await page.mouse.down();
    await expect.poll(() => tooltip(page).count()).toBe(0);
    await page.mouse.up();
    expect(await language.getAttribute('aria-describedby')).toBe(null);
    await page.keyboard.press('Escape');
    expect(consoleErrors).toEqual([]);
  });

  test('a phone shows a hint while a button is held, and hides it after', async () => {
    const { page, context, consoleErrors } = await signedIn('/management/company/list', {
      width: 375,
      height: 740,
    });
    const settings = page.getByRole('button', { name: 'Cài đặt giao diện' });
    await settings.waitFor();
    const box = (await settings.boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
    await expect.poll(() => shownText(page), { timeout: 5_000 }).toBe('Cài đặt giao diện');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // kept a moment to be read, then gone
    await expect.poll(() => tooltip(page).count(), { timeout: 5_000 }).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});
