/**
 * E-mail configuration (/admin/email, API /admin/email-config): the SMTP server the outbox sends
 * through — host, port, security, user, a write-only password (never answered: `has_password` says
 * whether one is stored; left empty on update it is kept) and the sender address. One is active at a
 * time (activating one deactivates the other); deactivation is spelt `deactive/{id}`
 * (docs/product.md#e-mail-configuration). The list (with the mail outbox) and the view (with "send a test
 * mail") are in features/system/email-pages.tsx; the form is generic.
 */
import { createElement } from 'react';
import '../i18n/system-strings.ts';
import { emailSecurities } from '@sitepay/domain/email-security';
import type { ResourceDescription, ResourcePage } from './resource.types.ts';

export const resource: ResourceDescription = {
  // the menu's name, which the permissions use
  name: 'email',
  apiBase: 'admin/email-config',
  routeBase: '/admin/email',
  endpoints: {
    paging: 'admin/email-config/list/paging',
    deactivate: 'admin/email-config/deactive/{id}',
  },
  viewActions: ['status', 'delete'],
  titleField: 'host',
  columns: [
    // a lock after the host when a password is stored
    {
      field: 'host',
      flex: 2,
      minWidth: 180,
      flags: [{ field: 'has_password', icon: 'lock' }],
      link: (r) => `/admin/email/view/${r.id}`,
    },
    { field: 'port', kind: 'text', width: 80, hideBelow: 'sm' },
    { field: 'security', kind: 'choice', width: 120, hideBelow: 'md' },
    { field: 'from', flex: 2, minWidth: 160, hideBelow: 'md' },
    { field: 'status', kind: 'status', width: 140 },
  ],
  list: { hideOnPhones: ['rowNumber'] },
  defaultSort: { field: 'created_at', desc: true },
  form: {
    schemas: () =>
      import('@sitepay/domain/admin.schema').then((m) => ({
        create: m.emailConfigInputSchema,
        update: m.emailConfigUpdateSchema,
      })),
    fields: [
      { name: 'host', placeholder: true },
      { name: 'port', kind: 'integer', placeholder: true },
      { name: 'security', kind: 'choice', choices: emailSecurities },
      { name: 'from', kind: 'email' },
      { name: 'user' },
      {
        name: 'password',
        kind: 'password',
        hint: (record) =>
          record === undefined ? 'passwordNew' : record.has_password ? 'passwordStored' : 'passwordNone',
      },
    ],
  },
  viewFields: ['host', 'port', 'security', 'user', 'has_password', 'from'],
  pages: {
    // the list page shows the mail outbox below the configurations
    list: () =>
      Promise.all([import('../features/system/email-pages.tsx'), import('./mail-outbox.resource.ts')]).then(
        ([{ EmailListPage }, { resource: outbox }]): ResourcePage =>
          (props) =>
            createElement(EmailListPage, { ...props, outbox }),
      ),
    view: () => import('../features/system/email-pages.tsx').then((m) => m.EmailViewPage),
  },
};
