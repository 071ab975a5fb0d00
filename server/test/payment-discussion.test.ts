/**
 * A payment request's recall and discussion through HTTP on both backends
 * (docs/adr/0067-recall-and-comments.md): only whoever sent a waiting request recalls it, back to
 * O and editable, with its history line and its approvers told; a decided request is not recalled
 * and a stale version is refused. The thread is read and written by whoever reads the request
 * (another company's user gets 404), its text checked, and a `@user_name` mention mails that user
 * only when he may see the request. The race of a recall and an acceptance is in
 * payments-race.test.ts (PostgreSQL only).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { type Factories, factories, type Rec } from './factories.ts';
import { backends, createTestServer, type TestServer } from './helpers.ts';

type Mail = { key: string; event: string; to: string; subject: string; text: string };

describe.each(backends)('payment recall and discussion (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let ketoan: string; // accountant, scope HP
  let giamdoc: string; // director, scope HP
  let ketoan2: string; // accountant, scope DN: another company
  let ketoan3: string; // a second accountant in scope HP
  const colleague = `lan.anh-${backend}`; // ketoan3's sign-in name
  const outsider = `bao.ve-${backend}`; // in scope HP, without the payment screens
  let f: Factories;
  let contract: Rec;

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    [admin, ketoan, giamdoc, ketoan2] = await Promise.all([
      s.login(),
      s.login('ketoan', 'ketoan123'),
      s.login('giamdoc', 'giamdoc123'),
      s.login('ketoan2', 'ketoan123'),
    ]);
    await s.database.db.execute(
      sql`update app_user set email = user_name || '@hoaphat-xd.vn' where user_name in ('ketoan', 'giamdoc', 'ketoan2')`,
    );
    const roles = (await s.call('GET', '/api/admin/role/list/all', admin)).body as Rec[];
    const user = await s.call('POST', '/api/admin/user/create', admin, {
      user_name: colleague,
      full_name: 'Phạm Lan Anh',
      email: `${colleague}@hoaphat-xd.vn`,
      password: 'lan-anh-123',
    });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    for (const code of ['ROLE_ACCOUNTANT', 'SCOPE_HP']) {
      const given = await s.call('PATCH', `/api/admin/user/roles/${user.body.id}`, admin, {
        roleId: roles.find((r) => r.code === code)!.id,
      });
      expect(given.status, JSON.stringify(given.body)).toBe(200);
    }
    ketoan3 = await s.firstLogin(colleague, 'lan-anh-123');
    const guard = await s.call('POST', '/api/admin/user/create', admin, {
      user_name: outsider,
      full_name: 'Võ Văn Bảo',
      email: `${outsider}@hoaphat-xd.vn`,
    });
    await s.call('PATCH', `/api/admin/user/roles/${guard.body.id}`, admin, {
      roleId: roles.find((r) => r.code === 'SCOPE_HP')!.id,
    });
    f = factories(s, { admin, accountant: ketoan, director: giamdoc });
    contract = await f.contract({ amount_before_vat: '5000000000' });
  });
  afterAll(() => s?.close());

  const waiting = (by = ketoan) => f.request(contract, { state: 'waiting', amount: '10000000', by });
  const recall = (r: { id: number; version: number }, token = ketoan) =>
    s.call('PATCH', `/api/payment-transaction/recall/${r.id}`, token, { version: r.version });
  const get = async (id: number, token = ketoan) =>
    (await s.call('GET', `/api/payment-transaction/get/${id}`, token)).body as Rec;
  const movesOf = async (id: number, token: string) =>
    (await s.call('GET', `/api/payment-transaction/get-payment-status/${id}`, token)).body.moves as string[];
  const timeline = async (id: number) =>
    (
      (await s.call('GET', `/api/payment-transaction/timeline/${id}`, ketoan)).body as {
        action: string;
        from_status: string;
        to_status: string;
        user_name: string;
      }[]
    ).map((h) => [h.action, h.from_status, h.to_status, h.user_name]);
  const mails = (keyPrefix: string) =>
    queryRows<Mail>(
      s.database.db,
      sql`select key, event, "to", subject, text from mail_outbox where key like ${`${keyPrefix}%`} order by id`,
    );

  describe('recall', () => {
    it('the sender recalls a waiting request: back to O and editable, a history line, the approvers told', async () => {
      const r = await waiting();
      expect(await movesOf(r.id, ketoan)).toEqual(['recall']);
      expect(await movesOf(r.id, giamdoc)).toEqual(['accept', 'reject']);

      const recalled = await recall(r);
      expect(recalled.status, JSON.stringify(recalled.body)).toBe(200);
      expect(recalled.body).toMatchObject({ approval_status: 'O', sent_at: null, version: r.version + 1 });
      expect((await timeline(r.id)).slice(0, 2)).toEqual([
        ['recall', 'W', 'O', 'ketoan'],
        ['send', 'O', 'W', 'ketoan'],
      ]);
      // it left the approver's queue, and he was told
      const queue = (await s.call('GET', '/api/payment-approval/paging?itemsPerPage=1000', giamdoc)).body;
      expect(queue.items.map((x: Rec) => x.id)).not.toContain(r.id);
      const told = await mails(`payment:${r.id}:recall:`);
      expect(told.map((m) => [m.event, m.to])).toEqual([['payment_recall', 'giamdoc@hoaphat-xd.vn']]);
      expect(told[0]!.subject).toContain('đã được thu hồi');
      expect(told[0]!.text).toContain(contract.contract_no);

      // editable again, and sent again as any new request
      expect(await movesOf(r.id, ketoan)).toEqual(['edit', 'delete', 'deactivate', 'send']);
      const { contract_id: _c, ...body } = await f.requestInput(contract, { amount: '9000000' });
      const edited = await s.call('PUT', `/api/payment-transaction/update/${r.id}`, ketoan, {
        ...body,
        version: recalled.body.version,
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.amount).toBe('9000000.00');
      const again = await s.call('PATCH', `/api/payment-transaction/require-approval/${r.id}`, ketoan, {
        version: edited.body.version,
      });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.approval_status).toBe('W');
    });

    it('only whoever sent it recalls it: another accountant, even an administrator, is refused (422 not_sender)', async () => {
      const r = await waiting();
      for (const token of [ketoan3, admin]) {
        const refused = await recall(r, token);
        expect(refused.status).toBe(422);
        expect(refused.body.reason).toBe('not_sender');
      }
      expect(await movesOf(r.id, ketoan3)).toEqual([]);
      expect((await get(r.id)).approval_status).toBe('W');
      expect((await timeline(r.id))[0]![0]).toBe('send');

      // rejected, then edited and sent again by the colleague: now he is its sender, not ketoan
      const rejected = await s.call('PATCH', `/api/payment-approval/reject/${r.id}`, giamdoc, {
        version: r.version,
        note: 'Thiếu hóa đơn',
      });
      const resent = await s.call('PATCH', `/api/payment-transaction/require-approval/${r.id}`, ketoan3, {
        version: rejected.body.version,
      });
      expect(resent.status, JSON.stringify(resent.body)).toBe(200);
      expect((await recall(resent.body, ketoan)).body.reason).toBe('not_sender');
      expect((await recall(resent.body, ketoan3)).status).toBe(200);
    });

    it('a decided request is not recalled (422), and a stale version is refused (409) with nothing written', async () => {
      for (const state of ['accepted', 'rejected', 'paid'] as const) {
        const r = await f.request(contract, { state, amount: '1000000' });
        const refused = await recall(r);
        expect(refused.status, state).toBe(422);
        expect(refused.body.reason, state).toBe('not_allowed_in_state');
      }
      const r = await waiting();
      const stale = await recall({ id: r.id, version: r.version - 1 });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('invalid_version');
      expect(await get(r.id)).toMatchObject({ approval_status: 'W', version: r.version });
      expect((await timeline(r.id))[0]![0]).toBe('send');
      expect(await mails(`payment:${r.id}:recall:`)).toEqual([]);
      // once recalled, a second recall is a move from O: refused too
      const done = await recall(r);
      expect((await recall(done.body)).body.reason).toBe('not_allowed_in_state');
    });
  });

  describe('discussion', () => {
    const comments = (id: number, token = ketoan) =>
      s.call('GET', `/api/payment-transaction/comments/${id}`, token);
    const post = (id: number, text: unknown, token = ketoan) =>
      s.call('POST', `/api/payment-transaction/comments/${id}`, token, { text });

    it('whoever reads the request reads and writes its thread, oldest first; a comment answers 201', async () => {
      const r = await waiting();
      expect((await comments(r.id)).body).toEqual([]);
      const first = await post(r.id, '  Anh xem giúp biên bản nghiệm thu đợt này.  ');
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(first.body).toMatchObject({
        payment_id: r.id,
        user_name: 'ketoan',
        user_full_name: 'Nguyễn Thị Lan',
        text: 'Anh xem giúp biên bản nghiệm thu đợt này.',
        mentioned: [],
      });
      expect(new Date(first.body.created_at).toISOString()).toBe(first.body.created_at);
      expect((await post(r.id, 'Đã xem, thiếu chữ ký tư vấn giám sát.', giamdoc)).status).toBe(201);
      const thread = (await comments(r.id, giamdoc)).body as Rec[];
      expect(thread.map((x) => [x.user_name, x.text])).toEqual([
        ['ketoan', 'Anh xem giúp biên bản nghiệm thu đợt này.'],
        ['giamdoc', 'Đã xem, thiếu chữ ký tư vấn giám sát.'],
      ]);
      expect(thread[0]).not.toHaveProperty('mentioned');
      // a comment is not a move: the request stays where it was, at its version
      expect(await get(r.id)).toMatchObject({ approval_status: 'W', version: r.version });
    });

    it('a blank or too long comment is refused with 400 naming text, and nothing is written', async () => {
      const r = await waiting();
      for (const text of ['', '   \n ', 'x'.repeat(2001), null, 12]) {
        const refused = await post(r.id, text);
        expect(refused.status, JSON.stringify(text)).toBe(400);
        expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual(['text']);
      }
      const extra = await s.call('POST', `/api/payment-transaction/comments/${r.id}`, ketoan, {
        text: 'ok',
        user_name: 'giamdoc',
      });
      expect(extra.status).toBe(400);
      expect((await post(r.id, 'x'.repeat(2000))).status).toBe(201);
      expect((await comments(r.id)).body).toHaveLength(1);
    });

    it('another company’s user gets 404 for the thread as for the request, and writes nothing', async () => {
      const r = await waiting();
      await post(r.id, 'Chỉ nội bộ công ty HP');
      expect((await s.call('GET', `/api/payment-transaction/get/${r.id}`, ketoan2)).status).toBe(404);
      expect((await comments(r.id, ketoan2)).status).toBe(404);
      expect((await post(r.id, 'Tôi thấy được không?', ketoan2)).status).toBe(404);
      expect((await comments(r.id)).body).toHaveLength(1);
      expect((await comments(2_000_000_000)).status).toBe(404);
    });

    it('a mention mails the user who may see the request, once; those who may not, unknown names and oneself mail nobody', async () => {
      const r = await waiting();
      const posted = await post(
        r.id,
        `@giamdoc anh duyệt giúp. cc @GiamDoc, @ketoan2, @${outsider}, @khong.co.ai, @ketoan và @${colleague}.`,
      );
      expect(posted.status, JSON.stringify(posted.body)).toBe(201);
      expect(posted.body.mentioned).toEqual(['giamdoc', colleague]);
      const sent = await mails(`payment-comment:${posted.body.id}:`);
      expect(sent.map((m) => [m.event, m.to])).toEqual([
        ['payment_comment', 'giamdoc@hoaphat-xd.vn'],
        ['payment_comment', `${colleague}@hoaphat-xd.vn`],
      ]);
      expect(sent[0]!.subject).toContain('Nguyễn Thị Lan nhắc đến anh/chị');
      expect(sent[0]!.text).toContain('Kính gửi Trần Văn Minh');
      expect(sent[0]!.text).toContain('anh duyệt giúp');
      expect(sent[0]!.text).toContain(contract.contract_no);

      // ketoan2 (another company) and the outsider (no payment screens) may not see it: nobody is mailed
      expect((await post(r.id, `@${outsider} xem được không?`)).body.mentioned).toEqual([]);
      const other = await post(r.id, '@ketoan2 nhờ chị kiểm tra');
      expect(other.body.mentioned).toEqual([]);
      expect(await mails(`payment-comment:${other.body.id}:`)).toEqual([]);
      // a deactivated user is not told either
      const [lan] = await queryRows<{ id: number; version: number }>(
        s.database.db,
        sql`select id, version from app_user where user_name = ${colleague}`,
      );
      const off = await s.call('PATCH', `/api/admin/user/deactivate/${lan!.id}`, admin, {
        version: lan!.version,
      });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      const late = await post(r.id, `@${colleague} còn ở đây không?`, giamdoc);
      expect(late.body.mentioned).toEqual([]);
      expect(await mails(`payment-comment:${late.body.id}:`)).toEqual([]);
    });
  });
});
