/**
 * Reports and the home page. A contractor of its own with one contract on CT-001 and three payment
 * requests written through the API as the demo accountant (ketoan) and decided by the director
 * (giamdoc): one paid in January, one waiting for the director in March, one rejected. Then, as
 * people would: the payment report narrowed to that contractor, its date range changed (the chart's
 * months and the totals follow), a drill-down from the construction to the contract's position and
 * on to its requests in the payment list; the contractor's report leading to its requests; the
 * contract report's counts and value buckets; the director's home page showing what waits for him
 * and leading to his queue; the accountant's showing his rejected request and no queue.
 */
import { formatAmount } from '@sitepay/domain/number-format';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Rec } from '../server/test/factories.ts';
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

type Ref = { id: number; code: string; name: string };
type Home = {
  waiting: { count: number; amount: string } | null;
  rejected: { count: number; amount: string };
};

let accountant: Call;
let director: Call;
let construction: Ref; // CT-001, in both demo users' scope
let contractor: Rec;
let contract: Rec;
/** A request of this file's contract, walked to `state` by the accountant (and the director). */
let write: (amount: string, date: string, state: 'paid' | 'waiting' | 'rejected') => Promise<Rec>;

beforeAll(async () => {
  const admin = (await apiFor(ADMIN)).call;
  accountant = (await apiFor(ACCOUNTANT)).call;
  director = (await apiFor(DIRECTOR)).call;
  const { f, by } = await fixtures();
  const tag = unique('');
  construction = (await admin<Ref[]>('GET', 'account/construction/list')).find((c) => c.code === 'CT-001')!;
  contractor = await f.contractor({ code: `NT-R${tag}`, name: `Công ty TNHH Cơ điện Bình Minh ${tag}` });
  const beneficiary = await f.payee(contractor, { name: `Bình Minh Vietcombank ${tag}` });
  // 1,000,000,000 + 10 % VAT = 1,100,000,000: in the 1 – 10 B bucket
  contract = await f.contract({
    construction_id: construction.id,
    constructor_id: contractor.id,
    beneficiary_id: beneficiary.id,
    // last year, whatever today is: "this year" on the contract report leaves it out
    signed_date: `${new Date().getFullYear() - 1}-06-10`,
    guarantee_percent: '5',
    by: by.admin,
  });
  const transactionTypes = await admin<{ id: number; pay_date: number; status: string }[]>(
    'GET',
    'transaction-type/list/all',
  );
  write = (amount, date, state) =>
    f.request(contract, {
      payment_code: 'TD',
      transaction_type_id: transactionTypes.find((t) => t.status === 'O')!.id,
      date,
      amount,
      note: `Thanh toán khối lượng ${tag}`,
      state,
      reason: 'Thiếu hóa đơn',
    });
  // paid in January
  await write('300000000', '2026-01-10', 'paid');
  // waiting for the director since March
  await write('200000000', '2026-03-05', 'waiting');
  // rejected: counted nowhere in the reports, waiting on the accountant's home page
  await write('100000000', '2026-03-20', 'rejected');
});

