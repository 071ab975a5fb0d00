/**
 * The settings (danh mục) screens under /admin/setting/<name>, API /admin/setting/<name>: nine small
 * kinds described by one table, each name + code plus what is special to it. Taxes spell their
 * create, update and delete paths as the specification does (docs/product.md#settings) (`admin/setting/tax`,
 * `admin/setting/tax/{id}`).
 */
import { documentAttachmentTypes, type SettingName, settingSchemas } from '@sitepay/domain/setting.schema';
import type { ColumnSpec, FieldSpec, ResourceDescription } from './resource.types.ts';

type Extra = { fields: FieldSpec[]; columns: ColumnSpec[] };

const note: Extra = {
  fields: [{ name: 'note', kind: 'textarea', width: 'full' }],
  columns: [{ field: 'note', flex: 1, minWidth: 160, hideBelow: 'md', sortable: false }],
};

const extras: Record<SettingName, Extra> = {
  bank: {
    // the NAPAS BIN (six digits) is what a VietQR code names the bank by
    fields: [{ name: 'short_name' }, { name: 'bin', hint: true }],
    columns: [
      { field: 'short_name', width: 140, hideBelow: 'md', sortable: false },
      { field: 'bin', width: 100, hideBelow: 'sm', sortable: false },
    ],
  },
  tax: {
    fields: [{ name: 'value', kind: 'percent' }],
    columns: [{ field: 'value', kind: 'percent', width: 110, sortable: false }],
  },
  'contract-type': note,
  'construction-item': note,
  'constructor-type': note,
  'payment-type': note,
  'payment-method': note,
  'document-attachment': {
    fields: [
      { name: 'type', kind: 'choice', choices: documentAttachmentTypes },
      {
        name: 'transaction_type_id',
        kind: 'reference',
        options: { endpoint: 'transaction-type/list/all' },
      },
      { name: 'quantity', kind: 'integer' },
      { name: 'ordered', kind: 'integer' },
    ],
    columns: [
      { field: 'type', kind: 'choice', width: 110, sortable: false },
      { field: 'quantity', kind: 'number', width: 100, hideBelow: 'md', sortable: false },
    ],
  },
  'transaction-type': {
    fields: [{ name: 'pay_date', kind: 'integer' }],
    columns: [{ field: 'pay_date', kind: 'number', width: 150, sortable: false }],
  },
  'payment-date': {
    fields: [{ name: 'day_of_month', kind: 'integer' }],
    columns: [{ field: 'day_of_month', kind: 'number', width: 150, sortable: false }],
  },
};

export function settingResource(name: SettingName): ResourceDescription {
  const base = `admin/setting/${name}`;
  const extra = extras[name];
  return {
    name,
    apiBase: base,
    routeBase: `/admin/setting/${name}`,
    titleField: 'name',
    endpoints: name === 'tax' ? { create: base, update: `${base}/{id}`, delete: `${base}/{id}` } : undefined,
    columns: [
      { field: 'code', width: 150 },
      { field: 'name', flex: 2, minWidth: 150 },
      ...extra.columns,
      { field: 'status', kind: 'status', width: 140 },
    ],
    defaultSort: { field: 'name', desc: false },
    form: {
      createSchema: settingSchemas[name].input,
      updateSchema: settingSchemas[name].update,
      fields: [{ name: 'code' }, { name: 'name' }, ...extra.fields],
    },
  };
}
