/**
 * Which resources have generic screens, and where. Only the route base and a loader live here, so the
 * first page does not carry every resource's schemas; the description itself (columns, fields, API
 * paths, permissions) is in `<name>.resource.ts`. Adding an ordinary entity = one line here, one
 * description file, and its `resources.<name>.*` translations.
 */
import type { SettingName } from '@sitepay/domain/setting.schema';
import type { ResourceDescription } from './resource.types.ts';

export type ResourceEntry = {
  name: string;
  routeBase: string;
  load: () => Promise<{ resource: ResourceDescription }>;
};

/** A settings screen: all nine share one description module. */
const setting = (name: SettingName): ResourceEntry => ({
  name,
  routeBase: `/admin/setting/${name}`,
  load: () => import('./setting.resource.ts').then((m) => ({ resource: m.settingResource(name) })),
});

export const resourceRegistry: ResourceEntry[] = [
  { name: 'company', routeBase: '/management/company', load: () => import('./company.resource.ts') },
  { name: 'project', routeBase: '/management/project', load: () => import('./project.resource.ts') },
  {
    name: 'construction',
    routeBase: '/management/construction',
    load: () => import('./construction.resource.ts'),
  },
  {
    name: 'constructor',
    routeBase: '/management/constructor',
    load: () => import('./constructor.resource.ts'),
  },
  { name: 'contract', routeBase: '/management/contract', load: () => import('./contract.resource.ts') },
  { name: 'payment', routeBase: '/management/payment', load: () => import('./payment.resource.ts') },
  { name: 'customer', routeBase: '/manage/customer', load: () => import('./customer.resource.ts') },
  { name: 'billing', routeBase: '/manage/billing', load: () => import('./billing.resource.ts') },
  { name: 'ticket', routeBase: '/manage/ticket', load: () => import('./ticket.resource.ts') },
  { name: 'department', routeBase: '/admin/department', load: () => import('./department.resource.ts') },
  { name: 'user', routeBase: '/admin/user', load: () => import('./user.resource.ts') },
  setting('bank'),
  setting('tax'),
  setting('contract-type'),
  setting('construction-item'),
  setting('document-attachment'),
  setting('transaction-type'),
  setting('constructor-type'),
  setting('payment-type'),
  setting('payment-method'),
  setting('payment-date'),
  {
    name: 'application',
    routeBase: '/admin/setting/application',
    load: () => import('./application.resource.ts'),
  },
  { name: 'email', routeBase: '/admin/email', load: () => import('./email-config.resource.ts') },
  { name: 'group', routeBase: '/system/group', load: () => import('./group.resource.ts') },
  { name: 'role', routeBase: '/system/role', load: () => import('./role.resource.ts') },
  { name: 'privilege', routeBase: '/system/privilege', load: () => import('./privilege.resource.ts') },
  { name: 'menu', routeBase: '/system/menu', load: () => import('./menu.resource.ts') },
  { name: 'endpoint', routeBase: '/system/endpoint', load: () => import('./endpoint.resource.ts') },
];
