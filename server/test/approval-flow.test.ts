/**
 * Approval flows, requests through their steps and delegations (docs/adr/0084-approval-steps.md,
 * docs/adr/0085-delegation.md) through HTTP on both backends; the races on PostgreSQL only (PGlite
 * runs one transaction at a time).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessToday } from '../src/core/business-time.ts';
import { queryRows } from '../src/db/client.ts';
import { type Factories, factories, type Rec } from './factories.ts';
import { authHeaders, backends, createTestServer, type TestServer } from './helpers.ts';

type World = {
  s: TestServer;
  f: Factories;
  admin: string;
  ketoan: string;
  giamdoc: string;
  /** Kế toán trưởng: holds the flow's role, scope HP. */
  ktt: string;
  /** Phó giám đốc: may open the approvals (scope HP), decides nothing of his own. */
  pgd: string;
  /** Another deputy, as pgd. */
  tp: string;
  ids: Record<'giamdoc' | 'ktt' | 'pgd' | 'tp' | 'ktt_role' | 'hp', number>;
  contract: Rec;
};

/** The demo, a Kế toán trưởng role and users, a contract on HP's CT-001 big enough for anything. */
async function world(backend: (typeof backends)[number]): Promise<World> {
  const s = await createTestServer(backend, { demo: true });
  const admin = await s.login();
  const ok = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => {
    const res = await s.call(method, url, admin, body);
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const menus = (await ok('GET', '/api/admin/menu/list/all')) as Rec[];
  const menuIds = (...names: string[]) => names.map((n) => menus.find((m) => m.name === n)!.id);
  const roles = (await ok('GET', '/api/admin/role/list/all')) as Rec[];
  const roleOf = (code: string) => roles.find((r) => r.code === code)!;
  const newRole = async (code: string, name: string) => {
    const r = (await ok('POST', '/api/admin/role/create', { code, name, priority: 7 })) as Rec;
    await ok('PATCH', `/api/admin/role/menus/${r.id}`, {
      ids: menuIds('management', 'payment', 'payment-view', 'approval'),
    });
    return r;
  };
  const kttRole = await newRole('ROLE_KTT', 'Kế toán trưởng');
  const deputyRole = await newRole('ROLE_DEPUTY', 'Phó giám đốc');
  const newUser = async (user_name: string, full_name: string, role: Rec) => {
    const u = (await ok('POST', '/api/admin/user/create', {
      user_name,
      full_name,
      email: `${user_name}@example.vn`,
      password: `${user_name}-Pass-123`,
    })) as Rec;
    for (const r of [role, roleOf('SCOPE_HP')])
      await ok('PATCH', `/api/admin/user/roles/${u.id}`, { roleId: r.id });
    return { id: u.id, token: await s.firstLogin(user_name, `${user_name}-Pass-123`) };
  };
  const ktt = await newUser(`ktt.${backend}`, 'Trần Kế Toán', kttRole);
  const pgd = await newUser(`pgd.${backend}`, 'Lê Phó', deputyRole);
  const tp = await newUser(`tp.${backend}`, 'Phạm Trưởng', deputyRole);
  const [ketoan, giamdoc] = [await s.login('ketoan', 'ketoan123'), await s.login('giamdoc', 'giamdoc123')];
  const users = (await ok('GET', '/api/admin/user/paging?itemsPerPage=100')) as { items: Rec[] };
  const companies = (await ok('GET', '/api/admin/company/list/all')) as Rec[];
  const f = factories(s, { admin, accountant: ketoan, director: giamdoc });
  const k = await f.contractor({ name: 'Công ty TNHH Bước Duyệt' });
  const b = await f.payee(k, { account_number: '1234509876' });
  const contract = await f.contract({
    constructor_id: k.id,
    beneficiary_id: b.id,
    amount_before_vat: '100000000000',
    tax_id: (await f.lookup()).taxes.VAT0!.id,
  });
  return {
    s,
    f,
    admin,
    ketoan,
    giamdoc,
    ktt: ktt.token,
    pgd: pgd.token,
    tp: tp.token,
    ids: {
      giamdoc: users.items.find((u) => u.user_name === 'giamdoc')!.id,
      ktt: ktt.id,
      pgd: pgd.id,
      tp: tp.id,
      ktt_role: kttRole.id,
      hp: companies.find((c) => c.code === 'HP')!.id,
    },
    contract,
  };
}

/** The flow of the issue: Kế toán trưởng always, Giám đốc from 500,000,000. */
const twoSteps = (w: World) => ({
  company_id: w.ids.hp,
  name: 'Duyệt chi HP',
  steps: [
    { name: 'Kế toán trưởng', decider_type: 'role', role_id: w.ids.ktt_role },
    { name: 'Giám đốc', decider_type: 'user', user_id: w.ids.giamdoc, min_amount: '500000000' },
  ],
});

describe.each(backends)('approval flows, steps and delegations (%s)', (backend) => {
  let w: World;
  let s: TestServer;
  let flow: Rec;

  beforeAll(async () => {
    w = await world(backend);
    s = w.s;
  });
  afterAll(() => s?.close());

  const sent = async (amount: string) =>
    w.f.request(w.contract, { amount, date: businessToday(), state: 'waiting' });
  const move = (action: 'accept' | 'reject', r: Rec, by: string, note?: string) =>
    s.call('PATCH', `/api/payment-approval/${action}/${r.id}`, by, {
      version: r.version,
      ...(note ? { note } : {}),
    });
  const get = async (r: Rec) => (await s.call('GET', `/api/payment-transaction/get/${r.id}`, w.admin)).body;
  const queue = async (by: string) =>
    ((await s.call('GET', '/api/payment-approval/paging?itemsPerPage=1000', by)).body.items as Rec[]).map(
      (x) => x.id,
    );
  const statuses = (r: Rec) => r.steps.map((x: Rec) => `${x.name}:${x.status}`);

  it('an administrator writes the company’s one flow; the preview names the steps an amount goes through', async () => {
    expect((await s.call('POST', '/api/admin/approval-flow/create', w.ketoan, twoSteps(w))).status).toBe(403);
    const bad = await s.call('POST', '/api/admin/approval-flow/create', w.admin, {
      ...twoSteps(w),
      steps: [{ name: 'Kế toán trưởng', decider_type: 'role' }],
    });
    expect(bad.status).toBe(400);
    const created = await s.call('POST', '/api/admin/approval-flow/create', w.admin, twoSteps(w));
    expect(created.status).toBe(200);
    flow = created.body;
    expect(flow.steps).toMatchObject([
      { name: 'Kế toán trưởng', role_name: 'Kế toán trưởng', min_amount: null },
      { name: 'Giám đốc', user_id: w.ids.giamdoc, min_amount: '500000000' },
    ]);
    const second = await s.call('POST', '/api/admin/approval-flow/create', w.admin, twoSteps(w));
    expect(second.status).toBe(422);
    expect(second.body.reason).toBe('flow_exists');
    expect((await s.call('GET', `/api/admin/approval-flow/get/${flow.id}`, w.admin)).body.name).toBe(
      'Duyệt chi HP',
    );
    const all = (await s.call('GET', '/api/admin/approval-flow/list/all', w.admin)).body as Rec[];
    expect(all.map((x) => x.id)).toEqual([flow.id]);
    const preview = async (amount: string) =>
      (
        await s.call('GET', `/api/admin/approval-flow/preview/${w.ids.hp}?amount=${amount}`, w.admin)
      ).body.steps.map((x: Rec) => x.name);
    expect(await preview('600000000')).toEqual(['Kế toán trưởng', 'Giám đốc']);
    expect(await preview('100000000')).toEqual(['Kế toán trưởng']);
  });

  it('a flow keeper of another company finds HP’s flow nowhere: 404 to read, change or delete it, and may not write one for HP', async () => {
    // a user given the flows' menu, whose scope is the other demo company (DN)
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
      s.call(method, url, w.admin, body).then((res) => {
        if (res.status !== 200)
          throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body;
      });
    const menus = (await call('GET', '/api/admin/menu/list/all')) as Rec[];
    const roles = (await call('GET', '/api/admin/role/list/all')) as Rec[];
    const keeper = (await call('POST', '/api/admin/role/create', {
      code: `ROLE_FLOW_${backend}`,
      name: 'Quy trình duyệt',
      priority: 7,
    })) as Rec;
    await call('PATCH', `/api/admin/role/menus/${keeper.id}`, {
      ids: menus.filter((m) => ['admin', 'approval-flow'].includes(String(m.name))).map((m) => m.id),
    });
    const user = (await call('POST', '/api/admin/user/create', {
      user_name: `flowdn.${backend}`,
      full_name: 'Người giữ quy trình DN',
      email: `flowdn.${backend}@example.vn`,
      password: 'Flow-DN-Pass-123',
    })) as Rec;
    for (const role of [keeper, roles.find((r) => r.code === 'SCOPE_DN')!])
      await call('PATCH', `/api/admin/user/roles/${user.id}`, { roleId: role.id });
    const dn = await s.firstLogin(`flowdn.${backend}`, 'Flow-DN-Pass-123');
    const flow =
      ((await s.call('GET', '/api/admin/approval-flow/list/all', w.admin)).body as Rec[])[0] ??
      (await call('POST', '/api/admin/approval-flow/create', twoSteps(w)));
    const dnList = await s.call('GET', '/api/admin/approval-flow/list/all', dn);
    expect(dnList.status, JSON.stringify(dnList.body)).toBe(200);

    expect(
      ((await s.call('GET', '/api/admin/approval-flow/list/all', dn)).body as Rec[]).map((x) => x.id),
    ).not.toContain(flow.id);
    expect((await s.call('GET', `/api/admin/approval-flow/get/${flow.id}`, dn)).status).toBe(404);
    expect(
      (
        await s.call('PUT', `/api/admin/approval-flow/update/${flow.id}`, dn, {
          ...twoSteps(w),
          name: 'Đổi',
          version: flow.version,
        })
      ).status,
    ).toBe(404);
    expect(
      (await s.call('DELETE', `/api/admin/approval-flow/delete/${flow.id}`, dn, { version: flow.version }))
        .status,
    ).toBe(404);
    const forHp = await s.call('POST', '/api/admin/approval-flow/create', dn, {
      ...twoSteps(w),
      name: 'Của DN cho HP',
    });
    expect(forHp.status).toBe(400);
    // nothing changed
    expect((await s.call('GET', `/api/admin/approval-flow/get/${flow.id}`, w.admin)).body).toMatchObject({
      name: flow.name,
      version: flow.version,
    });
  });

  it('below the limit one step decides: the Kế toán trưởng’s accept approves it; the director is not asked', async () => {
    const r = await sent('100000000');
    expect(r).toMatchObject({ approval_status: 'W', current_step: 1 });
    expect(statuses(r)).toEqual(['Kế toán trưởng:pending', 'Giám đốc:skipped']);
    expect(await queue(w.ktt)).toContain(r.id);
    expect(await queue(w.giamdoc)).not.toContain(r.id);
    const director = await move('accept', r, w.giamdoc);
    expect(director.status).toBe(422);
    expect(director.body.reason).toBe('no_capacity');
    const accepted = await move('accept', r, w.ktt, 'Đủ hồ sơ');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ approval_status: 'A', current_step: null });
    expect(accepted.body.steps[0]).toMatchObject({
      status: 'accepted',
      decided_by: `ktt.${backend}`,
      decided_by_name: 'Trần Kế Toán',
      on_behalf_of: null,
      note: 'Đủ hồ sơ',
    });
  });

  it('above the limit two steps: W after the first, A after the second; one person never decides both', async () => {
    const r = await sent('600000000');
    expect(statuses(r)).toEqual(['Kế toán trưởng:pending', 'Giám đốc:waiting']);
    // the administrator decides any step, but only one of a request
    const first = await move('accept', r, w.admin);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ approval_status: 'W', current_step: 2, decided_by: null });
    expect(statuses(first.body)).toEqual(['Kế toán trưởng:accepted', 'Giám đốc:pending']);
    expect(await queue(w.ktt)).not.toContain(r.id);
    expect(await queue(w.giamdoc)).toContain(r.id);
    expect(await queue(w.admin)).not.toContain(r.id);
    const again = await move('accept', first.body, w.admin);
    expect(again.status).toBe(422);
    expect(again.body.reason).toBe('decided_other_step');
    // the Kế toán trưởng does not decide the director's step; the sender may no longer recall it
    expect((await move('accept', first.body, w.ktt)).body.reason).toBe('no_capacity');
    const recall = await s.call('PATCH', `/api/payment-transaction/recall/${r.id}`, w.ketoan, {
      version: first.body.version,
    });
    expect(recall.body.reason).toBe('step_decided');
    const done = await move('accept', first.body, w.giamdoc);
    expect(done.body).toMatchObject({ approval_status: 'A', decided_by: 'giamdoc', current_step: null });
    expect(statuses(done.body)).toEqual(['Kế toán trưởng:accepted', 'Giám đốc:accepted']);
    // whoever accepted an earlier step records its payment no more than the last step's accepter
    const pay = await s.call('PATCH', `/api/payment-transaction/require-paid/${r.id}`, w.admin, {
      version: done.body.version,
    });
    expect(pay.status).toBe(422);
    expect(pay.body.reason).toBe('approver_cannot_pay');
    const paid = await s.call('PATCH', `/api/payment-transaction/require-paid/${r.id}`, w.ketoan, {
      version: done.body.version,
    });
    expect(paid.status).toBe(200);
  });

  it('the mails follow the steps: a send asks the Kế toán trưởng (not the director), his accept asks the director, a recall tells the step it left', async () => {
    const mailed = async (r: Rec, action: string) =>
      (
        await queryRows<{ to: string; subject: string; text: string }>(
          s.app.db,
          sql`select "to", subject, text from mail_outbox where key like ${`payment:${r.id}:${action}:%`} order by "to"`,
        )
      ).map((m) => ({ ...m, to: m.to.toLowerCase() }));
    // the demo's director has no e-mail: give him one, as a company would
    await queryRows(
      s.app.db,
      sql`update app_user set email = 'giamdoc@example.vn' where user_name = 'giamdoc'`,
    );
    const r = await sent('800000000');
    const asked = await mailed(r, 'send');
    expect(asked.map((m) => m.to)).toEqual([`ktt.${backend}@example.vn`]);
    expect(asked[0]!.subject).toContain('chờ duyệt');
    const first = await move('accept', r, w.ktt);
    expect(first.status).toBe(200);
    const passedOn = await mailed(r, 'accept');
    expect(passedOn.map((m) => m.to)).toEqual(['giamdoc@example.vn']);
    expect(passedOn[0]!.text).toContain('đã duyệt bước “Kế toán trưởng”');
    expect(passedOn[0]!.text).toContain('ở bước “Giám đốc”');
    // a request recalled before any decision: whoever its first step waited for is told
    const other = await sent('900000000');
    const recall = await s.call('PATCH', `/api/payment-transaction/recall/${other.id}`, w.ketoan, {
      version: other.version,
    });
    expect(recall.status).toBe(200);
    expect(recall.body).toMatchObject({ approval_status: 'O', current_step: null, steps: [] });
    expect((await mailed(other, 'recall')).map((m) => m.to)).toEqual([`ktt.${backend}@example.vn`]);
    expect((await get(other)).steps).toEqual([]);
  });

  it('bulk approve decides each request’s current step', async () => {
    const [a, b] = [await sent('600000000'), await sent('650000000')];
    const bulk = await s.call('POST', '/api/payment-approval/accept-many', w.ktt, {
      items: [a, b].map((r) => ({ id: r.id, version: r.version })),
    });
    expect(bulk.body.map((x: Rec) => x.ok)).toEqual([true, true]);
    for (const r of [a, b]) expect(await get(r)).toMatchObject({ approval_status: 'W', current_step: 2 });
    const again = await s.call('POST', '/api/payment-approval/accept-many', w.giamdoc, {
      items: await Promise.all([a, b].map(async (r) => ({ id: r.id, version: (await get(r)).version }))),
    });
    expect(again.body.map((x: Rec) => x.ok)).toEqual([true, true]);
    for (const r of [a, b]) expect((await get(r)).approval_status).toBe('A');
  });

  it('nobody decides a request he created, edited or sent, at any step', async () => {
    const r = await w.f.request(w.contract, { amount: '600000000', state: 'waiting', by: w.admin });
    const own = await move('accept', r, w.admin);
    expect(own.status).toBe(422);
    expect(own.body.reason).toBe('own_request');
    expect(await queue(w.admin)).not.toContain(r.id);
  });

  it('a rejection at step 2 rejects the request with its reason; a resend starts again from step 1', async () => {
    const r = await sent('700000000');
    const first = (await move('accept', r, w.ktt)).body;
    const rejected = await move('reject', first, w.giamdoc, 'Vượt dự toán');
    expect(rejected.body).toMatchObject({
      approval_status: 'R',
      decision_note: 'Vượt dự toán',
      current_step: null,
    });
    expect(statuses(rejected.body)).toEqual(['Kế toán trưởng:accepted', 'Giám đốc:rejected']);
    const resent = await s.call('PATCH', `/api/payment-transaction/require-approval/${r.id}`, w.ketoan, {
      version: rejected.body.version,
    });
    expect(resent.body).toMatchObject({ approval_status: 'W', current_step: 1 });
    expect(statuses(resent.body)).toEqual(['Kế toán trưởng:pending', 'Giám đốc:waiting']);
    expect(resent.body.steps[0].decided_by).toBeNull();
    // the same Kế toán trưởng decides step 1 of the new round
    expect((await move('accept', resent.body, w.ktt)).body.current_step).toBe(2);
    const history = (
      await s.call('GET', `/api/admin/history/payment?paymentId=${r.id}&itemsPerPage=50`, w.admin)
    ).body.items as Rec[];
    const reject = history.find((h) => h.action === 'reject')!;
    expect(reject).toMatchObject({
      step_no: 2,
      step_name: 'Giám đốc',
      note: 'Vượt dự toán',
      user_name: 'giamdoc',
    });
  });

  it('a flow changed while requests wait does not change them; requests sent afterwards take the new one', async () => {
    // a department with no head: a step of its head has nobody to decide it, and the send says so
    const flowNow = (await s.call('GET', `/api/admin/approval-flow/get/${flow.id}`, w.admin)).body;
    const headless = await s.call('PUT', `/api/admin/approval-flow/update/${flow.id}`, w.admin, {
      ...twoSteps(w),
      steps: [{ name: 'Trưởng phòng', decider_type: 'department_head' }],
      version: flowNow.version,
    });
    const draft = await w.f.request(w.contract, { amount: '100000000' });
    const refused = await s.call('PATCH', `/api/payment-transaction/require-approval/${draft.id}`, w.ketoan, {
      version: draft.version,
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ reason: 'step_without_decider', params: { step: 'Trưởng phòng' } });
    expect((await get(draft)).approval_status).toBe('O');
    await s.call('PUT', `/api/admin/approval-flow/update/${flow.id}`, w.admin, {
      ...twoSteps(w),
      version: headless.body.version,
    });
    // the accountants' department (KT, the requests') gets the director as its head
    const kt = ((await s.call('GET', '/api/admin/department/list/all', w.admin)).body as Rec[]).find(
      (d) => d.code === 'KT',
    )!;
    const headed = await s.call('PUT', `/api/admin/department/update/${kt.id}`, w.admin, {
      code: kt.code,
      name: kt.name,
      director_id: w.ids.giamdoc,
      version: kt.version,
    });
    expect(headed.status).toBe(200);
    const waiting = await sent('800000000');
    const current = (await s.call('GET', `/api/admin/approval-flow/get/${flow.id}`, w.admin)).body;
    const changed = await s.call('PUT', `/api/admin/approval-flow/update/${flow.id}`, w.admin, {
      ...twoSteps(w),
      name: 'Duyệt chi HP (một bước)',
      steps: [{ name: 'Giám đốc', decider_type: 'department_head' }],
      version: current.version,
    });
    expect(changed.status).toBe(200);
    expect(statuses(await get(waiting))).toEqual(['Kế toán trưởng:pending', 'Giám đốc:waiting']);
    const after = await sent('800000000');
    expect(statuses(after)).toEqual(['Giám đốc:pending']);
    // the request's department is the creator's (KT), headed by giamdoc now
    expect(await queue(w.giamdoc)).toContain(after.id);
    const back = await s.call('PUT', `/api/admin/approval-flow/update/${flow.id}`, w.admin, {
      ...twoSteps(w),
      version: changed.body.version,
    });
    expect(back.status).toBe(200);
    flow = back.body;
  });

  it('a delegate decides the delegator’s step within its dates, recorded as both; not outside them', async () => {
    const today = businessToday();
    expect(
      (
        await s.call('POST', '/api/account/delegation/create', w.giamdoc, {
          delegate_id: w.ids.giamdoc,
          from: today,
          to: today,
        })
      ).body.reason,
    ).toBe('delegate_self');
    expect(
      (
        await s.call('POST', '/api/account/delegation/create', w.ketoan, {
          delegate_id: w.ids.pgd,
          from: today,
          to: today,
        })
      ).body.reason,
    ).toBe('cannot_delegate');
    // a delegation that starts tomorrow gives nothing today
    const later = await s.call('POST', '/api/account/delegation/create', w.giamdoc, {
      delegate_id: w.ids.pgd,
      from: addDays(today, 1),
      to: addDays(today, 5),
      note: 'Công tác',
    });
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ active: false, delegator_id: w.ids.giamdoc, note: 'Công tác' });
    const r = (await move('accept', await sent('900000000'), w.ktt)).body;
    expect(await queue(w.pgd)).not.toContain(r.id);
    expect((await move('accept', r, w.pgd)).body.reason).toBe('no_capacity');

    const now = await s.call('POST', '/api/account/delegation/create', w.giamdoc, {
      delegate_id: w.ids.pgd,
      from: addDays(today, -1),
      to: today,
    });
    expect(now.body).toMatchObject({ active: true, delegate_id: w.ids.pgd, delegate_name: 'Lê Phó' });
    expect(await queue(w.pgd)).toContain(r.id);
    // not a chain: what pgd was delegated, pgd cannot pass on
    const chained = await s.call('POST', '/api/account/delegation/create', w.pgd, {
      delegate_id: w.ids.tp,
      from: today,
      to: today,
    });
    expect(chained.status).toBe(200);
    expect(await queue(w.tp)).not.toContain(r.id);
    expect((await move('accept', r, w.tp)).body.reason).toBe('no_capacity');

    const accepted = await move('accept', r, w.pgd, 'Thay giám đốc');
    expect(accepted.status).toBe(200);
    expect(accepted.body.approval_status).toBe('A');
    expect(accepted.body.steps[1]).toMatchObject({
      status: 'accepted',
      decided_by: `pgd.${backend}`,
      decided_by_name: 'Lê Phó',
      on_behalf_of: 'giamdoc',
      on_behalf_of_name: 'Trần Văn Minh',
    });
    const history = (
      await s.call('GET', `/api/admin/history/payment?paymentId=${r.id}&action=accept`, w.admin)
    ).body.items as Rec[];
    // the timeline's "Lê Phó thay Trần Văn Minh"
    expect(history[0]).toMatchObject({
      user_name: `pgd.${backend}`,
      user_full_name: 'Lê Phó',
      on_behalf_of: 'giamdoc',
      on_behalf_of_name: 'Trần Văn Minh',
      step_no: 2,
      step_name: 'Giám đốc',
    });
    // the request page's timeline names him too
    const timeline = (await s.call('GET', `/api/payment-transaction/timeline/${r.id}`, w.ketoan))
      .body as Rec[];
    expect(timeline[0]).toMatchObject({
      action: 'accept',
      user_full_name: 'Lê Phó',
      on_behalf_of_name: 'Trần Văn Minh',
      step_name: 'Giám đốc',
    });

    // who sees and ends what
    const mine = (await s.call('GET', '/api/account/delegation', w.giamdoc)).body as Rec[];
    expect(mine.map((d) => d.id).sort()).toEqual([later.body.id, now.body.id].sort());
    expect(((await s.call('GET', '/api/account/delegation', w.pgd)).body as Rec[]).length).toBe(3);
    expect(((await s.call('GET', '/api/account/delegation', w.ktt)).body as Rec[]).length).toBe(0);
    const byDelegate = await s.call('DELETE', `/api/account/delegation/delete/${now.body.id}`, w.pgd);
    expect(byDelegate.body.reason).toBe('not_delegator');
    expect((await s.call('DELETE', `/api/account/delegation/delete/${now.body.id}`, w.ktt)).status).toBe(404);
    const all = (await s.call('GET', '/api/account/delegation', w.admin)).body as Rec[];
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const d of all)
      expect((await s.call('DELETE', `/api/account/delegation/delete/${d.id}`, w.admin)).status).toBe(200);
    expect((await s.call('GET', '/api/account/delegation', w.giamdoc)).body).toEqual([]);
  });

  it('the print shows who signed each step: a delegate by authorization reads TUQ., a deputy KT. over his title', async () => {
    const today = businessToday();
    const printed = async (r: Rec, format: 'docx' | 'pdf') => {
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/payment-transaction/download/${r.id}${format === 'pdf' ? '?format=pdf' : ''}`,
        headers: authHeaders(w.ketoan),
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return res.rawPayload;
    };
    const lines = async (r: Rec) =>
      (await mammoth.extractRawText({ buffer: await printed(r, 'docx') })).value
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);

    const authorized = await s.call('POST', '/api/account/delegation/create', w.giamdoc, {
      delegate_id: w.ids.pgd,
      from: today,
      to: today,
    });
    expect(authorized.body).toMatchObject({ kind: 'authorized', title: null });
    const r = (await move('accept', await sent('700000000'), w.ktt)).body;
    const done = await move('accept', r, w.pgd);
    expect(done.body.steps[1]).toMatchObject({ delegation_kind: 'authorized', delegate_title: null });
    const text = await lines(r);
    // the blocks after the checklist: the requester's, then each step's, names under them
    const blocks = text.slice(text.indexOf('NGƯỜI ĐỀ NGHỊ') - 1);
    expect(blocks.filter((l) => !l.startsWith('(Ký'))).toEqual([
      expect.stringMatching(/^Ngày \d\d\/\d\d\/\d{4}$/),
      'NGƯỜI ĐỀ NGHỊ',
      `Ngày ${today.split('-').reverse().join('/')}`,
      'KẾ TOÁN TRƯỞNG',
      `Ngày ${today.split('-').reverse().join('/')}`,
      'TUQ. GIÁM ĐỐC',
      expect.any(String), // the requester's name
      'Trần Kế Toán',
      'Lê Phó',
    ]);
    expect(text).not.toContain('Trưởng bộ phận');
    const pdf = spawnSync('pdftotext', ['-', '-'], { input: await printed(r, 'pdf'), encoding: 'utf8' });
    expect(pdf.status, pdf.stderr).toBe(0);
    const words = pdf.stdout.replace(/\s+/g, ' ');
    const order = ['NGƯỜI ĐỀ NGHỊ', 'KẾ TOÁN TRƯỞNG', 'TUQ. GIÁM ĐỐC', 'Trần Kế Toán', 'Lê Phó'].map((x) =>
      words.indexOf(x),
    );
    expect(
      order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!)),
      words.slice(-400),
    ).toBe(true);
    // KEEP_PRINT=/tmp/x keeps the PDF to look at (`pdftoppm -png -r 60 /tmp/x-postgres.pdf`)
    if (process.env.KEEP_PRINT)
      writeFileSync(`${process.env.KEEP_PRINT}-${backend}.pdf`, await printed(r, 'pdf'));

    // a deputy signs "KT. GIÁM ĐỐC" over his own office; a step still to decide stays blank
    const deputy = await s.call('POST', '/api/account/delegation/create', w.giamdoc, {
      delegate_id: w.ids.tp,
      from: today,
      to: today,
      kind: 'deputy',
      title: 'Phó giám đốc kỹ thuật',
    });
    expect(deputy.body).toMatchObject({ kind: 'deputy', title: 'Phó giám đốc kỹ thuật' });
    const waiting = (await move('accept', await sent('800000000'), w.ktt)).body;
    const unsigned = await lines(waiting);
    expect(unsigned.slice(unsigned.indexOf('GIÁM ĐỐC') - 1, unsigned.indexOf('GIÁM ĐỐC') + 1)).toEqual([
      'Ngày ...../...../.........',
      'GIÁM ĐỐC',
    ]);
    expect((await move('accept', waiting, w.tp)).status).toBe(200);
    const signed = await lines(waiting);
    const at = signed.indexOf('KT. GIÁM ĐỐC');
    expect(signed.slice(at, at + 2)).toEqual(['KT. GIÁM ĐỐC', 'PHÓ GIÁM ĐỐC KỸ THUẬT']);
    expect(signed.at(-1)).toBe('Phạm Trưởng');
    for (const d of [authorized.body, deputy.body])
      await s.call('DELETE', `/api/account/delegation/delete/${d.id}`, w.admin);
  });

  it('a company without a flow keeps the single decision by a director, and a delegate may make it', async () => {
    const current = (await s.call('GET', `/api/admin/approval-flow/get/${flow.id}`, w.admin)).body;
    const removed = await s.call('DELETE', `/api/admin/approval-flow/delete/${flow.id}`, w.admin, {
      version: current.version,
    });
    expect(removed.status).toBe(200);
    const r = await sent('600000000');
    expect(r).toMatchObject({ current_step: null, steps: [] });
    expect(await queue(w.pgd)).not.toContain(r.id);
    const today = businessToday();
    await s.call('POST', '/api/account/delegation/create', w.giamdoc, {
      delegate_id: w.ids.pgd,
      from: today,
      to: today,
    });
    expect(await queue(w.pgd)).toContain(r.id);
    const accepted = await move('accept', r, w.pgd);
    expect(accepted.body).toMatchObject({ approval_status: 'A', decided_by: `pgd.${backend}` });
    const history = (
      await s.call('GET', `/api/admin/history/payment?paymentId=${r.id}&action=accept`, w.admin)
    ).body.items as Rec[];
    expect(history[0]).toMatchObject({ on_behalf_of: 'giamdoc', step_no: null });
  });
});

describe('approval step races on PostgreSQL', () => {
  let w: World;
  let s: TestServer;

  beforeAll(async () => {
    w = await world('postgres');
    s = w.s;
    const created = await s.call('POST', '/api/admin/approval-flow/create', w.admin, twoSteps(w));
    expect(created.status).toBe(200);
  });
  afterAll(() => s?.close());

  const sent = (amount = '600000000') => w.f.request(w.contract, { amount, state: 'waiting' });
  const move = (action: 'accept' | 'reject', r: Rec, by: string) =>
    s.call('PATCH', `/api/payment-approval/${action}/${r.id}`, by, { version: r.version, note: 'x' });
  const decisions = async (r: Rec) =>
    (
      (await s.call('GET', `/api/admin/history/payment?paymentId=${r.id}`, w.admin)).body.items as Rec[]
    ).filter((h) => h.action === 'accept' || h.action === 'reject');

  it('two deciders accept one step at once: one wins, the step is decided once', async () => {
    for (let round = 0; round < 5; round++) {
      const r = await sent();
      const results = await Promise.all([move('accept', r, w.ktt), move('accept', r, w.admin)]);
      expect(results.map((x) => x.status).sort()).toEqual([200, 409]);
      const now = (await s.call('GET', `/api/payment-transaction/get/${r.id}`, w.admin)).body;
      expect(now).toMatchObject({ approval_status: 'W', current_step: 2 });
      expect(now.steps.map((x: Rec) => x.status)).toEqual(['accepted', 'pending']);
      expect(await decisions(r)).toHaveLength(1);
    }
  });

  it('an accept racing a reject of one step: one wins, the request and its steps agree', async () => {
    for (let round = 0; round < 5; round++) {
      const r = await sent();
      const results = await Promise.all([move('accept', r, w.ktt), move('reject', r, w.admin)]);
      expect(results.map((x) => x.status).sort()).toEqual([200, 409]);
      const now = (await s.call('GET', `/api/payment-transaction/get/${r.id}`, w.admin)).body;
      const steps = now.steps.map((x: Rec) => x.status);
      if (now.approval_status === 'R') expect(steps).toEqual(['rejected', 'skipped']);
      else expect(steps).toEqual(['accepted', 'pending']);
      expect(await decisions(r)).toHaveLength(1);
    }
  });

  it('sends racing a change of the flow: each request has the old steps or the new ones, never a mix', async () => {
    const flow = ((await s.call('GET', '/api/admin/approval-flow/list/all', w.admin)).body as Rec[])[0]!;
    const drafts = await Promise.all(
      Array.from({ length: 8 }, () => w.f.request(w.contract, { amount: '600000000' })),
    );
    const [change, ...sends] = await Promise.all([
      s.call('PUT', `/api/admin/approval-flow/update/${flow.id}`, w.admin, {
        ...twoSteps(w),
        steps: [{ name: 'Giám đốc duyệt', decider_type: 'user', user_id: w.ids.giamdoc }],
        version: flow.version,
      }),
      ...drafts.map((d) =>
        s.call('PATCH', `/api/payment-transaction/require-approval/${d.id}`, w.ketoan, {
          version: d.version,
        }),
      ),
    ]);
    expect(change!.status).toBe(200);
    for (const sent of sends) {
      expect(sent.status).toBe(200);
      const names = sent.body.steps.map((x: Rec) => x.name).join(',');
      expect(['Kế toán trưởng,Giám đốc', 'Giám đốc duyệt']).toContain(names);
      // what was sent stays as it was sent
      const later = (await s.call('GET', `/api/payment-transaction/get/${sent.body.id}`, w.admin)).body;
      expect(later.steps.map((x: Rec) => x.name).join(',')).toBe(names);
    }
  });
});
