/**
 * What the database clients tell of the statements they send (src/db/writes.ts): which statements
 * write rows, and when the count of writes moves — once a write that changed rows is done, and at
 * the COMMIT of a transaction that wrote, when others can see its rows.
 */
import { describe, expect, it } from 'vitest';
import { connectionWrites, statementKind, writesMade } from '../src/db/writes.ts';

/** A statement's answer, as node-postgres (`rowCount`) or PGlite (`affectedRows`) gives it. */
const answer = (rows: number, driver: 'pg' | 'pglite' = 'pg') =>
  Promise.resolve(driver === 'pg' ? { rowCount: rows, rows: [] } : { affectedRows: rows, rows: [] });
/** Lets the handlers of settled promises run. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the writes a connection makes', () => {
  it('tells writes from reads, alone or inside a WITH, and the ends of transactions', () => {
    const alone = [
      'insert into "payment_transaction" ("amount") values ($1)',
      'update "payment_transaction" set "status" = $1 where "id" = $2',
      'UPDATE payment_transaction p SET amount = 2500 WHERE p.id = 1',
      'delete from "contract_annex" where "id" = $1',
      '  (insert into x select 1)',
      'merge into t using s on t.id = s.id when matched then update set v = s.v',
    ];
    for (const text of alone) expect(statementKind(text), text).toBe('write');
    const within = [
      'with moved as (update "contract" set "status" = \'D\' returning id) select count(*) from moved',
      'with gone as (delete from t where id = 1 returning id) select id from gone',
      'truncate table access_history',
    ];
    for (const text of within) expect(statementKind(text), text).toBe('write-within');
    const reads = [
      'select "id", "updated_at" from "payment_transaction" where "id" = $1',
      'select * from "payment_transaction" where "id" = $1 for update',
      'select * from payment_transaction where id = 1 for update of payment_transaction skip locked',
      'with roles as materialized (select id from role) select exists (select 1 from roles)',
      'select count(*)::int from (select 1 from "payment_transaction" where "last_update" > $1 limit 2001) matching',
      'savepoint sp1',
      'rollback to savepoint sp1',
      'release savepoint sp1',
    ];
    for (const text of reads) expect(statementKind(text), text).toBe('read');
    expect(statementKind('begin')).toBe('begin');
    expect(statementKind('BEGIN ISOLATION LEVEL SERIALIZABLE')).toBe('begin');
    expect(statementKind('commit')).toBe('commit');
    expect(statementKind('rollback')).toBe('rollback');
  });

  it('moves the count once a write that changed rows is done; reads, and writes that changed nothing, do not', async () => {
    const connection = connectionWrites();
    const start = writesMade();
    await connection.sent('select 1', () => answer(1));
    await settled();
    expect(writesMade()).toBe(start);

    let finish!: (value: unknown) => void;
    const done = connection.sent('update t set v = 1', () => new Promise((r) => (finish = r)));
    // in flight: a count that starts now may not see its rows, and is kept under the number before
    await settled();
    expect(writesMade()).toBe(start);
    finish({ rowCount: 1 });
    await done;
    await settled();
    expect(writesMade()).toBe(start + 1);

    // a claim that found nothing, on either driver, and a write refused: nothing changed
    await connection.sent('update mail_outbox set state = $1 where id in (select 1)', () => answer(0));
    await connection.sent('delete from t where id = 0', () => answer(0, 'pglite'));
    await expect(
      connection.sent('insert into t values (1)', () => Promise.reject(new Error('refused'))),
    ).rejects.toThrow();
    await settled();
    expect(writesMade()).toBe(start + 1);
    // PGlite's answer says what it changed too; a write within a WITH moves it whatever its answer counts
    await connection.sent('insert into t values (2)', () => answer(1, 'pglite'));
    await connection.sent('with x as (update t set v = 2 returning id) select count(*) from x', () =>
      answer(0),
    );
    await settled();
    expect(writesMade()).toBe(start + 3);
  });

  it('moves the count when a transaction that wrote commits, whatever happened to its savepoints', async () => {
    const connection = connectionWrites();
    await connection.sent('begin', () => answer(0));
    await connection.sent('update t set v = 1', () => answer(1));
    await connection.sent('savepoint sp', () => answer(0));
    await connection.sent('rollback to savepoint sp', () => answer(0));
    await settled();
    // not before the COMMIT: others cannot see the rows yet
    const beforeCommit = writesMade();
    let commit!: (value: unknown) => void;
    const committed = connection.sent('commit', () => new Promise((r) => (commit = r)));
    await settled();
    expect(writesMade()).toBe(beforeCommit);
    commit({ rowCount: null });
    await committed;
    await settled();
    expect(writesMade()).toBe(beforeCommit + 1);

    // a transaction that only read, or that wrote and was rolled back, moves nothing at its end
    await connection.sent('begin', () => answer(0));
    await connection.sent('select 1', () => answer(1));
    await connection.sent('commit', () => answer(0));
    await settled();
    expect(writesMade()).toBe(beforeCommit + 1);
    await connection.sent('begin', () => answer(0));
    await connection.sent('insert into t values (1)', () => answer(1));
    await settled();
    // done inside the transaction: its own later reads see the row, and take nothing kept before
    expect(writesMade()).toBe(beforeCommit + 2);
    await connection.sent('rollback', () => answer(0));
    await connection.sent('begin', () => answer(0));
    await connection.sent('commit', () => answer(0));
    await settled();
    expect(writesMade()).toBe(beforeCommit + 2);
  });
});
