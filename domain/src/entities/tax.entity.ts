/**
 * Taxes: the VAT rates a contract picks from. Their create, update and delete paths are spelled
 * `admin/setting/tax` and `admin/setting/tax/{id}` (docs/product.md#settings).
 */
import { defineSetting } from './setting.ts';

export const tax = defineSetting({
  name: 'tax',
  icon: 'percent',
  one: { vi: 'Thuế suất', en: 'tax' },
  many: { vi: 'Thuế suất', en: 'Taxes' },
  code: { vi: 'Mã thuế', en: 'Code' },
  label: { vi: 'Tên thuế', en: 'Name' },
  paths: { all: false, create: '', update: ':id', delete: ':id' },
  sortBy: 'value',
  fields: {
    value: {
      type: 'percent',
      min: 0,
      max: 100,
      required: true,
      label: { vi: 'Thuế suất', en: 'Rate' },
      list: { width: 110 },
      sort: true,
    },
  },
});
