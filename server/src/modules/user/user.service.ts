/**
 * Users' reads and writes behind the routes of user.routes.ts (docs/product.md#users): the picker's
 * list, the unlock line, create and reset with a given or generated password, the direct roles and
 * groups, and what a user's roles give. Changes to links pass through `guardAdmins`.
 */
import crypto from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { resetPasswordSchema, userCreateSchema } from '@sitepay/domain/admin.schema';
import { passwordProblem } from '@sitepay/domain/password-rules';
import { capacityRight } from '@sitepay/domain/payment-workflow';
import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { accessHistory, appGroup, appUser, department, role, userGroup, userRole } from '../../db/schema.ts';
import { endpointAllowed, scopeConstructionIds, userRoleIds } from '../../http/access-sql.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { fieldError, notFound, staleVersion } from '../../http/errors.ts';
import { writeHistory } from '../../http/record-history.ts';
import type { Row } from '../../http/record-kind.ts';
import { createRecord, findRecord, outer, toRecord } from '../../http/records.ts';
import { enqueueMail } from '../mail/mail.outbox.ts';
import { resetPasswordMail } from '../mail/mail.templates.ts';
import { endSessions, guardAdmins } from './admin-guard.ts';
import { sharesCompany, userKind } from './user.resource.ts';

const u = appUser;

/** The endpoint whose right makes a user an approver (as payment.workflow.ts `rightsOf` reads it). */
const approverRight = capacityRight('approver');

/**
 * Who may be named head of unit ("Thủ trưởng đơn vị") of a request on a construction: an active
 * user with the right to accept requests whose scope holds that construction — who, named, becomes
 * its approver (payment.workflow.ts `isApproverOf`). An administrator is offered only when his
 * roles carry that scope too: administrators approve everything without being named.
 */
const mayApproveOn = (constructionId: number) => sql`(
  ${endpointAllowed(userRoleIds(outer(u.id) as never), approverRight.method, approverRight.endpoint)}
  and ${constructionId} in (${scopeConstructionIds(outer(u.id) as never)}))`;

/** A password for a person to type once and change: 12 characters, no look-alikes. */
export function generatePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.randomBytes(12);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** The active users a picker offers the caller (`approverOf`: see `mayApproveOn`). */
function pickable(user: CurrentUser, approverOf: number | undefined) {
  const seen = user.isAdmin ? undefined : sharesCompany(user);
  if (approverOf === undefined) return and(eq(u.status, 'O'), seen);
  const visible = user.isAdmin ? undefined : sql`${approverOf} in (${scopeConstructionIds(user.id)})`;
  return and(eq(u.status, 'O'), seen, visible, mayApproveOn(approverOf));
}

/** The picker's users, with their department, by name. */
export function userOptions(db: Db, user: CurrentUser, approverOf: number | undefined) {
  return db
    .select({
      id: appUser.id,
      user_name: appUser.user_name,
      full_name: appUser.full_name,
      department_id: appUser.department_id,
      department_name: department.name,
    })
    .from(appUser)
    .leftJoin(department, eq(department.id, appUser.department_id))
    .where(pickable(user, approverOf))
    .orderBy(asc(appUser.full_name), asc(appUser.user_name))
    .limit(5000);
}

/** Writes the unlock line of a live user's access history: failures before it no longer count. */
export async function unlockUser(
  db: Db,
  id: number,
  meta: { address: string | null; user_agent: string | null },
) {
  const [user] = await db
    .select({ id: appUser.id, user_name: appUser.user_name })
    .from(appUser)
    .where(and(eq(appUser.id, id), ne(appUser.status, 'D')));
  if (!user) throw notFound('user');
  await db.insert(accessHistory).values({
    user_id: user.id,
    user_name: user.user_name,
    type: 'unlock',
    result: 'success',
    ...meta,
  });
}

