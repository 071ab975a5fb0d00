/**
 * Ready to pay in the browser (issue 33 items 2 and 3): a request missing a `block` document is not
 * sent — the server's words shown —; the file attached to that document from its checklist line, it
 * is sent, and the approver reads the missing `warn` document on the request's page
 * (docs/adr/0094-required-documents.md). A contract's guarantee added with its letter's file, listed
 * with it; the home card lists it while it expires within 30 days; an advance guarantee expired while
 * the advance is owed is red on the request's page (docs/adr/0095-bank-guarantees-checked.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  ACCOUNTANT,
  adminApi,
  apiFor,
  closeBrowser,
  DIRECTOR,
  signedIn,
  textOf,
  unique,
} from './support/browser.ts';
import { fixtures } from './support/fixtures.ts';

afterAll(closeBrowser);

/** A small PDF on disk under `name`. */
function pdf(name: string) {
  const file = path.join(fs.mkdtempSync('/tmp/ready-'), name);
  fs.writeFileSync(file, '%PDF-1.4 bien ban\n%%EOF\n');
  return file;
}

/** Today in Hà Nội plus `days`, as YYYY-MM-DD. */
const businessDay = (days: number) =>
  new Date(Date.now() + 7 * 3600_000 + days * 86400_000).toISOString().slice(0, 10);
const shown = (iso: string) => iso.split('-').reverse().join('/');

