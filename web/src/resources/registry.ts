/**
 * Which resources have generic screens, and where. Only the route base and a loader live here, so the
 * first page does not carry every resource's schemas; the description itself (columns, fields, API
 * paths, permissions) is in `<name>.resource.ts`, or comes whole from the entity's description
 * (`@sitepay/domain/entities`) when the generic pages need nothing more: such an entity needs no
 * line here. Which file describes which route is `registry-files.ts`, as data the build reads too.
 */
import { entities } from '@sitepay/domain/entities';
import { describedResources, ownResourceFiles } from './registry-files.ts';
import type { ResourceDescription } from './resource.types.ts';

export type ResourceEntry = {
  name: string;
  routeBase: string;
  load: () => Promise<{ resource: ResourceDescription }>;
};

type Load = ResourceEntry['load'];

/** Each description file's loader: a literal import, so that the build makes it a chunk. */
const loaders: Record<string, Load> = {
  'contract.resource.ts': () => import('./contract.resource.ts'),
  'payment.resource.ts': () => import('./payment.resource.ts'),
  'customer.resource.ts': () => import('./customer.resource.ts'),
  'billing.resource.ts': () => import('./billing.resource.ts'),
  'ticket.resource.ts': () => import('./ticket.resource.ts'),
  'application.resource.ts': () => import('./application.resource.ts'),
  'email-config.resource.ts': () => import('./email-config.resource.ts'),
  'approval-flow.resource.ts': () => import('./approval-flow.resource.ts'),
  'company.resource.ts': () => import('./company.resource.ts'),
  'project.resource.ts': () => import('./project.resource.ts'),
  'construction.resource.ts': () => import('./construction.resource.ts'),
  'constructor.resource.ts': () => import('./constructor.resource.ts'),
  'user.resource.ts': () => import('./user.resource.ts'),
  'group.resource.ts': () => import('./group.resource.ts'),
  'role.resource.ts': () => import('./role.resource.ts'),
  'privilege.resource.ts': () => import('./privilege.resource.ts'),
  'menu.resource.ts': () => import('./menu.resource.ts'),
  'endpoint.resource.ts': () => import('./endpoint.resource.ts'),
};

const loaderOf = (file: string): Load => {
  const load = loaders[file];
  if (!load) throw new Error(`registry: no loader for ${file}`);
  return load;
};

export const resourceRegistry: ResourceEntry[] = [
  ...describedResources.map(({ name, routeBase, file }) => ({ name, routeBase, load: loaderOf(file) })),
  // the described entities: their resource file adds what the description cannot say, else none
  ...entities
    .flatMap((e) => (e.route ? [{ e, routeBase: e.route }] : []))
    .map(({ e, routeBase }) => ({
      name: e.name,
      routeBase,
      load: Object.hasOwn(ownResourceFiles, e.name)
        ? loaderOf(ownResourceFiles[e.name]!)
        : () => import('./entity-resource.ts').then((m) => ({ resource: m.resourceOf(e) })), // ENTITY_RESOURCE_FILE
    })),
];
