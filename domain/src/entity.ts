/**
 * One description per ordinary entity ([ADR 0064](../../docs/adr/0064-one-description-per-entity.md)):
 * its API and screen paths, its menu, and its fields with their type, limits, labels and what the
 * lists do with them. From it come the zod schemas (`entity-schemas.ts`), the server's routes
 * (`registerEntity`), the seeded menus, the web's list, form and labels, and the export columns.
 * Plain data: the web reads the labels of every entity at start without loading zod.
 */

/**
 * The form a text must have, refused with `error`; `strip` is taken out of what is typed first, then
 * `clean` writes it as stored. `check` is a rule beyond the pattern (a tax code's check digit,
 * domain/src/tax-code.ts). `keepStored`: an update may send back a stored value that fails unchanged
 * (older data) — the server checks the value only when it changes (docs/adr/0093-tax-codes-checked-by-their-check-digit.md).
 */
export type TextFormat = {
  pattern: RegExp;
  error: string;
  strip?: RegExp;
  clean?: (text: string) => string;
  check?: (text: string) => boolean;
  keepStored?: boolean;
};

/** Words in both languages. */
export type Words = { vi: string; en: string };

/** How a field shows in the generic list: a hint of its width; `true` lets its type decide. */
export type ListHint = {
  width?: number;
  flex?: number;
  minWidth?: number;
  hideBelow?: 'sm' | 'md' | 'lg' | 'xl';
};

type FieldCommon = {
  label: Words;
  /** A list column's own header when it is shorter than the label ("Mã BIN"); a reference's names its display. */
  column?: Words;
  required?: boolean;
  /** A column of the generic list (its width by the type unless given). */
  list?: boolean | ListHint;
  /** Folded into the record's search text. */
  search?: boolean;
  /** A list may be sorted by it. */
  sort?: boolean;
  /**
   * No two live records share it (a partial unique index `<table>_<field>_uq`); `folded`: ignoring
   * case and diacritics ("ct01" and "CT01" clash).
   */
  unique?: boolean | 'folded';
  /** A column of the list's Excel export, with its width in characters. */
  export?: number;
  /** A field the API answers but never takes (a construction's `closed`, set by its own move). */
  output?: boolean;
  /** The specification's name for the field in a body, where it differs (a department's `director`). */
  alias?: string;
  /** The form's control takes the whole row. */
  wide?: boolean;
  /** Required of a write, but older records may hold none (a user's e-mail before it was asked). */
  mayBeNull?: boolean;
  /** Never null on a record though a write may leave it out: the table's default fills it. */
  defaulted?: boolean;
  /** A hint under the form's field. */
  hint?: Words;
  /** `false`: taken by the API but not offered on the generic form (a menu's order, moved by arrows). */
  form?: boolean;
  /** An example in the empty field ("ROLE_…"). */
  placeholder?: Words;
};

export type EntityField = FieldCommon &
  (
    | {
        /** `tel`: a phone number (domain/src/phone-number.ts), refused with `invalid_phone`. */
        type: 'text' | 'textarea' | 'tel';
        /** At most this many characters (none: the format bounds it). */
        max?: number;
        /**
         * The form a value must have, refused with `error` (a tax code's digits); `strip` is taken out
         * of what is typed first (spaces and dots in an account number).
         */
        format?: TextFormat;
        /** Kept in capitals (a role's code). */
        upper?: boolean;
      }
    | { type: 'email' }
    /** Exactly `length` digits (a bank's NAPAS BIN); blank clears it. */
    | { type: 'digits'; length: number }
    | { type: 'integer'; min: number; max: number }
    /** An exact decimal kept as text (a rate in percent). */
    | { type: 'percent'; min: number; max: number }
    /** An amount in đồng, exact, kept as text; never negative unless `signed` (an annex lowering a value). */
    | { type: 'money'; signed?: boolean }
    | { type: 'date' }
    /** An instant the server records (ISO 8601 with its offset): a sending, a decision. */
    | { type: 'datetime' }
    | { type: 'boolean' }
    /** One of `choices`, each with its words (none: the value is its own word, as HTTP methods). */
    | { type: 'choice'; choices: readonly string[]; labels?: Record<string, Words> }
    /** Several records by id (a privilege's endpoints), kept in a link table; absent keeps them. */
    | { type: 'references'; to: string; max: number }
    | {
        type: 'reference';
        /** The referenced entity's name. */
        to: string;
        /** The column the API adds with the referenced record's name (`director_name`). */
        display?: string;
        displayLabel?: Words;
        /** Only an active record may be picked. */
        activeOnly?: boolean;
        /** The picker's list, relative to /api; the referenced entity's own by default. */
        picker?: string;
      }
  );

export type FieldType = EntityField['type'];

/** Operations whose path differs from the common spelling, or that the entity does not have (`false`). */
export type EntityPaths = Partial<
  Record<
    'paging' | 'all' | 'get' | 'create' | 'update' | 'active' | 'deactivate' | 'delete' | 'history',
    string | false
  >
