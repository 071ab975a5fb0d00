/**
 * The approval reminders (docs/adr/0087-approval-reminders.md) with an injected clock, on both
 * backends: who is mailed on which working morning, once a day, and what the mail lists; on
 * PostgreSQL, two servers running the job at the same moment queue one set of mails.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessToday } from '../src/core/business-time.ts';
import { runDailyJob } from '../src/core/daily-job.ts';
import { queryRows } from '../src/db/client.ts';
import { approvalRemindersJob } from '../src/modules/mail/mail.reminders.ts';
import { factories, type Rec } from './factories.ts';
import { backends, createTestServer, type TestServer } from './helpers.ts';

/** Monday to Friday, as the test reads a calendar. */
const weekday = (iso: string) => ![0, 6].includes(new Date(`${iso}T12:00:00Z`).getUTCDay());

/** The working day on which `n` whole working days have passed since `from` (not counting it). */
function afterWorkingDays(from: string, n: number): string {
  let day = from;
  let passed = -1; // `day` itself is not yet passed when we stand on it
  while (true) {
    day = addDays(day, 1);
    if (!weekday(day)) continue;
    passed += 1;
    if (passed === n) return day;
  }
}

/** 08:00 and 06:00 in Hà Nội (UTC+7) on `iso`. */
const morning = (iso: string) => new Date(`${iso}T01:00:00Z`);
const dawn = (iso: string) => new Date(`${addDays(iso, -1)}T23:00:00Z`);

type Mail = { key: string; to: string; subject: string; text: string };

