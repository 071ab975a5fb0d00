/**
 * Roles, groups, privileges, menus and endpoints (docs/product.md#api-paths; docs/product.md#access-control):
 * ordinary record kinds served by the generic routes, with their links (a role's menus and privileges, a
 * group's roles, the endpoints of a menu or a privilege), one file each (`<kind>.resource.ts`). ROLE_ADMIN
 * is fixed; every change that may take the administrators' rights away passes the guard of admin-guard.ts.
 */
import type { FastifyInstance } from 'fastify';
import { registerEndpointRoutes } from './endpoint.resource.ts';
import { registerGroupRoutes } from './group.resource.ts';
import { registerMenuRoutes } from './menu.resource.ts';
import { registerPrivilegeRoutes } from './privilege.resource.ts';
import { registerRoleRoutes } from './role.resource.ts';

export function registerAccessRoutes(app: FastifyInstance) {
  registerRoleRoutes(app);
  registerGroupRoutes(app);
  registerPrivilegeRoutes(app);
  registerMenuRoutes(app);
  registerEndpointRoutes(app);
}
