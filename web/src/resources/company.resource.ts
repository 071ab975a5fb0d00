/**
 * Companies (/management/company, API /admin/company): the generic pages; the view page lists the
 * company's projects and constructions (read only: a project changes company from its own form).
 */
import { company } from '@sitepay/domain/entities/company.entity';
import '../i18n/relations-strings.ts';
import { resourceOf } from './entity-resource.ts';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = resourceOf(company, {
  // the server narrows companies to the selected construction's company once the user picks one
  scopedByConstruction: 'explicit',
  files: true,
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
});
