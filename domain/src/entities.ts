/**
 * Every ordinary entity described in `entities/` (docs/adr/0064-one-description-per-entity.md). The
 * server registers its routes and menus from this list, the web its screens and labels; adding an
 * entity is one file there and one line here.
 */

import { bank } from './entities/bank.entity.ts';
import { beneficiary } from './entities/beneficiary.entity.ts';
import { company } from './entities/company.entity.ts';
import { companyBankAccount } from './entities/company-bank-account.entity.ts';
import { construction } from './entities/construction.entity.ts';
import { constructionItem } from './entities/construction-item.entity.ts';
import { contractor } from './entities/constructor.entity.ts';
import { constructorType } from './entities/constructor-type.entity.ts';
import { contractType } from './entities/contract-type.entity.ts';
import { costItem } from './entities/cost-item.entity.ts';
import { department } from './entities/department.entity.ts';
import { documentAttachment } from './entities/document-attachment.entity.ts';
import { endpoint } from './entities/endpoint.entity.ts';
import { group } from './entities/group.entity.ts';
import { menu } from './entities/menu.entity.ts';
import { paymentDate } from './entities/payment-date.entity.ts';
import { paymentMethod } from './entities/payment-method.entity.ts';
import { paymentType } from './entities/payment-type.entity.ts';
import { privilege } from './entities/privilege.entity.ts';
import { project } from './entities/project.entity.ts';
import { role } from './entities/role.entity.ts';
import { tax } from './entities/tax.entity.ts';
import { transactionType } from './entities/transaction-type.entity.ts';
import { user } from './entities/user.entity.ts';
import type { Entity } from './entity.ts';

/** The settings, in the drawer's order. */
export const settingEntities = [
  bank,
  tax,
  contractType,
  constructionItem,
  documentAttachment,
  transactionType,
  constructorType,
  paymentType,
  paymentDate,
  paymentMethod,
  costItem,
] as const;

export type SettingName = (typeof settingEntities)[number]['name'];

export const entities: readonly Entity[] = [
  company,
  project,
  construction,
  contractor,
  beneficiary,
  user,
  group,
  role,
  privilege,
  menu,
  endpoint,
  department,
  ...settingEntities,
  companyBankAccount,
];

export const entityNamed = (name: string): Entity | undefined => entities.find((e) => e.name === name);
