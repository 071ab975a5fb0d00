/** Contractor types: main contractor, subcontractor, supplier… */
import { defineSetting, noteField } from './setting.ts';

export const constructorType = defineSetting({
  name: 'constructor-type',
  icon: 'badge',
  one: { vi: 'Loại nhà thầu', en: 'contractor type' },
  many: { vi: 'Loại nhà thầu', en: 'Contractor types' },
  code: { vi: 'Mã loại nhà thầu', en: 'Code' },
  label: { vi: 'Tên loại nhà thầu', en: 'Name' },
  paths: { all: 'all' },
  picker: 'constructor-type/list/all',
  fields: { note: noteField },
});
