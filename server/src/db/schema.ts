/**
 * The database schema (Drizzle). Every business record shares `recordColumns`:
 * status O/C/D, an integer version for optimistic concurrency, audit stamps, and a
 * `search_text` column holding the record's searchable fields folded to plain lower-case
 * ASCII (so "cong ty" finds "Công ty"), indexed with trigrams.
 * Migrations are generated from this file by drizzle-kit (`npm run db:generate`).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const recordColumns = () => ({
  id: serial('id').primaryKey(),
  status: varchar('status', { length: 1 }).notNull().default('O'),
  version: integer('version').notNull().default(0),
  created_at: stamp('created_at').notNull().defaultNow(),
  updated_at: stamp('updated_at').notNull().defaultNow(),
  created_by: varchar('created_by', { length: 100 }),
  updated_by: varchar('updated_by', { length: 100 }),
  search_text: text('search_text').notNull().default(''),
});

/** Indexes every record table gets: status + recency for default lists, trigram search. */
const recordIndexes = (
  name: string,
  t: {
    status: ExtraConfigColumn;
    created_at: ExtraConfigColumn;
    id: ExtraConfigColumn;
    search_text: ExtraConfigColumn;
  },
) => [
  index(`${name}_status_created_idx`).on(t.status, t.created_at.desc(), t.id.desc()),
  index(`${name}_search_trgm_idx`).using('gin', sql`${t.search_text} gin_trgm_ops`),
];

// ---------------------------------------------------------------- organisation

export const department = pgTable(
  'department',
  {
    ...recordColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    director_id: integer('director_id'),
  },
  (t) => [
    ...recordIndexes('department', t),
    uniqueIndex('department_code_uq').on(t.code).where(sql`status <> 'D'`),
  ],
);

export const company = pgTable(
  'company',
  {
    ...recordColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    tax_code: varchar('tax_code', { length: 20 }),
    address: varchar('address', { length: 500 }),
    phone: varchar('phone', { length: 30 }),
    email: varchar('email', { length: 255 }),
    representative: varchar('representative', { length: 255 }),
    note: text('note'),
  },
  (t) => [
    ...recordIndexes('company', t),
    uniqueIndex('company_code_uq').on(t.code).where(sql`status <> 'D'`),
    index('company_name_idx').on(t.name),
    index('company_code_idx').on(t.code),
    index('company_tax_code_idx').on(t.tax_code),
    index('company_updated_idx').on(t.updated_at),
  ],
);

export const project = pgTable(
  'project',
  {
    ...recordColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
    company_id: integer('company_id').references(() => company.id),
  },
  (t) => [
    ...recordIndexes('project', t),
    uniqueIndex('project_code_uq').on(t.code).where(sql`status <> 'D'`),
    index('project_company_idx').on(t.company_id),
  ],
);

export const construction = pgTable(
  'construction',
  {
    ...recordColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    address: varchar('address', { length: 500 }),
    project_id: integer('project_id').references(() => project.id),
    closed: boolean('closed').notNull().default(false),
    closed_at: stamp('closed_at'),
  },
  (t) => [
    ...recordIndexes('construction', t),
    uniqueIndex('construction_code_uq').on(t.code).where(sql`status <> 'D'`),
    index('construction_project_idx').on(t.project_id),
  ],
);

// ---------------------------------------------------------------- access control

export const appUser = pgTable(
  'app_user',
  {
    ...recordColumns(),
    user_name: varchar('user_name', { length: 100 }).notNull(),
    password_hash: text('password_hash').notNull(),
    full_name: varchar('full_name', { length: 255 }),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 30 }),
    avatar: varchar('avatar', { length: 500 }),
    department_id: integer('department_id').references(() => department.id),
    join_date: date('join_date', { mode: 'string' }),
  },
  (t) => [...recordIndexes('app_user', t), uniqueIndex('app_user_name_uq').on(sql`lower(${t.user_name})`)],
);

export const appGroup = pgTable(
  'app_group',
  {
    ...recordColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    priority: integer('priority').notNull().default(0),
  },
  (t) => [
    ...recordIndexes('app_group', t),
    uniqueIndex('app_group_code_uq').on(t.code).where(sql`status <> 'D'`),
  ],
);

export const role = pgTable(
  'role',
  {
    ...recordColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    company_id: integer('company_id').references(() => company.id),
    project_id: integer('project_id').references(() => project.id),
    construction_id: integer('construction_id').references(() => construction.id),
    priority: integer('priority').notNull().default(0),
  },
  (t) => [...recordIndexes('role', t), uniqueIndex('role_code_uq').on(t.code).where(sql`status <> 'D'`)],
);

