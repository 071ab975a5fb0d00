/**
 * Payment requests with two people: the accountant (ketoan) writes a request against a contract —
 * the contract's money shown as it is picked, an amount above what remains flagged before saving,
 * the amount read in words — and sends it; the director (giamdoc) sees it counted in the top bar and
 * approves it from his queue; the accountant confirms it paid and the contract's page shows it paid.
 * A rejected request shows its reason, is edited and sent again; the server's refusal of an amount
 * above the ceiling (422) is shown with its remaining amount; the list's filters and quick views and
 * the workflow history narrow to what they say.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from './support/api.mjs';
import {
  ACCOUNTANT,
  ADMIN,
  apiFor,
  closeBrowser,
  DIRECTOR,
  signedIn,
  textOf,
  unique,
} from './support/browser.ts';
import { fixtures } from './support/fixtures.ts';

afterAll(closeBrowser);

type Ref = { id: number; version: number; code: string; name: string };
type Payment = { id: number; version: number; requirement_no: number; approval_status: string };

let admin: Call;
let accountant: Call;
let construction: Ref; // CT-001, in both demo users' scope
let progressType: { code: string; name: string };
let transactionType: { id: number; name: string; pay_date: number };

beforeAll(async () => {
  admin = (await apiFor(ADMIN)).call;
  accountant = (await apiFor(ACCOUNTANT)).call;
  const constructions = await admin<Ref[]>('GET', 'account/construction/list');
  construction = constructions.find((c) => c.code === 'CT-001')!;
  const paymentTypes = await admin<{ code: string; name: string }[]>('GET', 'payment-type/list/all');
  progressType = paymentTypes.find((p) => p.code === 'TD')!;
  const transactionTypes = await admin<{ id: number; name: string; pay_date: number; status: string }[]>(
    'GET',
    'transaction-type/list/all',
  );
  transactionType = transactionTypes.find((t) => t.status === 'O')!;
});

/**
 * A contract of the test's own on CT-001, written by the admin: value 1,100,000,000 incl. VAT,
 * 5 % warranty held back, so the ceiling is 1,045,000,000.
 */
async function newContract() {
  const { f, by } = await fixtures();
  const tag = unique('');
  const contractor = await f.contractor({ name: `Công ty CP Xây lắp Thành Công ${tag}` });
  const payee = await f.payee(contractor, { name: `Thành Công BIDV ${tag}` });
  return f.contract({
    construction_id: construction.id,
    constructor_id: contractor.id,
    beneficiary_id: payee.id,
    signed_date: '2025-03-15',
    guarantee_percent: '5',
    by: by.admin,
  });
}

/** A request written through the API as the accountant (for the paths that start further on). */
async function request(
  contract: { id: number },
  amount: string,
  note: string,
  more: { state?: 'paid' | 'accepted'; isPriority?: boolean } = {},
) {
  const { f } = await fixtures();
  return f.request(contract, {
    payment_code: progressType.code,
    transaction_type_id: transactionType.id,
    date: '2026-01-10',
    amount,
    note,
    ...more,
  });
}

const form = (page: Page) => page.locator('main form').first();

