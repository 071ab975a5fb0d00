/**
 * Privileges (/system/privilege, SPEC also spells /admin/privilege/update/:id; API /admin/privilege):
 * name, code, description and the API endpoints it opens (picked from `admin/endpoint/list/all`,
 * shown "METHOD /api/path"). A role holding it may call those endpoints.
 */
import '../i18n/system-strings.ts';
import { privilegeInputSchema, privilegeUpdateSchema } from '@sitepay/domain/admin.schema';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = {
  name: 'privilege',
  apiBase: 'admin/privilege',
  routeBase: '/system/privilege',
  endpoints: { paging: 'admin/privilege/list/paging' },
  viewActions: ['status', 'delete'],
  titleField: 'name',
  columns: [
    { field: 'code', width: 200, hideBelow: 'sm' },
    { field: 'name', flex: 2, minWidth: 160, link: (r) => `/system/privilege/view/${r.id}` },
    { field: 'description', flex: 2, minWidth: 160, sortable: false, hideBelow: 'md' },
    { field: 'status', kind: 'status', width: 140 },
  ],
  list: { hideOnPhones: ['rowNumber'] },
  defaultSort: { field: 'code', desc: false },
  form: {
    createSchema: privilegeInputSchema,
    updateSchema: privilegeUpdateSchema,
    fields: [
      { name: 'name' },
      { name: 'code' },
      { name: 'description', kind: 'textarea', width: 'full' },
      {
        name: 'endpoint_ids',
        kind: 'references',
        options: { endpoint: 'admin/endpoint/list/all' },
        hint: true,
      },
    ],
  },
};
