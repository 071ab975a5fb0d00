/** Cost items (khoản mục chi phí): the headings a company's costs are booked under. */
import { defineSetting } from './setting.ts';

export const costItem = defineSetting({
  name: 'cost-item',
  icon: 'savings',
  one: { vi: 'Khoản mục chi phí', en: 'cost item' },
  many: { vi: 'Khoản mục chi phí', en: 'Cost items' },
  code: { vi: 'Mã khoản mục chi phí', en: 'Cost item code' },
  label: { vi: 'Tên khoản mục chi phí', en: 'Cost item name' },
  paths: { all: 'all' },
  picker: 'cost-item/list/all',
  fields: {},
});