/** Creates a user with the given password (checked) or a generated one, answered only when generated. */
export async function createUser(db: Db, body: z.infer<typeof userCreateSchema>, actor: CurrentUser) {
  const { password, ...input } = body;
  const problem = password && passwordProblem(password, input.user_name);
  if (problem) throw fieldError('password', problem);
  const chosen = password ?? generatePassword();
  const password_hash = await hash(chosen);
  // set by someone else: good for one sign-in, which must change it (http/auth.ts)
  const created = await db.transaction((tx) =>
    createRecord(
      tx,
      userKind,
      { ...input, password_hash, must_change_password: true } as unknown as Row,
      actor,
    ),
  );
  return { ...created, generated_password: password ? null : chosen };
}

/**
 * Sets a user's password (given, or generated and answered once), to be changed at the next
 * sign-in; ends his sessions and mails him when he has an address.
 */
export async function resetPassword(
  db: Db,
  id: number,
  body: z.infer<typeof resetPasswordSchema>,
  actor: CurrentUser,
) {
  const chosen = body.password ?? generatePassword();
  const password_hash = await hash(chosen);
  const updated = await db.transaction(async (tx) => {
    const existing = await findRecord(tx, userKind, id, actor, true);
    if (existing.version !== body.version) throw staleVersion();
    const problem = body.password && passwordProblem(body.password, String(existing.user_name));
    if (problem) throw fieldError('password', problem);
    const [row] = await tx
      .update(u)
      .set({
        password_hash,
        must_change_password: true,
        version: sql`${u.version} + 1`,
        updated_at: new Date(),
        updated_by: actor.user_name,
      })
      .where(and(eq(u.id, id), eq(u.version, body.version)))
      .returning();
    if (!row) throw staleVersion();
    await writeHistory(
      tx,
      userKind,
      row.id,
      'reset-password',
      { password: { old: '***', new: '***' } },
      actor,
    );
    await endSessions(tx, row.id);
    if (row.email) {
      await enqueueMail(tx, {
        key: `reset_password:${row.id}:${row.version}`,
        event: 'reset_password',
        to: row.email,
        ...resetPasswordMail({ user_name: row.user_name, full_name: row.full_name }),
      });
    }
    return toRecord(await findRecord(tx, userKind, row.id, actor));
  });
  return { ...updated, generated_password: body.password ? null : chosen };
}

/** Refuses (404) a user that does not exist or is deleted. */
async function userExists(db: Db, id: number) {
  const [row] = await db
    .select({ id: u.id })
    .from(u)
    .where(and(eq(u.id, id), ne(u.status, 'D')));
  if (!row) throw notFound('user');
}

/**
 * A role as the user's page lists it; `scope`: it carries a company, project or construction — a
 * data scope, listed and given apart from the rights roles (docs/adr/0002-data-scope-and-404-outside-it.md).
 */
const roleColumns = {
  id: role.id,
  code: role.code,
  name: role.name,
  status: role.status,
  scope: sql<boolean>`(${role.company_id} is not null or ${role.project_id} is not null or ${role.construction_id} is not null)`,
};

/** The live roles given to a user directly. */
export async function rolesOf(db: Db, userId: number) {
  await userExists(db, userId);
  return db
    .select(roleColumns)
    .from(userRole)
    .innerJoin(role, eq(role.id, userRole.role_id))
    .where(and(eq(userRole.user_id, userId), ne(role.status, 'D')))
    .orderBy(asc(role.priority), asc(role.code));
}

/** The active roles a user has not been given directly. */
export async function rolesNotOf(db: Db, userId: number) {
  await userExists(db, userId);
  return db
    .select(roleColumns)
    .from(role)
    .where(
      and(
        eq(role.status, 'O'),
        notInArray(
          role.id,
          db.select({ id: userRole.role_id }).from(userRole).where(eq(userRole.user_id, userId)),
        ),
      ),
    )
    .orderBy(asc(role.priority), asc(role.code));
}

/** The live groups a user belongs to directly. */
export async function groupsOf(db: Db, userId: number) {
  await userExists(db, userId);
  return db
    .select({ id: appGroup.id, code: appGroup.code, name: appGroup.name, status: appGroup.status })
    .from(userGroup)
    .innerJoin(appGroup, eq(appGroup.id, userGroup.group_id))
    .where(and(eq(userGroup.user_id, userId), ne(appGroup.status, 'D')))
    .orderBy(asc(appGroup.priority), asc(appGroup.code));
}

