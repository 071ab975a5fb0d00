/**
 * Money integrity (issue 26), on PostgreSQL with the demo data: nobody redirects, inflates, orphans
 * or mistypes a payment. Each case of the outside probe is replayed through HTTP — another
 * company's accountant at a payee's account, an administrator and a two-role user at four eyes,
 * deletes under paid and pending money — and where two requests can race, they race (PGlite runs
 * one transaction at a time and proves nothing there, docs/product.md#scale-and-the-embedded-database).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { checkUncheckedRequestHolders } from '../src/modules/payment/payment-payee.service.ts';
import { type Factories, factories } from './factories.ts';
import { authHeaders, createTestServer, type TestServer } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers of every shape
type Body = Record<string, any>;

describe('money integrity on PostgreSQL', () => {
  let s: TestServer;
  let admin: string;
  let ketoan: string; // accountant, company Hòa Phát (HP)
  let giamdoc: string; // director, HP
  let ketoan2: string; // accountant, company Đông Nam (DN)
  let twoRoles: string; // accountant and director of HP at once
  const ids: Record<string, number> = {};
  let f: Factories;

  beforeAll(async () => {
    s = await createTestServer('postgres', { demo: true });
    [admin, ketoan, giamdoc, ketoan2] = await Promise.all([
      s.login(),
      s.login('ketoan', 'ketoan123'),
      s.login('giamdoc', 'giamdoc123'),
      s.login('ketoan2', 'ketoan123'),
    ]);
    const constructions = (await s.call('GET', '/api/construction/paging?itemsPerPage=100', admin)).body
      .items;
    const roles = (await s.call('GET', '/api/admin/role/list/all', admin)).body as Body[];
    const roleId = (code: string) => roles.find((r) => r.code === code)!.id;
    const user = await s.call('POST', '/api/admin/user/create', admin, {
      user_name: 'kiemnhiem',
      full_name: 'Phạm Kiêm Nhiệm',
      email: 'kiemnhiem@example.com',
      password: 'kiemnhiem123',
    });
    for (const code of ['ROLE_ACCOUNTANT', 'ROLE_DIRECTOR', 'SCOPE_HP'])
      await s.call('PATCH', `/api/admin/user/roles/${user.body.id}`, admin, { roleId: roleId(code) });
    twoRoles = await s.firstLogin('kiemnhiem', 'kiemnhiem123');
    f = factories(s, { admin, accountant: ketoan, director: giamdoc });
    const projectOfHp = (
      await s.call('GET', '/api/admin/project/paging?itemsPerPage=100', admin)
    ).body.items.find((p: Body) => p.company_name?.includes('Hòa Phát'));
    Object.assign(ids, {
      ct001: constructions.find((c: Body) => c.code === 'CT-001').id,
      ct004: constructions.find((c: Body) => c.code === 'CT-004').id,
      project: projectOfHp.id,
      tax: (await s.call('GET', '/api/admin/setting/tax', admin)).body.find((t: Body) => t.code === 'VAT0')
        .id,
      tt: (await s.call('GET', '/api/transaction-type/list/all', admin)).body.find(
        (t: Body) => t.code === 'KL',
      ).id,
      bank: (await s.call('GET', '/api/bank/list/all', admin)).body[0].id,
      bank2: (await s.call('GET', '/api/bank/list/all', admin)).body[1].id,
    });
  });
  afterAll(() => s?.close());

  const ok = async (method: string, url: string, token: string, body?: unknown) => {
    const res = await s.call(method as never, url, token, body);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body as Body;
  };

  /** A contractor with its payee, made by `by` (whose contracts then own them). */
  async function contractor(by: string, name = 'Công ty TNHH Xây lắp Việt Hưng') {
    const k = await f.contractor({ name, by });
    const b = await f.payee(k, { name: 'CONG TY TNHH XAY LAP VIET HUNG', bank_id: ids.bank, by });
    return { k, b };
  }
  const contract = (by: string, parties: { k: Body; b: Body }, construction = ids.ct001!) =>
    f.contract({
      construction_id: construction,
      constructor_id: parties.k.id,
      beneficiary_id: parties.b.id,
      signed_date: '2025-01-01',
      tax_id: ids.tax,
      by,
    });
  /** What this file's requests say. */
  const fields = (amount: string) => ({ date: '2025-05-05', amount, note: 'Thanh toán đợt' });
  /** A create as sent, answered as it comes (refusals included). */
  const request = async (contractId: number, amount = '1000', token = ketoan) =>
    s.call(
      'POST',
      '/api/payment-transaction/create',
      token,
      await f.requestInput({ id: contractId }, fields(amount)),
    );
  const get = async (id: number, token = ketoan) =>
    (await s.call('GET', `/api/payment-transaction/get/${id}`, token)).body as Body;
  const move = (path: string, id: number, version: number, token: string, note?: string) =>
    s.call(
      'PATCH',
      path.startsWith('/') ? `${path}/${id}` : `/api/payment-transaction/${path}/${id}`,
      token,
      note === undefined ? { version } : { version, note },
    );
  const accept = (id: number, version: number, token = giamdoc) =>
    move('/api/payment-approval/accept', id, version, token);
  const sent = (contractId: number, amount = '1000') =>
    f.request({ id: contractId }, { ...fields(amount), state: 'waiting' });
  const payeeUpdate = (b: Body, changes: Body) => ({
    constructor_id: b.constructor_id,
    name: b.name,
    bank_id: b.bank_id,
    account_number: b.account_number,
    version: b.version,
    ...changes,
  });

  describe('1. a payment cannot be redirected', () => {
    it('another company’s accountant reads Hòa Phát’s payee but changes nothing of it', async () => {
      const parties = await contractor(ketoan);
      const c = await contract(ketoan, parties);
      const waiting = await sent(c.id);
      const edit = await s.call(
        'PUT',
        `/api/beneficiary/update/${parties.b.id}`,
        ketoan2,
        payeeUpdate(parties.b, { account_number: '6666666666' }),
      );
      expect(edit.status).toBe(404);
      for (const [url, version] of [
        [`/api/beneficiary/deactivate/${parties.b.id}`, parties.b.version],
        [`/api/constructor/deactivate/${parties.k.id}`, parties.k.version],
      ] as const)
        expect((await s.call('PATCH', url, ketoan2, { version })).status).toBe(404);
      expect(
        (
          await s.call('DELETE', `/api/beneficiary/delete/${parties.b.id}`, ketoan2, {
            version: parties.b.version,
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await s.call('DELETE', `/api/constructor/delete/${parties.k.id}`, ketoan2, {
            version: parties.k.version,
          })
        ).status,
      ).toBe(404);
      // what the director accepts pays where it was sent to pay
      const accepted = await accept(waiting.id, waiting.version);
      expect(accepted.status).toBe(200);
      expect(accepted.body.account_number).toBe(parties.b.account_number);
      const qr = await s.call('GET', `/api/payment-transaction/vietqr/${waiting.id}`, ketoan);
      if (qr.status === 200) expect(qr.body.account_number).toBe(parties.b.account_number);
      // the owner company cannot stop them under its live contract either
      const stop = await s.call('PATCH', `/api/beneficiary/deactivate/${parties.b.id}`, ketoan, {
        version: parties.b.version,
      });
      expect(stop.status).toBe(422);
      expect(stop.body).toMatchObject({ reason: 'in_use', params: { entity: 'contract', count: 1 } });
      const drop = await s.call('DELETE', `/api/constructor/delete/${parties.k.id}`, ketoan, {
        version: parties.k.version,
      });
      expect(drop.body).toMatchObject({ reason: 'in_use', params: { entity: 'contract', count: 1 } });
    });

    it('a payee no contract uses yet belongs to whoever created it', async () => {
      const mine = await contractor(ketoan2);
      const theirs = await s.call(
        'PUT',
        `/api/beneficiary/update/${mine.b.id}`,
        ketoan,
        payeeUpdate(mine.b, { account_number: '5555555555' }),
      );
      expect(theirs.status).toBe(404);
      const own = await s.call(
        'PUT',
        `/api/beneficiary/update/${mine.b.id}`,
        ketoan2,
        payeeUpdate(mine.b, { branch: 'Chi nhánh Đồng Nai' }),
      );
      expect(own.status).toBe(200);
      // once Hòa Phát signs with it, Hòa Phát's accountant may change it, and Đông Nam's creator no more
      await contract(admin, mine);
      expect(
        (
          await s.call(
            'PUT',
            `/api/beneficiary/update/${mine.b.id}`,
            ketoan2,
            payeeUpdate(own.body, { branch: 'Khác' }),
          )
        ).status,
      ).toBe(404);
      expect(
        (
          await s.call(
            'PUT',
            `/api/beneficiary/update/${mine.b.id}`,
            ketoan,
            payeeUpdate(own.body, { branch: 'Khác' }),
          )
        ).status,
      ).toBe(200);
    });

    it('requests whose holder was never checked are checked at start, each against its contractor', async () => {
      const parties = await contractor(ketoan);
      const c = await contract(ketoan, parties);
      const [a, b] = [await sent(c.id), await sent(c.id)];
      // as rows written before the check existed: never checked; one of them with another holder
      await queryRows(
        s.app.db,
        sql`update payment_transaction set holder_mismatch = null,
              account_holder = case when id = ${b.id} then 'NGUOI KHAC' else account_holder end
            where id in (${a.id}, ${b.id})`,
      );
      await s.app.db.transaction((tx) => checkUncheckedRequestHolders(tx));
      expect((await get(a.id)).holder_mismatch).toBe(false);
      expect((await get(b.id)).holder_mismatch).toBe(true);
    });

    it('a changed account holds the waiting and the approved requests until someone else confirms it', async () => {
      const parties = await contractor(ketoan);
      const c = await contract(ketoan, parties);
      const waiting = await sent(c.id);
      const approvedSent = await sent(c.id);
      const approved = (await accept(approvedSent.id, approvedSent.version)).body as Body;
      const draft = (await request(c.id)).body as Body;
      expect(waiting).toMatchObject({ account_number: parties.b.account_number, holder_mismatch: false });

      const changed = await s.call(
        'PUT',
        `/api/beneficiary/update/${parties.b.id}`,
        ketoan,
        payeeUpdate(parties.b, { bank_id: ids.bank2, account_number: '9876543210', name: 'NGUYEN VAN AN' }),
      );
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ account_changed_by: 'ketoan', holder_mismatch: true });

      const w = await get(waiting.id);
      const a = await get(approved.id);
      for (const r of [w, a])
        expect(r).toMatchObject({
          account_number: '9876543210',
          account_holder: 'NGUYEN VAN AN',
          holder_mismatch: true,
          payee_hold: true,
          payee_changed_by: 'ketoan',
          payee_previous_account: parties.b.account_number,
        });
      // a request not sent yet carries no account: it takes the payee's when it is sent
      expect((await get(draft.id)).account_number).toBeNull();

      const refused = await accept(w.id, w.version);
      expect(refused.status).toBe(422);
      expect(refused.body.reason).toBe('payee_changed');
      expect((await move('require-paid', a.id, a.version, ketoan)).body.reason).toBe('payee_changed');
      expect((await s.call('GET', `/api/payment-transaction/vietqr/${a.id}`, ketoan)).body.reason).toBe(
        'payee_changed',
      );
      // the approval screen offers confirming, not accepting
      const status = (await s.call('GET', `/api/payment-transaction/get-payment-status/${w.id}`, giamdoc))
        .body;
      expect(status.moves).toEqual(['reject', 'confirm_payee']);
      const queue = (await s.call('GET', '/api/payment-approval/paging?itemsPerPage=1000', giamdoc)).body
        .items;
      expect(queue.find((r: Body) => r.id === w.id)).toMatchObject({
        payee_hold: true,
        payee_changed_by: 'ketoan',
      });

      // an accountant is not an approver; the director confirms; then accept and pay pass
      expect((await move('confirm-payee', w.id, w.version, ketoan)).status).toBe(403);
      const confirmed = await move('confirm-payee', w.id, w.version, giamdoc);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ payee_hold: false, payee_confirmed_by: 'giamdoc' });
      expect((await accept(w.id, confirmed.body.version)).status).toBe(200);
      const a2 = (await move('confirm-payee', a.id, a.version, giamdoc)).body as Body;
      const paid = await move('require-paid', a.id, a2.version, ketoan);
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ payment_status: 'P', account_number: '9876543210' });
      const timeline = (await s.call('GET', `/api/payment-transaction/timeline/${a.id}`, ketoan))
        .body as Body[];
      expect(timeline.map((h) => h.action).slice(0, 3)).toEqual([
        'confirm_paid',
        'confirm_payee',
        'payee_changed',
      ]);
    });

    it('who changed the account cannot confirm it, administrators included', async () => {
      const parties = await contractor(ketoan);
      const c = await contract(ketoan, parties);
      const waiting = await sent(c.id);
      await ok(
        'PUT',
        `/api/beneficiary/update/${parties.b.id}`,
        admin,
        payeeUpdate(parties.b, { account_number: '1231231231' }),
      );
      const held = await get(waiting.id);
      const own = await move('confirm-payee', held.id, held.version, admin);
      expect(own.status).toBe(422);
      expect(own.body.reason).toBe('own_payee_change');
      // a director of another company is not an approver of it: 404, as outside his scope
      const roles = (await s.call('GET', '/api/admin/role/list/all', admin)).body as Body[];
      const dn = await ok('POST', '/api/admin/user/create', admin, {
        user_name: 'giamdoc-dn',
        full_name: 'Giám đốc Đông Nam',
        email: 'giamdoc-dn@example.com',
        password: 'giamdoc-dn-123',
      });
      for (const code of ['ROLE_DIRECTOR', 'SCOPE_DN'])
        await s.call('PATCH', `/api/admin/user/roles/${dn.id}`, admin, {
          roleId: roles.find((r) => r.code === code)!.id,
        });
      const other = await move(
        'confirm-payee',
        held.id,
        held.version,
        // a password set by an administrator is for one sign-in: he chooses his own first
        await s.firstLogin('giamdoc-dn', 'giamdoc-dn-123'),
      );
      expect(other.status).toBe(404);
      expect((await get(held.id)).payee_hold).toBe(true);
      expect((await move('confirm-payee', held.id, held.version, giamdoc)).status).toBe(200);
    });

    it('a request sent after its payee’s account changed under it goes out on hold', async () => {
      const parties = await contractor(ketoan);
      const c = await contract(ketoan, parties);
      const draft = (await request(c.id)).body as Body;
      await ok(
        'PUT',
        `/api/beneficiary/update/${parties.b.id}`,
        ketoan,
        payeeUpdate(parties.b, { account_number: '3213213210' }),
      );
      const w = (await move('require-approval', draft.id, draft.version, ketoan)).body as Body;
      expect(w).toMatchObject({ account_number: '3213213210', payee_hold: true, payee_changed_by: 'ketoan' });
      // a request created after the change is not: its creator saw the account
      const later = await sent(c.id);
      expect(later.payee_hold).toBe(false);
    });

    it('switching the contract to another payee holds its waiting requests as well', async () => {
      const parties = await contractor(ketoan);
      const c = await contract(ketoan, parties);
      const waiting = await sent(c.id);
      const other = await f.payee(parties.k, { bank_id: ids.bank, account_number: '4564564560', by: ketoan });
      const current = (await s.call('GET', `/api/contract/get/${c.id}`, ketoan)).body;
      const switched = await s.call('PUT', `/api/contract/update/${c.id}`, ketoan, {
        contract_no: current.contract_no,
        contract_type_id: current.contract_type_id,
        construction_id: current.construction_id,
        constructor_id: current.constructor_id,
        beneficiary_id: other.id,
        signed_date: current.signed_date,
        amount_before_vat: current.amount_before_vat,
        tax_id: current.tax_id,
        version: current.version,
      });
      expect(switched.status, JSON.stringify(switched.body)).toBe(200);
      expect(await get(waiting.id)).toMatchObject({ account_number: '4564564560', payee_hold: true });
    });

    it('an account change racing with the director’s accept never leaves an unconfirmed account approved', async () => {
      const pairs = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const parties = await contractor(ketoan);
          const c = await contract(ketoan, parties);
          return { parties, waiting: await sent(c.id) };
        }),
      );
      await Promise.all(
        pairs.flatMap(({ parties, waiting }, i) => [
          s.call(
            'PUT',
            `/api/beneficiary/update/${parties.b.id}`,
            ketoan,
            payeeUpdate(parties.b, { account_number: `77700000${i}0` }),
          ),
          accept(waiting.id, waiting.version),
        ]),
      );
      for (const [i, { waiting }] of pairs.entries()) {
        const r = await get(waiting.id);
        // whichever came first, the request pays the new account and waits for its confirmation
        expect(r, `request ${i}`).toMatchObject({ account_number: `77700000${i}0`, payee_hold: true });
        expect(['W', 'A']).toContain(r.approval_status);
      }
    });

    it('a holder that does not name the contractor is a warning on the payee and the request', async () => {
      const parties = await contractor(ketoan, 'Công ty Cổ phần Thép Miền Nam');
      expect(parties.b.holder_mismatch).toBe(true);
      const fixed = await ok(
        'PUT',
        `/api/beneficiary/update/${parties.b.id}`,
        ketoan,
        payeeUpdate(parties.b, { name: 'CONG TY CP THEP MIEN NAM' }),
      );
      expect(fixed.holder_mismatch).toBe(false);
      // renaming the contractor checks its payees again
      const k = parties.k;
      await ok('PUT', `/api/constructor/update/${k.id}`, ketoan, {
        code: k.code,
        name: 'Công ty TNHH Thép Phương Nam',
        version: k.version,
      });
      expect((await s.call('GET', `/api/beneficiary/get/${parties.b.id}`, ketoan)).body.holder_mismatch).toBe(
        true,
      );
    });
  });

  describe('2. four eyes over the whole life of a request', () => {
    it('an administrator who edited and sent a request does not accept it', async () => {
      const c = await contract(ketoan, await contractor(ketoan));
      const r = (await request(c.id, '1000')).body as Body;
      const edited = await ok('PUT', `/api/payment-transaction/update/${r.id}`, admin, {
        payment_code: 'TD',
        transaction_type_id: ids.tt,
        date: '2025-05-05',
        amount: '5000000',
        note: 'Thanh toán đợt',
        version: r.version,
      });
      const w = (await move('require-approval', r.id, edited.version, admin)).body as Body;
      const own = await accept(w.id, w.version, admin);
      expect(own.status).toBe(422);
      expect(own.body.reason).toBe('own_request');
      const queue = (await s.call('GET', '/api/payment-approval/paging?itemsPerPage=1000', admin)).body.items;
      expect(queue.some((x: Body) => x.id === r.id)).toBe(false);
      expect((await accept(w.id, w.version, giamdoc)).status).toBe(200);
    });

    it('a user holding accountant and director roles neither decides what he edited nor pays what he accepted', async () => {
      const c = await contract(ketoan, await contractor(ketoan));
      const r = (await request(c.id, '1000')).body as Body;
      const edited = await ok('PUT', `/api/payment-transaction/update/${r.id}`, twoRoles, {
        payment_code: 'TD',
        transaction_type_id: ids.tt,
        date: '2025-05-05',
        amount: '900000000',
        note: 'Thanh toán đợt',
        version: r.version,
      });
      const w = (await move('require-approval', r.id, edited.version, ketoan)).body as Body;
      expect((await accept(w.id, w.version, twoRoles)).body.reason).toBe('own_request');
      expect((await move('/api/payment-approval/reject', w.id, w.version, twoRoles, 'x')).body.reason).toBe(
        'own_request',
      );
      const status = (await s.call('GET', `/api/payment-transaction/get-payment-status/${w.id}`, twoRoles))
        .body;
      expect(status.moves).toEqual([]);

      // accepting someone else's request: yes; confirming it paid: no, someone else pays it
      const other = await sent(c.id, '2000');
      const a = (await accept(other.id, other.version, twoRoles)).body as Body;
      expect(a.approval_status).toBe('A');
      const pay = await move('require-paid', a.id, a.version, twoRoles);
      expect(pay.status).toBe(422);
      expect(pay.body.reason).toBe('approver_cannot_pay');
      expect((await move('require-paid', a.id, a.version, ketoan)).status).toBe(200);
    });

    it('changing a request’s files makes their author one of its preparers', async () => {
      const c = await contract(ketoan, await contractor(ketoan));
      const r = (await request(c.id)).body as Body;
      const form = new FormData();
      form.append('files', new Blob(['%PDF-1.4 bang tinh'], { type: 'application/pdf' }), 'bang-tinh.pdf');
      const upload = await s.app.inject({
        method: 'POST',
        url: `/api/payment-file-upload/upload/${r.id}`,
        headers: { ...authHeaders(twoRoles) },
        payload: form as never,
      });
      expect(upload.statusCode, upload.body).toBe(200);
      const w = (await move('require-approval', r.id, r.version, ketoan)).body as Body;
      expect((await accept(w.id, w.version, twoRoles)).body.reason).toBe('own_request');
    });
  });

  describe('3. nothing paid or pending vanishes', () => {
    /** A construction of its own, a contract with a paid, a waiting and a created request. */
    async function site(tag: string) {
      const ct = await f.construction({
        code: `CT-MI-${tag}`,
        name: `Công trình ${tag}`,
        project_id: ids.project,
      });
      const parties = await contractor(ketoan);
      const c = await contract(ketoan, parties, ct.id);
      await f.request(c, { ...fields('8000000'), state: 'paid' });
      const waiting = await sent(c.id, '2000000');
      const created = (await request(c.id, '500000')).body as Body;
      return { ct, parties, c, waiting, created };
    }
    const latest = (url: string) => s.call('GET', url, admin).then((r) => r.body as Body);

    type Step = 'delete_contract' | 'deactivate_contract' | 'close_construction' | 'delete_payee';
    const steps: Step[] = ['delete_contract', 'deactivate_contract', 'close_construction', 'delete_payee'];
    const orders = (items: Step[]): Step[][] =>
      items.length <= 1
        ? [items]
        : items.flatMap((x) => orders(items.filter((y) => y !== x)).map((o) => [x, ...o]));

    it('deleting, deactivating and closing in every order: refused where money would vanish, and the reports agree to the đồng', async () => {
      const all = orders(steps);
      expect(all).toHaveLength(24);
      for (const [i, order] of all.entries()) {
        const { ct, parties, c, waiting, created } = await site(`${i}`);
        for (const step of order) {
          if (step === 'delete_contract') {
            const current = await latest(`/api/contract/get/${c.id}`);
            const res = await s.call('DELETE', `/api/contract/delete/${c.id}`, ketoan, {
              version: current.version,
            });
            expect(res.status, order.join(' → ')).toBe(422);
            expect(res.body).toMatchObject({ reason: 'in_use', params: { entity: 'payment', count: 3 } });
          } else if (step === 'deactivate_contract') {
            const current = await latest(`/api/contract/get/${c.id}`);
            await ok('PATCH', `/api/contract/deactivate/${c.id}`, ketoan, { version: current.version });
          } else if (step === 'close_construction') {
            const current = await latest(`/api/construction/get/${ct.id}`);
            await ok('PATCH', `/api/construction/close/${ct.id}`, admin, { version: current.version });
            const gone = await s.call('DELETE', `/api/construction/delete/${ct.id}`, admin, {
              version: current.version + 1,
            });
            expect(gone.body).toMatchObject({ reason: 'in_use', params: { entity: 'contract', count: 1 } });
          } else {
            const current = await latest(`/api/beneficiary/get/${parties.b.id}`);
            const res = await s.call('DELETE', `/api/beneficiary/delete/${parties.b.id}`, ketoan, {
              version: current.version,
            });
            expect(res.body).toMatchObject({ reason: 'in_use', params: { entity: 'contract', count: 1 } });
          }
        }
        // the waiting request is not approved on a stopped contract or a closed construction, and
        // the request screen says why instead of offering it
        const w = await get(waiting.id);
        const refused = await accept(w.id, w.version);
        expect(refused.status).toBe(422);
        expect(refused.body.reason).toBe('contract_inactive');
        const status = (await s.call('GET', `/api/payment-transaction/get-payment-status/${w.id}`, giamdoc))
          .body;
        expect(status.moves).not.toContain('accept');
        expect(status.contract.reasons.map((r: Body) => r.code)).toEqual(
          expect.arrayContaining(['contract_inactive', 'construction_closed']),
        );
        // every request is still there, and the three reports tell the same money
        for (const id of [waiting.id, created.id])
          expect((await s.call('GET', `/api/payment-transaction/get/${id}`, ketoan)).status).toBe(200);
        const payment = await latest(`/api/report/payment?constructionId=${ct.id}`);
        const construction = await latest(`/api/report/construction?constructionId=${ct.id}`);
        const byContractor = await latest(`/api/report/constructor?constructorId=${parties.k.id}`);
        expect(payment.totals).toMatchObject({ paid: '8000000.00', requested: '10500000.00' });
        expect(construction.totals).toMatchObject({ paid: '8000000.00', contract_value: '1000000000.00' });
        expect(byContractor.totals).toMatchObject({ paid: '8000000.00', contract_value: '1000000000.00' });
      }
      const everything = await Promise.all(
        ['payment', 'construction', 'constructor'].map((r) => latest(`/api/report/${r}`)),
      );
      expect(new Set(everything.map((r) => r.totals.paid)).size).toBe(1);
    });

    it('closing alone stops approvals with its own reason', async () => {
      const { ct, waiting } = await site('close-only');
      const current = await latest(`/api/construction/get/${ct.id}`);
      await ok('PATCH', `/api/construction/close/${ct.id}`, admin, { version: current.version });
      const w = await get(waiting.id);
      const refused = await accept(w.id, w.version);
      expect(refused.body).toMatchObject({ status: 422, reason: 'construction_closed' });
    });

    it('a delete racing with new requests: either the contract stays with its requests or it goes without any', async () => {
      const contracts = await Promise.all(
        Array.from({ length: 8 }, async () => contract(ketoan, await contractor(ketoan))),
      );
      await Promise.all(
        contracts.flatMap((c) => [
          request(c.id),
          s.call('DELETE', `/api/contract/delete/${c.id}`, ketoan, { version: c.version }),
        ]),
      );
      const orphans = await queryRows<{ n: number }>(
        s.database.db,
        sql`select count(*)::int as n from payment_transaction p join contract c on c.id = p.contract_id
            where c.status = 'D' and p.status <> 'D'`,
      );
      expect(orphans[0]!.n).toBe(0);
    });
  });

  describe('4–7. what a request says is what was meant', () => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(s.database.db, sql`select count(*)::int as n from payment_transaction`)
      )[0]!.n;

    it('"1,5" is not 15: an amount with a comma, a space or a line break is refused, naming the field', async () => {
      const c = await contract(ketoan, await contractor(ketoan));
      const before = await count();
      for (const amount of ['1,5', '1,00', '12,34,56', ' 100 ', '100\n', '1e3', '١٠٠']) {
        const res = await request(c.id, amount);
        expect(res.status, amount).toBe(400);
        expect(res.body.errors, amount).toEqual([{ field: 'amount', message: 'invalid_amount' }]);
      }
      expect(await count()).toBe(before);
      expect((await request(c.id, '1.5')).body.amount).toBe('1.50');
    });

    it('text a Word file cannot hold is refused on the way in, so every request prints', async () => {
      const c = await contract(ketoan, await contractor(ketoan));
      for (const bad of ['Thanh toán\u0001', 'Thanh toán\ufffe']) {
        const res = await s.call(
          'POST',
          '/api/payment-transaction/create',
          ketoan,
          await f.requestInput(c, { ...fields('1000'), note: bad }),
        );
        expect(res.status).toBe(400);
        expect(res.body.errors[0]).toMatchObject({ field: 'note', message: 'invalid_character' });
      }
    });

    it('a field the server does not know is refused by name; SPEC’s spellings are taken', async () => {
      const { k } = await contractor(ketoan);
      const typo = await s.call('PUT', `/api/constructor/update/${k.id}`, ketoan, {
        code: k.code,
        name: k.name,
        adress: '12 Lê Lợi',
        version: k.version,
      });
      expect(typo.status).toBe(400);
      expect(typo.body.errors).toEqual([{ field: 'adress', message: 'unknown_field' }]);
      const director = (await s.call('GET', '/api/admin/role/list/all', admin)).body.find(
        (r: Body) => r.code === 'ROLE_DIRECTOR',
      );
      const app = await ok('POST', '/api/admin/application/create', admin, {
        code: 'APP-MI',
        name: 'Ứng dụng',
        roleDefault: director.id,
        clientId: 'client-mi',
        projectId: ids.project,
        environment: 'production',
      });
      expect(app).toMatchObject({
        role_default_id: director.id,
        client_id: 'client-mi',
        project_id: ids.project,
      });
    });

    it('an id is decimal digits: /contract/get/0x10 does not read contract 16', async () => {
      for (const id of ['0x10', '1e1', '16.0', '+16'])
        expect((await s.call('GET', `/api/contract/get/${id}`, admin)).status, id).toBe(400);
    });
  });
});
