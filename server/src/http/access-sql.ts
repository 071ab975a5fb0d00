/**
 * SQL pieces of access control (docs/product.md#access-control), kept in one place:
 * - a user's active roles, given directly and through groups;
 * - whether one of those roles' menus or privileges covers an endpoint;
 * - the constructions and companies a user's roles put in his data scope.
 * They are fragments, so lists filter in the database instead of loading id lists.
 */
import { type Placeholder, type SQL, sql } from 'drizzle-orm';

export const ADMIN_ROLE = 'ROLE_ADMIN';

/** Ids of the active roles of a user, direct or through an active group. */
export const userRoleIds = (userId: number | Placeholder): SQL => sql`
  select r.id from role r
  where r.status = 'O' and r.id in (
    select ur.role_id from user_role ur where ur.user_id = ${userId}
    union
    select gr.role_id from user_group ug
      join app_group g on g.id = ug.group_id and g.status = 'O'
      join group_role gr on gr.group_id = g.id
    where ug.user_id = ${userId})`;

/**
 * True when a menu or privilege of the given roles lists endpoint (method, path). `roleIds` is a
 * subquery of role ids: the request check passes its CTE, so the role union is planned once.
 */
export const endpointAllowed = (
  roleIds: SQL,
  method: string | Placeholder,
  path: string | Placeholder,
): SQL => sql`
  exists (
    select 1 from endpoint e
    where e.method = ${method} and e.path = ${path} and e.status = 'O' and (
      exists (
        select 1 from menu_endpoint me
          join menu m on m.id = me.menu_id and m.status = 'O'
          join role_menu rm on rm.menu_id = m.id
        where me.endpoint_id = e.id and rm.role_id in (${roleIds}))
      or exists (
        select 1 from privilege_endpoint pe
          join privilege p on p.id = pe.privilege_id and p.status = 'O'
          join role_privilege rp on rp.privilege_id = p.id
        where pe.endpoint_id = e.id and rp.role_id in (${roleIds}))))`;

export const isAdminSql = (userId: number): SQL => sql`
  exists (select 1 from role r where r.code = ${ADMIN_ROLE} and r.id in (${userRoleIds(userId)}))`;

const scopedRoles = (userId: number | Placeholder) =>
  sql`select company_id, project_id, construction_id from role where id in (${userRoleIds(userId)})`;

/** Construction ids the user's roles cover: its construction, its project's, its company's projects'. */
export const scopeConstructionIds = (userId: number | Placeholder): SQL => sql`
  select c.id from construction c
  where c.id in (select construction_id from (${scopedRoles(userId)}) s where construction_id is not null)
     or c.project_id in (select project_id from (${scopedRoles(userId)}) s where project_id is not null)
     or c.project_id in (select p.id from project p where p.company_id in
          (select company_id from (${scopedRoles(userId)}) s where company_id is not null))`;

/** Company ids the user's roles cover, directly or through a project or construction. */
export const scopeCompanyIds = (userId: number): SQL => sql`
  select company_id from (${scopedRoles(userId)}) s where company_id is not null
  union
  select p.company_id from project p where p.company_id is not null and (
    p.id in (select project_id from (${scopedRoles(userId)}) s where project_id is not null)
    or p.id in (select c.project_id from construction c where c.id in
      (select construction_id from (${scopedRoles(userId)}) s where construction_id is not null)))`;

/** Project ids the user's roles cover. */
export const scopeProjectIds = (userId: number): SQL => sql`
  select p.id from project p
  where p.id in (select project_id from (${scopedRoles(userId)}) s where project_id is not null)
     or p.company_id in (select company_id from (${scopedRoles(userId)}) s where company_id is not null)
     or p.id in (select c.project_id from construction c where c.id in
          (select construction_id from (${scopedRoles(userId)}) s where construction_id is not null))`;