describe.each(backends)('approval reminders (%s)', (backend) => {
  let s: TestServer;
  let other: TestServer | undefined;
  let admin: string;
  let sentOn: string;
  let big: Rec;
  let small: Rec;

  const mailsOf = async (day: string) =>
    queryRows<Mail>(
      s.app.db,
      sql`select key, "to", subject, text from mail_outbox
          where event = 'approval_reminder' and key like ${`approval-reminder:${day}:%`} order by "to"`,
    );
  const run = (at: Date, server = s) => runDailyJob(server.app.db, approvalRemindersJob, at);

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    admin = await s.login();
    const ok = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => {
      const res = await s.call(method, url, admin, body);
      if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const menus = (await ok('GET', '/api/admin/menu/list/all')) as Rec[];
    const roles = (await ok('GET', '/api/admin/role/list/all')) as Rec[];
    const ktt = (await ok('POST', '/api/admin/role/create', {
      code: 'ROLE_KTT',
      name: 'Kế toán trưởng',
      priority: 7,
    })) as Rec;
    await ok('PATCH', `/api/admin/role/menus/${ktt.id}`, {
      ids: ['management', 'payment', 'payment-view', 'approval'].map(
        (n) => menus.find((m) => m.name === n)!.id,
      ),
    });
    const user = (await ok('POST', '/api/admin/user/create', {
      user_name: 'ktt',
      full_name: 'Trần Kế Toán',
      email: 'ktt@example.vn',
      password: 'ktt-Pass-123',
    })) as Rec;
    for (const r of [ktt, roles.find((x) => x.code === 'SCOPE_HP')!])
      await ok('PATCH', `/api/admin/user/roles/${user.id}`, { roleId: r.id });
    // the director and the administrator get addresses to be mailed at
    await s.app.db.execute(
      sql`update app_user set email = user_name || '@example.vn' where user_name in ('giamdoc', 'admin')`,
    );
    const users = (await ok('GET', '/api/admin/user/paging?itemsPerPage=100')) as { items: Rec[] };
    const hp = ((await ok('GET', '/api/admin/company/list/all')) as Rec[]).find((c) => c.code === 'HP')!;
    await ok('POST', '/api/admin/approval-flow/create', {
      company_id: hp.id,
      name: 'Duyệt chi HP',
      steps: [
        { name: 'Kế toán trưởng', decider_type: 'role', role_id: ktt.id },
        {
          name: 'Giám đốc',
          decider_type: 'user',
          user_id: users.items.find((u) => u.user_name === 'giamdoc')!.id,
          min_amount: '500000000',
        },
      ],
    });
    const [ketoan, giamdoc] = [await s.login('ketoan', 'ketoan123'), await s.login('giamdoc', 'giamdoc123')];
    const f = factories(s, { admin, accountant: ketoan, director: giamdoc });
    const k = await f.contractor({ name: 'Công ty TNHH Nhắc Duyệt' });
    const b = await f.payee(k, { account_number: '1234509877' });
    const contract = await f.contract({
      constructor_id: k.id,
      beneficiary_id: b.id,
      amount_before_vat: '100000000000',
      tax_id: (await f.lookup()).taxes.VAT0!.id,
    });
    sentOn = businessToday();
    big = await f.request(contract, { amount: '600000000', date: sentOn, state: 'waiting' });
    small = await f.request(contract, { amount: '120000000', date: sentOn, state: 'waiting' });
    expect(big.current_step).toBe(1);
    expect(small.current_step).toBe(1);
    if (backend === 'postgres') other = await createTestServer(backend, { demo: true, pgUrl: s.pgUrl });
  });
  afterAll(async () => {
    await other?.close();
    await s?.close();
  });

  it('a company waits 2 working days by default, at least 1', async () => {
    const hp = ((await s.call('GET', '/api/admin/company/list/all', admin)).body as Rec[]).find(
      (c) => c.code === 'HP',
    )!;
    expect(hp.approval_reminder_days).toBe(2);
    const put = (days: number, version: number) =>
      s.call('PUT', `/api/admin/company/update/${hp.id}`, admin, {
        code: hp.code,
        name: hp.name,
        version,
        approval_reminder_days: days,
      });
    expect((await put(0, hp.version)).status).toBe(400);
    expect((await put(31, hp.version)).status).toBe(400);
    const three = await put(3, hp.version);
    expect(three.body.approval_reminder_days).toBe(3);
    for (const [code, days] of [
      ['RM1', undefined],
      ['RM2', null],
    ] as const) {
      const created = await s.call('POST', '/api/admin/company/create', admin, {
        code,
        name: `Công ty ${code}`,
        approval_reminder_days: days,
      });
      expect(created.body.approval_reminder_days, JSON.stringify(created.body)).toBe(2);
    }
    // left blank (the form's empty field) it keeps what it was
    const blank = await put(null as never, three.body.version);
    expect(blank.body.approval_reminder_days).toBe(3);
    expect((await put(2, blank.body.version)).body.approval_reminder_days).toBe(2);
  });

  it('nobody is reminded before the wait is over, nor before the morning, nor on a weekend', async () => {
    const one = afterWorkingDays(sentOn, 1);
    expect(await run(morning(one))).toBe('0 mails, 0 requests');
    expect(await mailsOf(one)).toEqual([]);
    const two = afterWorkingDays(sentOn, 2);
    expect(await run(dawn(two))).toBeNull();
    let saturday = sentOn;
    while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    expect(await run(morning(saturday))).toBeNull();
    expect(await mailsOf(saturday)).toEqual([]);
  });

  it('after 2 working days the step’s decider gets one mail listing both requests with their amounts, once that day', async () => {
    const day = afterWorkingDays(sentOn, 2);
    expect(await run(morning(day))).toBe('1 mails, 2 requests');
    const mails = await mailsOf(day);
    expect(mails.map((m) => m.to)).toEqual(['ktt@example.vn']);
    const [mail] = mails;
    expect(mail!.subject).toBe('[SitePay] Nhắc duyệt: 2 yêu cầu thanh toán đang chờ anh/chị');
    expect(mail!.text).toContain('Kính gửi Trần Kế Toán,');
    expect(mail!.text).toContain(`${big.code} – `);
    expect(mail!.text).toContain('600.000.000 đồng – bước “Kế toán trưởng” chờ 2 ngày làm việc');
    expect(mail!.text).toContain('120.000.000 đồng');
    expect(mail!.text).toContain('tổng 720.000.000 đồng');
    // later that morning, the job has run: nothing more
    expect(await run(new Date(morning(day).getTime() + 3 * 3600_000))).toBeNull();
    expect(await mailsOf(day)).toHaveLength(1);
  });

  it('the next working day he is reminded again; whichever servers run the job at once, one set of mails', async () => {
    const day = afterWorkingDays(sentOn, 3);
    const servers = other ? [s, other, s, other] : [s];
    const results = await Promise.all(servers.map((server) => run(morning(day), server)));
    expect(results.filter((r) => r !== null)).toEqual(['1 mails, 2 requests']);
    const mails = await mailsOf(day);
    expect(mails.map((m) => m.to)).toEqual(['ktt@example.vn']);
    expect(mails[0]!.text).toContain('chờ 3 ngày làm việc');
    const [claims] = await queryRows<{ n: number }>(
      s.app.db,
      sql`select count(*)::int as n from job_run where job = 'approval-reminders' and day = ${day}::date`,
    );
    expect(claims!.n).toBe(1);
  });

  it('after twice the wait the next step’s decider is told of the big one, the administrators of the one on its last step', async () => {
    const day = afterWorkingDays(sentOn, 4);
    expect(await run(morning(day))).toBe('3 mails, 2 requests');
    const mails = await mailsOf(day);
    expect(mails.map((m) => m.to)).toEqual(['admin@example.vn', 'giamdoc@example.vn', 'ktt@example.vn']);
    const [toAdmin, toDirector] = mails;
    expect(toDirector!.subject).toBe('[SitePay] Yêu cầu thanh toán chậm duyệt: 1 yêu cầu');
    expect(toDirector!.text).toContain(`${big.code} – `);
    expect(toDirector!.text).not.toContain(small.code);
    expect(toDirector!.text).toContain('người duyệt: Trần Kế Toán');
    expect(toAdmin!.text).toContain(`${small.code} – `);
    expect(toAdmin!.text).not.toContain(big.code);
  });

  it('a decided step stops the reminders; the next step waits from its own start', async () => {
    const token = await s.firstLogin('ktt', 'ktt-Pass-123');
    for (const r of [big, small]) {
      const fresh = (await s.call('GET', `/api/payment-transaction/get/${r.id}`, admin)).body;
      const res = await s.call('PATCH', `/api/payment-approval/accept/${r.id}`, token, {
        version: fresh.version,
      });
      expect(res.status).toBe(200);
    }
    // the director's step started today: five working days on he is reminded of it (not of the
    // small one, approved) and, on the last step past twice the wait, the administrators are told
    const day = afterWorkingDays(businessToday(), 5);
    expect(await run(morning(day))).toBe('2 mails, 1 requests');
    const mails = await mailsOf(day);
    expect(mails.map((m) => m.to)).toEqual(['admin@example.vn', 'giamdoc@example.vn']);
    expect(mails[1]!.text).toContain('bước “Giám đốc” chờ 5 ngày làm việc');
    expect(mails[1]!.text).not.toContain(small.code);
  });
});
