/** Contract types: what a contract is (construction, supply, consultancy…). */
import { defineSetting, noteField } from './setting.ts';

export const contractType = defineSetting({
  name: 'contract-type',
  icon: 'category',
  one: { vi: 'Loại hợp đồng', en: 'contract type' },
  many: { vi: 'Loại hợp đồng', en: 'Contract types' },
  code: { vi: 'Mã loại hợp đồng', en: 'Code' },
  label: { vi: 'Tên loại hợp đồng', en: 'Name' },
  paths: { all: 'all' },
  picker: 'contract-type/list/all',
  fields: { note: noteField },
});
