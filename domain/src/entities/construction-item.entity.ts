/** Construction items (hạng mục): the parts of a construction a contract or request is for. */
import { defineSetting, noteField } from './setting.ts';

export const constructionItem = defineSetting({
  name: 'construction-item',
  icon: 'construction',
  one: { vi: 'Hạng mục công trình', en: 'construction item' },
  many: { vi: 'Hạng mục công trình', en: 'Construction items' },
  code: { vi: 'Mã hạng mục công trình', en: 'Code' },
  label: { vi: 'Tên hạng mục công trình', en: 'Name' },
  paths: { all: 'all' },
  picker: 'construction-item/list',
  fields: { note: noteField },
});
