/**
 * A list longer than the server counts exactly (EXACT_TOTAL_LIMIT rows), proven on companies: the
 * footer says "about N", Next and Previous go by the server's cursors (kept in the URL, so a reload
 * stays on the page), "Count exactly" shows the real number, and a cursor that no longer fits is
 * dropped without a notice.
 */
import { EXACT_TOTAL_LIMIT, type Page as ListPage } from '@sitepay/domain/common.schema';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminApi, closeBrowser, signedIn, textOf, unique } from './support/browser.ts';

afterAll(closeBrowser);

type Company = { id: number; code: string; name: string };

const LIST = '/management/company/list';
/** The footer's "1–20 trên khoảng 1,050", without the "Count exactly" action beside it. */
const displayed = async (page: Page) =>
  (await textOf(page.locator('.MuiTablePagination-displayedRows')))?.replace(
    /(Đếm chính xác|Đang đếm…)$/,
    '',
  ) ?? null;
const firstRow = (page: Page, field: string) =>
  page.locator('.MuiDataGrid-row').first().locator(`[data-field="${field}"]`);
const nextButton = (page: Page) => page.getByRole('button', { name: 'Tới trang tiếp theo' });
const previousButton = (page: Page) => page.getByRole('button', { name: 'Về trang trước đó' });
const query = (page: Page) => new URL(page.url()).searchParams;
const grouped = (n: number) => n.toLocaleString('en-US');

let exactTotal = 0;

beforeAll(async () => {
  const api = await adminApi();
  const count = async () =>
    (await api.get<ListPage<Company>>('admin/company/paging?itemsPerPage=1&exactTotal=true')).total;
  // enough companies for an estimated total; a rerun against the same server adds none
  const missing = EXACT_TOTAL_LIMIT + 50 - (await count());
  const prefix = unique('PG');
  for (let start = 0; start < missing; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, missing - start) }, (_, i) => {
        const code = `${prefix}-${String(start + i + 1).padStart(4, '0')}`;
        return api.post<Company>('admin/company/create', { code, name: `Công ty phân trang ${code}` });
      }),
    );
  }
  exactTotal = await count();
}, 300_000);

describe('a list longer than the exact count', () => {
  test('shows an estimated total, steps by cursor both ways and counts exactly on request', async () => {
    expect(exactTotal).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    const { page, context, consoleErrors } = await signedIn(`${LIST}?itemsPerPage=20`);

    await expect.poll(() => displayed(page)).toMatch(/^1–20 trên khoảng \d{1,3}(,\d{3})+$/);
    const estimate = Number((await displayed(page))?.replace(/^.* /, '').replace(/,/g, ''));
    expect(estimate).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    const countExactly = page.getByRole('button', { name: 'Đếm chính xác' });
    await countExactly.waitFor();
    const firstOfPage1 = await textOf(firstRow(page, 'code'));

    // Next: page 2 by the answer's cursor, which the URL keeps
    await nextButton(page).click();
    await expect.poll(() => query(page).get('page')).toBe('2');
    const cursor = query(page).get('cursor');
    expect(cursor).toBeTruthy();
    await expect.poll(() => textOf(firstRow(page, '__row'))).toBe('21');
    await expect.poll(() => displayed(page)).toMatch(/^21–40 trên khoảng /);
    // the same rows the server reads for page 2 by offset
    const api = await adminApi();
    const byOffset = await api.get<ListPage<Company>>('admin/company/paging?page=2&itemsPerPage=20');
    await expect.poll(() => textOf(firstRow(page, 'code'))).toBe(byOffset.items[0]?.code);

    // a reload stays on page 2 through the cursor in the URL
    await page.reload();
    await expect.poll(() => textOf(firstRow(page, 'code'))).toBe(byOffset.items[0]?.code);
    expect(query(page).get('cursor')).toBe(cursor);

    await nextButton(page).click();
    await expect.poll(() => query(page).get('page')).toBe('3');
    await expect.poll(() => textOf(firstRow(page, '__row'))).toBe('41');
    expect(query(page).get('cursor')).not.toBe(cursor);

    // Previous: back by cursor to page 2, and to page 1 by number, without a cursor
    await previousButton(page).click();
    await expect.poll(() => query(page).get('page')).toBe('2');
    await expect.poll(() => textOf(firstRow(page, 'code'))).toBe(byOffset.items[0]?.code);
    expect(query(page).get('cursor')).toBeTruthy();
    await previousButton(page).click();
    await expect.poll(() => query(page).get('page')).toBe('1');
    expect(query(page).has('cursor')).toBe(false);
    await expect.poll(() => textOf(firstRow(page, 'code'))).toBe(firstOfPage1);

    // Count exactly: the real number, and the action goes away
    await countExactly.click();
    await expect.poll(() => displayed(page)).toBe(`1–20 trên ${grouped(exactTotal)}`);
    await countExactly.waitFor({ state: 'hidden' });
    // it holds while paging the same listing
    await nextButton(page).click();
    await expect.poll(() => displayed(page)).toBe(`21–40 trên ${grouped(exactTotal)}`);

    // another sort is another listing: page 1, no cursor, an estimate again
    await page.getByRole('columnheader', { name: 'Mã công ty' }).click();
    await expect.poll(() => query(page).get('sortBy')).toBe('code');
    expect(query(page).get('page')).toBe('1');
    expect(query(page).has('cursor')).toBe(false);
    await expect.poll(() => displayed(page)).toMatch(/^1–20 trên khoảng /);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);

  test('a cursor made for another listing is dropped quietly: the same page by number', async () => {
    const api = await adminApi();
    const first = await api.get<ListPage<Company>>('admin/company/paging?page=1&itemsPerPage=10');
    expect(first.nextCursor).toBeTruthy();
    const byName = await api.get<ListPage<Company>>(
      'admin/company/paging?page=2&itemsPerPage=10&sortBy=name&sortDesc=false',
    );
    // a cursor of the default order, in a link sorted by name
    const { page, context, consoleErrors } = await signedIn(
      `${LIST}?page=2&itemsPerPage=10&sortBy=name&cursor=${first.nextCursor}`,
    );
    await expect.poll(() => query(page).has('cursor')).toBe(false);
    expect(query(page).get('page')).toBe('2');
    await expect.poll(() => textOf(firstRow(page, '__row'))).toBe('11');
    await expect.poll(() => textOf(firstRow(page, 'code'))).toBe(byName.items[0]?.code);
    // no notice: the list recovered by itself
    expect(await page.locator('.notistack-SnackbarContainer [role="alert"]').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
