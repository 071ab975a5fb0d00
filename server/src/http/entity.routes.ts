/**
 * An entity's record kind and routes from its description (`@sitepay/domain/entity`,
 * docs/adr/0064-one-description-per-entity.md): search, sort, unique and reference rules from the
 * fields' flags, a display column naming each referenced record, the generic routes of
 * `resource.routes.ts` at the entity's paths with the menus of its screens, and its picker list.
 * Only what is SQL is given beside it: the table (by default the one named after the entity),
 * display columns that are more than a name, the scope and the hooks.
 */
import type { Entity } from '@sitepay/domain/entity';
import { entityPath } from '@sitepay/domain/entity';
import { entitySchemas, formatErrors } from '@sitepay/domain/entity-schemas';
import { getTableName, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { tableOf } from '../db/entity-tables.ts';
import { type CurrentUser, currentUser } from './auth.ts';
import { badRequest } from './errors.ts';
import type { Row } from './record-kind.ts';
import { listAllRecords, type RecordKind } from './records.ts';
import { type ResourceDescription, registerResource } from './resource.routes.ts';

type Table = RecordKind['table'];

/** What the description cannot say: the SQL side of an entity, and what its routes add. */
export type EntitySql = {
  /** The entity's table when it is not the one named after it. */
  table?: Table;
  /** Display columns computed per row beyond a reference's name (a user's full name or login). */
  extraColumns?: Record<string, SQL>;
  /** The rules of RecordKind that need SQL or code: scope, writeScope, inUse, filters, the hooks. */
  hooks?: Omit<RecordKind, 'name' | 'table' | 'searchFields' | 'sortable' | 'unique' | 'extraColumns'>;
  /** Sort keys beyond the flagged fields and the stamps (a computed column). */
  sortable?: Record<string, PgColumn>;
  /** Menus of other screens that read these records (a form picking from the list). */
  readBy?: string[];
  /** List query fields beyond the common ones (a project's `companyId`). */
  listQuery?: z.ZodObject;
  /** Fields the answers carry beyond the description's (figures of the caller's scope). */
  record?: z.ZodRawShape;
  /** Adds what depends on the caller to the answered records (see ResourceDescription.decorate). */
  decorate?: (db: Db, records: Row[], user: CurrentUser) => Promise<void>;
  /** A create served by the module's own route. */
  ownCreate?: string;
  /** Menus other than the entity's own (records edited on another's page: a contractor's payees). */
  menus?: ResourceDescription['menus'];
  /** Uniqueness over several columns, or an index named otherwise, instead of the fields' flags. */
  unique?: RecordKind['unique'];
  /** The OpenAPI tag, when not the entity's name (the settings share one). */
  tag?: string;
};

/** A described entity's record kind, with its description and what its routes add. */
export type EntityKind = RecordKind & { entity: Entity; routes: EntitySql };

export function entityKind(entity: Entity, s: EntitySql = {}): EntityKind {
  const table = (s.table ?? tableOf(entity.name)) as Table;
  const columns = table as unknown as Record<string, PgColumn>;
  const column = (field: string) => {
    const c = columns[field];
    if (!c) throw new Error(`${entity.name}: field ${field} has no column`);
    return c;
  };
  const fields = Object.entries(entity.fields);
  const references = fields.flatMap(([field, f]) => (f.type === 'reference' ? [{ field, f }] : []));
  const lookups = Object.fromEntries(
    references
      .filter(({ f }) => f.display && !s.extraColumns?.[f.display])
      .map(({ field, f }) => [
        f.display as string,
        { key: field, table: tableOf(f.to) as Table, column: 'name' },
      ]),
  );
  const sortable = [...fields.filter(([, f]) => f.sort).map(([field]) => field), 'created_at', 'updated_at'];
  const beforeWrite = s.hooks?.beforeWrite;
  return {
    ...s.hooks,
    // a changed value of a format that keeps stored ones (a tax code) is checked here, the update's
    // schema having taken any (docs/adr/0093-tax-codes-checked-by-their-check-digit.md)
    async beforeWrite(tx, values, existing, user) {
      checkFormats(entity, values, existing);
      await beforeWrite?.(tx, values, existing, user);
    },
    entity,
    routes: s,
    name: entity.name,
    table,
    searchFields: fields.filter(([, f]) => f.search).map(([field]) => field),
    sortable: {
      ...Object.fromEntries([...sortable, 'status'].map((field) => [field, column(field)])),
      ...s.sortable,
    },
    defaultSort: entity.defaultSort,
    unique:
      s.unique ??
      fields
        .filter(([, f]) => f.unique)
        .map(([field, f]) => ({
          field,
          columns: [field],
          constraint: `${getTableName(table)}_${field}_uq`,
          ...(f.unique === 'folded' ? { caseInsensitive: true } : {}),
        })),
    ...(s.extraColumns ? { extraColumns: s.extraColumns } : {}),
    ...(Object.keys(lookups).length ? { lookups } : {}),
    references: [
      ...references.map(({ field, f }) => ({
        field,
        table: tableOf(f.to) as Table,
        ...(f.type === 'reference' && f.activeOnly ? { activeOnly: true } : {}),
      })),
      ...(s.hooks?.references ?? []),
    ],
  };
}

/** Refuses (400 naming the fields) the changed values an update's lax schema took but the format refuses. */
export function checkFormats(entity: Pick<Entity, 'fields'>, values: Row, existing: Row | undefined) {
  const errors = formatErrors(entity, values, existing);
  if (errors.length) throw badRequest(errors.map((e) => `${e.field}: ${e.message}`).join(', '), errors);
}

/** Registers an entity's generic routes and its picker list. */
export function registerEntity(app: FastifyInstance, kind: EntityKind) {
  const { entity, routes: s } = kind;
  const schemas = entitySchemas(entity);
  const record = s.record ? schemas.record.extend(s.record) : schemas.record;
  const paths = Object.fromEntries(
    Object.keys(entity.paths ?? {}).map((op) => {
      const p = entityPath(entity, op as keyof NonNullable<Entity['paths']>);
      return [op, p === null ? false : p === entity.api ? '' : p.slice(entity.api.length + 1)];
    }),
  );
  const n = entity.name;
  const description: ResourceDescription = {
    kind,
    basePath: `/api/${entity.api}`,
    tag: s.tag ?? (entity.menu?.parent === 'setting' ? 'setting' : n),
    record,
    input: schemas.input,
    update: schemas.update,
    menus: s.menus ?? {
      read: [n, `${n}-view`, ...(s.readBy ?? [])],
      create: [`${n}-create`],
      update: [`${n}-update`],
    },
    paths,
    ...(s.listQuery ? { listQuery: s.listQuery } : {}),
    ...(s.decorate ? { decorate: s.decorate } : {}),
    ...(s.ownCreate ? { ownCreate: s.ownCreate } : {}),
  };
  registerResource(app, description);
  if (entity.picker)
    app.withTypeProvider<ZodTypeProvider>().get(
      `/api/${entity.picker}`,
      {
        config: { access: 'user' },
        schema: { tags: [description.tag], response: { 200: z.array(record) } },
      },
      (req) => listAllRecords(app.db, kind, currentUser(req)) as never,
    );
}
