/**
 * API endpoints (/system/endpoint, API /admin/endpoint): a method and a path pattern under /api
 * (`/api/admin/role/get/{id}`), its type (from `admin/endpoint-type/list/all`, kept by code) and a
 * description. Menus and privileges list the endpoints their screens call; the server lets a request
 * through when one of the user's menus or privileges covers it.
 */
import '../i18n/system-strings.ts';
import { endpoint, endpointTypes } from '@sitepay/domain/entities/endpoint.entity';
import { resourceOf } from './entity-resource.ts';
import type { ResourceDescription } from './resource.types.ts';

const base = resourceOf(endpoint);

export const resource: ResourceDescription = {
  ...base,
  viewActions: ['status', 'delete'],
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
  form: {
    ...base.form,
    // the type is picked from its own list, by code
    fields: base.form.fields.map((f) =>
      f.name === 'endpoint_type'
        ? {
            name: f.name,
            kind: 'reference' as const,
            options: { endpoint: 'admin/endpoint-type/list/all', valueField: 'code' },
          }
        : f,
    ),
  },
};
