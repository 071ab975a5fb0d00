/**
 * Applications (/admin/setting/application, API /admin/application): programs that call the API on
 * their own behalf — code, name, the default role of a user who registers through it (SPEC's
 * roleDefault), whether self-registration is restricted, a client id (generated when left blank),
 * a callback URL, a project and an environment. Activation is `PUT active|deactive/{id}`
 * (docs/product.md#applications). The secret and API keys are answered once, by create and by rotate: the
 * create and view pages (features/system/application-pages.tsx) show them in a dialog and never again.
 */
import '../i18n/system-strings.ts';
import { application } from '@sitepay/domain/entities/application.entity';
import { resourceOf } from './entity-resource.ts';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = resourceOf(
  application,
  {
    statusMethod: 'PUT',
    viewActions: ['status', 'delete'],
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
    pages: {
      create: () => import('../features/system/application-pages.tsx').then((m) => m.ApplicationCreatePage),
      view: () => import('../features/system/application-pages.tsx').then((m) => m.ApplicationViewPage),
    },
  },
  () =>
    import('@sitepay/domain/admin.schema').then((m) => ({
      create: m.applicationInputSchema,
      update: m.applicationUpdateSchema,
    })),
);
