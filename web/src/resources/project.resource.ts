/**
 * Projects (/management/project, API /admin/project): a company's project grouping constructions.
 * Special: the project's constructions on its view page, added from those in no other project of
 * this one (`construction/not-in-project/{id}`) and removed one at a time.
 */
import { project } from '@sitepay/domain/entities/project.entity';
import { resourceOf } from './entity-resource.ts';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = resourceOf(project, {
  // the server narrows projects to the selected construction's project once the user picks one
  scopedByConstruction: 'explicit',
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
});
