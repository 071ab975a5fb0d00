/**
 * Users (docs/product.md#users): the list a picker offers, and the administration — create with a
 * given or generated password, update, activate and deactivate (ending the sessions), soft delete,
 * reset password, direct roles and groups, and what a user's roles give (menus, privileges). Rights
 * are read from the database on every request (server/src/http/auth.ts), so a change applies to
 * the user's next request. Changes that touch administrators pass through `guardAdmins`. The reads
 * and writes behind these routes are in user.service.ts.
 */
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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth.ts';
import { listRecords } from '../../http/record-reads.ts';
import { requestMeta } from '../../http/request-meta.ts';
import { userKind } from './user.resource.ts';
import {
  changeUserLink,
  createUser,
  groupsNotOf,
  groupsOf,
  menusOf,
  privilegesOf,
  resetPassword,
  rolesNotOf,
  rolesOf,
  unlockUser,
  userOptions,
} from './user.service.ts';

const groupOut = z.object({ id: z.number(), code: z.string(), name: z.string(), status: z.string() });
/** `scope`: the role carries a company, project or construction (a data scope, not rights). */
const roleOut = groupOut.extend({ scope: z.boolean() });
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

const adminMenus = { read: ['user', 'user-view'], create: ['user-create'], update: ['user-update'] };
// (deactivate and delete pass the administrators' guard through the kind's status hooks)

export function registerUserRoutes(app: FastifyInstance) {
  registerUserPickerRoutes(app);
  registerUserUnlockRoutes(app);
  registerUserAdminRoutes(app);
  registerUserPasswordRoutes(app);
  registerUserLinkReadRoutes(app);
  registerUserLinkWriteRoutes(app);
  registerUserRightsRoutes(app);
}

/** Registers the users' picker list (`list/all`). */
function registerUserPickerRoutes(app: FastifyInstance) {
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
    (req) => userOptions(app.db, currentUser(req), req.query.approverOf),
  );
}

/** Registers `unlock/{id}`: an administrator lifts a user's login lock. */
function registerUserUnlockRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/admin/user/unlock/:id',
    {
      config: { menus: ['user-update'] },
      schema: { tags: ['user'], params: idParamsSchema, response: { 200: z.object({ ok: z.boolean() }) } },
    },
    async (req) => {
      await unlockUser(app.db, req.params.id, requestMeta(req));
      return { ok: true };
    },
  );
}

/** Registers the administration's list (`paging`) and `create`. */
function registerUserAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
    (req) => createUser(app.db, req.body, currentUser(req)) as never,
  );
}

/** Registers `reset/{id}`: an administrator sets a user's password, given or generated. */
function registerUserPasswordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
    (req) => resetPassword(app.db, req.params.id, req.body, currentUser(req)) as never,
  );
}

/** Registers the reads of a user's direct roles and groups, and of those he can still be given. */
function registerUserLinkReadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Roles and groups given to a user directly; `not-…` lists what can still be given.
  r.get(
    '/api/admin/user/roles/:id',
    {
      config: { menus: adminMenus.read },
      schema: { tags: ['user'], params: idParamsSchema, response: { 200: z.array(roleOut) } },
    },
    (req) => rolesOf(app.db, req.params.id),
  );
  r.get(
    '/api/admin/user/not-roles/:id',
    {
      config: { menus: adminMenus.update },
      schema: { tags: ['user'], params: idParamsSchema, response: { 200: z.array(roleOut) } },
    },
    (req) => rolesNotOf(app.db, req.params.id),
  );
  r.get(
    '/api/admin/user/groups/:id',
    {
      config: { menus: adminMenus.read },
      schema: { tags: ['user'], params: idParamsSchema, response: { 200: z.array(groupOut) } },
    },
    (req) => groupsOf(app.db, req.params.id),
  );
  r.get(
    '/api/admin/user/not-groups/:id',
    {
      config: { menus: adminMenus.update },
      schema: { tags: ['user'], params: idParamsSchema, response: { 200: z.array(groupOut) } },
    },
    (req) => groupsNotOf(app.db, req.params.id),
  );
}

/** Registers the PATCH (give) and DELETE (take back) of a user's direct roles and groups. */
function registerUserLinkWriteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [what, body] of [
    ['role', userRoleBodySchema],
    ['group', userGroupBodySchema],
  ] as const) {
    const path = `/api/admin/user/${what}s/:id`;
    for (const adding of [true, false]) {
      r.route({
        method: adding ? 'PATCH' : 'DELETE',
        url: path,
        config: { menus: adminMenus.update },
        schema: { tags: ['user'], params: idParamsSchema, body, response: { 200: userSchema } },
        handler: (req) => {
          const actor = currentUser(req);
          const { params, body } = req as unknown as {
            params: { id: number };
            body: { roleId?: number; groupId?: number };
          };
          const otherId = (what === 'role' ? body.roleId : body.groupId)!;
          return changeUserLink(app.db, what, adding, params.id, otherId, actor) as never;
        },
      });
    }
  }
}

/** Registers what a user's roles give, through every role (direct and through groups): menus, privileges. */
function registerUserRightsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/user/menus/:id',
    {
      config: { menus: adminMenus.read },
      schema: { tags: ['user'], params: idParamsSchema, response: { 200: z.array(menuOut) } },
    },
    (req) => menusOf(app.db, req.params.id),
  );
  r.get(
    '/api/admin/user/privileges/:id',
    {
      config: { menus: adminMenus.read },
      schema: { tags: ['user'], params: idParamsSchema, response: { 200: z.array(privilegeOut) } },
    },
    (req) => privilegesOf(app.db, req.params.id),
  );
}