export const privilege = pgTable(
  'privilege',
  {
    ...recordColumns(),
    code: varchar('code', { length: 100 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
  },
  (t) => [
    ...recordIndexes('privilege', t),
    uniqueIndex('privilege_code_uq').on(t.code).where(sql`status <> 'D'`),
  ],
);

export const menu = pgTable(
  'menu',
  {
    ...recordColumns(),
    parent_id: integer('parent_id'),
    path: varchar('path', { length: 255 }).notNull(),
    component: varchar('component', { length: 255 }),
    name: varchar('name', { length: 100 }).notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    title_en: varchar('title_en', { length: 255 }).notNull(),
    icon: varchar('icon', { length: 100 }),
    is_new: boolean('is_new').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    redirect_url: varchar('redirect_url', { length: 255 }),
    sort_order: integer('sort_order').notNull().default(0),
  },
  (t) => [
    ...recordIndexes('menu', t),
    uniqueIndex('menu_name_uq').on(t.name).where(sql`status <> 'D'`),
    index('menu_parent_idx').on(t.parent_id),
  ],
);

export const endpoint = pgTable(
  'endpoint',
  {
    ...recordColumns(),
    method: varchar('method', { length: 10 }).notNull(),
    path: varchar('path', { length: 255 }).notNull(),
    endpoint_type: varchar('endpoint_type', { length: 50 }).notNull().default('api'),
    description: text('description'),
  },
  (t) => [...recordIndexes('endpoint', t), uniqueIndex('endpoint_method_path_uq').on(t.method, t.path)],
);

export const userRole = pgTable(
  'user_role',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => appUser.id),
    role_id: integer('role_id')
      .notNull()
      .references(() => role.id),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.role_id] }), index('user_role_role_idx').on(t.role_id)],
);
export const userGroup = pgTable(
  'user_group',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => appUser.id),
    group_id: integer('group_id')
      .notNull()
      .references(() => appGroup.id),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.group_id] }), index('user_group_group_idx').on(t.group_id)],
);
export const groupRole = pgTable(
  'group_role',
  {
    group_id: integer('group_id')
      .notNull()
      .references(() => appGroup.id),
    role_id: integer('role_id')
      .notNull()
      .references(() => role.id),
  },
  (t) => [primaryKey({ columns: [t.group_id, t.role_id] }), index('group_role_role_idx').on(t.role_id)],
);
export const roleMenu = pgTable(
  'role_menu',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => role.id),
    menu_id: integer('menu_id')
      .notNull()
      .references(() => menu.id),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.menu_id] }), index('role_menu_menu_idx').on(t.menu_id)],
);
export const rolePrivilege = pgTable(
  'role_privilege',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => role.id),
    privilege_id: integer('privilege_id')
      .notNull()
      .references(() => privilege.id),
  },
  (t) => [
    primaryKey({ columns: [t.role_id, t.privilege_id] }),
    index('role_privilege_privilege_idx').on(t.privilege_id),
  ],
);
export const menuEndpoint = pgTable(
  'menu_endpoint',
  {
    menu_id: integer('menu_id')
      .notNull()
      .references(() => menu.id),
    endpoint_id: integer('endpoint_id')
      .notNull()
      .references(() => endpoint.id),
  },
  (t) => [
    primaryKey({ columns: [t.menu_id, t.endpoint_id] }),
    index('menu_endpoint_endpoint_idx').on(t.endpoint_id),
  ],
);
export const privilegeEndpoint = pgTable(
  'privilege_endpoint',
  {
    privilege_id: integer('privilege_id')
      .notNull()
      .references(() => privilege.id),
    endpoint_id: integer('endpoint_id')
      .notNull()
      .references(() => endpoint.id),
  },
  (t) => [
    primaryKey({ columns: [t.privilege_id, t.endpoint_id] }),
    index('privilege_endpoint_endpoint_idx').on(t.endpoint_id),
  ],
);

// ---------------------------------------------------------------- sessions and history

/** One row per issued token: revocation lives here so every server instance sees it. */
export const session = pgTable(
  'session',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => appUser.id),
    issued_at: stamp('issued_at').notNull().defaultNow(),
    expires_at: stamp('expires_at').notNull(),
    revoked_at: stamp('revoked_at'),
  },
  (t) => [index('session_user_idx').on(t.user_id), index('session_expires_idx').on(t.expires_at)],
);

export const accessHistory = pgTable(
  'access_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id'),
    user_name: varchar('user_name', { length: 100 }).notNull(),
    at: stamp('at').notNull().defaultNow(),
    address: varchar('address', { length: 64 }),
    user_agent: varchar('user_agent', { length: 500 }),
    type: varchar('type', { length: 10 }).notNull(),
    result: varchar('result', { length: 10 }).notNull(),
  },
  (t) => [
    index('access_history_user_at_idx').on(t.user_id, t.at.desc()),
    index('access_history_name_at_idx').on(sql`lower(${t.user_name})`, t.at),
    index('access_history_address_at_idx').on(t.address, t.at),
  ],
);

/** Change history of every record kind: who, when, what, and each changed field's old/new value. */
export const recordHistory = pgTable(
  'record_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entity: varchar('entity', { length: 50 }).notNull(),
    record_id: integer('record_id').notNull(),
    action: varchar('action', { length: 20 }).notNull(),
    changes: jsonb('changes').notNull().$type<Record<string, { old: unknown; new: unknown }>>(),
    user_id: integer('user_id'),
    user_name: varchar('user_name', { length: 100 }),
    at: stamp('at').notNull().defaultNow(),
  },
  (t) => [index('record_history_entity_record_idx').on(t.entity, t.record_id, t.id.desc())],
);
