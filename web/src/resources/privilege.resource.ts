/**
 * Privileges (/system/privilege, SPEC also spells /admin/privilege/update/:id; API /admin/privilege):
 * name, code, description and the API endpoints it opens (picked from `admin/endpoint/list/all`,
 * shown "METHOD /api/path"). A role holding it may call those endpoints.
 */
import '../i18n/system-strings.ts';
import { privilege } from '@sitepay/domain/entities/privilege.entity';
import { resourceOf } from './entity-resource.ts';
import type { ResourceDescription } from './resource.types.ts';

const base = resourceOf(privilege);

export const resource: ResourceDescription = {
  ...base,
  viewActions: ['status', 'delete'],
  columns: [
    { field: 'code', width: 200, hideBelow: 'sm' },
    { field: 'name', flex: 2, minWidth: 160, link: (r) => `/system/privilege/view/${r.id}` },
    { field: 'description', flex: 2, minWidth: 160, sortable: false, hideBelow: 'md' },
    { field: 'status', kind: 'status', width: 140 },
  ],
  list: { hideOnPhones: ['rowNumber'] },
};