/** The months from `first` (YYYY-MM) to this business month (Asia/Ho_Chi_Minh), as "MM/YYYY". */
function monthsUpToNow(first: string): string[] {
  const now = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' })
    .format(new Date())
    .slice(0, 7);
  const out: string[] = [];
  for (
    let [y, m] = first.split('-').map(Number) as [number, number];
    `${y}-${String(m).padStart(2, '0')}` <= now;
  ) {
    out.push(`${String(m).padStart(2, '0')}/${y}`);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return out;
}

const cell = (table: Locator, column: string) =>
  table.getByTestId('report-totals').locator(`[data-col="${column}"]`);
/** The tick labels of a chart's axes, in order. */
const ticks = (chart: Locator) =>
  chart
    .locator('.MuiChartsAxis-tickLabel')
    .allTextContents()
    .catch(() => [] as string[]);

describe('reports', () => {
  test('the payment report narrowed to a contractor: a date range changes the totals and the monthly chart, and a construction leads to the contract and on to its requests', async () => {
    const { page, context, consoleErrors } = await signedIn(
      `/report/payment/construction?constructionId=${construction.id}&constructorId=${contractor.id}`,
      { as: ADMIN },
    );
    await expect.poll(() => textOf(page.getByTestId('report-title'))).toBe('Thanh toán theo công trình');
    // January's paid request and March's waiting one; the rejected one counts nowhere
    await expect
      .poll(() => textOf(page.getByTestId('figure-requested-full')))
      .toBe('500,000,000 · 2 yêu cầu');
    await expect.poll(() => textOf(page.getByTestId('figure-requested'))).toBe('500,00 triệu');
    await expect.poll(() => textOf(page.getByTestId('figure-paid-full'))).toBe('300,000,000 · 1 yêu cầu');
    await expect.poll(() => textOf(page.getByTestId('figure-unpaid-full'))).toBe('200,000,000 · 1 yêu cầu');
    const byConstruction = page.getByTestId('table-constructions');
    await expect.poll(() => textOf(cell(byConstruction, 'requested'))).toBe('500,000,000');
    await expect.poll(() => textOf(cell(byConstruction, 'paid'))).toBe('300,000,000');
    // the months run as a calendar: February shows, empty; on to this month, when January's request
    // was paid out (the money paid by the bank's date)
    const months = page.getByTestId('table-months');
    await expect
      .poll(() => months.getByTestId('report-row').locator('[data-col="month"]').allTextContents())
      .toEqual(monthsUpToNow('2026-01'));
    expect(await textOf(cell(months, 'paid_out'))).toBe('300,000,000');
    const monthChart = page.getByTestId('chart-months');
    await expect
      .poll(() => ticks(monthChart))
      .toEqual(
        // (the axis may skip a month's label where they crowd)
        expect.arrayContaining(['01/2026', '03/2026', expect.stringMatching(/^\d+,\d{2} triệu$/)]),
      );
    // the chart by construction draws CT-001, its axis in nghìn, triệu, tỷ (K/M/B/T in English)
    await expect
      .poll(() => ticks(page.getByTestId('chart-constructions')))
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^CT-001 – /),
          expect.stringMatching(/^\d+,\d{2} triệu$/),
        ]),
      );

    // payments from 1 February on: January's paid request leaves the figures, the table and the chart
    await page.getByTestId('filter-from').fill('1/2/2026');
    await page.getByTestId('filter-from').press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe('2026-02-01');
    await expect.poll(() => page.getByTestId('filter-from').inputValue()).toBe('01/02/2026');
    await expect
      .poll(() => textOf(page.getByTestId('figure-requested-full')))
      .toBe('200,000,000 · 1 yêu cầu');
    await expect.poll(() => textOf(page.getByTestId('figure-paid-full'))).toBe('0 · 0 yêu cầu');
    await expect.poll(() => textOf(cell(byConstruction, 'requested'))).toBe('200,000,000');
    await expect
      .poll(() => months.getByTestId('report-row').locator('[data-col="month"]').allTextContents())
      .toEqual(monthsUpToNow('2026-03'));
    // January gone from the chart too (its axis may skip a month's label where they crowd)
    await expect
      .poll(async () => {
        const shown = (await ticks(monthChart)).filter((t) => t.includes('/'));
        return shown[0] === '03/2026' && shown.every((t) => monthsUpToNow('2026-03').includes(t));
      })
      .toBe(true);
    // a range running backwards is flagged on the field, not sent
    await page.getByTestId('filter-to').fill('31/01/2026');
    await page.getByTestId('filter-to').press('Enter');
    await page.getByText('Ngày kết thúc trước ngày bắt đầu').waitFor();
    await page.getByTestId('filters-clear').click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?constructionId=${construction.id}`);
    await page.goto(
      `/report/payment/construction?constructionId=${construction.id}&constructorId=${contractor.id}`,
    );

    // drill down: the construction's report, the contract's position, its requests
    await byConstruction.getByRole('link', { name: 'CT-001' }).click();
    await page.waitForURL(`**/report/construction/view/${construction.id}?constructionId=${construction.id}`);
    await page.getByTestId('table-contracts').getByRole('link', { name: contract.contract_no }).click();
    await page.waitForURL(`**/report/contract/view/${contract.id}**`);
    await expect
      .poll(() => textOf(page.getByTestId('report-title')))
      .toBe(`Hợp đồng ${contract.contract_no}`);
    await expect.poll(() => textOf(page.getByTestId('figure-contract_value-full'))).toBe('1,100,000,000');
    await expect.poll(() => textOf(page.getByTestId('figure-paid-full'))).toBe('300,000,000');
    await expect.poll(() => textOf(page.getByTestId('figure-requested-full'))).toBe('500,000,000');
    // paid 300 M, waiting 200 M, 545 M still to request under the 1,045 M ceiling, 55 M held back
    await expect
      .poll(() => textOf(page.getByTestId('part-waiting')))
      .toBe('Đã đề nghị, chưa duyệt200,000,000');
    await expect.poll(() => textOf(page.getByTestId('part-available'))).toBe('Còn được đề nghị545,000,000');
    await expect.poll(() => textOf(page.getByTestId('part-retained'))).toMatch(/55,000,000$/);
    const requests = page.getByTestId('table-requests');
    await expect.poll(() => requests.getByTestId('report-row').count()).toBe(3);
    await expect.poll(() => textOf(cell(requests, 'amount'))).toBe('500,000,000');
    await page.getByTestId('to-payment-list').click();
    await page.waitForURL('**/management/payment/list?**');
    const url = new URL(page.url());
    expect(url.searchParams.get('contractId')).toBe(String(contract.id));
    expect(url.searchParams.get('constructionId')).toBe(String(construction.id));
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(3);
    await expect
      .poll(() => textOf(page.getByTestId('filter-chips')))
      .toContain(`Hợp đồng ${contract.contract_no}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test("the contractor's report leads from its construction to its requests in the payment list", async () => {
    const { page, context, consoleErrors } = await signedIn(
      `/report/constructor/list?constructionId=${construction.id}`,
      { as: ADMIN },
    );
    await page.getByTestId('table-constructors').getByRole('link', { name: contractor.name }).click();
    await page.waitForURL(`**/report/constructor/view/${contractor.id}?constructionId=${construction.id}`);
    await expect.poll(() => textOf(page.getByTestId('figure-contracts'))).toBe('1');
    await expect.poll(() => textOf(page.getByTestId('figure-contract_value-full'))).toBe('1,100,000,000');
    await expect
      .poll(() => textOf(page.getByTestId('figure-paid-full')))
      .toMatch(/^300,000,000 · Đã trả 27 %$/);
    await expect.poll(() => textOf(page.getByTestId('figure-remaining-full'))).toBe('800,000,000');
    const table = page.getByTestId('table-constructions');
    await expect.poll(() => table.getByTestId('report-row').count()).toBe(1);
    await expect.poll(() => textOf(cell(table, 'remaining'))).toBe('800,000,000');
    await table.getByRole('link', { name: 'Xem' }).click();
    await page.waitForURL('**/management/payment/list?**');
    const url = new URL(page.url());
    expect(url.searchParams.get('constructorId')).toBe(String(contractor.id));
    await expect.poll(() => page.locator('.MuiDataGrid-row').count()).toBe(3);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('the contract report counts the contract and puts its value in its bucket', async () => {
    const { page, context, consoleErrors } = await signedIn(
      `/report/contract/list?constructionId=${construction.id}&constructorId=${contractor.id}`,
      { as: ADMIN },
    );
    await expect.poll(() => textOf(page.getByTestId('figure-contracts'))).toBe('1');
    const buckets = page.getByTestId('table-distribution');
    await expect
      .poll(() => buckets.getByTestId('report-row').locator('[data-col="count"]').allTextContents())
      .toEqual(['0', '0', '1', '0']);
    await expect.poll(() => textOf(cell(buckets, 'value'))).toBe('1,100,000,000');
    await expect
      .poll(() => ticks(page.getByTestId('chart-distribution')))
      .toEqual(expect.arrayContaining(['< 100 triệu', '100 triệu – 1 tỷ', '1 tỷ – 10 tỷ', '≥ 10 tỷ']));
    await expect.poll(() => textOf(page.getByTestId('table-highest'))).toContain(contract.contract_no);
    // signed before 2026: a range from 2026 on leaves nothing
    await page.getByTestId('filter-period').locator('..').click();
    await page.getByRole('option', { name: 'Năm nay' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toMatch(/^\d{4}-01-01$/);
    await expect.poll(() => textOf(page.getByTestId('figure-contracts'))).toBe('0');
    await page.getByTestId('report-empty').first().waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('the home page', () => {
  test('the director sees what waits for his decision and reaches his queue from it', async () => {
    // the home page counts within the top bar's construction: CT-001, the first of the director's
    const home = await director<Home>('GET', `report/home?constructionId=${construction.id}`);
    expect(home.waiting?.count).toBeGreaterThan(0);
    const { page, context, consoleErrors } = await signedIn('/about-me', { as: DIRECTOR });
    await expect
      .poll(() => textOf(page.getByTestId('home-waiting-count')))
      .toBe(`${home.waiting!.count} yêu cầu`);
    await expect
      .poll(() => textOf(page.getByTestId('home-waiting-amount')))
      .toBe(`${formatAmount(home.waiting!.amount)} đồng`);
    await page.getByTestId('home-waiting').getByRole('link').click();
    await page.waitForURL('**/management/approval/list?**');
    await page.locator('.MuiDataGrid-row').first().waitFor();
    // the queue holds this file's waiting request (other tests' may fill its first page)
    await page.getByLabel('Tìm kiếm').fill(contract.contract_no);
    await expect
      .poll(() => page.locator('.MuiDataGrid-row', { hasText: contract.contract_no }).count())
      .toBe(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('on a phone the director works from the card: his queue, the request by its number, approved', async () => {
    const mine = await write('12000000', '2026-03-06', 'waiting');
    const { page, context, consoleErrors } = await signedIn('/about-me', {
      as: DIRECTOR,
      width: 375,
      height: 812,
    });
    await page.getByTestId('home-waiting').getByRole('link').click();
    await page.waitForURL('**/management/approval/list?**');
    await page.getByLabel('Tìm kiếm').fill(mine.code);
    // each request a card: the amount first, then the contractor and what it is for
    // the search has narrowed the queue to it
    await expect.poll(() => page.getByTestId('list-card').count()).toBe(1);
    const card = page.getByTestId('list-card').filter({ hasText: mine.code });
    await expect.poll(() => card.count()).toBe(1);
    expect(
      await card
        .locator('[data-field]')
        .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-field'))),
    ).toEqual(['amount', 'constructor_name', 'note', 'code', 'current_step', 'sent_at']);
    expect(await textOf(card.locator('[data-field="amount"]'))).toBe('12,000,000');
    expect(await textOf(card.locator('[data-field="note"]'))).toBe(mine.note);
    // nothing of the queue hides beyond the screen's edge
    expect(
      await page.evaluate(() => {
        const grid = document.querySelector('.MuiDataGrid-virtualScroller');
        return grid ? grid.scrollWidth - grid.clientWidth : -1;
      }),
    ).toBeLessThanOrEqual(8);
    await page.locator(`a[href="/management/payment/view/${mine.id}"]`).first().click();
    await page.waitForURL(`**/management/payment/view/${mine.id}`);
    await page.getByTestId('payment-title').waitFor();
    expect(await textOf(page.getByTestId('payment-title'))).toContain(mine.code);
    // the decision right under the amount: approve and reject before anything else
    const amount = await page.getByTestId('headline-amount').boundingBox();
    expect(await textOf(page.getByTestId('headline-amount'))).toBe('12,000,000');
    const approve = await page.getByRole('button', { name: 'Duyệt', exact: true }).boundingBox();
    const back = await page.getByRole('link', { name: 'Quay lại' }).boundingBox();
    expect(approve!.y).toBeGreaterThan(amount!.y);
    expect(approve!.y).toBeLessThan(back!.y);
    await page.getByRole('button', { name: 'Duyệt', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Duyệt', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => textOf(page.getByTestId('payment-state').getByTestId('approval-chip')))
      .toBe('Đã duyệt');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('the accountant decides nothing: no queue card; his rejected request leads to the list of them', async () => {
    const home = await accountant<Home>('GET', `report/home?constructionId=${construction.id}`);
    expect(home.waiting).toBeNull();
    const { page, context, consoleErrors } = await signedIn('/about-me', { as: ACCOUNTANT });
    await expect
      .poll(() => textOf(page.getByTestId('home-rejected-count')))
      .toBe(`${home.rejected.count} yêu cầu`);
    expect(await page.getByTestId('home-waiting').count()).toBe(0);
    // the selected construction's totals, with the way to its report
    await page.getByTestId('home-total-contract_value').waitFor();
    await page.getByTestId('home-rejected').getByRole('link').click();
    await page.waitForURL('**/management/payment/list?**');
    const url = new URL(page.url());
    expect(url.searchParams.get('approvalStatus')).toBe('R');
    expect(url.searchParams.get('view')).toBe('mine');
    await page.locator('.MuiDataGrid-row').first().waitFor();
    // only rejected requests, this file's among them
    await page.getByLabel('Tìm kiếm').fill(contract.contract_no);
    await expect
      .poll(() => page.locator('.MuiDataGrid-row', { hasText: contract.contract_no }).count())
      .toBe(1);
    expect(
      await page
        .locator('.MuiDataGrid-row [data-testid="approval-chip"]')
        .evaluateAll((chips) => chips.every((c) => c.getAttribute('data-state') === 'R')),
    ).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
  test('a card opens its list within the construction chosen in the top bar, which stays chosen (issue 30, 18)', async () => {
    const { page, context, consoleErrors } = await signedIn('/about-me', { as: ACCOUNTANT });
    const name = `${construction.code} – ${construction.name}`;
    // the accountant picks CT-001 in the top bar (whatever he had before)
    await page.getByRole('combobox', { name: 'Công trình' }).click();
    await page.getByRole('option', { name }).click();
    await expect.poll(() => textOf(page.locator('#home-act-now'))).toBe(`Việc cần làm ở công trình ${name}`);
    const home = await accountant<Home>('GET', `report/home?constructionId=${construction.id}`);
    await expect
      .poll(() => textOf(page.getByTestId('home-rejected-count')))
      .toBe(`${home.rejected.count} yêu cầu`);
    await page.getByTestId('home-rejected').getByRole('link').click();
    await page.waitForURL('**/management/payment/list?**');
    // the top bar still shows CT-001, not "all constructions", and the list says it filters by it
    const selector = page.getByTestId('construction-selector');
    await expect
      .poll(() => selector.inputValue({ timeout: 500 }).catch(() => null))
      .toBe(String(construction.id));
    await expect.poll(() => textOf(page.getByTestId('construction-filter'))).toContain(construction.code);
    await page.locator('.MuiDataGrid-row').first().waitFor();
    // the list holds as many rejected requests as the card counted
    await expect
      .poll(() => textOf(page.locator('.MuiDataGrid-footerContainer')))
      .toContain(`${home.rejected.count}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
