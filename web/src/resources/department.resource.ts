/**
 * Departments (/admin/department, API /admin/department): name, code, director — a user picked from
 * `admin/user/list/all`; lists and the view page show the name the API adds (`director_name`).
 */
import { departmentInputSchema, departmentUpdateSchema } from '@sitepay/domain/department.schema';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = {
  name: 'department',
  apiBase: 'admin/department',
  routeBase: '/admin/department',
  titleField: 'name',
  columns: [
    { field: 'code', width: 160 },
    { field: 'name', flex: 2, minWidth: 200 },
    { field: 'director_name', flex: 1, minWidth: 160, hideBelow: 'md', sortable: false },
    { field: 'status', kind: 'status', width: 140 },
  ],
  defaultSort: { field: 'name', desc: false },
  form: {
    createSchema: departmentInputSchema,
    updateSchema: departmentUpdateSchema,
    fields: [
      { name: 'code' },
      { name: 'name' },
      {
        name: 'director_id',
        kind: 'reference',
        options: { endpoint: 'admin/user/list/all' },
        display: 'director_name',
      },
    ],
  },
};
