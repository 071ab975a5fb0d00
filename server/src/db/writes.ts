/**
 * The writes this process has made to the database, as one number that grows: what a value read
 * from the database and kept a while (a list's count near its limit) compares to know that nothing
 * it read may have changed through this server since (docs/adr/0118-a-count-near-the-limit-kept-until-a-write.md).
 *
 * The database clients (client.ts) tell each statement they send. A statement that writes rows —
 * an INSERT, UPDATE, DELETE, MERGE or TRUNCATE, alone or inside a WITH — moves the number once it
 * is done and its rows can be seen: a count that ran meanwhile is kept under the number of before,
 * and so not taken afterwards. A write alone that changed no row (its row count 0: a mail worker's
 * claim that found nothing) moves nothing. Inside a transaction the rows are seen by others only at
 * COMMIT: a write there moves the number once done (for the transaction's own later reads), and the
 * COMMIT of a transaction that sent a write moves it again once done. Writes by other
 * processes (another server, a console) are not seen: what is kept from them is bounded by its time.
 */

import { recentValues } from '../core/recent-values.ts';

let made = 0;

/** The number of writes this process has made; it only grows. */
export const writesMade = (): number => made;

/** Moves the number: rows may have changed. */
export function wrote(): void {
  made += 1;
}

/**
 * Values read from the database and kept while this process writes nothing (and `keptMs` at most,
 * for other processes' writes), per key and database handle, at most `kept` of them. `set` takes the
 * writes made before the value was read (`writesMade()` then): a write that finished meanwhile makes
 * it old at once.
 */
export function keptUntilWrite<V>(keptMs: number, kept: number) {
  const values = recentValues<{ value: V; writes: number }>(keptMs, kept);
  return {
    get(db: object, key: string): V | undefined {
      const hit = values.get(db, key);
      return hit && hit.writes === made ? hit.value : undefined;
    },
    set(db: object, key: string, value: V, writes: number): void {
      values.set(db, key, { value, writes });
    },
  };
}

/** A statement that changes rows, alone or in a WITH (`select … for update` locks, and writes nothing). */
const WRITES =
  /\b(insert\s+into|delete\s+from|merge\s+into|truncate)\b|\bupdate\s+("[^"]+"|\w+)(\s+(as\s+)?\w+)?\s+set\b/i;
/** A write alone: its result's row count is the rows it changed. */
const WRITE_ALONE = /^\s*\(?\s*(insert|update|delete|merge)\b/i;

/**
 * What a statement's text is, for the writes it makes: a write alone (`write`), one inside another
 * statement (`write-within`, a WITH), the ends of a transaction, or a read. Kept per text.
 */
export type StatementKind = 'write' | 'write-within' | 'begin' | 'commit' | 'rollback' | 'read';

const kinds = new Map<string, StatementKind>();
const KINDS_KEPT = 1024;

export function statementKind(text: string): StatementKind {
  let kind = kinds.get(text);
  if (kind === undefined) {
    kind = /^\s*(begin|start\s+transaction)\b/i.test(text)
      ? 'begin'
      : /^\s*(commit|end)\b/i.test(text)
        ? 'commit'
        : /^\s*(rollback|abort)\b(?!\s+to\b)/i.test(text)
          ? 'rollback'
          : WRITE_ALONE.test(text)
            ? 'write'
            : WRITES.test(text)
              ? 'write-within'
              : 'read';
    if (kinds.size >= KINDS_KEPT) kinds.delete(kinds.keys().next().value!);
    kinds.set(text, kind);
  }
  return kind;
}

/** The rows a result says its statement changed: node-postgres' `rowCount`, PGlite's `affectedRows`. */
function rowsChanged(result: unknown): number | undefined {
  const r = result as { rowCount?: unknown; affectedRows?: unknown } | null | undefined;
  const n = r?.rowCount ?? r?.affectedRows;
  return typeof n === 'number' ? n : undefined;
}

/** `then` once the statement is done, if it succeeded (the clients hand every statement's promise). */
function whenDone(result: unknown, then: (value: unknown) => void) {
  if (result && typeof (result as PromiseLike<unknown>).then === 'function')
    (result as PromiseLike<unknown>).then(then, () => {});
  else then(undefined);
}

/**
 * One connection's part: `sent` for each statement as it goes, with what running it answers (a
 * promise, when the driver gives one); moves the number as the module's comment says.
 */
export function connectionWrites() {
  let inTransaction = false;
  let wroteInTransaction = false;
  return {
    sent(text: string, result: () => unknown): unknown {
      const kind = statementKind(text);
      switch (kind) {
        case 'begin':
          inTransaction = true;
          wroteInTransaction = false;
          return result();
        case 'commit': {
          const done = result();
          if (wroteInTransaction) whenDone(done, wrote);
          inTransaction = false;
          wroteInTransaction = false;
          return done;
        }
        case 'rollback':
          inTransaction = false;
          wroteInTransaction = false;
          return result();
        case 'write':
        case 'write-within': {
          // in a transaction, others see its rows at the COMMIT, which moves the number again; the
          // transaction itself sees them at once (a page it reads after its write counts anew)
          if (inTransaction) wroteInTransaction = true;
          const done = result();
          whenDone(done, (value) => {
            if (inTransaction || kind === 'write-within' || rowsChanged(value) !== 0) wrote();
          });
          return done;
        }
        default:
          return result();
      }
    },
  };
}
