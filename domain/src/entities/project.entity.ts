/** Projects: a company's project, grouping its constructions (docs/product.md#projects). */
import { codeField, defineEntity, nameField } from '../entity.ts';

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
    code: codeField({ vi: 'Mã dự án', en: 'Project code' }, { width: 120 }),
    name: nameField({ vi: 'Tên dự án', en: 'Project name' }, { flex: 2, minWidth: 200 }),
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
