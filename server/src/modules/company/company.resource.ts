/** Companies: an ordinary record kind, described once and served by the generic routes. */
import { companyInputSchema, companySchema, companyUpdateSchema } from '@sitepay/domain/company.schema';
import { sql } from 'drizzle-orm';
import { company, construction, project } from '../../db/schema.ts';
import { scopeCompanyIds } from '../../http/access-sql.ts';
import type { RecordKind } from '../../http/records.ts';
import type { ResourceDescription } from '../../http/resource.routes.ts';
import { selectedConstruction } from '../construction/construction.resource.ts';

export const companyKind: RecordKind = {
  name: 'company',
  table: company,
  searchFields: ['code', 'name', 'tax_code', 'address', 'representative'],
  sortable: {
    code: company.code,
    name: company.name,
    tax_code: company.tax_code,
    created_at: company.created_at,
    updated_at: company.updated_at,
    status: company.status,
  },
  defaultSort: { by: 'created_at', desc: true },
  unique: [{ field: 'code', columns: ['code'], constraint: 'company_code_uq' }],
  scope: (user) => sql`${company.id} in (${scopeCompanyIds(user.id)})`,
  // the top-bar selector: the company of the selected construction
  filters: (q) => {
    const selected = selectedConstruction(q);
    return [
      selected
        ? sql`${company.id} = (select p.company_id from ${construction} c join ${project} p on p.id = c.project_id where c.id = ${selected})`
        : undefined,
    ];
  },
};

export const companyResource: ResourceDescription = {
  kind: companyKind,
  basePath: '/api/admin/company',
  tag: 'company',
  record: companySchema,
  input: companyInputSchema,
  update: companyUpdateSchema,
  menus: { read: ['company', 'company-view'], create: ['company-create'], update: ['company-update'] },
};
