/**
 * A generic screen's description from an entity's (`@sitepay/domain/entities`,
 * docs/adr/0064-one-description-per-entity.md): the list's columns from the fields marked `list`
 * (then the status), the form from the fields it takes, the API paths, the default sort; a web
 * resource file adds only what the description cannot say (related sections, record actions).
 */
import { entityNamed } from '@sitepay/domain/entities';
import { type Entity, type EntityField, entityPath, inputFields } from '@sitepay/domain/entity';
import { entitySchemas } from '@sitepay/domain/entity-schemas';
import type { ColumnKind, ColumnSpec, FieldKind, FieldSpec, ResourceDescription } from './resource.types.ts';

const columnKinds: Partial<Record<EntityField['type'], ColumnKind>> = {
  integer: 'number',
  percent: 'percent',
  choice: 'choice',
  date: 'date',
  boolean: 'flag',
};

const fieldKinds: Partial<Record<EntityField['type'], FieldKind>> = {
  textarea: 'textarea',
  tel: 'tel',
  email: 'email',
  integer: 'integer',
  percent: 'percent',
  date: 'date',
  boolean: 'boolean',
  choice: 'choice',
  reference: 'reference',
};

function columnOf(name: string, f: EntityField): ColumnSpec {
  const hint = typeof f.list === 'object' ? f.list : {};
  return {
    field: f.type === 'reference' && f.display ? f.display : name,
    ...(columnKinds[f.type] ? { kind: columnKinds[f.type] } : {}),
    ...hint,
    ...(f.sort ? {} : { sortable: false }),
  };
}

function fieldOf(name: string, f: EntityField): FieldSpec {
  const kind = fieldKinds[f.type];
  return {
    name,
    ...(kind ? { kind } : {}),
    ...(f.wide ? { width: 'full' as const } : {}),
    ...(f.hint ? { hint: true } : {}),
    ...(f.type === 'choice' ? { choices: f.choices } : {}),
    ...(f.type === 'reference'
      ? {
          options: {
            endpoint: f.picker ?? entityNamed(f.to)?.picker ?? `${entityNamed(f.to)?.api}/list/all`,
          },
          ...(f.display ? { display: f.display } : {}),
        }
      : {}),
  };
}

/** The generic pages' description of an entity, with what a resource file adds. */
export function resourceOf(entity: Entity, more: Partial<ResourceDescription> = {}): ResourceDescription {
  const schemas = entitySchemas(entity);
  const path = (op: 'create' | 'update' | 'delete') => entityPath(entity, op)?.replace(':id', '{id}');
  const spelled = (['create', 'update', 'delete'] as const).filter((op) => entity.paths?.[op] !== undefined);
  return {
    name: entity.name,
    apiBase: entity.api,
    routeBase: entity.route ?? `/${entity.api}`,
    titleField: entity.title,
    ...(spelled.length ? { endpoints: Object.fromEntries(spelled.map((op) => [op, path(op)])) } : {}),
    columns: [
      ...Object.entries(entity.fields)
        .filter(([, f]) => f.list)
        .map(([name, f]) => columnOf(name, f)),
      { field: 'status', kind: 'status', width: 140 },
    ],
    ...(entity.defaultSort
      ? { defaultSort: { field: entity.defaultSort.by, desc: entity.defaultSort.desc } }
      : {}),
    form: {
      createSchema: schemas.input,
      updateSchema: schemas.update,
      fields: inputFields(entity).map(([name, f]) => fieldOf(name, f)),
    },
    ...more,
  };
}
