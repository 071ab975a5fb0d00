/**
 * The settings (danh mục): small lists every contract and payment request points at, each a code and
 * a name plus what is special to it, under /admin/setting/<name> (docs/product.md#settings).
 */
import {
  codeField,
  defineEntity,
  type EntityField,
  type EntityPaths,
  nameField,
  type Words,
} from '../entity.ts';

type SettingOptions<N extends string, F extends Record<string, EntityField>> = {
  name: N;
  icon: string;
  one: Words;
  many: Words;
  code: Words;
  label: Words;
  fields: F;
  paths?: EntityPaths;
  picker?: string;
  /**
   * The field its lists and pickers go by instead of the name: a number (a tax's rate), so that the
   * choices read in the order of their values — 0%, 5%, 8%, 10% — and not as text.
   */
  sortBy?: keyof F & string;
};

/** A setting: code and name first, searched, sorted and (the code) unique; sorted by name (or `sortBy`). */
export const defineSetting = <const N extends string, const F extends Record<string, EntityField>>(
  o: SettingOptions<N, F>,
) =>
  defineEntity({
    name: o.name,
    api: `admin/setting/${o.name}`,
    route: `/admin/setting/${o.name}`,
    menu: { parent: 'setting', icon: o.icon, title: o.many },
    one: o.one,
    many: o.many,
    title: 'name',
    defaultSort: { by: o.sortBy ?? 'name', desc: false },
    ...(o.paths ? { paths: o.paths } : {}),
    ...(o.picker ? { picker: o.picker } : {}),
    fields: {
      code: codeField(o.code, { width: 150 }),
      name: nameField(o.label, { flex: 2, minWidth: 150 }),
      ...o.fields,
    },
  });

/** A free note, shown in the list from medium screens. */
export const noteField = {
  type: 'textarea',
  max: 500,
  label: { vi: 'Ghi chú', en: 'Note' },
  list: { flex: 1, minWidth: 160, hideBelow: 'md' },
  wide: true,
} as const satisfies EntityField;
