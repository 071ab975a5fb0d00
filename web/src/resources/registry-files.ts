/**
 * Where the generic screens' resources are described, as plain data: the registry (`registry.ts`)
 * loads them from it, and the build reads it to tell the first visit of a list which chunks it
 * needs before the app has run (`firstScreenPreloads` in web/vite.config.ts,
 * docs/adr/0099-first-visit-asks-for-its-route-at-once.md). No imports: the build loads this file.
 */

/** Resources with a description file of their own and a route base of theirs (not an entity's). */
export const describedResources = [
  { name: 'contract', routeBase: '/management/contract', file: 'contract.resource.ts' },
  { name: 'payment', routeBase: '/management/payment', file: 'payment.resource.ts' },
  { name: 'customer', routeBase: '/manage/customer', file: 'customer.resource.ts' },
  { name: 'billing', routeBase: '/manage/billing', file: 'billing.resource.ts' },
  { name: 'ticket', routeBase: '/manage/ticket', file: 'ticket.resource.ts' },
  { name: 'application', routeBase: '/admin/setting/application', file: 'application.resource.ts' },
  { name: 'email', routeBase: '/admin/email', file: 'email-config.resource.ts' },
  { name: 'approval-flow', routeBase: '/admin/approval-flow', file: 'approval-flow.resource.ts' },
] as const;

/** Described entities whose screens say more than their description (related sections, actions). */
export const ownResourceFiles: Record<string, string> = {
  company: 'company.resource.ts',
  project: 'project.resource.ts',
  construction: 'construction.resource.ts',
  constructor: 'constructor.resource.ts',
  user: 'user.resource.ts',
  group: 'group.resource.ts',
  role: 'role.resource.ts',
  privilege: 'privilege.resource.ts',
  menu: 'menu.resource.ts',
  endpoint: 'endpoint.resource.ts',
};

/** The described entities' generic resource: their description alone. */
export const ENTITY_RESOURCE_FILE = 'entity-resource.ts';
