/** /api/account/*: what the signed-in user needs to run the app. Always allowed to any user. */

import { hash, verify } from '@node-rs/argon2';
import {
  accountCompanySchema,
  accountConstructionSchema,
  accountDepartmentSchema,
  accountProfileSchema,
  changePasswordSchema,
  menuEntrySchema,
  permissionRuleSchema,
} from '@sitepay/domain/auth.schema';
import { idParamsSchema, okSchema } from '@sitepay/domain/common.schema';
import { passwordProblem } from '@sitepay/domain/password-rules';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appUser, company, department, role, session } from '../../db/schema.ts';
import { scopeCompanyIds, userRoleIds } from '../../http/access-sql.ts';
import { currentUser } from '../../http/auth.ts';
import { fieldError, notFound, staleVersion } from '../../http/errors.ts';
import { writeHistory } from '../../http/record-history.ts';
import { toRecord } from '../../http/records.ts';
import { permissionRules, userConstructions, userMenus } from './account.queries.ts';

export function registerAccountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'user' as const };
  const tags = ['account'];
  // what a user who must change a password set by someone else may still call (http/auth.ts)
  const whilePasswordChange = { ...config, whilePasswordChange: true };

  r.get(
    '/api/account/permissions',
    { config, schema: { tags, response: { 200: z.array(permissionRuleSchema) } } },
    async (req) => {
      const user = currentUser(req);
      return permissionRules(await userMenus(app.db, user.id), user.isAdmin);
    },
  );

  r.get(
    '/api/account/menu/list',
    { config, schema: { tags, response: { 200: z.array(menuEntrySchema) } } },
    (req) => userMenus(app.db, currentUser(req).id),
  );

  r.get(
    '/api/account/construction/list',
    { config, schema: { tags, response: { 200: z.array(accountConstructionSchema) } } },
    (req) => {
      const user = currentUser(req);
      return userConstructions(app.db, user.id, user.isAdmin);
    },
  );

  r.get(
    '/api/account/profile',
    { config: whilePasswordChange, schema: { tags, response: { 200: accountProfileSchema } } },
    async (req) => {
      const user = currentUser(req);
      const [row] = await app.db
        .select({ u: appUser, department_name: department.name })
        .from(appUser)
        .leftJoin(department, eq(department.id, appUser.department_id))
        .where(eq(appUser.id, user.id));
      if (!row) throw notFound('user');
      const roles = await app.db
        .select({ code: role.code, name: role.name })
        .from(role)
        .where(sql`${role.id} in (${userRoleIds(user.id)})`)
        .orderBy(asc(role.priority), asc(role.code));
      const { id, user_name, full_name, email, phone, avatar, department_id, join_date, version } = toRecord(
        row.u,
      );
      const must_change_password = row.u.must_change_password;
      return {
        id,
        user_name,
        full_name,
        email,
        phone,
        avatar,
        department_id,
        department_name: row.department_name,
        join_date,
        version,
        must_change_password,
        roles: roles.map((x) => x.code),
        /** The roles' names, in the order of `roles`: what the screens show for a role of the company's own. */
        role_names: roles.map((x) => x.name),
        constructions: (await userConstructions(app.db, user.id, user.isAdmin)).map(({ id, code, name }) => ({
          id,
          code,
          name,
        })),
      };
    },
  );

  r.get(
    '/api/account/company/list',
    { config, schema: { tags, response: { 200: z.array(accountCompanySchema) } } },
    (req) => {
      const user = currentUser(req);
      return app.db
        .select({ id: company.id, code: company.code, name: company.name, status: company.status })
        .from(company)
        .where(
          and(
            eq(company.status, 'O'),
            user.isAdmin ? undefined : sql`${company.id} in (${scopeCompanyIds(user.id)})`,
          ),
        )
        .orderBy(asc(company.name))
        .limit(5000);
    },
  );

  const departmentColumns = {
    id: department.id,
    code: department.code,
    name: department.name,
    director_id: department.director_id,
    status: department.status,
    version: department.version,
  };
  r.get(
    '/api/account/department/list',
    { config, schema: { tags, response: { 200: z.array(accountDepartmentSchema) } } },
    () =>
      app.db
        .select(departmentColumns)
        .from(department)
        .where(eq(department.status, 'O'))
        .orderBy(asc(department.name))
        .limit(5000),
  );
  r.get(
    '/api/account/department/get/:id',
    { config, schema: { tags, params: idParamsSchema, response: { 200: accountDepartmentSchema } } },
    async (req) => {
      const [row] = await app.db
        .select(departmentColumns)
        .from(department)
        .where(and(eq(department.id, req.params.id), ne(department.status, 'D')));
      if (!row) throw notFound('department');
      return row;
    },
  );

  r.put(
    '/api/account/change-password',
    {
      config: whilePasswordChange,
      schema: { tags, body: changePasswordSchema, response: { 200: okSchema } },
    },
    async (req) => {
      const user = currentUser(req);
      const { oldPassword, newPassword, version } = req.body;
      const newHash = await hash(newPassword);
      await app.db.transaction(async (tx) => {
        const [row] = await tx.select().from(appUser).where(eq(appUser.id, user.id)).for('update');
        if (!row) throw notFound('user');
        if (!(await verify(row.password_hash, oldPassword).catch(() => false)))
          throw fieldError('oldPassword', 'old_password_mismatch');
        if (row.version !== version) throw staleVersion();
        const problem = passwordProblem(newPassword, row.user_name);
        if (problem) throw fieldError('newPassword', problem);
        await tx
          .update(appUser)
          .set({
            password_hash: newHash,
            must_change_password: false,
            version: row.version + 1,
            updated_at: new Date(),
            updated_by: user.user_name,
          })
          .where(eq(appUser.id, user.id));
        await writeHistory(
          tx,
          { name: 'user' },
          user.id,
          'change-password',
          { password: { old: '***', new: '***' } },
          user,
        );
        // Every session of the user ends: the next request must sign in with the new password.
        await tx
          .update(session)
          .set({ revoked_at: new Date() })
          .where(and(eq(session.user_id, user.id), sql`${session.revoked_at} is null`));
      });
      return { ok: true };
    },
  );
}
