/**
 * Login throttling, read from the access history so that it holds across server instances and
 * restarts (docs/adr/0006-login-throttle-per-user-and-address.md). Failed sign-ins slow the attacker, not the user:
 *
 * - Per user name *and* address: at most `maxFailuresPerUser` failures in the window; then that
 *   address gets 429 with Retry-After for that user until the oldest of them leaves the window. The
 *   same user from another address still signs in.
 * - Per user name, across addresses: at most `maxFailuresPerUserAnywhere` (much higher) failures in
 *   the window, for a guessing spread over many addresses; then the user is locked everywhere until
 *   the oldest leaves the window. An administrator's unlock (an `unlock` line in the history) starts
 *   both counts afresh.
 * - Per address: at most `maxAttemptsPerAddress` failures in the window — but a user who has signed
 *   in successfully from that address in the last 30 days is never stopped by it, so one office
 *   behind one NAT address is not locked out by a colleague's (or an attacker's) failures.
 * - Refused attempts are written to the history as `locked`, which does not count: hammering a
 *   locked account does not extend its lock.
 * - Atomic: an attempt takes an advisory lock on its user name and address, checks, and writes its
 *   own `fail` line *before* the password is verified (turned into `success` if it is right), so 40
 *   concurrent wrong passwords are counted one after the other and at most the limit are checked.
 */
import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config/config.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { accessHistory } from '../../db/schema.ts';

export type Attempt = { userName: string; address: string | null; userAgent: string | null };
export type Reservation = { id: number } | { retryAfter: number };

const KNOWN_ADDRESS_DAYS = 30;

/**
 * Checks the limits and, when the attempt may go on, writes its `fail` line; else a `locked` line.
 * The window ends at `clock`'s now: the database's in production (clock.ts).
 */
export async function reserveAttempt(
  db: Db,
  a: Attempt,
  limits: Config['loginThrottle'],
  clock: Clock,
): Promise<Reservation> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727003, hashtext(lower(${a.userName})))`);
    if (a.address) await tx.execute(sql`select pg_advisory_xact_lock(727004, hashtext(${a.address}))`);
    const window = `${limits.windowSeconds} seconds`;
    const now = clock.now();
    const [row] = await queryRows<{
      by_pair: number;
      pair_oldest: number | null;
      by_user: number;
      user_oldest: number | null;
      by_address: number;
      address_oldest: number | null;
      known: boolean;
    }>(
      tx,
      sql`with unlocked as (
            select max(h.at) as at from ${accessHistory} h
            where h.type = 'unlock' and lower(h.user_name) = lower(${a.userName})),
          user_fails as (
            select h.at, h.address from ${accessHistory} h
            where h.type = 'login' and h.result = 'fail' and lower(h.user_name) = lower(${a.userName})
              and h.at > ${now} - ${window}::interval
              and h.at > coalesce((select at from unlocked), '-infinity')),
          pair_fails as (
            select at from user_fails where address is not distinct from ${a.address}::varchar),
          address_fails as (
            select h.at from ${accessHistory} h
            where h.type = 'login' and h.result = 'fail' and h.address = ${a.address}
              and h.at > ${now} - ${window}::interval)
          select (select count(*)::int from pair_fails) as by_pair,
            (select extract(epoch from min(at) + ${window}::interval - ${now})::int from pair_fails) as pair_oldest,
            (select count(*)::int from user_fails) as by_user,
            (select extract(epoch from min(at) + ${window}::interval - ${now})::int from user_fails) as user_oldest,
            (select count(*)::int from address_fails) as by_address,
            (select extract(epoch from min(at) + ${window}::interval - ${now})::int from address_fails) as address_oldest,
            exists (select 1 from ${accessHistory} h
              where h.type = 'login' and h.result = 'success' and lower(h.user_name) = lower(${a.userName})
                and h.address = ${a.address} and h.at > ${now} - ${`${KNOWN_ADDRESS_DAYS} days`}::interval) as known`,
    );
    let retryAfter = 0;
    if ((row?.by_user ?? 0) >= limits.maxFailuresPerUserAnywhere)
      retryAfter = Math.max(1, row?.user_oldest ?? 1);
    else if ((row?.by_pair ?? 0) >= limits.maxFailuresPerUser)
      retryAfter = Math.max(1, row?.pair_oldest ?? 1);
    else if (!row?.known && (row?.by_address ?? 0) >= limits.maxAttemptsPerAddress)
      retryAfter = Math.max(1, row?.address_oldest ?? 1);
    const [line] = await tx
      .insert(accessHistory)
      .values({
        user_name: a.userName,
        type: 'login',
        result: retryAfter ? 'locked' : 'fail',
        address: a.address,
        user_agent: a.userAgent,
      })
      .returning({ id: accessHistory.id });
    return retryAfter ? { retryAfter } : { id: line!.id };
  });
}
