/**
 * Which resources have generic screens, and where. Only the route base and a loader live here, so the
 * first page does not carry every resource's schemas; the description itself (columns, fields, API
 * paths, permissions) is in `<name>.resource.ts`, or comes whole from the entity's description
 * (`@sitepay/domain/entities`) when the generic pages need nothing more: such an entity needs no
 * line here.
 */
import { entities } from '@sitepay/domain/entities';
import type { ResourceDescription } from './resource.types.ts';

export type ResourceEntry = {
  name: string;
  routeBase: string;
  load: () => Promise<{ resource: ResourceDescription }>;
};

/** Described entities whose screens say more than their description (related sections, actions). */
const own: Record<string, ResourceEntry['load']> = {
  company: () => import('./company.resource.ts'),
  project: () => import('./project.resource.ts'),
  construction: () => import('./construction.resource.ts'),
  constructor: () => import('./constructor.resource.ts'),
  user: () => import('./user.resource.ts'),
  group: () => import('./group.resource.ts'),
  role: () => import('./role.resource.ts'),
  privilege: () => import('./privilege.resource.ts'),
  menu: () => import('./menu.resource.ts'),
  endpoint: () => import('./endpoint.resource.ts'),
};

export const resourceRegistry: ResourceEntry[] = [
  { name: 'contract', routeBase: '/management/contract', load: () => import('./contract.resource.ts') },
  { name: 'payment', routeBase: '/management/payment', load: () => import('./payment.resource.ts') },
  { name: 'customer', routeBase: '/manage/customer', load: () => import('./customer.resource.ts') },
  { name: 'billing', routeBase: '/manage/billing', load: () => import('./billing.resource.ts') },
  { name: 'ticket', routeBase: '/manage/ticket', load: () => import('./ticket.resource.ts') },
  {
    name: 'application',
    routeBase: '/admin/setting/application',
    load: () => import('./application.resource.ts'),
  },
  { name: 'email', routeBase: '/admin/email', load: () => import('./email-config.resource.ts') },
  {
    name: 'approval-flow',
    routeBase: '/admin/approval-flow',
    load: () => import('./approval-flow.resource.ts'),
  },
  // the described entities: their resource file adds what the description cannot say, else none
  ...entities
    .flatMap((e) => (e.route ? [{ e, routeBase: e.route }] : []))
    .map(({ e, routeBase }) => ({
      name: e.name,
      routeBase,
      load:
        (Object.hasOwn(own, e.name) ? own[e.name] : undefined) ??
        (() => import('./entity-resource.ts').then((m) => ({ resource: m.resourceOf(e) }))),
    })),
];
