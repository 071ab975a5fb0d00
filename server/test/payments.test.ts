/**
 * Payment requests through HTTP on both backends: the workflow's paths and refusals, the money
 * rules (ceiling, warranty, advance), the account snapshot, scope, versions, history, lists,
 * checklist, files and the printed request. Races are in payments-race.test.ts (PostgreSQL only).
 */
import { EXACT_TOTAL_LIMIT } from '@sitepay/domain/common.schema';
import { foldSearchText } from '@sitepay/domain/search-text';
import { type SQL, sql } from 'drizzle-orm';
import FormData from 'form-data';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '../src/core/business-time.ts';
import { queryRows } from '../src/db/client.ts';
import { NEAR_ROWS, REMEMBERED_BEYOND } from '../src/http/paging.ts';
import { type Factories, factories, type Rec } from './factories.ts';
import { authHeaders, backends, createTestServer, type TestServer } from './helpers.ts';

type Ref = { id: number; code: string; version: number };

describe.each(backends)('payment requests (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let ketoan: string; // accountant, scope HP (CT-001..CT-003)
  let giamdoc: string; // director, scope HP
  let ketoan2: string; // accountant, scope DN
  const ct: Record<string, Ref> = {};
  const tt: Record<string, { id: number; pay_date: number }> = {};
  let vat10: number;
  let bankId: number;
  let f: Factories;
  let contractor: Rec;
  let benef: Rec;

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    [admin, ketoan, giamdoc, ketoan2] = await Promise.all([
      s.login(),
      s.login('ketoan', 'ketoan123'),
      s.login('giamdoc', 'giamdoc123'),
      s.login('ketoan2', 'ketoan123'),
    ]);
    for (const c of (await s.call('GET', '/api/construction/paging?itemsPerPage=100', admin)).body.items)
      ct[c.code] = c;
    for (const t of (await s.call('GET', '/api/transaction-type/list/all', admin)).body) tt[t.code] = t;
    vat10 = (await s.call('GET', '/api/admin/setting/tax', admin)).body.find(
      (t: { code: string }) => t.code === 'VAT10',
    ).id;
    bankId = (await s.call('GET', '/api/bank/list/all', admin)).body[0].id;
    f = factories(s, { admin, accountant: ketoan, director: giamdoc });
    contractor = await f.contractor({ code: 'NT-PAY', name: 'Công ty TNHH Thành Công' });
    benef = await f.payee(contractor, { account_number: '0011223344' });
  });
  afterAll(() => s?.close());

  /** n copies of a row of `tableName` as it is, but for the columns of `over` (SQL of g, 1 to n). */
  const copies = async (tableName: string, from: number, n: number, over: Record<string, SQL>) => {
    const names = Object.keys(over);
    const kept = (
      await queryRows<{ name: string }>(
        s.app.db,
        sql`select column_name as name from information_schema.columns
             where table_name = ${tableName} and is_generated = 'NEVER' and column_name <> 'id'`,
      )
    )
      .map((r) => r.name)
      .filter((name) => !names.includes(name));
    const all = [...kept, ...names].map((name) => sql.identifier(name));
    await s.app.db.execute(
      sql`insert into ${sql.identifier(tableName)} (${sql.join(all, sql`, `)})
          select ${sql.join([...kept.map((name) => sql.identifier(name)), ...names.map((name) => over[name]!)], sql`, `)}
            from ${sql.identifier(tableName)}, generate_series(1, ${n}) g where id = ${from}`,
    );
  };
  /** A contract of 1,000,000,000 before VAT (1,100,000,000 incl. VAT 10 %), on CT-001 unless told. */
  const newContract = (over: Record<string, unknown> = {}) =>
    f.contract({ constructor_id: contractor.id, beneficiary_id: benef.id, tax_id: vat10, ...over });

  const request = (contractId: number, over: Record<string, unknown> = {}) => ({
    contract_id: contractId,
    payment_code: 'TD',
    transaction_type_id: tt.KL!.id,
    date: '2025-06-10',
    amount: '100000000',
    invoice_amount: '100000000',
    note: 'Thanh toán khối lượng đợt 1',
    internal_note: 'Chỉ nội bộ: chưa đối chiếu',
    ...over,
  });

  const create = (contractId: number, over: Record<string, unknown> = {}, by = ketoan) =>
    f.request({ id: contractId }, { ...request(contractId, over), by });
  const patch = (path: string, id: number, body: unknown, token = ketoan) =>
    s.call('PATCH', `/api/payment-transaction/${path}/${id}`, token, body);
  const decide = (action: 'accept' | 'reject', id: number, body: unknown, token = giamdoc) =>
    s.call('PATCH', `/api/payment-approval/${action}/${id}`, token, body);

  it('creates a request with the next requirement number, its due date and the contract’s parties', async () => {
    const c = await newContract();
    const a = await create(c.id);
    expect(a).toMatchObject({
      requirement_no: 1,
      approval_status: 'O',
      payment_status: 'O',
      status: 'O',
      version: 0,
      amount: '100000000.00',
      contract_no: c.contract_no,
      construction_id: ct['CT-001']!.id,
      constructor_code: 'NT-PAY',
      pay_date: tt.KL!.pay_date,
      due_date: '2025-07-10', // 10/06 + 30 days
      template: 'v1',
      contract_value: '1100000000.00',
      user_name: 'ketoan',
      department_name: 'Phòng Kế toán',
    });
    const b = await create(c.id);
    expect(b.requirement_no).toBe(2);
    const next = await s.call('GET', `/api/payment-transaction/get-requirement-no/${c.id}`, ketoan);
    expect(next.body.requirement_no).toBe(3);
  });

  it('walks O → W → A → paid, with a history line for each move and the contract summary following', async () => {
    const c = await newContract();
    const r0 = await create(c.id, { amount: '250000000' });
    const sent = await patch('require-approval', r0.id, { version: r0.version });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ approval_status: 'W' });
    expect(sent.body.sent_at).toBeTruthy();
    const accepted = await decide('accept', r0.id, { version: sent.body.version, note: 'Đồng ý' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({
      approval_status: 'A',
      payment_status: 'O',
      decided_by: 'giamdoc',
      decision_note: 'Đồng ý',
      account_number: '0011223344',
      account_holder: 'Công ty TNHH Thành Công',
    });
    let summary = (await s.call('GET', `/api/validate/contract/${c.id}`, ketoan)).body.summary;
    expect(summary).toMatchObject({ requested: '250000000.00', approved: '250000000.00', paid: '0.00' });
    const paid = await patch('require-paid', r0.id, { version: accepted.body.version });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ approval_status: 'A', payment_status: 'P', paid_by: 'ketoan' });
    summary = (await s.call('GET', `/api/contract/summary/${c.id}`, ketoan)).body;
    expect(summary).toEqual({
      contract_value: '1100000000.00',
      ceiling: '1100000000.00',
      requested: '250000000.00',
      approved: '250000000.00',
      paid: '250000000.00',
      remaining: '850000000.00',
    });
    const timeline = (await s.call('GET', `/api/payment-transaction/timeline/${r0.id}`, ketoan)).body;
    expect(
      timeline.map((h: { action: string; from_status: string; to_status: string; user_name: string }) => [
        h.action,
        h.from_status,
        h.to_status,
        h.user_name,
      ]),
    ).toEqual([
      ['confirm_paid', 'A', 'P', 'ketoan'],
      ['accept', 'W', 'A', 'giamdoc'],
      ['send', 'O', 'W', 'ketoan'],
      ['create', null, 'O', 'ketoan'],
    ]);
    const history = (await s.call('GET', `/api/admin/history/payment?paymentId=${r0.id}`, ketoan)).body;
    expect(history.items).toHaveLength(4);
    expect(history.items[1]).toMatchObject({
      action: 'accept',
      note: 'Đồng ý',
      contract_no: c.contract_no,
      requirement_no: 1,
    });
    const status = (await s.call('GET', `/api/payment-transaction/get-payment-status/${r0.id}`, ketoan)).body;
    expect(status.moves).toEqual([]);
  });

  it('walks O → W → R → edit → W → A: the reason is kept and required', async () => {
    const c = await newContract();
    const r0 = await create(c.id);
    const sent = (await patch('require-approval', r0.id, { version: r0.version })).body;
    const noReason = await decide('reject', r0.id, { version: sent.version });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual([{ field: 'note', message: 'required' }]);
    const rejected = await decide('reject', r0.id, {
      version: sent.version,
      note: 'Thiếu biên bản nghiệm thu',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ approval_status: 'R', decision_note: 'Thiếu biên bản nghiệm thu' });
    // a rejected request no longer counts towards the contract
    expect((await s.call('GET', `/api/contract/summary/${c.id}`, ketoan)).body.requested).toBe('0.00');
    const statusR = (await s.call('GET', `/api/payment-transaction/get-payment-status/${r0.id}`, ketoan))
      .body;
    expect(statusR.moves).toEqual(['edit', 'delete', 'deactivate', 'send']);
    const { contract_id: _c, ...body } = request(c.id, {
      amount: '90000000',
      note: 'Thanh toán đợt 1 (bổ sung biên bản)',
    });
    const edited = await s.call('PUT', `/api/payment-transaction/update/${r0.id}`, ketoan, {
      ...body,
      version: rejected.body.version,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ approval_status: 'R', amount: '90000000.00', requirement_no: 1 });
    const resent = await patch('require-approval', r0.id, { version: edited.body.version });
    expect(resent.body.approval_status).toBe('W');
    // waiting again: no decision yet — the rejection is history, not the request's decision
    expect(resent.body).toMatchObject({ decided_at: null, decided_by: null, decision_note: null });
    const rejection = (await s.call('GET', `/api/payment-transaction/timeline/${r0.id}`, ketoan)).body.find(
      (h: { action: string }) => h.action === 'reject',
    );
    expect(rejection.note).toBe('Thiếu biên bản nghiệm thu');
    const accepted = await decide('accept', r0.id, { version: resent.body.version });
    expect(accepted.body.approval_status).toBe('A');
    const actions = (await s.call('GET', `/api/payment-transaction/timeline/${r0.id}`, ketoan)).body.map(
      (h: { action: string }) => h.action,
    );
    expect(actions).toEqual(['accept', 'send', 'edit', 'reject', 'send', 'create']);
  });

  it('refuses every move the workflow does not allow with 422, writing nothing', async () => {
    const c = await newContract();
    const r0 = await create(c.id);
    const early = await decide('accept', r0.id, { version: r0.version });
    expect(early.status).toBe(422);
    expect((await patch('require-paid', r0.id, { version: r0.version })).status).toBe(422);
    const w = (await patch('require-approval', r0.id, { version: r0.version })).body;
    const { contract_id: _c, ...fields } = request(c.id);
    expect(
      (
        await s.call('PUT', `/api/payment-transaction/update/${r0.id}`, ketoan, {
          ...fields,
          version: w.version,
        })
      ).status,
    ).toBe(422);
    expect(
      (await s.call('DELETE', `/api/payment-transaction/delete/${r0.id}`, ketoan, { version: w.version }))
        .status,
    ).toBe(422);
    expect((await patch('deactivate', r0.id, { version: w.version })).status).toBe(422);
    expect((await patch('require-approval', r0.id, { version: w.version })).status).toBe(422);
    expect((await patch('require-paid', r0.id, { version: w.version })).status).toBe(422);
    const now = (await s.call('GET', `/api/payment-transaction/get/${r0.id}`, ketoan)).body;
    expect(now).toMatchObject({ approval_status: 'W', version: w.version, amount: '100000000.00' });
    // an accountant cannot decide: the approval screen is not his (403)
    expect((await decide('accept', r0.id, { version: w.version }, ketoan)).status).toBe(403);
  });

  it('never lets the creator decide his own request, even an admin', async () => {
    const c = await newContract();
    const mine = await create(c.id, {}, admin);
    const w = (await patch('require-approval', mine.id, { version: mine.version }, admin)).body;
    const own = await decide('accept', mine.id, { version: w.version }, admin);
    expect(own.status).toBe(422);
    expect(own.body.message).toMatch(/you created/);
    const status = (await s.call('GET', `/api/payment-transaction/get-payment-status/${mine.id}`, admin))
      .body;
    expect(status.moves).toEqual(['recall']); // his own request: he may take it back, never decide it
    const queue = (await s.call('GET', '/api/payment-approval/paging?itemsPerPage=100', admin)).body.items;
    expect(queue.map((x: { id: number }) => x.id)).not.toContain(mine.id);
    const other = await decide('accept', mine.id, { version: w.version }, giamdoc);
    expect(other.status).toBe(200);
  });

  it('refuses a request above the payable ceiling and names what remains', async () => {
    // 1,100,000,000 incl. VAT; 5 % retention = 55,000,000; penalty 10,000,000 → ceiling 1,035,000,000
    const c = await newContract({ retention_percent: '5', penalty_amount: '10000000' });
    await create(c.id, { amount: '1000000000' });
    const over = await s.call(
      'POST',
      '/api/payment-transaction/create',
      ketoan,
      request(c.id, { amount: '35000001' }),
    );
    expect(over.status).toBe(422);
    expect(over.body.message).toContain('35,000,000 đồng remain');
    // the rule and its values, for the screens to say it in the user's language
    expect(over.body).toMatchObject({ reason: 'ceiling_exceeded', params: { remaining: '35000000.00' } });
    const penalised = await s.call(
      'POST',
      '/api/payment-transaction/create',
      ketoan,
      request(c.id, { amount: '30000000', penalty_amount: '5000001' }),
    );
    expect(penalised.status).toBe(422);
    const exact = await s.call(
      'POST',
      '/api/payment-transaction/create',
      ketoan,
      request(c.id, { amount: '35000000' }),
    );
    expect(exact.status).toBe(200);
    const list = (await s.call('GET', `/api/payment-transaction/get-by-contract/${c.id}`, ketoan)).body;
    expect(list.map((x: { requirement_no: number }) => x.requirement_no)).toEqual([1, 2]);
    const st = (await s.call('GET', `/api/payment-transaction/get-payment-contract-status/${c.id}`, ketoan))
      .body;
    expect(st.summary).toMatchObject({ ceiling: '1035000000.00', remaining: '0.00' });
    expect(st.can_request).toBe(false);
  });

  it('holds the warranty retention back until its release date, then releases at most the retention', async () => {
    const future = await newContract({ retention_percent: '5', retention_release_date: '2099-12-31' });
    const early = await s.call(
      'POST',
      '/api/payment-transaction/create',
      ketoan,
      request(future.id, { payment_code: 'BH', amount: '1000000', transaction_type_id: tt.BH!.id }),
    );
    expect(early.status).toBe(422);
    expect(early.body.message).toContain('31/12/2099');
    const released = await newContract({ retention_percent: '5', retention_release_date: '2025-01-01' });
    // ordinary requests may take everything but the retention…
    await create(released.id, { amount: '1045000000' });
    // …and the retention itself is released by warranty requests, no more than it
    const w = { payment_code: 'BH', transaction_type_id: tt.BH!.id };
    expect(
      (
        await s.call(
          'POST',
          '/api/payment-transaction/create',
          ketoan,
          request(released.id, { ...w, amount: '55000001' }),
        )
      ).status,
    ).toBe(422);
    expect(
      (
        await s.call(
          'POST',
          '/api/payment-transaction/create',
          ketoan,
          request(released.id, { ...w, amount: '55000000' }),
        )
      ).status,
    ).toBe(200);
    const none = await newContract();
    const noRetention = await s.call(
      'POST',
      '/api/payment-transaction/create',
      ketoan,
      request(none.id, { ...w, amount: '1' }),
    );
    expect(noRetention.status).toBe(422);
  });

  it('recovers an advance from later requests and refuses a settlement while advance is outstanding', async () => {
    const c = await newContract();
    await create(c.id, { payment_code: 'TU', transaction_type_id: tt.TU!.id, amount: '200000000' });
    const tooMuch = await s.call(
      'POST',
      '/api/payment-transaction/create',
      ketoan,
      request(c.id, { advance_recovery: '200000001' }),
    );
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toContain('200,000,000 đồng outstanding');
    await create(c.id, { advance_recovery: '150000000' });
    let st = (await s.call('GET', `/api/payment-transaction/get-payment-contract-status/${c.id}`, ketoan))
      .body;
    expect(st).toMatchObject({
      advance_requested: '200000000.00',
      advance_recovered: '150000000.00',
      advance_outstanding: '50000000.00',
    });
    const settle = { payment_code: 'QT', transaction_type_id: tt.QT!.id, amount: '100000000' };
    const refused = await s.call('POST', '/api/payment-transaction/create', ketoan, request(c.id, settle));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('50,000,000 đồng of advance is outstanding');
    const onAdvance = await s.call(
      'POST',
      '/api/payment-transaction/create',
      ketoan,
      request(c.id, { payment_code: 'TU', advance_recovery: '1' }),
    );
    expect(onAdvance.status).toBe(400);
    expect(onAdvance.body.errors[0].field).toBe('advance_recovery');
    await create(c.id, { ...settle, advance_recovery: '50000000' });
    st = (await s.call('GET', `/api/payment-transaction/get-payment-contract-status/${c.id}`, ketoan)).body;
    expect(st.advance_outstanding).toBe('0.00');
  });

  it('a sent request carries its payee’s account; a change of it holds the request until someone else confirms', async () => {
    const other = await f.contractor({ code: 'NT-SNAP', name: 'Công ty Ảnh Chụp' });
    const b = await f.payee(other, { bank_id: bankId, account_number: '5550001111' });
    const c = await newContract({ constructor_id: other.id, beneficiary_id: b.id });
    const r0 = await create(c.id);
    expect(r0.account_number).toBeNull();
    const w = (await patch('require-approval', r0.id, { version: r0.version })).body;
    expect(w).toMatchObject({ account_number: '5550001111', account_holder: 'Công ty Ảnh Chụp' });
    const a = (await decide('accept', r0.id, { version: w.version })).body;
    expect(a).toMatchObject({ account_number: '5550001111', payee_hold: false });
    const changed = await s.call('PUT', `/api/beneficiary/update/${b.id}`, admin, {
      constructor_id: other.id,
      name: 'Công ty Ảnh Chụp',
      bank_id: bankId,
      account_number: '9990002222',
      version: b.version,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const held = (await s.call('GET', `/api/payment-transaction/get/${r0.id}`, ketoan)).body;
    expect(held).toMatchObject({
      account_number: '9990002222',
      payee_hold: true,
      payee_changed_by: 'admin',
      payee_previous_account: '5550001111',
    });
    const paid = await patch('require-paid', r0.id, { version: held.version });
    expect(paid.status).toBe(422);
    expect(paid.body.reason).toBe('payee_changed');
    // the one who changed the account cannot confirm it; the request's approver can
    const own = await s.call('PATCH', `/api/payment-transaction/confirm-payee/${r0.id}`, admin, {
      version: held.version,
    });
    expect(own.body.reason).toBe('own_payee_change');
    const confirmed = await s.call('PATCH', `/api/payment-transaction/confirm-payee/${r0.id}`, giamdoc, {
      version: held.version,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ payee_hold: false, payee_confirmed_by: 'giamdoc' });
    expect((await patch('require-paid', r0.id, { version: confirmed.body.version })).status).toBe(200);
  });

  it('answers 404 for another company’s request in get, lists, files, status and download', async () => {
    const c = await newContract();
    const r0 = await create(c.id);
    for (const path of [
      `/api/payment-transaction/get/${r0.id}`,
      `/api/payment-transaction/get-payment-status/${r0.id}`,
      `/api/payment-transaction/timeline/${r0.id}`,
      `/api/payment-transaction/documents/${r0.id}`,
      `/api/payment-transaction/download/${r0.id}`,
      `/api/payment-file-upload/uploaded/${r0.id}`,
      `/api/payment-transaction/get-by-contract/${c.id}`,
    ]) {
      expect((await s.call('GET', path, ketoan2)).status, path).toBe(404);
    }
    expect((await patch('require-approval', r0.id, { version: r0.version }, ketoan2)).status).toBe(404);
    const list = (
      await s.call('GET', '/api/payment-transaction/paging?itemsPerPage=1000&status=all', ketoan2)
    ).body;
    expect(list.items.map((x: { id: number }) => x.id)).not.toContain(r0.id);
    const history = (await s.call('GET', '/api/admin/history/payment?itemsPerPage=1000', ketoan2)).body;
    expect(history.items.map((x: { payment_id: number }) => x.payment_id)).not.toContain(r0.id);
    // and a request against another company's contract is refused on the field
    const foreign = await s.call('POST', '/api/payment-transaction/create', ketoan2, request(c.id));
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([{ field: 'contract_id', message: 'not_found' }]);
  });

  it('prints in the template version asked for, the request’s own when none is asked', async () => {
    const c = await newContract();
    const r0 = await create(c.id);
    const print = (query: string) =>
      s.app.inject({
        method: 'GET',
        url: `/api/payment-transaction/download/${r0.id}${query}`,
        headers: authHeaders(ketoan),
      });
    for (const query of ['', '?template=v1', '?format=docx&template=v1']) {
      const res = await print(query);
      expect(res.statusCode, query).toBe(200);
      expect(res.headers['content-type'], query).toMatch(/wordprocessingml/);
    }
    const missing = await print('?template=v9');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().reason).toBe('template_not_found');
    const hostile = await print('?template=..%2Fv1');
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().errors).toEqual([{ field: 'template', message: 'invalid' }]);
  });

  it('refuses a stale version with 409 and writes nothing', async () => {
    const c = await newContract();
    const r0 = await create(c.id);
    const sent = await patch('require-approval', r0.id, { version: r0.version });
    expect(sent.status).toBe(200);
    const stale = await patch('require-approval', r0.id, { version: r0.version });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('invalid_version');
    const staleAccept = await decide('accept', r0.id, { version: r0.version });
    expect(staleAccept.status).toBe(409);
    expect((await s.call('GET', `/api/payment-transaction/get/${r0.id}`, ketoan)).body.approval_status).toBe(
      'W',
    );
  });

  it('refuses requests on a closed construction or an inactive contract; a contractor in use stays active', async () => {
    const c = await newContract({ construction_id: ct['CT-003']!.id });
    const off = await s.call('PATCH', `/api/contract/deactivate/${c.id}`, ketoan, { version: c.version });
    const refused = await s.call('POST', '/api/payment-transaction/create', ketoan, request(c.id));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/inactive/);
    await s.call('PATCH', `/api/contract/active/${c.id}`, ketoan, { version: off.body.version });
    const k = await f.contractor({ code: 'NT-OFF', name: 'Nhà thầu nghỉ' });
    const kb = await f.payee(k, { name: 'Nghỉ', account_number: '123123123' });
    await newContract({
      constructor_id: k.id,
      beneficiary_id: kb.id,
      construction_id: ct['CT-003']!.id,
    });
    // the contractor of a live contract cannot be stopped under it (its requests would be stuck)
    const kOff = await s.call('PATCH', `/api/constructor/deactivate/${k.id}`, admin, { version: k.version });
    expect(kOff.status).toBe(422);
    expect(kOff.body).toMatchObject({ reason: 'in_use', params: { entity: 'contract', count: 1 } });
    const closed = await s.call('PATCH', `/api/construction/close/${ct['CT-003']!.id}`, admin, {
      version: ct['CT-003']!.version,
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const onClosed = await s.call('POST', '/api/payment-transaction/create', ketoan, request(c.id));
    expect(onClosed.status).toBe(422);
    expect(onClosed.body.message).toMatch(/closed/);
  });

  it('never gives a requirement number twice, even after a delete', async () => {
    const c = await newContract();
    const a = await create(c.id);
    const del = await s.call('DELETE', `/api/payment-transaction/delete/${a.id}`, ketoan, {
      version: a.version,
    });
    expect(del.status).toBe(200);
    expect((await s.call('GET', `/api/payment-transaction/get/${a.id}`, ketoan)).status).toBe(404);
    const b = await create(c.id);
    expect(b.requirement_no).toBe(2);
    const deleted = (
      await s.call('GET', `/api/payment-transaction/paging?status=deleted&contractId=${c.id}`, ketoan)
    ).body;
    expect(deleted.items.map((x: { id: number }) => x.id)).toEqual([a.id]);
  });

  it('deactivated requests stop counting; activating one checks the ceiling again', async () => {
    const c = await newContract();
    const a = await create(c.id, { amount: '600000000' });
    const off = await patch('deactivate', a.id, { version: a.version });
    expect(off.status).toBe(200);
    expect((await s.call('GET', `/api/contract/summary/${c.id}`, ketoan)).body.requested).toBe('0.00');
    expect(
      (await s.call('GET', `/api/payment-transaction/get-payment-status/${off.body.id}`, ketoan)).body.moves,
    ).toEqual(['delete', 'activate']);
    expect((await patch('require-approval', a.id, { version: off.body.version })).status).toBe(422);
    await create(c.id, { amount: '600000000' });
    const on = await patch('active', a.id, { version: off.body.version });
    expect(on.status).toBe(422);
    expect(on.body.message).toContain('500,000,000 đồng remain');
  });

  it('serves the lists: filters, quick views, overdue and the approver’s queue', async () => {
    const c = await newContract({ construction_id: ct['CT-002']!.id });
    const today = businessToday();
    const old = await create(c.id, { date: '2020-01-01', note: 'Tạm ứng vật tư đá hộc' });
    const now = await create(c.id, { date: today });
    const sel = `constructionId=${ct['CT-002']!.id}`;
    const page = async (path: string, token = ketoan) =>
      (
        (await s.call('GET', `/api/payment-transaction/${path}`, token)).body.items as {
          id: number;
          overdue: boolean;
        }[]
      ).map((x) => x.id);
    expect(await page(`paging?${sel}`)).toEqual([now.id, old.id]);
    expect(await page(`overdue/paging?${sel}`)).toEqual([old.id]);
    expect(await page(`paging?${sel}&status=over%20due`)).toEqual([old.id]);
    expect(await page(`today/paging?${sel}`)).toEqual([now.id]);
    expect(await page(`week/paging?${sel}`)).toEqual([now.id]);
    expect(await page(`month/paging?${sel}`)).toEqual([now.id]);
    expect(await page(`transaction-created/paging?${sel}`)).toEqual([now.id, old.id]);
    expect(await page(`transaction-created/paging?${sel}`, giamdoc)).toEqual([]);
    expect(await page(`paging?${sel}&search=da hoc`)).toEqual([old.id]);
    // the contract number is searchable on a request, also after workflow moves and edits
    expect(await page(`paging?${sel}&from=2019-12-01&to=2020-02-01`)).toEqual([old.id]);
    // by due date (the home page's "due this week"): the old request fell due in 2020, the new one later
    const dueOld = (await s.call('GET', `/api/payment-transaction/get/${old.id}`, ketoan)).body.due_date;
    expect(await page(`paging?${sel}&dueFrom=${dueOld}&dueTo=${dueOld}`)).toEqual([old.id]);
    expect(await page(`paging?${sel}&dueFrom=2021-01-01`)).toEqual([now.id]);
    expect((await s.call('GET', `/api/payment-transaction/paging?dueFrom=bogus`, ketoan)).status).toBe(400);
    const listed = (await s.call('GET', `/api/payment-transaction/paging?${sel}`, ketoan)).body.items;
    expect(listed.find((x: { id: number }) => x.id === old.id).overdue).toBe(true);
    expect(listed.find((x: { id: number }) => x.id === now.id).overdue).toBe(false);
    const w = (await patch('require-approval', old.id, { version: old.version })).body;
    expect(await page(`paging?${sel}&approvalStatus=W`)).toEqual([old.id]);
    const queue = (await s.call('GET', `/api/payment-approval/paging?${sel}`, giamdoc)).body.items.map(
      (x: { id: number }) => x.id,
    );
    expect(queue).toEqual([old.id]);
    expect((await s.call('GET', `/api/payment-approval/count`, giamdoc)).body.count).toBeGreaterThanOrEqual(
      1,
    );
    expect(await page(`paging?${sel}&search=${encodeURIComponent(c.contract_no)}`)).toEqual([now.id, old.id]);
    await decide('accept', old.id, { version: w.version });
    await patch('require-paid', old.id, { version: w.version + 1 });
    expect(await page(`paging?${sel}&search=${encodeURIComponent(c.contract_no)}`)).toEqual([now.id, old.id]);
    expect(await page(`paging?${sel}&search=nt-pay`)).toEqual([now.id, old.id]);
    expect(await page(`overdue/paging?${sel}`)).toEqual([]);
    expect(await page(`paging?${sel}&status=paid`)).toEqual([old.id]);
    expect(await page(`paging?${sel}&status=unpaid`)).toEqual([now.id]);
    const bad = await s.call('GET', '/api/payment-transaction/paging?status=bogus', ketoan);
    expect(bad.status).toBe(400);
  });

  it('a search finds a request by its own words and through its contract, contractor and construction, as they are now', async () => {
    const named = await f.contractor({ code: 'NT-THP', name: 'Công ty TNHH Xây dựng Thành Hưng Phát' });
    const payee = await f.payee(named, { account_number: '0099887766' });
    const c = await f.contract({
      constructor_id: named.id,
      beneficiary_id: payee.id,
      tax_id: vat10,
      contract_no: 'HĐ-TÌM-0815',
      construction_id: ct['CT-002']!.id, // CT-003 is closed by another test of this file
    });
    const mine = await create(c.id, { note: 'Thanh toán khối lượng hoàn thành đợt 1 - phần móng' });
    // a request of another contractor whose note holds the same syllables apart
    const other = await create((await newContract()).id, { note: 'Hoàn thành phần thân, hưng phấn' });
    const found = async (search: string, path = 'payment-transaction/paging', token = ketoan) =>
      (
        (await s.call('GET', `/api/${path}?search=${encodeURIComponent(search)}&itemsPerPage=100`, token))
          .body.items as { id: number }[]
      ).map((x) => x.id);

    expect(await found('Thành Hưng')).toEqual([mine.id]); // the contractor's name, diacritics or not
    expect(await found('thanh hung phat')).toEqual([mine.id]);
    expect(await found('nt-thp')).toEqual([mine.id]); // its code
    expect(await found('hd-tim-08')).toEqual([mine.id]); // the contract's number, by its start
    expect(await found(mine.code)).toEqual([mine.id]); // its own number
    expect(await found(mine.code.slice(0, 12))).toContain(mine.id); // … by its start
    expect(await found('hoàn thành đợt 1 - phần móng')).toEqual([mine.id]); // its own words
    expect(await found('hưng phấn')).toEqual([other.id]);
    expect(await found('ct-002')).toContain(mine.id); // the construction's code
    expect(await found('ct-002')).not.toContain(other.id);
    // the contractor renamed: found by its new name at once, no longer by the old one
    const {
      id,
      status,
      created_at,
      updated_at,
      created_by,
      updated_by,
      created_by_name,
      updated_by_name,
      constructor_type_name,
      ...fields
    } = (await s.call('GET', `/api/constructor/get/${named.id}`, admin)).body;
    const renamed = await s.call('PUT', `/api/constructor/update/${id}`, admin, {
      ...fields,
      name: 'Công ty Cổ phần Đông Á Mới',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await found('đông á mới')).toEqual([mine.id]);
    expect(await found('thanh hung phat')).toEqual([]);
    // contracts are found through their contractor the same way
    expect(await found('dong a moi', 'contract/paging')).toEqual([c.id]);
    // outside the caller's companies nothing is found, whatever it matches
    expect(await found('dong a moi', 'payment-transaction/paging', ketoan2)).toEqual([]);
    expect(await found('dong a moi', 'contract/paging', ketoan2)).toEqual([]);
  });

  it('a number with its year and suffix is found whole: its serial with another year or suffix finds nothing', async () => {
    const found = async (search: string, path = 'payment-transaction/paging') =>
      (
        (await s.call('GET', `/api/${path}?search=${encodeURIComponent(search)}&itemsPerPage=100`, ketoan))
          .body.items as { id: number }[]
      ).map((x) => x.id);
    // the same serial in two contracts' numbers, another year; and in a request's own words
    const c2024 = await newContract({ contract_no: 'HĐ-770815/2024/TC' });
    const c2025 = await newContract({ contract_no: 'HĐ-770815/2025/TC' });
    const of2024 = await create(c2024.id, { note: 'Đợt 1' });
    const of2025 = await create(c2025.id, { note: 'Đợt 1' });
    const noted = await create((await newContract()).id, { note: 'Bổ sung theo HĐ 770815/2024 đã ký' });

    // read by the serial (770815) in the trigram index, kept only where the whole term is
    expect(await found('HĐ-770815/2024/TC')).toEqual([of2024.id]);
    expect(await found('hd-770815/2025')).toEqual([of2025.id]);
    expect((await found('770815/2024')).sort()).toEqual([of2024.id, noted.id].sort());
    expect(await found('770815/2023')).toEqual([]);
    expect(await found('HĐ-770815/2024/TB')).toEqual([]);
    expect((await found('770815')).sort()).toEqual([of2024.id, of2025.id, noted.id].sort());
    // the contracts' own list the same way
    expect(await found('HĐ-770815/2024/TC', 'contract/paging')).toEqual([c2024.id]);
    expect(await found('770815/2026', 'contract/paging')).toEqual([]);
  });

  it('a request number is found by its start alone; a word of more than a thousand contractors finds their requests all the same', async () => {
    const found = async (search: string) =>
      (
        (
          await s.call(
            'GET',
            `/api/payment-transaction/paging?search=${encodeURIComponent(search)}&itemsPerPage=100`,
            ketoan,
          )
        ).body.items as { id: number }[]
      ).map((x) => x.id);
    const a = await create((await newContract()).id, { note: 'Đợt một' });
    const b = await create((await newContract()).id, { note: 'Đợt hai' });
    // a number typed whole, in any case, or its start: read from the number's index
    expect(await found(a.code.toLowerCase())).toEqual([a.id]);
    expect(await found(b.code)).toEqual([b.id]);
    expect(await found(a.code.slice(0, 10))).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await found(`${a.code}9`)).toEqual([]);

    // 1,001 contractors whose names share a word: beyond the ids an array takes (SEARCH_THROUGH_IDS),
    // their requests are matched by a subquery, with the same answer
    const named = await f.contractor({ code: 'NT-DDX', name: 'Công ty Đồng Đều Xanh' });
    const payee = await f.payee(named, { account_number: '0011223399' });
    const c = await f.contract({ constructor_id: named.id, beneficiary_id: payee.id, tax_id: vat10 });
    const theirs = await create(c.id, { note: 'Tạm ứng' });
    await s.app.db.execute(
      sql`insert into "constructor" (code, name, search_text)
          select 'NT-DDX-' || g, 'Đồng Đều Xanh ' || g, 'nt-ddx-' || g || ' dong deu xanh ' || g
            from generate_series(1, 1001) g`,
    );
    expect(await found('đồng đều xanh')).toEqual([theirs.id]);
    expect(await found('nt-ddx')).toEqual([theirs.id]);

    // such a term's pages in the list's order, a page at a time, when a referred table also lists
    // more ids than are read one by one (SOURCE_IDS_ONE_BY_ONE): read near the top of the list, row
    // by row (nearTop), or — its matches further down than NEAR_ROWS rows — by the whole filter
    // 25 contracts that hold the words too (of another contractor: no request of theirs)
    await copies('contract', c.id, 25, {
      contract_no: sql`'HD-DDX-' || g`,
      search_text: sql`'hd-ddx-' || g || ' dong deu xanh'`,
    });
    const more = [await create(c.id, { note: 'Đợt 2' }), await create(c.id, { note: 'Đợt 3' })];
    const newestFirst = [more[1]!.id, more[0]!.id, theirs.id];
    const pages = async () => {
      const ids: number[] = [];
      let cursor = '';
      for (let n = 0; n < 5; n++) {
        const res = await s.call(
          'GET',
          `/api/payment-transaction/paging?search=${encodeURIComponent('đồng đều xanh')}&itemsPerPage=2&exactTotal=true${cursor}`,
          ketoan,
        );
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(3);
        ids.push(...(res.body.items as { id: number }[]).map((x) => x.id));
        if (!res.body.nextCursor) return ids;
        cursor = `&cursor=${encodeURIComponent(res.body.nextCursor)}`;
      }
      return ids;
    };
    expect(await pages()).toEqual(newestFirst);
    // NEAR_ROWS + 1 newer requests that do not match, copies of another contract's request
    const other = await create((await newContract()).id, { note: 'Không liên quan' });
    await copies('payment_transaction', other.id, NEAR_ROWS + 1, {
      code: sql`'T' || g`,
      code_no: sql`code_no + 1000000 + g`,
      requirement_no: sql`requirement_no + 1000000 + g`,
      created_at: sql`now() + g * interval '1 millisecond'`,
    });
    expect(await pages()).toEqual(newestFirst);

    // the contractors known a moment ago to hold the words by the thousand no longer do, and a
    // request's own words now do: the search reads them as a common term still (known for a
    // while), and answers what they hold now
    await s.app.db.execute(
      sql`update "constructor" set search_text = 'doi ten ' || id where code like 'NT-DDX-%'`,
    );
    const ownWords = await create((await newContract()).id, { note: 'Vật tư Đồng Đều Xanh bổ sung' });
    expect(await found('đồng đều xanh')).toEqual([ownWords.id, ...newestFirst]);
    expect(await found('nt-ddx')).toEqual(newestFirst);
  });

  it('a list counted beyond twice the limit is known so while its estimate is kept: its pages show the rows as they are', async () => {
    const c = await newContract();
    const first = await create(c.id, { note: 'Vật tư Quỳnh Lưu' });
    // beyond twice the limit: a count so far beyond it is kept a while (one near it is counted each time)
    await copies('payment_transaction', first.id, REMEMBERED_BEYOND + 1, {
      code: sql`'QL' || g`,
      code_no: sql`code_no + 2000000 + g`,
      requirement_no: sql`requirement_no + 2000000 + g`,
      created_at: sql`now() + g * interval '1 millisecond'`,
    });
    const search = `search=${encodeURIComponent('quỳnh lưu')}`;
    const ofContract = `/api/payment-transaction/get-by-contract-and-construction/${c.id}/paging`;
    const list = async (path: string, exact = false) => {
      const res = await s.call('GET', `${path}itemsPerPage=20${exact ? '&exactTotal=true' : ''}`, ketoan);
      expect(res.status).toBe(200);
      const { total, totalExact } = res.body as { total: number; totalExact: boolean };
      return { ids: (res.body.items as { id: number }[]).map((x) => x.id), total, totalExact };
    };
    const newest = async (n: number) =>
      (
        await queryRows<{ id: number }>(
          s.app.db,
          sql`select id from payment_transaction where contract_id = ${c.id}
               order by created_at desc, id desc limit ${n}`,
        )
      ).map((r) => r.id);
    const lists = [`/api/payment-transaction/paging?${search}&`, `${ofContract}?`];
    for (const path of lists) {
      expect(await list(path)).toEqual({
        ids: await newest(20),
        total: expect.toSatisfy((n: number) => n > EXACT_TOTAL_LIMIT),
        totalExact: false,
      });
    }

    // all but the newest 30 leave the contract and no longer hold the words: a moment after they
    // were counted beyond the limit, both lists still give an estimate, and show the rows as they are
    const kept = await newest(30);
    const other = await newContract();
    await s.app.db.execute(
      sql`update payment_transaction set contract_id = ${other.id}, search_text = 'khac'
           where contract_id = ${c.id} and id <> all(${sql.raw(`array[${kept.join(',')}]`)})`,
    );
    for (const path of lists) {
      expect(await list(path)).toEqual({
        ids: kept.slice(0, 20),
        total: expect.toSatisfy((n: number) => n > EXACT_TOTAL_LIMIT),
        totalExact: false,
      });
      // counted when asked: the rows as they are
      expect(await list(path, true)).toEqual({ ids: kept.slice(0, 20), total: 30, totalExact: true });
    }
  });

  it('folds text in SQL as the server does in code (what migrations write into search_text)', async () => {
    const samples = [
      'Công ty TNHH Xây dựng ĐẠI PHÁT  –  hạng mục: phần móng',
      'Thanh toán khối lượng hoàn thành đợt 3 (HĐ-001/2026)',
      'Ứng trước 30% — Quyết toán',
      'Thanh toa\u0301n NFD: Đa\u0300 Na\u0306\u0303ng',
      ' \tTrường  Sơn\n ',
    ];
    for (const text of samples) {
      const [row] = await queryRows<{ folded: string }>(
        s.app.db,
        sql`select sitepay_fold(${text}) as folded`,
      );
      expect(row!.folded, text).toBe(foldSearchText(text));
    }
  });

  it('decides many at once with one result per row', async () => {
    const c = await newContract();
    const a = await create(c.id);
    const b = await create(c.id);
    const wa = (await patch('require-approval', a.id, { version: a.version })).body;
    const res = await s.call('POST', '/api/payment-approval/accept-many', giamdoc, {
      items: [
        { id: wa.id, version: wa.version },
        { id: b.id, version: b.version }, // still O: refused
        { id: 2147480000, version: 0 }, // no such request
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: wa.id, ok: true, status: 200, version: wa.version + 1 },
      expect.objectContaining({ id: b.id, ok: false, status: 422 }),
      expect.objectContaining({ id: 2147480000, ok: false, status: 404 }),
    ]);
    // a refused row says which rule refused it, as a single refusal would
    const single = await s.call('PATCH', `/api/payment-approval/accept/${b.id}`, giamdoc, {
      version: b.version,
    });
    expect(single.status).toBe(422);
    expect(single.body.reason).toBeTruthy();
    expect(res.body[1]).toMatchObject({ reason: single.body.reason });
    const rej = await s.call('POST', '/api/payment-approval/reject-many', giamdoc, {
      items: [{ id: a.id, version: 0 }],
    });
    expect(rej.body[0]).toMatchObject({ ok: false, status: 409 });
  });

  it('shows the document checklist of the transaction type and keeps the ticks', async () => {
    const c = await newContract();
    const list = (
      await s.call('GET', `/api/admin/setting/document-attach/get-by-transaction-type/${tt.KL!.id}`, ketoan)
    ).body;
    const codes = list.map((d: { code: string }) => d.code);
    expect(codes).toEqual(expect.arrayContaining(['DNTT', 'BBNT', 'BTGT', 'HD']));
    expect(codes).not.toContain('BLTU');
    const ticked = list
      .filter((d: { code: string }) => ['DNTT', 'HD'].includes(d.code))
      .map((d: { id: number }) => d.id);
    const r0 = await create(c.id, { attached_documents: ticked });
    const docs = (await s.call('GET', `/api/payment-transaction/documents/${r0.id}`, ketoan)).body;
    expect(
      docs
        .filter((d: { attached: boolean }) => d.attached)
        .map((d: { code: string }) => d.code)
        .sort(),
    ).toEqual(['DNTT', 'HD']);
    const bltu = (await s.call('GET', '/api/admin/setting/document-attach/list/all', admin)).body.find(
      (d: { code: string }) => d.code === 'BLTU',
    );
    const wrong = await s.call(
      'POST',
      '/api/payment-transaction/create',
      ketoan,
      request(c.id, { attached_documents: [bltu.id] }),
    );
    expect(wrong.status).toBe(400);
    expect((await s.call('GET', `/api/admin/setting/document-attach/get/${bltu.id}`, admin)).body.code).toBe(
      'BLTU',
    );
  });

  it('takes files only while the request is created or rejected', async () => {
    const c = await newContract();
    const r0 = await create(c.id);
    const upload = (id: number) => {
      const form = new FormData();
      form.append('file', Buffer.from('%PDF-1.4\n% biên bản nghiệm thu\n%%EOF\n'), 'bien-ban.pdf');
      return s.app.inject({
        method: 'POST',
        url: `/api/payment-file-upload/upload/${id}`,
        headers: { ...form.getHeaders(), ...authHeaders(ketoan) },
        payload: form.getBuffer(),
      });
    };
    const up = await upload(r0.id);
    expect(up.statusCode, up.body).toBe(200);
    const file = up.json()[0];
    expect((await s.call('GET', `/api/payment-file-upload/uploaded/${r0.id}`, ketoan)).body).toHaveLength(1);
    const dl = await s.app.inject({
      method: 'GET',
      url: `/api/payment-file-upload/download/${file.id}`,
      headers: { ...authHeaders(giamdoc) },
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toContain('biên bản');
    expect((await s.call('GET', `/api/payment-file-upload/download/${file.id}`, ketoan2)).status).toBe(404);
    await patch('require-approval', r0.id, { version: r0.version });
    expect((await upload(r0.id)).statusCode).toBe(422);
    expect((await s.call('DELETE', `/api/payment-file-upload/delete/${file.id}`, ketoan)).status).toBe(422);
    expect((await s.call('GET', `/api/payment-file-upload/uploaded/${r0.id}`, ketoan)).body).toHaveLength(1);
  });

  it('prints the request as a Word document without its internal note', async () => {
    const c = await newContract();
    const r0 = await create(c.id, { amount: '123456789' });
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/payment-transaction/download/${r0.id}`,
      headers: { ...authHeaders(ketoan) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    const text = (await mammoth.extractRawText({ buffer: res.rawPayload })).value;
    expect(text).toContain('GIẤY ĐỀ NGHỊ THANH TOÁN');
    expect(text).toContain(c.contract_no);
    expect(text).toContain(
      'Một trăm hai mươi ba triệu bốn trăm năm mươi sáu nghìn bảy trăm tám mươi chín đồng',
    );
    expect(text).not.toContain('Chỉ nội bộ');
  });

  it('forms and pickers: contracts that can take a request, the next payment date', async () => {
    const c = await newContract({ construction_id: ct['CT-002']!.id });
    const options = (
      await s.call(
        'GET',
        `/api/payment-transaction/get-list-contract-and-constructor-by-construction?constructionId=${ct['CT-002']!.id}`,
        ketoan,
      )
    ).body;
    const mine = options.find((o: { id: number }) => o.id === c.id);
    expect(mine).toMatchObject({
      constructor_code: 'NT-PAY',
      account_number: '0011223344',
      contract_value: '1100000000.00',
    });
    expect(options.every((o: { construction_id: number }) => o.construction_id === ct['CT-002']!.id)).toBe(
      true,
    );
    const other = (
      await s.call(
        'GET',
        `/api/payment-transaction/get-list-contract-and-constructor-by-construction?constructionId=-1`,
        ketoan2,
      )
    ).body;
    expect(other.map((o: { id: number }) => o.id)).not.toContain(c.id);
    const date = (await s.call('GET', '/api/payment-transaction/get-payment-date', ketoan)).body;
    expect(date.date >= businessToday()).toBe(true);
    expect([10, 25]).toContain(
      Number(date.date.slice(8)) === new Date(`${date.date}T00:00:00Z`).getUTCDate()
        ? Number(date.date.slice(8))
        : -1,
    );
    expect((await s.call('GET', '/api/payment-transaction/get-requirement-no', ketoan)).status).toBe(400);
  });
});
