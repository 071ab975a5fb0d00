/**
 * The record kind of every entity described in `@sitepay/domain/entities`
 * (docs/adr/0064-one-description-per-entity.md). The start registers their routes from here; an
 * entity with rules of its own has its kind in its module (its SQL side: scope, hooks), an ordinary
 * one needs nothing here but its table, found by name.
 */
import { entities, type SettingName, settingEntities } from '@sitepay/domain/entities';
import { department as departmentEntity } from '@sitepay/domain/entities/department.entity';
import { sql } from 'drizzle-orm';
import { appUser, department } from './db/schema.ts';
import { type EntityKind, entityKind } from './http/entity.routes.ts';
import { outer } from './http/records.ts';
import { endpointKind } from './modules/access/endpoint.resource.ts';
import { groupKind } from './modules/access/group.resource.ts';
import { menuKind } from './modules/access/menu.resource.ts';
import { privilegeKind } from './modules/access/privilege.resource.ts';
import { roleKind } from './modules/access/role.resource.ts';
import { companyKind } from './modules/company/company.resource.ts';
import { constructionKind } from './modules/construction/construction.resource.ts';
import { beneficiaryKind, constructorKind } from './modules/constructor/constructor.resources.ts';
import { companyBankAccountKind } from './modules/payment/company-bank-account.resource.ts';
import { projectKind } from './modules/project/project.resource.ts';
import { userKind } from './modules/user/user.resource.ts';

export const settingKinds = Object.fromEntries(settingEntities.map((e) => [e.name, entityKind(e)])) as Record<
  SettingName,
  EntityKind
>;

const departmentKind = entityKind(departmentEntity, {
  extraColumns: {
    director_name: sql<
      string | null
    >`(select coalesce(u.full_name, u.user_name) from ${appUser} u where u.id = ${outer(department.director_id)})`,
  },
});

/** Every described entity's kind; the start refuses to run when one is missing. */
export const entityKinds: EntityKind[] = [
  companyKind,
  projectKind,
  constructionKind,
  constructorKind,
  beneficiaryKind,
  userKind,
  groupKind,
  roleKind,
  privilegeKind,
  menuKind,
  endpointKind,
  departmentKind,
  ...Object.values(settingKinds),
  companyBankAccountKind,
];

export function missingEntityKinds(): string[] {
  return entities.filter((e) => !entityKinds.some((k) => k.entity === e)).map((e) => e.name);
}
