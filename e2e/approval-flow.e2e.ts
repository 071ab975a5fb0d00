/**
 * The approval flows' screen (issue 32, docs/adr/0084-approval-steps.md): an administrator creates a
 * two-step flow with a limit, sees the preview follow the amount, saves it, reopens it; a second flow
 * for the company is refused on the company field; a stale edit says the data is out of date.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { adminApi, closeBrowser, signedIn, unique } from './support/browser.ts';

afterAll(closeBrowser);

type Flow = { id: number; version: number; name: string; company_id: number; steps: { name: string }[] };

const sentence = (page: Page) => page.getByTestId('flow-preview-sentence');

async function pick(
  page: Page,
  scope: ReturnType<Page['getByTestId']> | Page,
  label: string,
  search: string,
) {
  const input = scope.getByLabel(label, { exact: false }).first();
  await input.click();
  await input.fill(search);
  await page.getByRole('option').filter({ hasText: search }).first().click();
}

async function newCompany(tag: string) {
  const api = await adminApi();
  const company = await api.post<{ id: number; code: string; name: string }>('admin/company/create', {
    code: tag,
    name: `Công ty quy trình ${tag}`,
  });
  return { api, company };
}

describe('approval flows', () => {
  test('an administrator creates a two-step flow with a limit, previews it, saves and reopens it', {
    timeout: 180_000,
  }, async () => {
    const tag = unique('QT');
    const { api, company } = await newCompany(tag);
    const { page, context, consoleErrors } = await signedIn('/admin/approval-flow/list');
    await page.getByRole('heading', { name: 'Quy trình phê duyệt' }).waitFor();
    await page.getByRole('link', { name: 'Tạo mới' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/approval-flow/create');

    await pick(page, page, 'Công ty', tag);
    await page.getByLabel('Tên quy trình').fill(`Duyệt chi ${tag}`);
    const first = page.getByTestId('flow-step-1');
    await first.getByLabel('Tên bước').fill('Kế toán trưởng');
    await pick(page, first, 'Vai trò', 'ROLE_ACCOUNTANT');

    await page.getByRole('button', { name: 'Thêm bước' }).click();
    const second = page.getByTestId('flow-step-2');
    await second.getByLabel('Tên bước').fill('Giám đốc');
    await second.getByLabel('Người duyệt').click();
    await page.getByRole('option', { name: 'Một người dùng' }).click();
    await pick(page, second, 'Người dùng', 'giamdoc');
    await second.getByLabel('Số tiền tối thiểu').fill('500000000');
    await expect.poll(() => second.getByLabel('Số tiền tối thiểu').inputValue()).toBe('500,000,000');

    // the preview follows the amount, from the steps as typed
    await expect
      .poll(() => sentence(page).textContent())
      .toBe('Yêu cầu 600,000,000 đồng đi qua: Kế toán trưởng, rồi Giám đốc');
    await page.getByLabel('Số tiền đề nghị').fill('100000000');
    await expect
      .poll(() => sentence(page).textContent())
      .toBe('Yêu cầu 100,000,000 đồng đi qua: Kế toán trưởng');

    // moving a step moves its fields; moved back, the order is as typed
    await page.getByRole('button', { name: 'Chuyển bước 2 lên' }).click();
    await expect
      .poll(() => page.getByTestId('flow-step-1').getByLabel('Tên bước').inputValue())
      .toBe('Giám đốc');
    await expect
      .poll(() => sentence(page).textContent())
      .toBe('Yêu cầu 100,000,000 đồng đi qua: Kế toán trưởng');
    await page.getByRole('button', { name: 'Chuyển bước 1 xuống' }).click();
    await expect.poll(() => first.getByLabel('Tên bước').inputValue()).toBe('Kế toán trưởng');

    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/approval-flow/list');
    await page.getByText('Tạo mới quy trình phê duyệt thành công').waitFor();
    const row = page.getByRole('row').filter({ hasText: company.name });
    await row.getByText('Kế toán trưởng → Giám đốc').waitFor();

    const stored = (await api.get<Flow[]>('admin/approval-flow/list/all')).find(
      (f) => f.company_id === company.id,
    )!;
    expect(stored).toMatchObject({
      name: `Duyệt chi ${tag}`,
      steps: [
        { name: 'Kế toán trưởng', decider_type: 'role', min_amount: null },
        { name: 'Giám đốc', decider_type: 'user', min_amount: '500000000' },
      ],
    });

    // reopened: the steps as saved, and the server's preview of the saved flow
    await row.getByRole('link', { name: `Sửa: Duyệt chi ${tag}` }).click();
    await page.waitForURL(`**/admin/approval-flow/update/${stored.id}`);
    await expect.poll(() => page.getByLabel('Tên quy trình').inputValue()).toBe(`Duyệt chi ${tag}`);
    await expect.poll(() => second.getByLabel('Số tiền tối thiểu').inputValue()).toBe('500,000,000');
    await expect.poll(() => second.getByLabel('Người dùng').inputValue()).toMatch(/^giamdoc/);
    await page.getByText('Theo quy trình đã lưu của công ty.').waitFor();
    await expect
      .poll(() => sentence(page).textContent())
      .toBe('Yêu cầu 600,000,000 đồng đi qua: Kế toán trưởng, rồi Giám đốc');
    await page.getByLabel('Số tiền đề nghị').fill('499999999');
    await expect
      .poll(() => sentence(page).textContent())
      .toBe('Yêu cầu 499,999,999 đồng đi qua: Kế toán trưởng');

    // a second flow for the company is refused on the company field, with the way to the first
    await page.goto('/admin/approval-flow/create');
    await pick(page, page, 'Công ty', tag);
    await page.getByLabel('Tên quy trình').fill(`Bản thứ hai ${tag}`);
    await page.getByTestId('flow-step-1').getByLabel('Tên bước').fill('Giám đốc');
    await page.getByTestId('flow-step-1').getByLabel('Người duyệt').click();
    await page.getByRole('option', { name: 'Trưởng bộ phận của đề nghị' }).click();
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Công ty này đã có quy trình phê duyệt: hãy sửa quy trình đó').waitFor();
    await expect.poll(() => page.getByLabel('Công ty').first().getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('flow-existing').getAttribute('href')).toBe(
      `/admin/approval-flow/update/${stored.id}`,
    );
    expect(
      (await api.get<Flow[]>('admin/approval-flow/list/all')).filter((f) => f.company_id === company.id),
    ).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('saving over a newer version says the data is out of date (F5) and writes nothing', async () => {
    const tag = unique('QTS');
    const { api, company } = await newCompany(tag);
    const body = {
      company_id: company.id,
      name: `Quy trình cũ ${tag}`,
      steps: [{ name: 'Giám đốc', decider_type: 'department_head' }],
    };
    const flow = await api.post<Flow>('admin/approval-flow/create', body);
    const { page, context, consoleErrors } = await signedIn(`/admin/approval-flow/update/${flow.id}`);
    await expect.poll(() => page.getByLabel('Tên quy trình').inputValue()).toBe(`Quy trình cũ ${tag}`);

    // someone else saves first
    await api.put(`admin/approval-flow/update/${flow.id}`, {
      ...body,
      name: `Quy trình mới ${tag}`,
      version: flow.version,
    });

    await page.getByLabel('Tên quy trình').fill(`Bản của tôi ${tag}`);
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Dữ liệu đã cũ, vui lòng nhấn F5 để tải lại').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/approval-flow/update/${flow.id}`);
    const stored = await api.get<Flow>(`admin/approval-flow/get/${flow.id}`);
    expect(stored.name).toBe(`Quy trình mới ${tag}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
