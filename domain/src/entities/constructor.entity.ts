/**
 * Contractors (nhà thầu): shared master data every company of the group reads; written only by those
 * whose contracts use them (docs/adr/0003-write-scope-for-shared-master-data.md).
 */
import { defineEntity } from '../entity.ts';
import { taxCodeFormat } from '../tax-code.ts';

export const contractor = defineEntity({
  name: 'constructor',
  api: 'constructor',
  route: '/management/constructor',
  menu: { parent: 'management', icon: 'engineering', title: { vi: 'Nhà thầu', en: 'Contractors' } },
  one: { vi: 'Nhà thầu', en: 'contractor' },
  many: { vi: 'Nhà thầu', en: 'Contractors' },
  title: 'name',
  defaultSort: { by: 'created_at', desc: true },
  paths: { all: 'list' },
  fields: {
    code: {
      type: 'text',
      max: 50,
      required: true,
      label: { vi: 'Mã nhà thầu', en: 'Contractor code' },
      list: { width: 150 },
      search: true,
      sort: true,
      unique: 'folded',
      export: 14,
    },
    name: {
      type: 'text',
      max: 255,
      required: true,
      label: { vi: 'Tên nhà thầu', en: 'Contractor name' },
      list: { flex: 2, minWidth: 200 },
      search: true,
      sort: true,
      export: 40,
    },
    tax_code: {
      type: 'text',
      max: 14,
      // a contractor may be a person (a team leader): the CCCD is taken (docs/adr/0093-tax-codes-checked-by-their-check-digit.md)
      format: taxCodeFormat({ individuals: true }),
      label: { vi: 'Mã số thuế', en: 'Tax code' },
      list: { width: 130, hideBelow: 'md' },
      search: true,
      sort: true,
      export: 15,
    },
    constructor_type_id: {
      type: 'reference',
      to: 'constructor-type',
      display: 'constructor_type_name',
      label: { vi: 'Loại nhà thầu', en: 'Contractor type' },
      list: { flex: 1, minWidth: 140, hideBelow: 'md' },
      export: 18,
    },
    phone: { type: 'tel', max: 30, label: { vi: 'Số điện thoại', en: 'Phone' }, search: true, export: 15 },
    email: { type: 'email', label: { vi: 'Email', en: 'Email' }, search: true, export: 26 },
    address: { type: 'text', max: 500, label: { vi: 'Địa chỉ', en: 'Address' }, wide: true, export: 40 },
    note: { type: 'textarea', max: 2000, label: { vi: 'Ghi chú', en: 'Note' }, wide: true },
  },
});