>;

export type Entity = {
  /** The menu name, the history key, the i18n key and the CASL subject. */
  name: string;
  /** Relative to /api: `admin/department`. */
  api: string;
  /** The screens' base: `/admin/department`; none for records edited inside another's page. */
  route?: string;
  /** Its entry in the drawer: under `parent`, with a Material icon name and a title. */
  menu?: { parent: string; icon: string; title: Words };
  /** A record of it in a sentence ("phòng ban", "department") and the list's title. */
  one: Words;
  many: Words;
  /** The field that names a record. */
  title: string;
  fields: Record<string, EntityField>;
  defaultSort?: { by: string; desc: boolean };
  /** Paths spelled otherwise, relative to `api` ('' = `api` itself, as the taxes' create). */
  paths?: EntityPaths;
  /** A list every signed-in user may read, for the pickers of other forms (relative to /api). */
  picker?: string;
};

/** Keeps the literal types of a description (field names, types) for the schemas derived from it. */
export const defineEntity = <const E extends Entity>(entity: E): E => entity;

/** What a code or name field may say beyond the usual: its export width, another length or uniqueness. */
type FieldExtras = { export?: number; max?: number; unique?: boolean | 'folded' };

/** A record's code: required, at most 50 characters, searched, sorted, unique among live records. */
export const codeField = <const M extends FieldExtras>(label: Words, list: ListHint, more?: M) =>
  ({
    type: 'text',
    max: 50,
    required: true,
    label,
    list,
    search: true,
    sort: true,
    unique: true,
    ...more,
  }) as const;

/** A record's name: required, at most 255 characters, searched and sorted. */
export const nameField = <const M extends FieldExtras>(label: Words, list: ListHint, more?: M) =>
  ({ type: 'text', max: 255, required: true, label, list, search: true, sort: true, ...more }) as const;

/** Fields every record has: the list's status, the stamps. Their words are shared by every entity. */
export const commonFieldLabels: Record<string, Words> = {
  id: { vi: 'Mã số', en: 'ID' },
  status: { vi: 'Trạng thái', en: 'Status' },
  created_at: { vi: 'Ngày tạo', en: 'Created at' },
  updated_at: { vi: 'Ngày cập nhật', en: 'Updated at' },
  created_by: { vi: 'Người tạo', en: 'Created by' },
  updated_by: { vi: 'Người cập nhật', en: 'Updated by' },
};

/** The words of a choice field's values. */
export function choiceLabels(entity: Entity, field: string): Record<string, Words> {
  const f = entity.fields[field];
  return f?.type === 'choice' && f.labels ? f.labels : {};
}

/** The fields a form edits, in order (not `output`). */
export const inputFields = (entity: Entity): [string, EntityField][] =>
  Object.entries(entity.fields).filter(([, f]) => !f.output);

/** The common spelling of each operation's path under a record kind's base (docs/product.md#api-paths). */
export const commonPaths: Record<keyof EntityPaths, string> = {
  paging: 'paging',
  all: 'list/all',
  get: 'get/:id',
  create: 'create',
  update: 'update/:id',
  active: 'active/:id',
  deactivate: 'deactivate/:id',
  delete: 'delete/:id',
  history: 'history/:id',
};

/** The path of an operation relative to /api, `:id` for the record's id; null when it has none. */
export function entityPath(entity: Entity, op: keyof EntityPaths): string | null {
  const p = entity.paths?.[op] ?? commonPaths[op];
  return p === false ? null : p === '' ? entity.api : `${entity.api}/${p}`;
}

/**
 * The i18n strings of an entity for one language: `resources.<name>.name|plural|fields|columns|
 * hints|choices`, as the generic pages read them. Screen texts stay in the i18n files.
 */
export function entityStrings(entity: Entity, lang: keyof Words) {
  const fields: Record<string, string> = {};
  const columns: Record<string, string> = {};
  const hints: Record<string, string> = {};
  const choices: Record<string, Record<string, string>> = {};
  const placeholders: Record<string, string> = {};
  for (const [name, f] of Object.entries(entity.fields)) {
    fields[name] = f.label[lang];
    // a reference's column shows the name it carries
    if (f.column) columns[f.type === 'reference' && f.display ? f.display : name] = f.column[lang];
    if (f.hint) hints[name] = f.hint[lang];
    if (f.placeholder) placeholders[name] = f.placeholder[lang];
    if (f.type === 'reference' && f.display) fields[f.display] = (f.displayLabel ?? f.label)[lang];
    if (f.type === 'choice' && f.labels)
      choices[name] = Object.fromEntries(Object.entries(f.labels).map(([v, w]) => [v, w[lang]]));
  }
  return {
    name: entity.one[lang],
    plural: entity.many[lang],
    fields,
    ...(Object.keys(columns).length ? { columns } : {}),
    ...(Object.keys(hints).length ? { hints } : {}),
    ...(Object.keys(choices).length ? { choices } : {}),
    ...(Object.keys(placeholders).length ? { placeholders } : {}),
  };
}