/** The active groups a user does not belong to directly. */
export async function groupsNotOf(db: Db, userId: number) {
  await userExists(db, userId);
  return db
    .select({ id: appGroup.id, code: appGroup.code, name: appGroup.name, status: appGroup.status })
    .from(appGroup)
    .where(
      and(
        eq(appGroup.status, 'O'),
        notInArray(
          appGroup.id,
          db.select({ id: userGroup.group_id }).from(userGroup).where(eq(userGroup.user_id, userId)),
        ),
      ),
    )
    .orderBy(asc(appGroup.priority), asc(appGroup.code));
}

/** Adds or removes the link between a user and a role or group (an insert or delete, what it changed). */
function writeLink(tx: Tx, what: 'role' | 'group', adding: boolean, userId: number, otherId: number) {
  if (what === 'role') {
    return adding
      ? tx.insert(userRole).values({ user_id: userId, role_id: otherId }).onConflictDoNothing().returning()
      : tx
          .delete(userRole)
          .where(and(eq(userRole.user_id, userId), eq(userRole.role_id, otherId)))
          .returning();
  }
  return adding
    ? tx.insert(userGroup).values({ user_id: userId, group_id: otherId }).onConflictDoNothing().returning()
    : tx
        .delete(userGroup)
        .where(and(eq(userGroup.user_id, userId), eq(userGroup.group_id, otherId)))
        .returning();
}

/** Adds or removes one link of a user, bumping the user's version and writing its history. */
export function changeUserLink(
  db: Db,
  what: 'role' | 'group',
  adding: boolean,
  userId: number,
  otherId: number,
  actor: CurrentUser,
) {
  return db.transaction((tx) =>
    guardAdmins(tx, actor, async () => {
      const user = await findRecord(tx, userKind, userId, actor, true);
      const target = what === 'role' ? role : appGroup;
      const [other] = await tx
        .select({ id: target.id, code: target.code, status: target.status })
        .from(target)
        .where(and(eq(target.id, otherId), ne(target.status, 'D')));
      if (!other) throw notFound(what);
      if (adding && other.status !== 'O') throw notFound(what);
      const changed = await writeLink(tx, what, adding, user.id, other.id);
      if (changed.length) {
        await tx
          .update(u)
          .set({ version: sql`${u.version} + 1`, updated_at: new Date(), updated_by: actor.user_name })
          .where(eq(u.id, user.id));
        const field = what === 'role' ? 'roles' : 'groups';
        await writeHistory(
          tx,
          userKind,
          user.id,
          adding ? `add-${what}` : `remove-${what}`,
          { [field]: adding ? { old: null, new: other.code } : { old: other.code, new: null } },
          actor,
        );
      }
      return toRecord(await findRecord(tx, userKind, user.id, actor));
    }),
  );
}

/** The active menus a user's roles give (every menu for an administrator), in the drawer's order. */
export async function menusOf(db: Db, userId: number) {
  await userExists(db, userId);
  return queryRows<{ id: number; name: string; title: string; title_en: string; path: string }>(
    db,
    sql`select m.id, m.name, m.title, m.title_en, m.path from menu m
      where m.status = 'O' and (
        exists (select 1 from role r where r.code = 'ROLE_ADMIN' and r.id in (${userRoleIds(userId)}))
        or m.id in (select rm.menu_id from role_menu rm where rm.role_id in (${userRoleIds(userId)})))
      order by m.sort_order, m.id`,
  );
}

/** The active privileges a user's roles give. */
export async function privilegesOf(db: Db, userId: number) {
  await userExists(db, userId);
  return queryRows<{ id: number; code: string; name: string }>(
    db,
    sql`select p.id, p.code, p.name from privilege p
      where p.status = 'O' and p.id in (select rp.privilege_id from role_privilege rp where rp.role_id in (${userRoleIds(userId)}))
      order by p.code`,
  );
}
