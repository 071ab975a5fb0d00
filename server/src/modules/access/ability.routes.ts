/**
 * "Ability" (/system/ability): for a user or a role, what the server computes on every request —
 * the roles that count, the menus, the endpoints they open and through which menu or privilege,
 * the CASL rules the screens read, and the data scope — so an administrator can answer "why can X
 * not open Y". The same SQL pieces as the request check (access-sql.ts).
 */
import type { MenuEntry } from '@sitepay/domain/auth.schema';
import { idParamsSchema } from '@sitepay/domain/common.schema';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows } from '../../db/client.ts';
import { ADMIN_ROLE, userRoleIds } from '../../http/access-sql.ts';
import { currentUser } from '../../http/auth.ts';
import { findRecord } from '../../http/records.ts';
import { permissionRules } from '../account/account.queries.ts';
import { userKind } from '../user/user.resource.ts';
import { roleKind } from './role.resource.ts';

const named = z.object({ id: z.number(), code: z.string(), name: z.string() });
const abilitySchema = z.object({
  roles: z.array(named.extend({ status: z.string() })),
  admin: z.boolean(),
  menus: z.array(
    z.object({ id: z.number(), name: z.string(), title: z.string(), title_en: z.string(), path: z.string() }),
  ),
  endpoints: z.array(z.object({ method: z.string(), path: z.string(), via: z.array(z.string()) })),
  rules: z.array(
    z.object({
      action: z.string(),
      subject: z.string(),
      conditions: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
  scope: z.object({
    all: z.boolean(),
    companies: z.array(named),
    projects: z.array(named),
    constructions: z.array(named),
  }),
});

export function registerAbilityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const menus = ['ability', 'ability-view'];

  /** Everything for the active roles `roleIds` (a subquery). */
  async function abilityOf(roleIds: SQL) {
    const db = app.db;
    const roles = await queryRows<{ id: number; code: string; name: string; status: string }>(
      db,
      sql`select id, code, name, status from role where id in (${roleIds}) order by priority, code`,
    );
    const admin = roles.some((x) => x.code === ADMIN_ROLE && x.status === 'O');
    const active = sql`select id from role where status = 'O' and id in (${roleIds})`;
    const menuRows = await queryRows<MenuEntry>(
      db,
      sql`select id, parent_id, path, component, name, title, title_en, icon, is_new, hidden, redirect_url, sort_order
          from menu where status = 'O' and (${admin} or id in (select menu_id from role_menu where role_id in (${active})))
          order by sort_order, id`,
    );
    const endpoints = await queryRows<{ method: string; path: string; via: string[] }>(
      db,
      admin
        ? sql`select method, path, array[${ADMIN_ROLE}]::text[] as via from endpoint where status = 'O' order by path, method`
        : sql`select e.method, e.path, array_agg(distinct v.via order by v.via) as via
              from endpoint e join (
                select me.endpoint_id, 'menu ' || m.name as via from menu_endpoint me
                  join menu m on m.id = me.menu_id and m.status = 'O'
                  join role_menu rm on rm.menu_id = m.id and rm.role_id in (${active})
                union all
                select pe.endpoint_id, 'privilege ' || p.code from privilege_endpoint pe
                  join privilege p on p.id = pe.privilege_id and p.status = 'O'
                  join role_privilege rp on rp.privilege_id = p.id and rp.role_id in (${active})
              ) v on v.endpoint_id = e.id
              where e.status = 'O'
              group by e.method, e.path order by e.path, e.method`,
    );
    const scoped = sql`select company_id, project_id, construction_id from role where id in (${active})`;
    const constructions = admin
      ? []
      : await queryRows<{ id: number; code: string; name: string }>(
          db,
          sql`select c.id, c.code, c.name from construction c
              where c.status <> 'D' and (
                c.id in (select construction_id from (${scoped}) s)
                or c.project_id in (select project_id from (${scoped}) s)
                or c.project_id in (select p.id from project p where p.company_id in (select company_id from (${scoped}) s)))
              order by c.code limit 2000`,
        );
    const projects = admin
      ? []
      : await queryRows<{ id: number; code: string; name: string }>(
          db,
          sql`select p.id, p.code, p.name from project p
              where p.status <> 'D' and (p.id in (select project_id from (${scoped}) s)
                or p.company_id in (select company_id from (${scoped}) s))
              order by p.code limit 2000`,
        );
    const companies = admin
      ? []
      : await queryRows<{ id: number; code: string; name: string }>(
          db,
          sql`select x.id, x.code, x.name from company x
              where x.status <> 'D' and x.id in (select company_id from (${scoped}) s)
              order by x.code limit 2000`,
        );
    return {
      roles,
      admin,
      menus: menuRows.map(({ id, name, title, title_en, path }) => ({ id, name, title, title_en, path })),
      endpoints,
      rules: permissionRules(menuRows, admin),
      scope: { all: admin, companies, projects, constructions },
    };
  }

  r.get(
    '/api/admin/ability/user/:id',
    {
      config: { menus },
      schema: { tags: ['ability'], params: idParamsSchema, response: { 200: abilitySchema } },
    },
    async (req) => {
      await findRecord(app.db, userKind, req.params.id, currentUser(req));
      return abilityOf(userRoleIds(req.params.id));
    },
  );
  r.get(
    '/api/admin/ability/role/:id',
    {
      config: { menus },
      schema: { tags: ['ability'], params: idParamsSchema, response: { 200: abilitySchema } },
    },
    async (req) => {
      await findRecord(app.db, roleKind, req.params.id, currentUser(req));
      return abilityOf(sql`select ${req.params.id}::int`);
    },
  );
}
