/**
 * API endpoints (/system/endpoint, API /admin/endpoint): a method and a path pattern under /api
 * (`/api/admin/role/get/{id}`), its type (from `admin/endpoint-type/list/all`, kept by code) and a
 * description. Menus and privileges list the endpoints their screens call; the server lets a request
 * through when one of the user's menus or privileges covers it.
 */
import '../i18n/system-strings.ts';
import {
  endpointInputSchema,
  endpointMethods,
  endpointTypes,
  endpointUpdateSchema,
} from '@sitepay/domain/admin.schema';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = {
  name: 'endpoint',
  apiBase: 'admin/endpoint',
  routeBase: '/system/endpoint',
  endpoints: { paging: 'admin/endpoint/list/paging' },
  viewActions: ['status', 'delete'],
  titleField: 'path',
  columns: [
    // one cell, "GET /api/…": the same path under two methods is two endpoints
    {
      field: 'path',
      flex: 3,
      minWidth: 180,
      text: (r) => `${String(r.method)} ${String(r.path)}`,
      link: (r) => `/system/endpoint/view/${r.id}`,
    },
    {
      field: 'endpoint_type',
      width: 100,
      hideBelow: 'md',
      text: (r) =>
        endpointTypes.find((type) => type.code === r.endpoint_type)?.name ?? String(r.endpoint_type),
    },
    { field: 'description', flex: 2, minWidth: 140, sortable: false, hideBelow: 'lg' },
    { field: 'status', kind: 'status', width: 140 },
  ],
  list: { hideOnPhones: ['rowNumber'] },
  defaultSort: { field: 'path', desc: false },
  form: {
    createSchema: endpointInputSchema,
    updateSchema: endpointUpdateSchema,
    fields: [
      { name: 'method', kind: 'choice', choices: endpointMethods },
      { name: 'path', placeholder: true },
      {
        name: 'endpoint_type',
        kind: 'reference',
        options: { endpoint: 'admin/endpoint-type/list/all', valueField: 'code' },
      },
      { name: 'description', kind: 'textarea', width: 'full' },
    ],
  },
};
