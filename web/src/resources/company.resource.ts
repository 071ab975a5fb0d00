/**
 * Companies (/management/company, API /admin/company): the generic pages; the view page lists the
 * company's projects and constructions (read only: a project changes company from its own form).
 */
import { companyInputSchema, companyUpdateSchema } from '@sitepay/domain/company.schema';
import '../i18n/relations-strings.ts';
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
  related: [
    {
      kind: 'linked',
      key: 'projects',
      requires: 'project',
      childResource: 'project',
      list: 'admin/project/by-company/{id}',
      titleField: 'name',
      viewRoute: '/management/project/view/{id}',
      columns: [
        { field: 'code', width: 140, link: (r) => `/management/project/view/${r.id}` },
        { field: 'name' },
        { field: 'construction_count', kind: 'number', width: 110, hideBelow: 'sm' },
        { field: 'status', kind: 'status', width: 150 },
      ],
    },
    {
      kind: 'linked',
      key: 'constructions',
      requires: 'construction',
      childResource: 'construction',
      list: 'admin/company/{id}/constructions',
      titleField: 'name',
      viewRoute: '/management/construction/view/{id}',
      columns: [
        { field: 'code', width: 140, link: (r) => `/management/construction/view/${r.id}` },
        { field: 'name' },
        { field: 'project_name', hideBelow: 'md' },
        { field: 'closed', kind: 'flag', width: 100 },
        { field: 'status', kind: 'status', width: 150 },
      ],
    },
  ],
};
