/**
 * A generic screen's description from an entity's (`@sitepay/domain/entities`,
 * docs/adr/0064-one-description-per-entity.md): the list's columns from the fields marked `list`
 * (then the status), the form from the fields it takes, the API paths, the default sort; a web
 * resource file adds only what the description cannot say (related sections, record actions).
 */
import { entityNamed } from '@sitepay/domain/entities';
import { type Entity, type EntityField, entityPath, inputFields } from '@sitepay/domain/entity';
import { searchedFields } from './reference-search.ts';
import type {
  ColumnKind,
  ColumnSpec,
  FieldKind,
  FieldSpec,
  ResourceDescription,
  SchemaLoader,
} from './resource.types.ts';

const columnKinds: Partial<Record<EntityField['type'], ColumnKind>> = {
  integer: 'number',
  percent: 'percent',
  money: 'amount',
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
  money: 'amount',
  date: 'date',
  boolean: 'boolean',
  choice: 'choice',
  reference: 'reference',
  references: 'references',
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

/** The list a form picks records of an entity from: its picker, else all of it. */
const pickerOf = (name: string) => {
  const e = entityNamed(name);
  return e?.picker ?? `${e?.api ?? name}/list/all`;
};

function fieldOf(name: string, f: EntityField): FieldSpec {
  const kind = fieldKinds[f.type];
  return {
    name,
    ...(kind ? { kind } : {}),
    ...(f.wide ? { width: 'full' as const } : {}),
    ...(f.hint ? { hint: true } : {}),
    ...(f.placeholder ? { placeholder: true } : {}),
    ...(f.type === 'choice' ? { choices: f.choices } : {}),
    ...(f.type === 'reference'
      ? {
          options: { endpoint: f.picker ?? pickerOf(f.to), searchFields: searchedFields(f.to) },
          ...(f.display ? { display: f.display } : {}),
        }
      : {}),
    ...(f.type === 'references'
      ? { options: { endpoint: pickerOf(f.to), searchFields: searchedFields(f.to) } }
      : {}),
  };
}

/** An entity's form schemas, built from its description when a form first needs them. */
export const entitySchemaLoader =
  (entity: Entity): SchemaLoader =>
  () =>
    import('@sitepay/domain/entity-schemas').then(({ entitySchemas }) => {
      const { input, update } = entitySchemas(entity);
      return { create: input, update };
    });

/**
 * The generic pages' description of an entity, with what a resource file adds; a special record
 * gives its own hand-written schemas (its money rules), loaded as the entity's are: with the form
 * (docs/adr/0114-schemas-loaded-with-the-form.md).
 */
export function resourceOf(
  entity: Entity,
  more: Partial<Omit<ResourceDescription, 'form'>> = {},
  schemas: SchemaLoader = entitySchemaLoader(entity),
): ResourceDescription & { form: { schemas: SchemaLoader } } {
  // the operations whose path the entity spells otherwise (a tax's create at its base)
  const ops = ['paging', 'get', 'create', 'update', 'active', 'deactivate', 'delete'] as const;
  const spelled = ops.flatMap((op) => {
    const p = typeof entity.paths?.[op] === 'string' ? entityPath(entity, op) : null;
    return p ? [[op, p.replace(':id', '{id}')]] : [];
  });
  return {
    name: entity.name,
    apiBase: entity.api,
    routeBase: entity.route ?? `/${entity.api}`,
    titleField: entity.title,
    ...(spelled.length ? { endpoints: Object.fromEntries(spelled) } : {}),
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
      schemas,
      fields: inputFields(entity)
        .filter(([, f]) => f.form !== false)
        .map(([name, f]) => fieldOf(name, f)),
    },
    ...more,
  };
}
