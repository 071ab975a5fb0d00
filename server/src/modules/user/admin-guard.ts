/**
 * The administrators' safety net: a change to users, roles, groups or their links that would leave
 * no active administrator, or take the acting administrator's own rights away, is refused (422).
 * Every such change runs under one advisory lock, so two administrators removing each other at
 * once cannot both pass the count.
 */
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { session } from '../../db/schema.ts';
import { isAdminSql } from '../../http/access-sql.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { unprocessable } from '../../http/errors.ts';

const ADMIN_GUARD_LOCK = 727010;

async function activeAdminCount(tx: Tx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from app_user u where u.status = 'O' and ${isAdminSql(sql.raw('u.id') as never)}`,
  );
  return row?.n ?? 0;
}

async function isActiveAdmin(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    tx,
    sql`select exists (select 1 from app_user u where u.id = ${userId} and u.status = 'O') and ${isAdminSql(userId)} as ok`,
  );
  return Boolean(row?.ok);
}

/** Taken before any change that may touch administrators: such changes run one at a time. */
export async function lockAdmins(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_GUARD_LOCK})`);
}

/**
 * After such a change, in its transaction: refused when it left no active administrator, or when
 * the acting user was an administrator and is not any more.
 */
export async function checkAdmins(tx: Tx, actor: CurrentUser) {
  if (actor.isAdmin && !(await isActiveAdmin(tx, actor.id))) {
    throw unprocessable('you cannot remove your own administrator rights', 'admin_own_rights');
  }
  if ((await activeAdminCount(tx)) === 0) {
    throw unprocessable('this would leave no active administrator', 'admin_last');
  }
}

/** Runs `change` between `lockAdmins` and `checkAdmins`. */
export async function guardAdmins<T>(tx: Tx, actor: CurrentUser, change: () => Promise<T>): Promise<T> {
  await lockAdmins(tx);
  const result = await change();
  await checkAdmins(tx, actor);
  return result;
}

/** Ends every session of a user: the next request signs in again. */
export async function endSessions(tx: Tx, userId: number) {
  await tx
    .update(session)
    .set({ revoked_at: new Date() })
    .where(and(eq(session.user_id, userId), sql`${session.revoked_at} is null`));
}
