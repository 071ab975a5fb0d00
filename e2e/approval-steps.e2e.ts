/**
 * Approval through steps under a delegation (issue 32, docs/adr/0084-approval-steps.md,
 * docs/adr/0085-delegation.md). Through the API: Hòa Phát's flow — Kế toán trưởng always, the
 * director (giamdoc) from 500,000,000 — a chief accountant and a deputy (e2e/support/approval-steps-data.mjs),
 * and a request of 600,000,000 sent by the demo accountant. Then, as people would: the director
 * names the deputy on the delegation screen (a delegate who may not decide refused in words first);
 * the chief accountant accepts step 1 on a computer (1280 px) and the request stays waiting on step
 * 2; the deputy finds it in his queue on a phone (375 px), accepts it, and the request is approved,
 * its step 2 reading "<deputy> thay <director>"; the director ends the delegation.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Rec } from '../server/test/factories.ts';
import { seedApprovalSteps } from './support/approval-steps-data.mjs';
import {
  ADMIN_PASSWORD,
  BASE_URL,
  closeBrowser,
  DIRECTOR,
  signedIn,
  textOf,
  type User,
} from './support/browser.ts';
import { fixtures } from './support/fixtures.ts';

type Seeded = Awaited<ReturnType<typeof seedApprovalSteps>>;
let seeded: Seeded | undefined;
let request: Rec;

beforeAll(async () => {
  seeded = await seedApprovalSteps(BASE_URL, ADMIN_PASSWORD);
  const { f } = await fixtures();
  const contract = await f.contract({ amount_before_vat: '2000000000' });
  request = await f.request(contract, { amount: '600000000', state: 'waiting', note: 'Thanh toán đợt 3' });
}, 120_000);

afterAll(async () => {
  await seeded?.remove();
  await closeBrowser();
});

/** ISO → DD/MM/YYYY, as the date fields take it. */
const typed = (iso: string) => iso.split('-').reverse().join('/');
const inDays = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The request page's step `no`: its status and who decided it. */
const step = (page: Page, no: number) => page.getByTestId('payment-step').nth(no - 1);

