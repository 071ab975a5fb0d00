/**
 * Constructions (công trình): a project's building site, which contracts and payment requests are
 * for; closable — a closed one takes no new contract or request (docs/product.md#constructions).
 */
import { codeField, defineEntity, nameField } from '../entity.ts';

export const construction = defineEntity({
  name: 'construction',
  api: 'construction',
  route: '/management/construction',
  menu: { parent: 'management', icon: 'apartment', title: { vi: 'Công trình', en: 'Constructions' } },
  one: { vi: 'Công trình', en: 'construction' },
  many: { vi: 'Công trình', en: 'Constructions' },
  title: 'name',
  defaultSort: { by: 'created_at', desc: true },
  fields: {
    code: codeField({ vi: 'Mã công trình', en: 'Construction code' }, { width: 150 }, { export: 14 }),
    name: nameField(
      { vi: 'Tên công trình', en: 'Construction name' },
      { flex: 2, minWidth: 150 },
      { export: 40 },
    ),
    project_id: {
      type: 'reference',
      to: 'project',
      display: 'project_name',
      label: { vi: 'Dự án', en: 'Project' },
      list: { flex: 1, minWidth: 120, hideBelow: 'md' },
      export: 30,
    },
    company_name: {
      type: 'text',
      max: 255,
      output: true,
      label: { vi: 'Công ty', en: 'Company' },
      export: 34,
    },
    address: {
      type: 'text',
      max: 500,
      label: { vi: 'Địa chỉ', en: 'Address' },
      search: true,
      export: 40,
    },
    start_date: { type: 'date', label: { vi: 'Ngày bắt đầu', en: 'Start date' }, sort: true, export: 13 },
    end_date: { type: 'date', label: { vi: 'Ngày kết thúc', en: 'End date' }, sort: true, export: 13 },
    description: { type: 'textarea', max: 2000, label: { vi: 'Mô tả', en: 'Description' }, wide: true },
    closed: {
      type: 'boolean',
      output: true,
      required: true,
      label: { vi: 'Đã đóng', en: 'Closed' },
      list: { width: 110, hideBelow: 'sm' },
      sort: true,
      export: 10,
    },
    closed_at: { type: 'date', output: true, label: { vi: 'Ngày đóng', en: 'Closed at' } },
  },
});