async function move(page: Page, name: string, note?: string) {
  await page.getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const box = await dialog.boundingBox();
  expect(box?.width).toBe(400);
  if (note !== undefined) await dialog.getByTestId('move-note').fill(note);
  await dialog.getByRole('button', { name, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Records a payment in the request's payment dialog: the bank's reference, and the amount unless it is what remains. */
async function recordPayment(page: Page, reference: string, amount?: string) {
  await page.getByRole('button', { name: 'Ghi nhận thanh toán', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  if (amount) await dialog.getByLabel('Số tiền chi').fill(amount);
  await dialog.getByLabel('Số UNC / số giao dịch').fill(reference);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const chip = (page: Page, testId: string) => textOf(page.getByTestId('payment-state').getByTestId(testId));

describe('payment requests', () => {
  test('the accountant writes and sends a request, the director approves it from his queue, the accountant confirms it paid and the contract shows it paid', async () => {
    const contract = await newContract();
    const note = unique('Thanh toán đợt 1 phần móng ');
    const { page, context, consoleErrors } = await signedIn(
      `/management/payment/create?constructionId=${construction.id}`,
      { as: ACCOUNTANT },
    );

    // the construction comes from the query; the contract's parties and money follow the pick
    const contractPicker = form(page).getByRole('combobox', { name: 'Hợp đồng' });
    await contractPicker.click();
    await contractPicker.fill(contract.contract_no);
    await page.getByRole('option', { name: new RegExp(contract.contract_no) }).click();
    await expect.poll(() => textOf(page.getByTestId('contract-contractor'))).toMatch(/Thành Công/);
    await expect.poll(() => textOf(page.getByTestId('status-remaining'))).toBe('1,045,000,000');
    await expect.poll(() => textOf(page.getByTestId('requirement-no'))).toBe('Đợt 1 của hợp đồng');

    await page.getByTestId('select-payment_code').locator('..').click();
    await page.getByRole('option', { name: progressType.name }).click();
    await page.getByTestId('select-transaction_type_id').locator('..').click();
    await page.getByRole('option', { name: transactionType.name }).click();
    await page.getByText(`Tuổi nợ ${transactionType.pay_date} ngày`).waitFor();
    // the payment date starts from the server's next payment day
    const date = form(page).getByLabel('Ngày thanh toán');
    await expect.poll(() => date.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    // above what remains: flagged as typed, and saving is held back
    const amount = page.locator('input[name="amount"]');
    await amount.pressSequentially('2000000000');
    await expect.poll(() => amount.inputValue()).toBe('2,000,000,000');
    await expect
      .poll(() => textOf(page.getByTestId('over-remaining')))
      .toBe('Vượt số còn được đề nghị: 1,045,000,000');
    await form(page).getByLabel('Nội dung thanh toán').fill(note);
    await page.getByRole('button', { name: 'Lưu' }).click();
    await expect.poll(() => page.url()).toMatch(/\/management\/payment\/create/);

    await amount.fill('');
    await amount.pressSequentially('250000000');
    await page.getByText('Hai trăm năm mươi triệu đồng').waitFor();
    await expect.poll(() => page.getByTestId('over-remaining').count()).toBe(0);
    await page.getByLabel('Ưu tiên').check();
    const checklist = page.getByTestId('document-checklist');
    await checklist.getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Lưu' }).click();

    await page.waitForURL(/\/management\/payment\/view\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const created = await accountant<{ code: string }>('GET', `payment-transaction/get/${id}`);
    expect(created.code).toMatch(/^YCTT-\d{4}-\d{6}$/);
    await expect
      .poll(() => textOf(page.getByTestId('payment-title')))
      .toBe(`${created.code} · Đợt 1 – ${contract.contract_no}`);
    await expect.poll(() => chip(page, 'approval-chip')).toBe('Mới tạo');
    await expect.poll(() => textOf(page.getByTestId('view-amount'))).toBe('250,000,000');
    await expect.poll(() => textOf(page.getByTestId('view-words'))).toBe('Hai trăm năm mươi triệu đồng');
    await expect.poll(() => page.getByTestId('documents').locator('[data-attached="true"]').count()).toBe(1);
    const stored = await accountant<Record<string, unknown>>('GET', `payment-transaction/get/${id}`);
    expect(stored).toMatchObject({ amount: '250000000.00', note, isPriority: true, payment_code: 'TD' });
    // the accountant may not approve: no such button
    await expect.poll(() => page.locator('[data-move="accept"]').count()).toBe(0);

    await move(page, 'Gửi duyệt');
    await expect.poll(() => chip(page, 'approval-chip')).toBe('Chờ duyệt');
    await page.getByTestId('timeline').locator('[data-action="send"]').waitFor();
    await expect.poll(() => page.locator('[data-move="send"]').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();

    // the director: the top bar counts the request; the queue approves it
    const director = await signedIn('/about-me', { as: DIRECTOR });
    const badge = director.page.getByTestId('approval-badge');
    await expect.poll(() => textOf(badge)).toMatch(/[1-9]/);
    await badge.click();
    await director.page.waitForURL(/\/management\/approval\/list/);
    // the queue may hold others' requests: all of them on one page
    await director.page.goto('/management/approval/list?itemsPerPage=100');
    const row = director.page.getByRole('row').filter({ hasText: contract.contract_no });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/250,000,000/);
    await row.getByRole('checkbox').check();
    await director.page.getByTestId('decision-bar').getByText('Đã chọn 1 yêu cầu').waitFor();
    await director.page.getByRole('button', { name: 'Duyệt đã chọn' }).click();
    const dialog = director.page.getByRole('dialog');
    expect(await dialog.textContent()).toMatch(/250,000,000/);
    await dialog.getByRole('button', { name: 'Duyệt', exact: true }).click();
    const result = director.page.getByTestId('bulk-result').filter({ hasText: contract.contract_no });
    await expect.poll(() => result.getAttribute('data-ok')).toBe('true');
    await expect.poll(() => row.count()).toBe(0);
    expect((await accountant<Payment>('GET', `payment-transaction/get/${id}`)).approval_status).toBe('A');
    expect(director.consoleErrors).toEqual([]);
    await director.context.close();

    // the accountant records what the bank paid, in two parts; the contract's page shows it paid
    const again = await signedIn(`/management/payment/view/${id}`, { as: ACCOUNTANT });
    await expect.poll(() => chip(again.page, 'approval-chip')).toBe('Đã duyệt');
    await recordPayment(again.page, 'UNC-0001', '100000000');
    await expect.poll(() => chip(again.page, 'partly-paid')).toBe('Đã chi một phần');
    await expect.poll(() => chip(again.page, 'payment-chip')).toBe('Chưa thanh toán');
    const payouts = again.page.getByTestId('payouts');
    await expect.poll(() => payouts.getByTestId('payout').count()).toBe(1);
    expect(await payouts.textContent()).toContain('150,000,000');
    // the second pays what remains (the dialog's amount unless told)
    await recordPayment(again.page, 'UNC-0002');
    await expect.poll(() => chip(again.page, 'payment-chip')).toBe('Đã thanh toán');
    await expect.poll(() => payouts.getByTestId('payout').count()).toBe(2);
    expect(await payouts.textContent()).toMatch(/UNC-0001.*UNC-0002/);
    await again.page.getByTestId('timeline').locator('[data-action="record_payment"]').waitFor();
    await again.page.getByTestId('timeline').locator('[data-action="confirm_paid"]').waitFor();
    // the printed request, a .docx named after it
    await again.page.getByRole('button', { name: 'In phiếu' }).click();
    const printing = again.page.waitForEvent('download');
    await again.page.getByRole('menuitem', { name: /Word \(\.docx\)/ }).click();
    const printed = await printing;
    expect(printed.suggestedFilename()).toMatch(/^YCTT-.+-1\.docx$/);
    const docx = await readFile(await printed.path());
    expect(docx.subarray(0, 2).toString()).toBe('PK');
    await again.page.getByRole('link', { name: contract.contract_no }).click();
    await again.page.waitForURL(`/management/contract/view/${contract.id}`);
    await expect.poll(() => textOf(again.page.getByTestId('summary-paid'))).toBe('250,000,000');
    await expect.poll(() => textOf(again.page.getByTestId('summary-remaining'))).toBe('795,000,000');
    const listed = again.page.getByTestId('contract-request').first();
    await expect.poll(() => listed.getAttribute('data-paid')).toBe('P');
    expect(await listed.textContent()).toMatch(/Đã thanh toán/);
    expect(again.consoleErrors).toEqual([]);
    await again.context.close();
  }, 180_000);

  test('a payee account changed while a request waits is flagged on the approval screen; accept waits for a second person to confirm it', async () => {
    // a contractor, payee and contract of the accountant's own: the change holds only their requests
    const { f, by } = await fixtures();
    const tag = unique('');
    const banks = await admin<{ id: number; name: string }[]>('GET', 'bank/list/all');
    const contractor = await f.contractor({
      code: `NT-TK${tag}`,
      name: `Công ty TNHH Cơ điện Hưng Thịnh ${tag}`,
      by: by.accountant,
    });
    const payee = await f.payee(contractor, {
      name: `CONG TY TNHH CO DIEN HUNG THINH ${tag}`,
      bank_id: banks[0]!.id,
      by: by.accountant,
    });
    const own = await f.contract({
      construction_id: construction.id,
      constructor_id: contractor.id,
      beneficiary_id: payee.id,
      signed_date: '2025-06-01',
      amount_before_vat: '500000000',
      by: by.accountant,
    });
    const waiting = await f.request(own, {
      payment_code: progressType.code,
      transaction_type_id: transactionType.id,
      date: '2026-02-10',
      amount: '120000000',
      note: unique('Thanh toán tủ điện '),
      state: 'waiting',
    });
    // the accountant changes the payee's account while the request waits
    const newAccount = `9${Date.now()}`.slice(-11);
    await accountant('PUT', `beneficiary/update/${payee.id}`, {
      constructor_id: contractor.id,
      name: payee.name,
      bank_id: banks[1]!.id,
      account_number: newAccount,
      version: payee.version,
    });

    // the director's queue flags the request in red, with who changed the account
    const director = await signedIn('/management/approval/list?itemsPerPage=100', { as: DIRECTOR });
    const row = director.page.getByRole('row').filter({ hasText: own.contract_no });
    await row.waitFor();
    const flag = row.locator('[data-flag="payee_hold"]');
    await flag.waitFor();
    expect(await flag.getAttribute('aria-label')).toMatch(
      /^Đổi lúc \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} bởi ketoan$/,
    );
    await row.locator(`a[href="/management/payment/view/${waiting.id}"]`).first().click();
    await director.page.waitForURL(`/management/payment/view/${waiting.id}`);
    const alert = director.page.getByTestId('payee-changed');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Tài khoản thụ hưởng đã thay đổi, chờ xác nhận/);
    expect(await alert.textContent()).toMatch(/bởi Nguyễn Thị Lan/);
    expect(await textOf(director.page.getByTestId('payment-state').getByTestId('approval-chip'))).toBe(
      'Chờ duyệt',
    );
    // accept is not offered, and the server refuses it
    await director.page.locator('[data-move="reject"]').waitFor();
    expect(await director.page.locator('[data-move="accept"]').count()).toBe(0);
    const directorApi = (await apiFor(DIRECTOR)).call;
    await expect(
      directorApi('PATCH', `payment-approval/accept/${waiting.id}`, { version: waiting.version + 1 }),
    ).rejects.toThrow(/422 .*payee_changed/);

    // the director — not who changed it — confirms the new account, then accepts
    await move(director.page, 'Xác nhận tài khoản mới');
    await director.page.getByTestId('payee-confirmed').waitFor();
    expect(await textOf(director.page.getByTestId('payee-confirmed'))).toMatch(
      /đã được Trần Văn Minh xác nhận/,
    );
    await move(director.page, 'Duyệt');
    await expect
      .poll(() => textOf(director.page.getByTestId('payment-state').getByTestId('approval-chip')))
      .toBe('Đã duyệt');
    const accepted = await accountant<Payment & { account_number: string }>(
      'GET',
      `payment-transaction/get/${waiting.id}`,
    );
    expect(accepted).toMatchObject({ approval_status: 'A', account_number: newAccount });
    expect(director.consoleErrors).toEqual([]);
    await director.context.close();
  }, 180_000);

  test('a rejected request shows its reason, is edited and sent again', async () => {
    const created = await request(await newContract(), '100000000', unique('Tạm tính đợt 2 '));
    const sent = await accountant<Payment>('PATCH', `payment-transaction/require-approval/${created.id}`, {
      version: created.version,
    });
    expect(sent.approval_status).toBe('W');

    // the director rejects it from its page: the reason is required
    const director = await signedIn(`/management/payment/view/${created.id}`, { as: DIRECTOR });
    await director.page.getByRole('button', { name: 'Từ chối', exact: true }).click();
    const dialog = director.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Từ chối', exact: true }).click();
    await dialog.getByText('Lý do từ chối là thông tin bắt buộc').waitFor();
    await dialog.getByTestId('move-note').fill('Thiếu biên bản nghiệm thu khối lượng');
    await dialog.getByRole('button', { name: 'Từ chối', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => chip(director.page, 'approval-chip')).toBe('Từ chối');
    expect(director.consoleErrors).toEqual([]);
    await director.context.close();

    // the accountant sees why, edits and sends it again
    const { page, context, consoleErrors } = await signedIn(`/management/payment/view/${created.id}`, {
      as: ACCOUNTANT,
    });
    await expect
      .poll(() => textOf(page.getByTestId('rejection')))
      .toMatch(/Thiếu biên bản nghiệm thu khối lượng/);
    expect(await page.getByTestId('view-decided').locator('..').textContent()).toMatch(/^Ngày từ chối/);
    // the missing paper, attached while the request is rejected
    await page.getByTestId('file-input').setInputFiles({
      name: 'Biên bản nghiệm thu khối lượng.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(`%PDF-1.7\n${'x'.repeat(2000)}`),
    });
    await page.getByTestId('file-list').getByText('Biên bản nghiệm thu khối lượng.pdf').waitFor();
    await page.getByRole('link', { name: 'Sửa' }).click();
    await page.waitForURL(`/management/payment/update/${created.id}`);
    const amount = page.locator('input[name="amount"]');
    await expect.poll(() => amount.inputValue()).toBe('100,000,000');
    await amount.fill('');
    await amount.pressSequentially('120000000');
    await page.getByText('Một trăm hai mươi triệu đồng').waitFor();
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL(`/management/payment/view/${created.id}`);
    await expect.poll(() => textOf(page.getByTestId('view-amount'))).toBe('120,000,000');
    await move(page, 'Gửi duyệt');
    await expect.poll(() => chip(page, 'approval-chip')).toBe('Chờ duyệt');
    // waiting for a new decision: the rejection is history, not shown as the request's decision
    await expect.poll(() => textOf(page.getByTestId('view-decided'))).toBe('—');
    expect(await page.getByTestId('view-decided').locator('..').textContent()).toMatch(/^Ngày duyệt/);
    expect(await page.getByText('Ý kiến người duyệt').count()).toBe(0);
    // waiting: its files no longer change
    await expect.poll(() => page.getByTestId('file-input').count()).toBe(0);
    const steps = page.getByTestId('timeline').locator('li');
    await expect
      .poll(() => steps.evaluateAll((items) => items.map((li) => li.getAttribute('data-action'))))
      .toEqual(['send', 'edit', 'reject', 'send', 'create']);
    expect(await page.getByTestId('timeline').textContent()).toMatch(/Thiếu biên bản nghiệm thu khối lượng/);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);

  test('an amount the contract can no longer take is refused by the server with the remaining amount shown', async () => {
    const contract = await newContract();
    const { page, context, consoleErrors } = await signedIn(
      `/management/payment/create?constructionId=${construction.id}&contractId=${contract.id}`,
      { as: ACCOUNTANT },
    );
    await expect.poll(() => textOf(page.getByTestId('status-remaining'))).toMatch(/\d/);
    const before = (await textOf(page.getByTestId('status-remaining')))!;
    await page.getByTestId('select-payment_code').locator('..').click();
    await page.getByRole('option', { name: progressType.name }).click();
    await page.getByTestId('select-transaction_type_id').locator('..').click();
    await page.getByRole('option', { name: transactionType.name }).click();
    await form(page).getByLabel('Nội dung thanh toán').fill('Thanh toán phần còn lại');
    // within what the form was shown, but someone else takes most of it meanwhile
    await page.locator('input[name="amount"]').pressSequentially(before.replace(/,/g, ''));
    await request(contract, '600000000', 'Yêu cầu khác viết cùng lúc');
    await page.getByRole('button', { name: 'Lưu' }).click();
    // the server's reason names what remains; the form's figures follow
    const left = (Number(before.replace(/,/g, '')) - 600_000_000).toLocaleString('en-US');
    await expect
      .poll(() => textOf(page.getByTestId('payment-refusal')))
      .toMatch(new RegExp(`Máy chủ từ chối lưu yêu cầu.*${left}`));
    await expect.poll(() => textOf(page.getByTestId('status-remaining'))).toBe(left);
    await expect.poll(() => textOf(page.getByTestId('refusal-remaining'))).toBe(`Còn được đề nghị: ${left}`);
    expect(new URL(page.url()).pathname).toBe('/management/payment/create');
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 90_000);

  test('the list marks, filters and narrows requests; the history narrows to one request', async () => {
    // a priority request paid, and another just written, both the accountant's
    const contract = await newContract();
    const paid = await request(contract, '250000000', unique('Thanh toán đợt 1 phần móng '), {
      state: 'paid',
      isPriority: true,
    });
    await request(contract, '50000000', unique('Tạm tính đợt 2 '));
    const { page, context, consoleErrors } = await signedIn(
      `/management/payment/list?constructionId=${construction.id}`,
      { as: ACCOUNTANT },
    );
    const rows = page.locator('.MuiDataGrid-row');
    await rows.first().waitFor();
    const paidRow = rows.filter({ has: page.locator('[data-state="P"]') }).first();
    await paidRow.waitFor();
    expect(await paidRow.textContent()).toMatch(/250,000,000/);
    await paidRow.locator('[data-flag="isPriority"]').waitFor();

    await page.getByTestId('status-chips').getByRole('button', { name: 'Đã thanh toán' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('paid');
    const states = () =>
      rows.evaluateAll((list) =>
        list.map((r) =>
          r.querySelector('[data-field="payment_status"] [data-state]')?.getAttribute('data-state'),
        ),
      );
    await expect.poll(async () => [...new Set(await states())]).toEqual(['P']);
    await page.getByTestId('status-chips').getByRole('button', { name: 'Tất cả' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(1);

    await page.getByTestId('view-chips').getByRole('button', { name: 'Do tôi tạo' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('mine');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    await page.getByTestId('view-chips').getByRole('button', { name: 'Hôm nay' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('today');

    // the workflow history of one request: from its page
    await page.goto(`/system/history/payment?paymentId=${paid.id}`);
    const history = page.locator('.MuiDataGrid-row');
    await history.first().waitFor();
    await expect.poll(() => history.count()).toBe(4);
    expect(await history.first().textContent()).toMatch(/Đã duyệt → Đã thanh toán/);
    // each line names the request by its number (YCTT-…), its instalment and contract
    expect(await history.first().textContent()).toContain(`${paid.code} · Đợt`);
    // its chip names the request by its number too, not by its id
    await expect.poll(() => textOf(page.getByTestId('filter-chips'))).toContain(`Yêu cầu ${paid.code}`);
    expect(await textOf(page.getByTestId('filter-chips'))).not.toContain('#');
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 90_000);

  test('on a phone each request is a card with its amount and both its states, the filters folded; chips cut at the edge fade', async () => {
    const contract = await newContract();
    const paid = await request(contract, '250000000', unique('Thanh toán đợt 1 '), { state: 'paid' });
    const accepted = await request(contract, '70000000', unique('Thanh toán đợt 2 '), { state: 'accepted' });
    const { page, context, consoleErrors } = await signedIn(
      `/management/payment/list?constructionId=${construction.id}&search=${encodeURIComponent(contract.contract_no)}`,
      { as: ACCOUNTANT, width: 375, height: 812 },
    );
    const cards = page.getByTestId('list-card');
    await expect.poll(() => cards.count()).toBe(2);
    const states = (code: string) =>
      cards
        .filter({ hasText: code })
        .locator('[data-state]')
        .evaluateAll((chips) => chips.map((c) => c.getAttribute('data-state')));
    // approved and paid, approved and not paid: two rows that no longer read just "Đã duyệt"
    expect(await states(paid.code)).toEqual(['A', 'P']);
    expect(await states(accepted.code)).toEqual(['A', 'O']);
    expect(await textOf(cards.filter({ hasText: paid.code }).locator('[data-field="amount"]'))).toBe(
      '250,000,000',
    );
    // the filters fold under one button, the cards first; the button unfolds them
    expect(await page.getByTestId('list-filters').count()).toBe(0);
    await page.getByTestId('filters-toggle').click();
    await page.getByTestId('list-filters').getByLabel('Nhà thầu').waitFor();
    // the status chips do not fit: their right edge fades until scrolled to the end
    const chips = page.getByTestId('status-chips');
    await expect.poll(() => chips.getAttribute('data-more')).toBe('right');
    await chips.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
    await expect.poll(() => chips.getAttribute('data-more')).toBe('left');
    // a card's actions fold under one button: its menu, drawn when first opened, opens again after
    // closing, and its first item opens the request
    expect(await page.getByRole('menu').count()).toBe(0);
    const more = page
      .getByRole('listitem')
      .filter({ hasText: paid.code })
      .getByRole('button', { name: /^Thao tác: / });
    await more.click();
    await page.getByRole('menuitem', { name: 'Xem' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    await more.click();
    await page.getByRole('menuitem', { name: 'Xem' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`/${paid.id}$`));
    // the pager under the cards: the rows shown, and arrows named in the language, off at the ends
    await page.goto(
      `/management/payment/list?constructionId=${construction.id}&search=${encodeURIComponent(contract.contract_no)}&itemsPerPage=1`,
    );
    const pager = page.getByTestId('cards-pager');
    const previous = pager.getByRole('button', { name: 'Về trang trước đó' });
    const next = pager.getByRole('button', { name: 'Tới trang tiếp theo' });
    await expect.poll(() => textOf(pager)).toBe('1–1 trên 2');
    expect(await previous.isDisabled()).toBe(true);
    const first = await textOf(cards.first().locator('[data-field="code"]'));
    await next.click();
    await expect.poll(() => textOf(pager)).toBe('2–2 trên 2');
    await expect.poll(() => next.isDisabled()).toBe(true);
    // the second page's card, once drawn: the list says it is busy until then
    await expect.poll(() => page.getByTestId('list-cards').getAttribute('aria-busy')).toBe('false');
    const second = await textOf(cards.first().locator('[data-field="code"]'));
    expect([first, second].sort()).toEqual([paid.code, accepted.code].sort());
    await previous.click();
    await expect.poll(() => textOf(cards.first().locator('[data-field="code"]'))).toBe(first);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 90_000);

  test('a created request is deactivated, activated and deleted from its page, each confirmed', async () => {
    const contract = await newContract();
    const created = await request(contract, '5000000', unique('Chi phí thí nghiệm '));
    const { page, context, consoleErrors } = await signedIn(`/management/payment/view/${created.id}`, {
      as: ACCOUNTANT,
    });
    await move(page, 'Ngừng hoạt động');
    await expect.poll(() => page.getByTestId('payment-state').locator('[data-status="C"]').count()).toBe(1);
    // an inactive request can only be activated again or deleted
    await expect.poll(() => page.locator('[data-move="send"]').count()).toBe(0);
    await move(page, 'Kích hoạt');
    await expect.poll(() => page.getByTestId('payment-state').locator('[data-status]').count()).toBe(0);
    await page.locator('[data-move="send"]').waitFor();
    await move(page, 'Xóa');
    await page.waitForURL(/\/management\/payment\/list/);
    const deleted = await accountant<{ items: { id: number }[] }>(
      'GET',
      `payment-transaction/paging?constructionId=-1&contractId=${contract.id}&status=deleted&itemsPerPage=100`,
    );
    expect(deleted.items.map((p) => p.id)).toContain(created.id);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 60_000);
});
