/** Departments: name, code, director; list/all, get, create, update, delete (docs/product.md#departments). */
import {
  departmentInputSchema,
  departmentSchema,
  departmentUpdateSchema,
} from '@sitepay/domain/department.schema';
import { sql } from 'drizzle-orm';
import { appUser, department } from '../../db/schema.ts';
import { outer, type RecordKind } from '../../http/records.ts';
import type { ResourceDescription } from '../../http/resource.routes.ts';

export const departmentKind: RecordKind = {
  name: 'department',
  table: department,
  searchFields: ['code', 'name'],
  sortable: {
    code: department.code,
    name: department.name,
    created_at: department.created_at,
    status: department.status,
  },
  defaultSort: { by: 'name', desc: false },
  unique: [{ field: 'code', columns: ['code'], constraint: 'department_code_uq' }],
  extraColumns: {
    director_name: sql<
      string | null
    >`(select coalesce(u.full_name, u.user_name) from ${appUser} u where u.id = ${outer(department.director_id)})`,
  },
  references: [{ field: 'director_id', table: appUser as never, activeOnly: true }],
};

export const departmentResource: ResourceDescription = {
  kind: departmentKind,
  basePath: '/api/admin/department',
  tag: 'department',
  record: departmentSchema,
  input: departmentInputSchema,
  update: departmentUpdateSchema,
  menus: {
    read: ['department', 'department-view'],
    create: ['department-create'],
    update: ['department-update'],
  },
};
