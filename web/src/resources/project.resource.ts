/**
 * Projects (/management/project, API /admin/project): a company's project grouping constructions.
 * Special: the project's constructions on its view page, added from those in no other project of
 * this one (`construction/not-in-project/{id}`) and removed one at a time.
 */
import { projectInputSchema, projectUpdateSchema } from '@sitepay/domain/project.schema';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = {
  name: 'project',
  apiBase: 'admin/project',
  routeBase: '/management/project',
  titleField: 'name',
  // the server narrows projects to the selected construction's project once the user picks one
  scopedByConstruction: 'explicit',
  columns: [
    { field: 'code', width: 120 },
    { field: 'name', flex: 2, minWidth: 200 },
    { field: 'company_name', flex: 1, minWidth: 160, hideBelow: 'md' },
    { field: 'construction_count', kind: 'number', width: 130, sortable: false, hideBelow: 'md' },
    { field: 'status', kind: 'status', width: 140 },
  ],
  defaultSort: { field: 'created_at', desc: true },
  form: {
    createSchema: projectInputSchema,
    updateSchema: projectUpdateSchema,
    fields: [
      { name: 'code' },
      { name: 'name' },
      {
        name: 'company_id',
        kind: 'reference',
        options: { endpoint: 'admin/company/list/all' },
        display: 'company_name',
      },
      { name: 'description', kind: 'textarea', width: 'full' },
    ],
  },
  files: true,
  viewFields: ['code', 'name', 'company_id', 'construction_count', 'description'],
  related: [
    {
      kind: 'linked',
      key: 'constructions',
      childResource: 'construction',
      list: 'construction/get-by-project/{id}',
      columns: [
        { field: 'code', width: 120 },
        { field: 'name' },
        { field: 'address', hideBelow: 'md' },
        { field: 'closed', kind: 'flag', width: 120, hideBelow: 'sm' },
      ],
      titleField: 'name',
      viewRoute: '/management/construction/view/{id}',
      add: {
        candidates: 'construction/not-in-project/{id}',
        path: 'admin/project/add-constructions/{id}',
        body: (_projectId, ids) => ({ constructionIds: ids }),
      },
      remove: {
        path: 'admin/project/delete-construction/{id}',
        body: (projectId, construction) => ({ constructionId: construction.id, projectId }),
      },
    },
  ],
};
