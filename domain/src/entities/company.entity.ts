/** Companies: the group's legal entities, which own projects and sign contracts (docs/product.md#companies). */
import { codeField, commonFieldLabels, defineEntity, nameField } from '../entity.ts';
import { taxCodeFormat } from '../tax-code.ts';

export const company = defineEntity({
  name: 'company',
  api: 'admin/company',
  route: '/management/company',
  menu: { parent: 'management', icon: 'business', title: { vi: 'Công ty', en: 'Companies' } },
  one: { vi: 'Công ty', en: 'company' },
  many: { vi: 'Công ty', en: 'Companies' },
  title: 'name',
  defaultSort: { by: 'created_at', desc: true },
  fields: {
    code: codeField({ vi: 'Mã công ty', en: 'Company code' }, { width: 140 }),
    name: nameField({ vi: 'Tên công ty', en: 'Company name' }, { flex: 2, minWidth: 200 }),
    tax_code: {
      type: 'text',
      max: 20,
      // a company of the group is an organisation: an MST or a branch's, never a CCCD
      format: taxCodeFormat({ individuals: false }),
      label: { vi: 'Mã số thuế', en: 'Tax code' },
      list: { width: 120, hideBelow: 'md' },
      search: true,
      sort: true,
    },
    representative: {
      type: 'text',
      max: 255,
      label: { vi: 'Người đại diện', en: 'Representative' },
      search: true,
    },
    phone: { type: 'tel', max: 30, label: { vi: 'Số điện thoại', en: 'Phone' } },
    email: { type: 'email', label: { vi: 'Email', en: 'Email' } },
    address: { type: 'text', max: 500, label: { vi: 'Địa chỉ', en: 'Address' }, search: true, wide: true },
    note: { type: 'textarea', max: 2000, label: { vi: 'Ghi chú', en: 'Note' }, wide: true },
    approval_reminder_days: {
      type: 'integer',
      min: 1,
      max: 30,
      defaulted: true,
      label: {
        vi: 'Số ngày làm việc chờ duyệt trước khi nhắc',
        en: 'Working days before an approval reminder',
      },
      hint: {
        vi: 'Quá số ngày này, người duyệt được nhắc mỗi sáng; quá gấp đôi, bước sau cũng được báo.',
        en: 'Past this, deciders are reminded each morning; past twice this, the next step is told too.',
      },
    },
    created_at: {
      type: 'date',
      output: true,
      required: true,
      label: commonFieldLabels.created_at!,
      list: { width: 115, hideBelow: 'md' },
    },
  },
});
