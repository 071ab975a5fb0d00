/**
 * Users (docs/product.md#users): the list a picker offers, and the administration — create with a
 * given or generated password, update, activate and deactivate (ending the sessions), soft delete,
 * reset password, direct roles and groups, and what a user's roles give (menus, privileges). Rights
 * are read from the database on every request (server/src/http/auth.ts), so a change applies to
 * the user's next request. Changes that touch administrators pass through `guardAdmins`.
 */
import crypto from 'node:crypto';
import { hash } from '@node-rs/argon2';
import {
  resetPasswordAnswerSchema,
  resetPasswordSchema,
  userCreatedSchema,
  userCreateSchema,
  userGroupBodySchema,
  userRoleBodySchema,
  userSchema,
} from '@sitepay/domain/admin.schema';
import { idParam, idParamsSchema, pageSchema, pagingQuerySchema } from '@sitepay/domain/common.schema';
import { passwordProblem } from '@sitepay/domain/password-rules';
import { capacityRight } from '@sitepay/domain/payment-workflow';
import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows } from '../../db/client.ts';
import { accessHistory, appGroup, appUser, department, role, userGroup, userRole } from '../../db/schema.ts';
import { endpointAllowed, scopeConstructionIds, userRoleIds } from '../../http/access-sql.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { currentUser } from '../../http/auth.ts';
import { fieldError, notFound, staleVersion } from '../../http/errors.ts';
import { writeHistory } from '../../http/record-history.ts';
import type { Row } from '../../http/record-kind.ts';
import { listRecords } from '../../http/record-reads.ts';
import { createRecord, findRecord, outer, toRecord } from '../../http/records.ts';
import { requestMeta } from '../../http/request-meta.ts';
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

const roleOut = z.object({ id: z.number(), code: z.string(), name: z.string(), status: z.string() });
const groupOut = roleOut;
const menuOut = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  title_en: z.string(),
  path: z.string(),
});
const privilegeOut = z.object({ id: z.number(), code: z.string(), name: z.string() });

const userOption = z.object({
  id: z.number(),
  user_name: z.string(),
  full_name: z.string().nullable(),
  department_id: z.number().nullable(),
  department_name: z.string().nullable(),
});

/** `approverOf`: a construction's id; the picker then offers who may head a request on it. */
const userPickerQuery = z.object({ approverOf: idParam.optional() });

/** The active users a picker offers the caller (`approverOf`: see `mayApproveOn`). */
function pickable(user: CurrentUser, approverOf: number | undefined) {
  const seen = user.isAdmin ? undefined : sharesCompany(user);
  if (approverOf === undefined) return and(eq(u.status, 'O'), seen);
  const visible = user.isAdmin ? undefined : sql`${approverOf} in (${scopeConstructionIds(user.id)})`;
  return and(eq(u.status, 'O'), seen, visible, mayApproveOn(approverOf));
}