describe('ready to pay', () => {
  test('a missing block document stops the send; attached from the checklist, the request is sent; the approver sees the missing warn one', async () => {
    const { f } = await fixtures();
    const admin = await adminApi();
    const code = unique('TT');
    const tt = await admin.post<{ id: number }>('admin/setting/transaction-type/create', {
      code,
      name: `Thanh toán ${code}`,
      pay_date: 10,
    });
    const block = { code: `BB-${code}`, name: `Biên bản nghiệm thu ${code}` };
    const warn = { code: `KL-${code}`, name: `Bảng khối lượng ${code}` };
    for (const [doc, requirement, ordered] of [
      [block, 'block', 1],
      [warn, 'warn', 2],
    ] as const)
      await admin.post('admin/setting/document-attach/create', {
        ...doc,
        type: 'original',
        quantity: 1,
        ordered,
        requirement,
        transaction_type_id: tt.id,
      });
    const contract = await f.contract();
    const r = await f.request(contract, { transaction_type_id: tt.id });
    const accountant = (await apiFor(ACCOUNTANT)).call;
    const state = async () =>
      (await accountant<{ approval_status: string }>('GET', `payment-transaction/get/${r.id}`))
        .approval_status;

    const { page, context, consoleErrors } = await signedIn(`/management/payment/view/${r.id}`, {
      as: ACCOUNTANT,
    });
    const documents = page.getByTestId('documents');
    const line = (name: string) => documents.getByRole('listitem').filter({ hasText: name });
    await line(block.name).waitFor();
    expect(await line(block.name).getAttribute('data-state')).toBe('missing');
    expect(await textOf(documents.getByTestId('documents-lacking'))).toContain(block.name);

    // sent without it: refused with the server's words, nothing changes
    await page.getByRole('button', { name: 'Gửi duyệt', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Gửi duyệt', exact: true }).click();
    await page.getByText(`Chưa đủ chứng từ bắt buộc: ${block.name}`).first().waitFor();
    expect(await state()).toBe('O');
    // the confirmation closes on the refusal
    await dialog.waitFor({ state: 'hidden' });

    // attached from its checklist line: the file names the document's code
    const chooser = page.waitForEvent('filechooser');
    await line(block.name)
      .getByRole('button', { name: `Đính kèm tệp cho ${block.name}` })
      .click();
    await (await chooser).setFiles(pdf('bien-ban-nghiem-thu.pdf'));
    await expect.poll(() => line(block.name).getAttribute('data-state')).toBe('attached');
    expect(await textOf(line(block.name))).toContain('Đã đính kèm: bien-ban-nghiem-thu.pdf');
    await page.getByTestId('file-list').getByText('bien-ban-nghiem-thu.pdf').waitFor();
    const files = await accountant<{ file_name: string; document_type?: string | null }[]>(
      'GET',
      `payment-file-upload/uploaded/${r.id}`,
    );
    expect(files.map((x) => x.file_name)).toEqual(['bien-ban-nghiem-thu.pdf']);

    await page.getByRole('button', { name: 'Gửi duyệt', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Gửi duyệt', exact: true }).click();
    await expect.poll(state).toBe('W');
    expect(consoleErrors.filter((e) => !/422/.test(e))).toEqual([]);
    await context.close();

    // the approver reads the missing warn document where he decides
    const director = await signedIn(`/management/payment/view/${r.id}`, { as: DIRECTOR });
    const lacking = director.page.getByTestId('documents-lacking');
    await expect.poll(() => textOf(lacking)).toBe(`Còn thiếu chứng từ: ${warn.name}`);
    await director.context.close();
  });

  test('a guarantee added with its letter is listed, and on the home card while it expires within 30 days', async () => {
    const { f } = await fixtures();
    const contract = await f.contract();
    const no = unique('BL-');
    const expiry = businessDay(10);
    const { page, context, consoleErrors } = await signedIn(`/management/contract/view/${contract.id}`, {
      as: ACCOUNTANT,
    });
    const section = page.locator('section[data-section="guarantees"]');
    await section.getByRole('button', { name: 'Tạo mới bảo lãnh ngân hàng' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Loại bảo lãnh' }).click();
    await page.getByRole('option', { name: 'Bảo lãnh thực hiện hợp đồng' }).click();
    await dialog.getByRole('combobox', { name: 'Ngân hàng phát hành' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByLabel('Số bảo lãnh').fill(no);
    await dialog.locator('input[name="amount"]').pressSequentially('125000000');
    await dialog.getByLabel('Ngày hết hạn').fill(shown(expiry));
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    const row = section.getByRole('row').filter({ hasText: no });
    await row.waitFor();

    // its letter: uploaded from the row's files, listed there
    await row.getByRole('button', { name: `Tệp thư bảo lãnh: ${no}` }).click();
    const files = page.getByRole('dialog');
    await files.getByText('Chưa có tệp').or(files.getByTestId('file-list')).first().waitFor();
    await files.getByTestId('file-input').setInputFiles(pdf('thu-bao-lanh.pdf'));
    await files.getByTestId('file-list').getByText('thu-bao-lanh.pdf').waitFor();
    const accountant = (await apiFor(ACCOUNTANT)).call;
    const [guarantee] = await accountant<{ id: number; guarantee_no: string }[]>(
      'GET',
      `contract-guarantee/list/${contract.id}`,
    );
    expect(guarantee!.guarantee_no).toBe(no);
    const stored = await accountant<{ file_name: string }[]>(
      'GET',
      `contract-guarantee/file/list/${guarantee!.id}`,
    );
    expect(stored.map((x) => x.file_name)).toEqual(['thu-bao-lanh.pdf']);
    await files.getByRole('button', { name: 'Đóng' }).click();

    // the home card lists it: its contract, kind, number, expiry and the days left
    await page.goto('/about-me');
    const card = page.getByTestId('home-guarantees');
    const item = card.getByTestId('home-guarantee').filter({ hasText: no });
    await item.waitFor();
    const text = await textOf(item);
    expect(text).toContain(String(contract.contract_no));
    expect(text).toContain('Bảo lãnh thực hiện hợp đồng');
    expect(text).toContain('125,000,000');
    expect(text).toContain(`hết hạn ${shown(expiry)}, còn 10 ngày`);
    expect(await textOf(card.getByTestId('home-guarantees-count'))).toMatch(/^\d+ bảo lãnh$/);
    await item.getByRole('link', { name: String(contract.contract_no) }).click();
    await page.waitForURL(`/management/contract/view/${contract.id}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('an advance guarantee expired while the advance is owed is red on the request’s page', async () => {
    const { f } = await fixtures();
    const contract = await f.contract();
    const accountant = (await apiFor(ACCOUNTANT)).call;
    const banks = await (await adminApi()).get<{ id: number }[]>('bank/list/all');
    const no = unique('BL-TU-');
    await accountant('POST', 'contract-guarantee/create', {
      contract_id: contract.id,
      kind: 'advance',
      bank_id: banks[0]!.id,
      guarantee_no: no,
      amount: '300000000',
      expiry_date: '2025-01-01',
    });
    // an advance prepared (a draft is live): owed, and its paper has run out
    const r = await f.request(contract, { payment_code: 'TU', amount: '100000000' });
    const { page, context, consoleErrors } = await signedIn(`/management/payment/view/${r.id}`, {
      as: ACCOUNTANT,
    });
    const flag = page.getByTestId('guarantee-expired');
    await flag.waitFor();
    const text = await textOf(flag);
    expect(text).toContain('Bảo lãnh tạm ứng đã hết hạn khi tạm ứng chưa thu hồi hết');
    expect(text).toContain(`${no} hết hạn ngày 01/01/2025`);
    // the contract's page: the same guarantee red in its list
    await flag.getByRole('link', { name: 'Xem bảo lãnh của hợp đồng' }).click();
    await page.waitForURL(`/management/contract/view/${contract.id}`);
    const row = page.locator('section[data-section="guarantees"]').getByRole('row').filter({ hasText: no });
    await row.locator('[data-flagged="expired_unrecovered"]').waitFor();
    expect(await textOf(row.locator('[data-flagged]'))).toBe('01/01/2025');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
