/**
 * Receivables (issue 16) as the finance team walks them: /manage opens the statistics; a customer
 * registered through its form owning a new construction; a bill written for it from the customer's
 * page (100,000,000 + 10% VAT), its check figures; a part receipt recorded in the bill's dialog (one
 * above what remains refused in place first), the figures, the words of what remains and the receipt
 * row following; the customer's page showing what it owes and the bill's events; the bill list's
 * "overdue"/"open" chips; and the statistics moving by exactly what was billed and received. Then a
 * Zendesk export imported into the tickets (twice: the second time updates) and the mail list: a mail
 * the receiving server refused for good, failed at once with its reply, sent again from the list.
 */
import { addAmounts } from '@sitepay/domain/money';
import { formatAmount } from '@sitepay/domain/number-format';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeSmtp } from '../server/test/fake-smtp.ts';
import { adminApi, closeBrowser, signedIn, textOf, unique } from './support/browser.ts';
import { fixtures } from './support/fixtures.ts';

afterAll(closeBrowser);

type Statistics = { total_billed: string; total_received: string; total_outstanding: string };
type Ref = { id: number; code: string; name: string };

let api: Awaited<ReturnType<typeof adminApi>>;

const digits = (text: string | null) => (text ?? '').replace(/[^\d]/g, '');

beforeAll(async () => {
  api = await adminApi();
});

/** A new construction and, unless told, a new customer owning it: a test's own, through the API. */
async function customerOfItsOwn(options: { registered?: boolean } = {}) {
  const tag = unique('');
  const construction = await api.post<Ref>('construction/create', {
    code: `CT-KH${tag}`.slice(0, 50),
    name: `Tòa nhà văn phòng Hải Đăng ${tag}`,
  });
  const customer = { code: `KH-${tag}`, name: `Công ty CP Đầu tư Hải Đăng ${tag}` };
  const registered =
    options.registered === false
      ? undefined
      : await api.post<Ref>('manage/customer/register', { ...customer, construction_ids: [construction.id] });
  return { tag, construction, customer: { ...customer, id: registered?.id ?? 0 } };
}

/** Its bill of 100,000,000 + 10 % VAT, dated March 2026, and a receipt of 40,000,000 if asked. */
async function billOfItsOwn(mine: Awaited<ReturnType<typeof customerOfItsOwn>>, received?: boolean) {
  const number = `HD-${mine.tag}`;
  const bill = await api.post<Ref & { version: number }>('manage/billing/create', {
    customer_id: mine.customer.id,
    construction_id: mine.construction.id,
    number,
    bill_date: '2026-03-01',
    due_date: '2026-03-31',
    amount: '100000000',
  });
  if (received)
    await api.post(`manage/billing/receipt/${bill.id}`, {
      amount: '40000000',
      receipt_date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date()),
      reference: `UNC-${mine.tag}`,
      version: bill.version,
    });
  return { ...bill, number };
}

