/**
 * Which resources have generic screens, and where. Only the route base and a loader live here, so the
 * first page does not carry every resource's schemas; the description itself (columns, fields, API
 * paths, permissions) is in `<name>.resource.ts`. Adding an ordinary entity = one line here, one
 * description file, and its `resources.<name>.*` translations.
 */
import type { ResourceDescription } from './resource.types.ts';

export type ResourceEntry = {
  name: string;
  routeBase: string;
  load: () => Promise<{ resource: ResourceDescription }>;
};

export const resourceRegistry: ResourceEntry[] = [
  { name: 'company', routeBase: '/management/company', load: () => import('./company.resource.ts') },
];
