/**
 * A request's recall and discussion in the browser (docs/adr/0067-recall-and-comments.md): the
 * accountant sends a request, recalls it from its page behind a confirmation and finds it editable
 * again; she writes a comment mentioning a colleague who may see the request, sees it in the thread
 * and is told the colleague was mailed. The page passes axe-core's WCAG 2.1 A/AA check, waiting and
with its thread. Everything
 * the test stands on is made here, so it runs alone and in any order.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { ACCOUNTANT, adminApi, closeBrowser, signedIn, textOf, unique } from './support/browser.ts';
import { fixtures, type Rec } from './support/fixtures.ts';

afterAll(closeBrowser);

/** A draft request of the accountant's on a contract of its own (CT-001). */
async function draftRequest(note: string) {
  const { f, by } = await fixtures();
  const contractor = await f.contractor({ name: `Công ty TNHH Cơ điện Minh Long ${unique('')}` });
  const payee = await f.payee(contractor);
  const contract = await f.contract({
    constructor_id: contractor.id,
    beneficiary_id: payee.id,
    by: by.admin,
  });
  return f.request(contract, { amount: '185000000', note });
}

/** A colleague with an e-mail address who may see the company's requests (an accountant of HP). */
async function colleague() {
  const api = await adminApi();
  const userName = unique('e2e.mai').toLowerCase();
  const user = await api.post<Rec>('admin/user/create', {
    user_name: userName,
    full_name: 'Đỗ Thị Mai',
    email: `${userName}@hoaphat-xd.vn`,
    password: 'mai-123456',
  });
  const roles = await api.get<Rec[]>('admin/role/list/all');
  for (const code of ['ROLE_ACCOUNTANT', 'SCOPE_HP'])
    await api.patch(`admin/user/roles/${user.id}`, { roleId: roles.find((r) => r.code === code)!.id });
  return userName;
}

/** Makes a move from the request's page through its confirmation. */
async function move(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const approval = (page: Page) => textOf(page.getByTestId('payment-state').getByTestId('approval-chip'));

describe('payment recall and discussion', () => {
  test('the accountant sends a request, recalls it and finds it editable; a comment mentioning a colleague is shown and says she was mailed', async () => {
    const note = unique('Thanh toán lắp đặt điều hòa tầng 2 ');
    const request = await draftRequest(note);
    const mentioned = await colleague();
    const { page, context, consoleErrors } = await signedIn(`/management/payment/view/${request.id}`, {
      as: ACCOUNTANT,
    });

    await move(page, 'Gửi duyệt');
    await expect.poll(() => approval(page)).toBe('Chờ duyệt');
    // waiting: nothing to edit, but she sent it, so she may take it back; the page passes axe
    // (reloaded: the success toast's own colours are not this page's)
    await page.reload();
    await page.locator('[data-move="recall"]').waitFor();
    await page.getByTestId('discussion').getByText('Chưa có trao đổi nào').waitFor();
    expect(await page.getByRole('link', { name: 'Sửa', exact: true }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Thu hồi', exact: true }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toMatch(/trở về trạng thái “Mới tạo”/);
    await dialog.getByRole('button', { name: 'Thu hồi', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => approval(page)).toBe('Mới tạo');
    await page.getByTestId('timeline').locator('[data-action="recall"]').waitFor();
    await expect.poll(() => page.locator('[data-move="recall"]').count()).toBe(0);
    await page.locator('[data-move="send"]').waitFor();

    // editable again: the form opens on it
    await page.getByRole('link', { name: 'Sửa', exact: true }).click();
    await page.waitForURL(new RegExp(`/management/payment/update/${request.id}$`));
    await expect.poll(() => page.locator('textarea[name="note"]').inputValue()).toBe(note);
    await page.goBack();
    await page.reload(); // the recall's success toast gone (see above)
    await page.getByTestId('discussion').waitFor();

    // the discussion: a comment with a mention, shown in the thread, saying whom it mailed
    const discussion = page.getByTestId('discussion');
    await discussion.getByText('Chưa có trao đổi nào').waitFor();
    const text = `@${mentioned} chị đối chiếu giúp hóa đơn số 0001245 trước khi gửi lại nhé.`;
    await discussion.getByTestId('comment-text').fill(text);
    await discussion.getByRole('button', { name: 'Gửi', exact: true }).click();
    await expect
      .poll(() => textOf(discussion.getByTestId('comment-notified')))
      .toBe(`Đã gửi thư báo cho @${mentioned}`);
    const thread = discussion.getByTestId('comments').locator('li');
    await expect.poll(() => thread.count()).toBe(1);
    expect(await thread.first().textContent()).toContain(text);
    expect(await thread.first().textContent()).toContain('Nguyễn Thị Lan');
    expect(await thread.first().textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect.poll(() => discussion.getByTestId('comment-text').inputValue()).toBe('');
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
