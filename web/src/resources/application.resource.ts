/**
 * Applications (/admin/setting/application, API /admin/application): programs that call the API on
 * their own behalf — code, name, the default role of a user who registers through it (SPEC's
 * roleDefault), whether self-registration is restricted, a client id (generated when left blank),
 * a callback URL, a project and an environment. Activation is `PUT active|deactive/{id}`
 * (docs/product.md#applications). The secret and API keys are answered once, by create and by rotate: the
 * create and view pages (features/system/application-pages.tsx) show them in a dialog and never again.
 */
import '../i18n/system-strings.ts';
import {
  applicationEnvironments,
  applicationInputSchema,
  applicationUpdateSchema,
} from '@sitepay/domain/admin.schema';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = {
  name: 'application',
  apiBase: 'admin/application',
  routeBase: '/admin/setting/application',
  endpoints: {
    paging: 'admin/application/list/paging',
    deactivate: 'admin/application/deactive/{id}',
  },
  statusMethod: 'PUT',
  viewActions: ['status', 'delete'],
  titleField: 'name',
  columns: [
    { field: 'code', width: 140, hideBelow: 'sm' },
    { field: 'name', flex: 2, minWidth: 160, link: (r) => `/admin/setting/application/view/${r.id}` },
    {
      field: 'environment',
      kind: 'state',
      width: 130,
      hideBelow: 'md',
      colors: { production: 'success', staging: 'warning', development: 'default' },
    },
    { field: 'role_default_name', flex: 1, minWidth: 140, sortable: false, hideBelow: 'lg' },
    { field: 'status', kind: 'status', width: 140 },
  ],
  list: { hideOnPhones: ['rowNumber'] },
  defaultSort: { field: 'code', desc: false },
  form: {
    createSchema: applicationInputSchema,
    updateSchema: applicationUpdateSchema,
    fields: [
      { name: 'code' },
      { name: 'name' },
      { name: 'environment', kind: 'choice', choices: applicationEnvironments },
      { name: 'client_id', hint: true },
      {
        name: 'role_default_id',
        kind: 'reference',
        options: { endpoint: 'admin/role/list/all' },
        display: 'role_default_name',
      },
      {
        name: 'project_id',
        kind: 'reference',
        options: { endpoint: 'admin/project/list/all' },
        display: 'project_name',
      },
      { name: 'url', width: 'full', placeholder: true },
      { name: 'restrict', kind: 'boolean', hint: true },
    ],
  },
  pages: {
    create: () => import('../features/system/application-pages.tsx').then((m) => m.ApplicationCreatePage),
    view: () => import('../features/system/application-pages.tsx').then((m) => m.ApplicationViewPage),
  },
};
