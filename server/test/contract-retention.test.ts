/**
 * The warranty retention and the bank guarantees of a contract, apart
 * (docs/adr/0069-retention-apart-from-bank-guarantees.md), and its annexes in its history.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { type Factories, factories, type Rec } from './factories.ts';
import { backends, createTestServer, type TestServer } from './helpers.ts';

/** The statements of a migration file, comments left out. */
const statementsOf = (file: string) =>
  readFileSync(new URL(`../src/db/migrations/${file}`, import.meta.url), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);

describe.each(backends)('contract retention and bank guarantees (%s)', (backend) => {
  let s: TestServer;
  let admin: string;
  let ketoan: string;
  let ketoan2: string; // another company's accountant
  let f: Factories;
  let banks: Rec[];

  beforeAll(async () => {
    s = await createTestServer(backend, { demo: true });
    [admin, ketoan, ketoan2] = await Promise.all([
      s.login(),
      s.login('ketoan', 'ketoan123'),
      s.login('ketoan2', 'ketoan123'),
    ]);
    f = factories(s, { admin, accountant: ketoan });
    banks = (await f.lookup()).banks;
  });
  afterAll(() => s?.close());

  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
    const res = await s.call(method, url, ketoan, body);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const summaryOf = (id: number) => ok('GET', `/api/contract/summary/${id}`);

  it('the ceiling holds back the warranty retention; bank guarantees lower nothing', async () => {
    // 1,000,000,000 + 10 % VAT = 1,100,000,000; 5 % retention = 55,000,000
    const c = await f.contract({ retention_percent: '5', retention_release_date: '2027-06-30' });
    expect(c).toMatchObject({
      contract_value: '1100000000.00',
      retention_percent: '5.00',
      retention_effective: '55000000.00',
      retention_release_date: '2027-06-30',
    });
    expect(await summaryOf(c.id)).toMatchObject({ ceiling: '1045000000.00', remaining: '1045000000.00' });

    const performance = await ok('POST', '/api/contract-guarantee/create', {
      contract_id: c.id,
      kind: 'performance',
      bank_id: banks[0]!.id,
      guarantee_no: 'BL-TH-01',
      amount: '110000000',
      issued_date: '2025-01-15',
      expiry_date: '2026-12-31',
    });
    await ok('POST', '/api/contract-guarantee/create', {
      contract_id: c.id,
      kind: 'advance',
      bank_id: banks[1]!.id,
      guarantee_no: 'BL-TU-01',
      amount: '220000000',
      expiry_date: '2025-09-30',
    });
    // the papers change neither the ceiling nor what may still be requested
    expect(await summaryOf(c.id)).toMatchObject({ ceiling: '1045000000.00', remaining: '1045000000.00' });
    const status = await ok('GET', `/api/payment-transaction/get-payment-contract-status/${c.id}`);
    expect(status).toMatchObject({
      retention_amount: '55000000.00',
      retention_remaining: '55000000.00',
      retention_release_date: '2027-06-30',
    });
    // listed by expiry, with their bank's name
    const list = await ok('GET', `/api/contract-guarantee/list/${c.id}`);
    expect(list.map((g: Rec) => [g.guarantee_no, g.kind, g.amount, g.expiry_date, g.bank_name])).toEqual([
      ['BL-TU-01', 'advance', '220000000.00', '2025-09-30', banks[1]!.name],
      ['BL-TH-01', 'performance', '110000000.00', '2026-12-31', banks[0]!.name],
    ]);
    // extended, then released
    const extended = await ok('PUT', `/api/contract-guarantee/update/${performance.id}`, {
      kind: 'performance',
      bank_id: banks[0]!.id,
      guarantee_no: 'BL-TH-01',
      amount: '110000000',
      expiry_date: '2027-03-31',
      version: performance.version,
    });
    expect(extended).toMatchObject({ expiry_date: '2027-03-31', issued_date: '2025-01-15' });
    await ok('DELETE', `/api/contract-guarantee/delete/${performance.id}`, { version: extended.version });
    expect((await ok('GET', `/api/contract-guarantee/list/${c.id}`)).map((g: Rec) => g.guarantee_no)).toEqual(
      ['BL-TU-01'],
    );
  });

  it('a bank guarantee names its bad fields, and stays inside the contract’s scope', async () => {
    const c = await f.contract();
    const bad = await s.call('POST', '/api/contract-guarantee/create', ketoan, {
      contract_id: c.id,
      kind: 'bid',
      bank_id: banks[0]!.id,
      guarantee_no: 'BL-1',
      amount: '-1',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'amount',
      'expiry_date',
      'kind',
    ]);
    const body = {
      contract_id: c.id,
      kind: 'warranty',
      bank_id: banks[0]!.id,
      guarantee_no: 'BL-BH-1',
      amount: '50000000',
      expiry_date: '2028-01-01',
    };
    // another company's accountant neither sees the contract nor adds to it
    expect((await s.call('POST', '/api/contract-guarantee/create', ketoan2, body)).status).toBe(404);
    expect((await s.call('GET', `/api/contract-guarantee/list/${c.id}`, ketoan2)).status).toBe(404);
    const unknownBank = await s.call('POST', '/api/contract-guarantee/create', ketoan, {
      ...body,
      bank_id: 999999,
    });
    expect(unknownBank.status).toBe(400);
    expect(unknownBank.body.errors).toEqual([expect.objectContaining({ field: 'bank_id' })]);
    expect(await ok('GET', `/api/contract-guarantee/list/${c.id}`)).toEqual([]);
  });

  it('the retention’s former names (guarantee_*) are still read as the retention', async () => {
    const body = await f.contractInput({ guarantee_percent: '3', guarantee_release_date: '2027-01-01' });
    const c = await ok('POST', '/api/contract/create', body);
    expect(c).toMatchObject({ retention_percent: '3.00', retention_release_date: '2027-01-01' });
    expect(c).not.toHaveProperty('guarantee_percent');
    const both = await s.call('POST', '/api/contract/create', ketoan, {
      ...(await f.contractInput()),
      retention_amount: '1000000',
      guarantee_amount: '2000000',
    });
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual([{ field: 'guarantee_amount', message: 'alias_conflict' }]);
  });

  it('the migration moves today’s guarantee figures to the retention, history included', async () => {
    const c = await f.contract();
    const fixed = await f.contract();
    // the contracts as they were before it: the figures under their former names
    await queryRows(
      s.database.db,
      sql`alter table contract add column guarantee_percent numeric(5, 2),
            add column guarantee_amount numeric(18, 2), add column guarantee_release_date date`,
    );
    await queryRows(
      s.database.db,
      sql`update contract set guarantee_percent = 5, guarantee_amount = 55000000,
            guarantee_release_date = '2027-06-30', retention_percent = null, retention_amount = null,
            retention_release_date = null where id = ${c.id}`,
    );
    await queryRows(
      s.database.db,
      sql`update contract set guarantee_amount = 7000000, retention_amount = null where id = ${fixed.id}`,
    );
    await queryRows(
      s.database.db,
      sql`insert into record_history (entity, record_id, action, changes, user_name)
          values ('contract', ${c.id}, 'update',
            ${JSON.stringify({ guarantee_percent: { old: null, new: '5.00' }, note: { old: null, new: 'x' } })}::jsonb,
            'ketoan')`,
    );
    for (const file of [
      '0025_retention_takes_the_guarantee_figure.sql',
      '0026_contract_guarantee_columns_dropped.sql',
    ])
      for (const statement of statementsOf(file)) await s.database.db.execute(sql.raw(statement));

    expect(await ok('GET', `/api/contract/get/${c.id}`)).toMatchObject({
      retention_percent: '5.00',
      retention_effective: '55000000.00',
      retention_release_date: '2027-06-30',
    });
    expect(await summaryOf(c.id)).toMatchObject({ ceiling: '1045000000.00' });
    expect(await ok('GET', `/api/contract/get/${fixed.id}`)).toMatchObject({
      retention_percent: null,
      retention_effective: '7000000.00',
    });
    expect(await summaryOf(fixed.id)).toMatchObject({ ceiling: '1093000000.00' });
    const [moved] = await ok('GET', `/api/contract/history/${c.id}`);
    expect(moved.changes).toEqual({
      retention_percent: { old: null, new: '5.00' },
      note: { old: null, new: 'x' },
    });
  });

  it('an annex is written in the contract’s history with the value before and after', async () => {
    const c = await f.contract(); // 1,100,000,000 incl. VAT
    const annex = await ok('POST', '/api/contract-annex/create', {
      contract_id: c.id,
      annex_no: 'PL-01',
      amount: '385000000',
      signed_date: '2025-05-01',
    });
    const changed = await ok('PUT', `/api/contract-annex/update/${annex.id}`, {
      annex_no: 'PL-01',
      amount: '110000000',
      signed_date: '2025-05-01',
      version: annex.version,
    });
    await ok('PUT', `/api/contract-annex/update/${annex.id}`, {
      annex_no: 'PL-01',
      amount: '110000000',
      signed_date: '2025-05-01',
      note: 'Chỉ sửa nội dung',
      version: changed.version,
    });
    await ok('DELETE', `/api/contract-annex/delete/${annex.id}`, { version: changed.version + 1 });
    const history = await ok('GET', `/api/contract/history/${c.id}`);
    expect(history.map((h: Rec) => [h.action, h.changes])).toEqual([
      [
        'annex-remove',
        {
          annex: { old: 'PL-01', new: null },
          annex_amount: { old: '110000000.00', new: '0.00' },
          contract_value: { old: '1210000000.00', new: '1100000000.00' },
        },
      ],
      [
        'annex-update',
        {
          annex: { old: 'PL-01', new: 'PL-01' },
          annex_amount: { old: '385000000.00', new: '110000000.00' },
          contract_value: { old: '1485000000.00', new: '1210000000.00' },
        },
      ],
      [
        'annex-add',
        {
          annex: { old: null, new: 'PL-01' },
          annex_amount: { old: '0.00', new: '385000000.00' },
          contract_value: { old: '1100000000.00', new: '1485000000.00' },
        },
      ],
      ['create', expect.any(Object)],
    ]);
    // an annex refused writes nothing in the contract's history either
    const refused = await s.call('POST', '/api/contract-annex/create', ketoan, {
      contract_id: c.id,
      annex_no: 'PL-02',
      amount: '-2000000000',
      signed_date: '2025-06-01',
    });
    expect(refused.status).toBe(422);
    expect((await ok('GET', `/api/contract/history/${c.id}`)).length).toBe(history.length);
  });
});
