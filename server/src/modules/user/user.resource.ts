/**
 * Users as a record kind (the generic list, get, create, update, status and history of
 * /api/admin/user) and who sees whom: an accountant sees the users of his companies.
 */
import { user as userEntity } from '@sitepay/domain/entities/user.entity';
import { sql } from 'drizzle-orm';
import { accessHistory, appUser, role } from '../../db/schema.ts';
import { scopeCompanyIds, userRoleIds } from '../../http/access-sql.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { entityKind } from '../../http/entity.routes.ts';
import { outer } from '../../http/records.ts';
import { checkAdmins, endSessions, lockAdmins } from './admin-guard.ts';

const u = appUser;

/**
 * The users an accountant (anyone but an administrator) sees: those whose scope shares a company
 * with his. Administrators, whose roles carry no company, are seen by administrators only.
 */
export const sharesCompany = (user: CurrentUser) => sql`exists (
  select 1 from (${scopeCompanyIds(outer(u.id) as never)}) theirs
  where theirs.company_id in (${scopeCompanyIds(user.id)}))`;

/** A role that carries no company, project or construction: rights only, no data scope. */
const notScope = sql.raw('(r.company_id is null and r.project_id is null and r.construction_id is null)');

export const userKind = entityKind(userEntity, {
  table: u,
  unique: [
    { field: 'user_name', columns: ['user_name'], constraint: 'app_user_name_uq', caseInsensitive: true },
  ],
  // the list at the specification's path; the create of user.routes.ts gives or generates a password
  ownCreate: '/api/admin/user/create',
  extraColumns: {
    role_codes: sql<string | null>`(select string_agg(r.code, ', ' order by r.priority, r.code) from ${role} r
      where r.id in (${userRoleIds(outer(u.id) as never)}))`,
    // the rights roles by code and name, for the screens to name (a built-in one in the reader's
    // language), and apart from them the data scopes: roles that carry a company, project or
    // construction (docs/adr/0002-data-scope-and-404-outside-it.md)
    roles: sql<
      string | null
    >`(select json_agg(json_build_object('code', r.code, 'name', r.name) order by r.priority, r.code)::text
      from ${role} r where r.id in (${userRoleIds(outer(u.id) as never)}) and ${notScope})`,
    scopes: sql<string | null>`(select string_agg(r.name, ', ' order by r.priority, r.name) from ${role} r
      where r.id in (${userRoleIds(outer(u.id) as never)}) and not ${notScope})`,
    last_login_at: sql<
      string | null
    >`(select to_char(max(h.at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from ${accessHistory} h
      where h.user_id = ${outer(u.id)} and h.type = 'login' and h.result = 'success')`,
  },
  hooks: {
    readOnly: ['avatar'],
    scope: sharesCompany,
    beforeStatus: (tx) => lockAdmins(tx),
    async afterStatus(tx, row, status, user) {
      if (status !== 'O') await endSessions(tx, row.id);
      await checkAdmins(tx, user);
    },
  },
});
