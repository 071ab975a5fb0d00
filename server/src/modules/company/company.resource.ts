/**
 * Companies (`@sitepay/domain/entities/company.entity`): served by the generic routes, seen by the
 * users whose roles name them, narrowed by the top-bar selector to the selected construction's company.
 */
import { company as companyEntity } from '@sitepay/domain/entities/company.entity';
import { sql } from 'drizzle-orm';
import { company, construction, project } from '../../db/schema.ts';
import { scopeCompanyIds } from '../../http/access-sql.ts';
import { entityKind } from '../../http/entity.routes.ts';
import { selectedConstruction } from '../construction/construction.resource.ts';

export const companyKind = entityKind(companyEntity, {
  hooks: {
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
  },
});