async function pick(page: Page, field: string | RegExp, search: string, option: RegExp) {
  // in the page itself: the top bar's construction selector is a combobox named "Công trình" too
  const input = page.locator('main').getByRole('combobox', { name: field });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

describe('receivables', () => {
  test('/manage opens the statistics dashboard, listed in the drawer', async () => {
    const { page, consoleErrors } = await signedIn('/manage/statistics');
    await page.goto('/manage');
    await page.waitForURL((url) => url.pathname === '/manage/statistics');
    await expect.poll(() => textOf(page.getByTestId('report-title'))).toBe('Thống kê công nợ');
    await expect.poll(() => page.getByTestId('figure-billed').count()).toBe(1);
    // the area and its screens are in the menu tree
    for (const title of ['Công nợ khách hàng', 'Khách hàng', 'Yêu cầu hỗ trợ', 'Thư đã gửi'])
      await expect.poll(() => textOf(page.locator('nav').first())).toContain(title);
    expect(consoleErrors).toEqual([]);
  });

  test('a customer is registered owning a new construction', async () => {
    const { tag, construction, customer } = await customerOfItsOwn({ registered: false });
    const customerCode = customer.code;
    const customerName = customer.name;
    const { page, consoleErrors } = await signedIn('/manage/customer/create');
    await page.getByLabel('Mã khách hàng').fill(customerCode);
    await page.getByLabel('Tên khách hàng').fill(customerName);
    await page.getByLabel('Mã số thuế').fill('0101234565');
    await page.getByLabel('Người liên hệ').fill('Nguyễn Văn An');
    await pick(page, /Công trình sở hữu/, construction.code, new RegExp(construction.code));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await expect.poll(() => textOf(page.getByRole('alert'))).toContain('Tạo mới khách hàng thành công');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/manage/customer/list');
    // found without diacritics
    await page.getByLabel('Tìm kiếm').fill(`hai dang ${tag}`);
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(`hai dang ${tag}`);
    const row = page.getByRole('row').filter({ hasText: customerCode });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('link', { name: /Xem/ }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/manage/customer/view/'));
    await expect.poll(() => textOf(page.getByRole('heading', { level: 1 }))).toBe(customerName);
    await expect.poll(() => textOf(page.locator('main'))).toContain(construction.code);
    expect(consoleErrors).toEqual([]);
  });

  test("a bill is written from the customer's page and shows where it stands", async () => {
    const { tag, construction, customer } = await customerOfItsOwn();
    const customerCode = customer.code;
    const billNumber = `HD-${tag}`;
    const { page, consoleErrors } = await signedIn(`/manage/customer/view/${customer.id}`);
    await page.getByRole('link', { name: 'Lập hóa đơn' }).click();
    await page.waitForURL((url) => url.pathname === '/manage/billing/create');
    // the customer comes picked from its page
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Khách hàng' }).inputValue())
      .toContain(customerCode);
    await pick(page, 'Công trình', construction.code, new RegExp(construction.code));
    await page.getByLabel('Số hóa đơn').fill(billNumber);
    await page.getByLabel('Ngày hóa đơn').fill('01/03/2026');
    await page.getByLabel('Hạn thanh toán').fill('31/03/2026');
    await page.locator('input[name="amount"]').pressSequentially('100000000');
    await expect.poll(() => textOf(page.locator('main'))).toContain('Một trăm triệu đồng');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => /^\/manage\/billing\/view\/\d+$/.test(url.pathname));
    await expect.poll(() => textOf(page.getByTestId('check-total'))).toBe('110,000,000');
    await expect.poll(() => textOf(page.getByTestId('check-remaining'))).toBe('110,000,000');
    await expect.poll(() => textOf(page.getByTestId('check-paid'))).toBe('0');
    await expect.poll(() => textOf(page.locator('main'))).toContain('10%');
    expect(consoleErrors).toEqual([]);
  });

  test('a part receipt is recorded: one above what remains is refused first', async () => {
    const mine = await customerOfItsOwn();
    const { tag } = mine;
    const bill = await billOfItsOwn(mine);
    const { page, consoleErrors } = await signedIn(`/manage/billing/view/${bill.id}`);
    await page.getByTestId('record-receipt').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => textOf(dialog.getByTestId('receipt-remaining'))).toContain('110,000,000');
    await dialog.locator('input[name="amount"]').pressSequentially('120000000');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await expect.poll(() => textOf(dialog)).toContain('vượt quá số còn phải thu');
    await dialog.locator('input[name="amount"]').fill('');
    await dialog.locator('input[name="amount"]').pressSequentially('40000000');
    await dialog.getByLabel('Số chứng từ').fill(`UNC-${tag}`);
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => textOf(page.getByTestId('check-paid'))).toBe('40,000,000');
    await expect.poll(() => textOf(page.getByTestId('check-remaining'))).toBe('70,000,000');
    await expect.poll(() => textOf(page.getByTestId('check-remaining-words'))).toBe('Bảy mươi triệu đồng');
    await expect.poll(() => page.getByTestId('receipt-row').count()).toBe(1);
    await expect.poll(() => textOf(page.getByTestId('receipt-row'))).toContain(`UNC-${tag}`);
    // the receipt is in the bill's change history too
    await expect.poll(() => textOf(page.getByTestId('history-list'))).toContain('Thu tiền');
    expect(consoleErrors).toEqual([]);
  });

  test("the customer's page shows what it owes and its billing events", async () => {
    const mine = await customerOfItsOwn();
    const { number: billNumber } = await billOfItsOwn(mine, true);
    const { page, consoleErrors } = await signedIn(`/manage/customer/view/${mine.customer.id}`);
    await expect.poll(() => textOf(page.locator('main'))).toContain('70,000,000');
    await expect.poll(() => page.getByTestId('billing-event').count()).toBe(2);
    await expect
      .poll(() => page.getByTestId('billing-event').first().getAttribute('data-kind'))
      .toBe('receipt');
    const bills = page.locator('[data-section="bills"]');
    await expect.poll(() => textOf(bills)).toContain(billNumber);
    expect(consoleErrors).toEqual([]);
  });

  test('the bill list narrows by state; the statistics move by what was billed and received', async () => {
    const before = await api.get<Statistics>('manage/statistics/billing?constructionId=-1');
    const { number: billNumber } = await billOfItsOwn(await customerOfItsOwn(), true);
    const { page, consoleErrors } = await signedIn(
      `/manage/billing/list?constructionId=-1&search=${billNumber}`,
    );
    const row = page.getByRole('row').filter({ hasText: billNumber });
    await expect.poll(() => row.count()).toBe(1);
    // due 31/03/2026: overdue once that day is past, else open
    const state = (await row.locator('[data-state]').first().getAttribute('data-state')) ?? '';
    expect(['open', 'overdue']).toContain(state);
    await page.getByRole('button', { name: state === 'overdue' ? 'Đã thu đủ' : 'Quá hạn' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await page.getByRole('button', { name: state === 'overdue' ? 'Quá hạn' : 'Chưa thu đủ' }).click();
    await expect.poll(() => row.count()).toBe(1);

    await page.goto('/manage/statistics?constructionId=-1');
    const billed = addAmounts(before.total_billed, '110000000');
    const received = addAmounts(before.total_received, '40000000');
    await expect
      .poll(async () => digits(await textOf(page.getByTestId('figure-billed-full'))))
      .toBe(digits(formatAmount(billed)));
    await expect
      .poll(async () => digits(await textOf(page.getByTestId('figure-received-full'))))
      .toBe(digits(formatAmount(received)));
    await expect
      .poll(async () => digits(await textOf(page.getByTestId('figure-outstanding-full'))))
      .toBe(digits(formatAmount(addAmounts(before.total_outstanding, '70000000'))));
    // the charts are drawn; the monthly table has March 2026 with at least this bill
    for (const chart of ['chart-monthly', 'chart-ageing', 'chart-states'])
      await expect.poll(() => page.locator(`[data-testid="${chart}"] svg`).count()).toBeGreaterThan(0);
    const march = page.getByTestId('table-monthly').getByRole('row').filter({ hasText: '03/2026' });
    await expect.poll(() => march.count()).toBe(1);
    expect(consoleErrors).toEqual([]);
  });

  test('a Zendesk export is imported into the tickets, and again as an update', async () => {
    const tag = unique('');
    const { page, consoleErrors } = await signedIn('/manage/ticket/list');
    const id = Number(String(Date.now()).slice(-9));
    const file = {
      name: 'tickets.ndjson',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(
        [
          JSON.stringify({
            id,
            subject: `Hỏi về hóa đơn ${tag}`,
            status: 'open',
            priority: 'high',
            requester: { name: 'Trần Thị Bình' },
          }),
          JSON.stringify({
            id: id + 1,
            subject: `Đề nghị xuất lại hóa đơn ${tag}`,
            status: 'pending',
            requester: { name: 'Lê Văn Cường' },
          }),
          '{"id": broken',
        ].join('\n'),
      ),
    };
    for (const round of [1, 2]) {
      await page.getByTestId('ticket-import').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('ticket-import-file').setInputFiles(file);
      await expect.poll(() => textOf(dialog)).toContain('tickets.ndjson');
      await dialog.getByRole('button', { name: 'Nhập', exact: true }).click();
      await expect
        .poll(() => textOf(dialog.getByTestId('ticket-import-result')))
        .toContain(round === 1 ? 'Đã nhập 2 mới' : 'cập nhật 2');
      await expect.poll(() => textOf(dialog.getByTestId('ticket-import-result'))).toContain('Dòng 3');
      await dialog.getByRole('button', { name: 'Đóng' }).click();
    }
    await page.getByLabel('Tìm kiếm').fill(tag);
    await expect.poll(() => page.getByRole('row').filter({ hasText: tag }).count()).toBe(2);
    expect(consoleErrors).toEqual([]);
  });

  test('the mail list shows a mail the server refused, and sends it again once the address is mended', async () => {
    // a local SMTP server refusing every recipient for good (550), in use for this test only;
    // scripts/e2e.mjs starts the app allowing its port (MAIL_SMTP_PORTS)
    const smtp = await startFakeSmtp({
      port: Number(process.env.E2E_SMTP_PORT ?? 0),
      refusal: { responseCode: 550, message: 'No such user here' },
    });
    smtp.reject = -1;
    type Config = { id: number; version: number; status: string };
    const config = await api.post<Config>('admin/email-config/create', {
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      from: `${unique('thongbao').toLowerCase()}@sitepay.vn`,
    });
    try {
      if (config.status !== 'O')
        await api.patch(`admin/email-config/active/${config.id}`, { version: config.version });
      // a colleague mentioned in a request's discussion: a mail through the outbox, to an address the
      // server refuses
      const { f, by } = await fixtures();
      const contractor = await f.contractor({ name: `Công ty TNHH Cơ điện Minh Long ${unique('')}` });
      const contract = await f.contract({
        constructor_id: contractor.id,
        beneficiary_id: (await f.payee(contractor)).id,
        by: by.admin,
      });
      const request = await f.request(contract, { amount: '185000000' });
      const userName = unique('e2e.mai').toLowerCase();
      const colleague = await api.post<{ id: number }>('admin/user/create', {
        user_name: userName,
        full_name: 'Đỗ Thị Mai',
        email: `${userName}@sitepay.vn`,
        password: 'mai-123456',
      });
      const roles = await api.get<{ id: number; code: string }[]>('admin/role/list/all');
      for (const code of ['ROLE_ACCOUNTANT', 'SCOPE_HP'])
        await api.patch(`admin/user/roles/${colleague.id}`, {
          roleId: roles.find((r) => r.code === code)!.id,
        });
      await api.post(`payment-transaction/comments/${request.id}`, {
        text: `@${userName} chị xem giúp hóa đơn.`,
      });

      const { page, consoleErrors } = await signedIn(`/manage/mail/list?search=${userName}`);
      await expect.poll(() => textOf(page.getByRole('heading', { level: 1 }))).toBe('Danh sách thư');
      await page.getByRole('button', { name: 'Gửi lỗi' }).click();
      await page.waitForURL((url) => url.searchParams.get('status') === 'failed');
      // refused for good: failed after its one attempt, with the server's reply, and a resend
      const mail = page.getByRole('row').filter({ hasText: `${userName}@sitepay.vn` });
      await expect.poll(() => textOf(mail.locator('[data-state]')), { timeout: 20_000 }).toBe('Gửi lỗi');
      expect(await textOf(mail)).toMatch(/550.*No such user here/);
      expect(smtp.attempts).toHaveLength(1);

      // the address mended on the mail server: sent again from the list, and delivered
      smtp.reject = 0;
      await mail.getByRole('button', { name: /Gửi lại/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Xác nhận' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => smtp.received.some((m) => m.to.includes(`${userName}@sitepay.vn`))).toBe(true);
      await page.getByRole('button', { name: 'Đã gửi' }).click();
      await expect
        .poll(
          async () => {
            await page.reload();
            await mail.waitFor();
            return textOf(mail.locator('[data-state]'));
          },
          { timeout: 20_000, interval: 1000 },
        )
        .toBe('Đã gửi');
      expect(consoleErrors).toEqual([]);
    } finally {
      // later mails wait instead of reaching this test's server
      const current = await api.get<Config>(`admin/email-config/get/${config.id}`);
      if (current.status === 'O')
        await api.patch(`admin/email-config/deactive/${config.id}`, { version: current.version });
      await smtp.close();
    }
  });
});
