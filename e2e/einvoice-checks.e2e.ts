/**
 * E-invoices read from XML (docs/adr/0092-einvoice-xml-checks.md) in the browser: the accountant
 * imports an invoice from another seller than the contractor on a created request; its page shows
 * the block and the send is refused with the reason; the invoice deleted and the right one
 * imported, every check passes and the request is sent; the director sees the checks passed on the
 * page he decides from. The screen passes every axe-core rule.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  ACCOUNTANT,
  adminApi,
  apiFor,
  closeBrowser,
  DIRECTOR,
  settleAnimations,
  signedIn,
  textOf,
} from './support/browser.ts';
import { fixtures } from './support/fixtures.ts';

afterAll(closeBrowser);

const dir = path.resolve(import.meta.dirname, '../server/test/fixtures/einvoice');

/** A tax code with its check digit (weights 31, 29, 23, 19, 17, 13, 7, 5, 3), new for this run. */
function taxCode(): string {
  for (;;) {
    const head = String(100000000 + Math.floor(Math.random() * 800000000)).padStart(9, '0');
    const sum = [31, 29, 23, 19, 17, 13, 7, 5, 3].reduce((s, w, i) => s + w * Number(head[i]), 0);
    const digit = 10 - (sum % 11);
    if (digit < 10) return `${head}${digit}`;
  }
}

/** A fixture with its parties, number and account as this run's. */
function invoiceFile(name: string, swaps: [RegExp | string, string][]) {
  let text = fs.readFileSync(path.join(dir, name), 'utf8');
  for (const [from, to] of swaps) text = text.replace(from, to);
  const file = path.join(fs.mkdtempSync('/tmp/einvoice-'), name);
  fs.writeFileSync(file, text);
  return file;
}

const checks = (page: Page) => page.getByTestId('einvoice-checks');
const results = (page: Page) =>
  checks(page)
    .getByTestId('einvoice-check')
    .evaluateAll((nodes) =>
      nodes.map((n) => `${n.getAttribute('data-check')}:${n.getAttribute('data-result')}`),
    );

describe('e-invoice checks on a request', () => {
  test('a wrong seller blocks the send; the right invoice passes and the approver sees the checks passed', async () => {
    const { f, by } = await fixtures();
    const admin = await adminApi();
    const companies = await admin.get<{ code: string; tax_code: string | null }[]>('admin/company/list/all');
    const buyer = companies.find((c) => c.code === 'HP')!.tax_code!;
    const seller = taxCode();
    const other = taxCode();
    const k = await f.contractor({ tax_code: seller });
    const payee = await f.payee(k);
    const contract = await f.contract({ constructor_id: k.id, beneficiary_id: payee.id, by: by.admin });
    const r = await f.request(contract, { date: '2026-01-10', amount: '100000000' });
    const number = String(Date.now() % 100000000);
    const wrong = invoiceFile('wrong-seller.xml', [
      ['0209998887', other],
      ['0101234565', buyer],
      ['<SHDon>7</SHDon>', `<SHDon>${number}</SHDon>`],
      [/<STKNHang>.*<\/STKNHang>/, ''],
    ]);
    const right = invoiceFile('plain.xml', [
      ['0312345673', seller],
      ['0101234565', buyer],
      ['<SHDon>101</SHDon>', `<SHDon>${number}</SHDon>`],
      [/<STKNHang>.*<\/STKNHang>/, `<STKNHang>${payee.account_number}</STKNHang>`],
    ]);

    const { page, context, consoleErrors } = await signedIn(`/management/payment/view/${r.id}`, {
      as: ACCOUNTANT,
    });
    await checks(page).getByText('Chưa có hóa đơn nào đọc từ XML').waitFor();
    await page.getByTestId('einvoice-file').setInputFiles(wrong);
    await expect.poll(() => results(page)).toContain('parties:block');
    expect(await textOf(checks(page))).toContain(
      `MST người bán ${other} khác MST nhà thầu của hợp đồng (${seller})`,
    );
    await checks(page).getByTestId('einvoice-blocked').waitFor();

    // the send is refused, with the reason
    await page.getByRole('button', { name: 'Gửi duyệt', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Gửi duyệt', exact: true }).click();
    await page
      .getByText(/Hóa đơn có kiểm tra chặn yêu cầu/)
      .first()
      .waitFor();
    const accountant = (await apiFor(ACCOUNTANT)).call;
    expect(
      (await accountant<{ approval_status: string }>('GET', `payment-transaction/get/${r.id}`))
        .approval_status,
    ).toBe('O');
    // the confirmation closes on the refusal
    await dialog.waitFor({ state: 'hidden' });

    // replaced: the wrong invoice deleted, the right one imported
    const [held] = await accountant<{ id: number; version: number }[]>('GET', `payment-invoice/list/${r.id}`);
    await accountant('DELETE', `payment-invoice/delete/${held!.id}`, { version: held!.version });
    await page.reload();
    await checks(page).getByText('Chưa có hóa đơn nào đọc từ XML').waitFor();
    await page.getByTestId('einvoice-file').setInputFiles(right);
    await expect
      .poll(() => results(page))
      .toEqual([
        'parties:pass',
        'authority_code:pass',
        'totals:pass',
        'duplicate:pass',
        'signature:pass',
        'bank_account:pass',
      ]);
    expect(await textOf(checks(page))).toContain('chưa xác minh chữ ký: bước sau');
    await settleAnimations(page);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    ).toEqual([]);
    await page.getByRole('button', { name: 'Gửi duyệt', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Gửi duyệt', exact: true }).click();
    await expect
      .poll(
        async () =>
          (await accountant<{ approval_status: string }>('GET', `payment-transaction/get/${r.id}`))
            .approval_status,
      )
      .toBe('W');
    expect(consoleErrors.filter((e) => !/422/.test(e))).toEqual([]);
    await context.close();

    // the director decides from the same page: the checks passed
    const director = await signedIn(`/management/payment/view/${r.id}`, { as: DIRECTOR });
    await expect.poll(() => results(director.page)).toHaveLength(6);
    expect(new Set(await results(director.page)).size).toBe(6);
    expect((await results(director.page)).every((x) => x.endsWith(':pass'))).toBe(true);
    expect(await director.page.getByTestId('einvoice-import').count()).toBe(0);
    await director.context.close();
  });
});
