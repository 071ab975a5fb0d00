/** Companies (/management/company, API /admin/company): the generic pages, nothing special. */
import { companyInputSchema, companyUpdateSchema } from '@sitepay/domain/company.schema';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = {
  name: 'company',
  apiBase: 'admin/company',
  routeBase: '/management/company',
  titleField: 'name',
  // the server narrows companies to the selected construction's company once the user picks one
  scopedByConstruction: 'explicit',
  columns: [
    { field: 'code', width: 140 },
    { field: 'name', flex: 2, minWidth: 200 },
    { field: 'tax_code', width: 120, hideBelow: 'md' },
    { field: 'created_at', kind: 'date', width: 115, hideBelow: 'md' },
    { field: 'status', kind: 'status', width: 140 },
  ],
  defaultSort: { field: 'created_at', desc: true },
  files: true,
  form: {
    createSchema: companyInputSchema,
    updateSchema: companyUpdateSchema,
    fields: [
      { name: 'code' },
      { name: 'name' },
      { name: 'tax_code' },
      { name: 'representative' },
      { name: 'phone', kind: 'tel' },
      { name: 'email', kind: 'email' },
      { name: 'address', width: 'full' },
      { name: 'note', kind: 'textarea', width: 'full' },
    ],
  },
};