export function registerUserRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/user/list/all',
    {
      config: {
        // pickers: a department's director, a payment request's head of unit
        menus: [
          'user',
          'user-view',
          'department-create',
          'department-update',
          'department-view',
          'payment-create',
          'payment-update',
          'payment-view',
        ],
      },
      schema: { tags: ['user'], querystring: userPickerQuery, response: { 200: z.array(userOption) } },
    },
    (req) =>
      app.db
        .select({
          id: appUser.id,
          user_name: appUser.user_name,
          full_name: appUser.full_name,
          department_id: appUser.department_id,
          department_name: department.name,
        })
        .from(appUser)
        .leftJoin(department, eq(department.id, appUser.department_id))
        .where(pickable(currentUser(req), req.query.approverOf))
        .orderBy(asc(appUser.full_name), asc(appUser.user_name))
        .limit(5000),
  );

  // An administrator lifts a user's login lock: failures before this line no longer count.
  r.post(
    '/api/admin/user/unlock/:id',
    {
      config: { menus: ['user-update'] },
      schema: { tags: ['user'], params: idParamsSchema, response: { 200: z.object({ ok: z.boolean() }) } },
    },
    async (req) => {
      const [user] = await app.db
        .select({ id: appUser.id, user_name: appUser.user_name })
        .from(appUser)
        .where(and(eq(appUser.id, req.params.id), ne(appUser.status, 'D')));
      if (!user) throw notFound('user');
      await app.db.insert(accessHistory).values({
        user_id: user.id,
        user_name: user.user_name,
        type: 'unlock',
        result: 'success',
        ...requestMeta(req),
      });
      return { ok: true };
    },
  );

  // ---------------------------------------------------------------- administration
  const adminMenus = { read: ['user', 'user-view'], create: ['user-create'], update: ['user-update'] };
  // (deactivate and delete pass the administrators' guard through the kind's status hooks)

  // the screens' common spelling of the list, beside SPEC's list/paging
  r.get(
    '/api/admin/user/paging',
    {
      config: { menus: adminMenus.read },
      schema: { tags: ['user'], querystring: pagingQuerySchema, response: { 200: pageSchema(userSchema) } },
    },
    (req) => listRecords(app.db, userKind, req.query as never, currentUser(req)) as never,
  );

  r.post(
    '/api/admin/user/create',
    {
      config: { menus: adminMenus.create },
      schema: { tags: ['user'], body: userCreateSchema, response: { 200: userCreatedSchema } },
    },
    async (req) => {
      const { password, ...input } = req.body;
      const problem = password && passwordProblem(password, input.user_name);
      if (problem) throw fieldError('password', problem);
      const chosen = password ?? generatePassword();
      const password_hash = await hash(chosen);
      // set by someone else: good for one sign-in, which must change it (http/auth.ts)
      const created = await app.db.transaction((tx) =>
        createRecord(
          tx,
          userKind,
          { ...input, password_hash, must_change_password: true } as unknown as Row,
          currentUser(req),
        ),
      );
      return { ...created, generated_password: password ? null : chosen } as never;
    },
  );

  r.patch(
    '/api/admin/user/reset/:id',
    {
      config: { menus: adminMenus.update },
      schema: {
        tags: ['user'],
        params: idParamsSchema,
        body: resetPasswordSchema,
        response: { 200: resetPasswordAnswerSchema },
      },
    },
    async (req) => {
      const actor = currentUser(req);
      const chosen = req.body.password ?? generatePassword();
      const password_hash = await hash(chosen);
      const updated = await app.db.transaction(async (tx) => {
        const existing = await findRecord(tx, userKind, req.params.id, actor, true);
        if (existing.version !== req.body.version) throw staleVersion();
        const problem = req.body.password && passwordProblem(req.body.password, String(existing.user_name));
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
          .where(and(eq(u.id, req.params.id), eq(u.version, req.body.version)))
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
      return { ...updated, generated_password: req.body.password ? null : chosen } as never;
    },
  );

  const userExists = async (id: number) => {
    const [row] = await app.db
      .select({ id: u.id })
      .from(u)
      .where(and(eq(u.id, id), ne(u.status, 'D')));
    if (!row) throw notFound('user');
  };

  // Roles and groups given to a user directly; `not-…` lists what can still be given.
  r.get(
    '/api/admin/user/roles/:id',
    {
      config: { menus: adminMenus.read },
      schema: { tags: ['user'], params: idParamsSchema, response: { 200: z.array(roleOut) } },
    },
    async (req) => {
      await userExists(req.params.id);
      return app.db
        .select({ id: role.id, code: role.code, name: role.name, status: role.status })
        .from(userRole)
        .innerJoin(role, eq(role.id, userRole.role_id))
        .where(and(eq(userRole.user_id, req.params.id), ne(role.status, 'D')))
        .orderBy(asc(role.priority), asc(role.code));
    },
  );
  r.get(
    '/api/admin/user/not-roles/:id',
    {
      config: { menus: adminMenus.update },
      schema: { tags: ['user'], params: idParamsSchema, response: { 200: z.array(roleOut) } },
    },
    async (req) => {
      await userExists(req.params.id);
      return app.db
        .select({ id: role.id, code: role.code, name: role.name, status: role.status })
        .from(role)
        .where(
          and(
            eq(role.status, 'O'),
            notInArray(
              role.id,
              app.db
                .select({ id: userRole.role_id })
                .from(userRole)
                .where(eq(userRole.user_id, req.params.id)),
            ),
          ),
        )
        .orderBy(asc(role.priority), asc(role.code));
    },
  );
  r.get(
    '/api/admin/user/groups/:id',
    {
      config: { menus: adminMenus.read },
      schema: { tags: ['user'], params: idParamsSchema, response: { 200: z.array(groupOut) } },
    },
    async (req) => {
      await userExists(req.params.id);
      return app.db
        .select({ id: appGroup.id, code: appGroup.code, name: appGroup.name, status: appGroup.status })
        .from(userGroup)
        .innerJoin(appGroup, eq(appGroup.id, userGroup.group_id))
        .where(and(eq(userGroup.user_id, req.params.id), ne(appGroup.status, 'D')))
        .orderBy(asc(appGroup.priority), asc(appGroup.code));
    },
  );
  r.get(
    '/api/admin/user/not-groups/:id',
    {
      config: { menus: adminMenus.update },
      schema: { tags: ['user'], params: idParamsSchema, response: { 200: z.array(groupOut) } },
    },
    async (req) => {
      await userExists(req.params.id);
      return app.db
        .select({ id: appGroup.id, code: appGroup.code, name: appGroup.name, status: appGroup.status })
        .from(appGroup)
        .where(
          and(
            eq(appGroup.status, 'O'),
            notInArray(
              appGroup.id,
              app.db
                .select({ id: userGroup.group_id })
                .from(userGroup)
                .where(eq(userGroup.user_id, req.params.id)),
            ),
          ),
        )
        .orderBy(asc(appGroup.priority), asc(appGroup.code));
    },
  );

  /** Adds or removes one link of a user, bumping the user's version and writing its history. */
  const changeLink =
    (what: 'role' | 'group', adding: boolean) =>
    async (
      req: { params: { id: number }; body: { roleId?: number; groupId?: number } },
      actor: ReturnType<typeof currentUser>,
    ) => {
      const otherId = (what === 'role' ? req.body.roleId : req.body.groupId)!;
      return app.db.transaction((tx) =>
        guardAdmins(tx, actor, async () => {
          const user = await findRecord(tx, userKind, req.params.id, actor, true);
          const target = what === 'role' ? role : appGroup;
          const [other] = await tx
            .select({ id: target.id, code: target.code, status: target.status })
            .from(target)
            .where(and(eq(target.id, otherId), ne(target.status, 'D')));
          if (!other) throw notFound(what);
          if (adding && other.status !== 'O') throw notFound(what);
          const changed =
            what === 'role'
              ? adding
                ? await tx
                    .insert(userRole)
                    .values({ user_id: user.id, role_id: other.id })
                    .onConflictDoNothing()
                    .returning()
                : await tx
                    .delete(userRole)
                    .where(and(eq(userRole.user_id, user.id), eq(userRole.role_id, other.id)))
                    .returning()
              : adding
                ? await tx
                    .insert(userGroup)
                    .values({ user_id: user.id, group_id: other.id })
                    .onConflictDoNothing()
                    .returning()
                : await tx
                    .delete(userGroup)
                    .where(and(eq(userGroup.user_id, user.id), eq(userGroup.group_id, other.id)))
                    .returning();
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
    };
  for (const [what, body] of [
    ['role', userRoleBodySchema],
    ['group', userGroupBodySchema],
  ] as const) {
    const path = `/api/admin/user/${what}s/:id`;
    for (const adding of [true, false]) {
      const handler = changeLink(what, adding);
      r.route({
        method: adding ? 'PATCH' : 'DELETE',
        url: path,
        config: { menus: adminMenus.update },
        schema: { tags: ['user'], params: idParamsSchema, body, response: { 200: userSchema } },
        handler: (req) => handler(req as never, currentUser(req)) as never,
      });
    }
  }

  // What the user's roles give, through every role (direct and through groups).
  r.get(
    '/api/admin/user/menus/:id',
    {
      config: { menus: adminMenus.read },
      schema: { tags: ['user'], params: idParamsSchema, response: { 200: z.array(menuOut) } },
    },
    async (req) => {
      await userExists(req.params.id);
      return queryRows(
        app.db,
        sql`select m.id, m.name, m.title, m.title_en, m.path from menu m
          where m.status = 'O' and (
            exists (select 1 from role r where r.code = 'ROLE_ADMIN' and r.id in (${userRoleIds(req.params.id)}))
            or m.id in (select rm.menu_id from role_menu rm where rm.role_id in (${userRoleIds(req.params.id)})))
          order by m.sort_order, m.id`,
      );
    },
  );
  r.get(
    '/api/admin/user/privileges/:id',
    {
      config: { menus: adminMenus.read },
      schema: { tags: ['user'], params: idParamsSchema, response: { 200: z.array(privilegeOut) } },
    },
    async (req) => {
      await userExists(req.params.id);
      return queryRows(
        app.db,
        sql`select p.id, p.code, p.name from privilege p
          where p.status = 'O' and p.id in (select rp.privilege_id from role_privilege rp where rp.role_id in (${userRoleIds(req.params.id)}))
          order by p.code`,
      );
    },
  );
}
