/**
 * Constructions (/management/construction, API /construction): filtered by the top-bar selector
 * once the user picks one; closable — a closed construction is shown with a chip and takes no new
 * contract or payment request (the server refuses with 422).
 */
import { constructionInputSchema, constructionUpdateSchema } from '@sitepay/domain/construction.schema';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = {
  name: 'construction',
  apiBase: 'construction',
  routeBase: '/management/construction',
  titleField: 'name',
  scopedByConstruction: 'explicit',
  columns: [
    { field: 'code', width: 150 },
    { field: 'name', flex: 2, minWidth: 150 },
    { field: 'project_name', flex: 1, minWidth: 120, hideBelow: 'md', sortable: false },
    { field: 'closed', kind: 'flag', width: 110, hideBelow: 'sm' },
    { field: 'status', kind: 'status', width: 140 },
  ],
  defaultSort: { field: 'created_at', desc: true },
  form: {
    createSchema: constructionInputSchema,
    updateSchema: constructionUpdateSchema,
    fields: [
      { name: 'code' },
      { name: 'name' },
      {
        name: 'project_id',
        kind: 'reference',
        options: { endpoint: 'admin/project/list/all' },
        display: 'project_name',
      },
      { name: 'address' },
      { name: 'start_date', kind: 'date' },
      { name: 'end_date', kind: 'date' },
      { name: 'description', kind: 'textarea', width: 'full' },
    ],
  },
  viewFields: [
    'code',
    'name',
    'project_id',
    'company_name',
    'address',
    'start_date',
    'end_date',
    'closed_at',
    'description',
  ],
  flags: ['closed'],
  recordActions: [
    {
      key: 'close',
      method: 'PATCH',
      path: 'construction/close/{id}',
      when: (record) => record.closed !== true,
      color: 'warning',
      icon: 'lock',
    },
  ],
};