/** Accepts the request open on `page` through its confirmation. */
async function accept(page: Page, note?: string) {
  await page.getByRole('button', { name: 'Duyệt', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  if (note) await dialog.getByTestId('move-note').fill(note);
  await dialog.getByRole('button', { name: 'Duyệt', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('approval steps and delegation', () => {
  test('the chief accountant accepts on a computer, the director’s deputy on a phone under a delegation', async () => {
    const { chief, deputy, director } = seeded!;
    const chiefUser: User = { user: chief.user, password: chief.password };
    const deputyUser: User = { user: deputy.user, password: deputy.password };

    // the director names his deputy on the delegation screen, from the account menu
    const boss = await signedIn('/about-me', { as: DIRECTOR });
    await boss.page.getByTestId('profile-menu-button').click();
    await boss.page.getByRole('menuitem', { name: 'Ủy quyền duyệt' }).click();
    await boss.page.waitForURL('/profile/delegation');
    await boss.page.getByRole('heading', { name: 'Ủy quyền duyệt' }).waitFor();
    await boss.page.getByTestId('delegation-new').click();
    const dialog = boss.page.getByTestId('delegation-form');
    const pick = async (search: string, option: RegExp) => {
      const input = dialog.getByRole('combobox', { name: 'Người được ủy quyền', exact: false });
      await input.click();
      await input.fill(search);
      await boss.page.getByRole('option', { name: option }).click();
    };
    // the accountant may not open the approvals: the server's reason, in words
    await pick('ketoan', /^ketoan – /);
    await dialog.getByRole('textbox', { name: 'Đến ngày', exact: false }).fill(typed(inDays(2)));
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await expect
      .poll(() => textOf(dialog.getByTestId('delegation-refusal')))
      .toBe('Người được ủy quyền chưa có quyền vào màn hình phê duyệt thanh toán: hãy cấp quyền đó trước');
    await pick(deputy.user, new RegExp(deputy.user));
    await dialog.getByRole('combobox', { name: 'Hình thức', exact: false }).click();
    await boss.page.getByRole('option', { name: 'Ký thay (KT.)' }).click();
    await dialog.getByRole('textbox', { name: 'Chức danh', exact: false }).fill('Phó giám đốc');
    await dialog.getByRole('textbox', { name: 'Ghi chú', exact: false }).fill('Công tác Đà Nẵng');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const given = boss.page.getByTestId('delegations-given').getByTestId('delegation-row');
    await expect.poll(() => given.count()).toBe(1);
    expect(await given.getAttribute('data-standing')).toBe('active');
    expect(await given.textContent()).toContain(`Cho ${deputy.name}`);
    expect(await given.textContent()).toContain(
      `${typed(inDays(0))} – ${typed(inDays(2))} · Ký thay (KT.) · Phó giám đốc`,
    );

    // the chief accountant accepts step 1 on a computer: the request waits on step 2, the director's
    const desk = await signedIn(`/management/payment/view/${request.id}`, { as: chiefUser });
    await expect.poll(() => step(desk.page, 1).getAttribute('data-current')).toBe('true');
    expect(await step(desk.page, 1).textContent()).toMatch(/Kế toán trưởng.*Chờ duyệt.*Bước hiện tại/);
    expect(await step(desk.page, 2).textContent()).toMatch(/Giám đốc.*Chưa đến lượt/);
    await accept(desk.page, 'Đủ hồ sơ');
    await expect.poll(() => step(desk.page, 1).getAttribute('data-status')).toBe('accepted');
    expect(await textOf(step(desk.page, 1).getByTestId('step-decider'))).toMatch(
      new RegExp(`^${chief.name} · \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d$`),
    );
    expect(await textOf(step(desk.page, 1).getByTestId('step-note'))).toBe('“Đủ hồ sơ”');
    await expect.poll(() => step(desk.page, 2).getAttribute('data-current')).toBe('true');
    expect(await step(desk.page, 2).getAttribute('data-status')).toBe('pending');
    expect(await desk.page.getByTestId('approval-chip').getAttribute('data-state')).toBe('W');
    // he decided step 1: step 2 is not his
    await expect.poll(() => desk.page.locator('[data-move="accept"]').count()).toBe(0);
    const chiefLine = desk.page.getByTestId('timeline').locator('[data-action="accept"]');
    expect(await textOf(chiefLine.getByTestId('timeline-step'))).toBe('Bước 1: Kế toán trưởng');
    expect(desk.consoleErrors).toEqual([]);
    await desk.context.close();

    // the deputy, on a phone, finds it in his queue waiting on the director's step, and accepts it
    const phone = await signedIn('/management/approval/list', { as: deputyUser, width: 375, height: 812 });
    const card = phone.page.getByTestId('list-card').filter({ hasText: String(request.code) });
    await expect.poll(() => textOf(card.locator('[data-field="current_step"]'))).toBe('Giám đốc');
    await card.getByRole('link', { name: String(request.code) }).click();
    await phone.page.waitForURL(`/management/payment/view/${request.id}`);
    await accept(phone.page);
    await expect.poll(() => phone.page.getByTestId('approval-chip').getAttribute('data-state')).toBe('A');
    await expect.poll(() => step(phone.page, 2).getAttribute('data-status')).toBe('accepted');
    expect(await textOf(step(phone.page, 2).getByTestId('step-decider'))).toMatch(
      new RegExp(`^${deputy.name} thay ${director.name} · `),
    );
    expect(await step(phone.page, 2).getAttribute('data-current')).toBeNull();
    const deputyLine = phone.page.getByTestId('timeline').locator('[data-action="accept"]').first();
    expect(await textOf(deputyLine.getByTestId('timeline-step'))).toBe('Bước 2: Giám đốc');
    expect(await textOf(deputyLine.getByTestId('timeline-who'))).toBe(`${deputy.name} thay ${director.name}`);
    // nothing wider than the phone
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(phone.consoleErrors).toEqual([]);
    await phone.context.close();

    // the director ends the delegation, confirmed
    await boss.page.reload();
    await given.getByRole('button', { name: /^Kết thúc/ }).click();
    const confirm = boss.page.getByRole('dialog');
    expect(await confirm.textContent()).toContain(deputy.name);
    await confirm.getByRole('button', { name: 'Kết thúc', exact: true }).click();
    await expect.poll(() => given.count()).toBe(0);
    expect(boss.consoleErrors).toEqual([]);
    await boss.context.close();
  }, 240_000);
});
