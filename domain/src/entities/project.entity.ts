/** Projects: a company's project, grouping its constructions (docs/product.md#projects). */
import { defineEntity } from '../entity.ts';

export const project = defineEntity({
  name: 'project',
  api: 'admin/project',
  route: '/management/project',
  menu: { parent: 'management', icon: 'account_tree', title: { vi: 'Dự án', en: 'Projects' } },
  one: { vi: 'Dự án', en: 'project' },
  many: { vi: 'Dự án', en: 'Projects' },
  title: 'name',
  defaultSort: { by: 'created_at', desc: true },
  fields: {
    code: {
      type: 'text',
      max: 50,
      required: true,
      label: { vi: 'Mã dự án', en: 'Project code' },
      list: { width: 120 },
      search: true,
      sort: true,
      unique: true,
    },
    name: {
      type: 'text',
      max: 255,
      required: true,
      label: { vi: 'Tên dự án', en: 'Project name' },
      list: { flex: 2, minWidth: 200 },
      search: true,
      sort: true,
    },
    company_id: {
      type: 'reference',
      to: 'company',
      display: 'company_name',
      label: { vi: 'Công ty', en: 'Company' },
      list: { flex: 1, minWidth: 160, hideBelow: 'md' },
    },
    description: {
      type: 'textarea',
      max: 2000,
      label: { vi: 'Mô tả', en: 'Description' },
      search: true,
      wide: true,
    },
    construction_count: {
      type: 'integer',
      min: 0,
      max: 1_000_000,
      output: true,
      label: { vi: 'Số công trình', en: 'Constructions' },
      list: { width: 130, hideBelow: 'md' },
    },
  },
});
