/**
 * Customers (khách hàng: owners and investors the company bills, docs/receivables.md): a special
 * record — registered at `register`, deactivated at `deactive`, owning constructions, with what it
 * owes computed over its bills. Its fields are described here; its rules stay in
 * `receivables.schema.ts` and the receivables module.
 */
import { defineEntity } from '../entity.ts';
import { taxCodeFormat } from '../tax-code.ts';

export const customer = defineEntity({
  name: 'customer',
  api: 'manage/customer',
  route: '/manage/customer',
  one: { vi: 'Khách hàng', en: 'Customer' },
  many: { vi: 'Khách hàng', en: 'Customers' },
  title: 'name',
  defaultSort: { by: 'created_at', desc: true },
  paths: { paging: 'list/paging', create: 'register', deactivate: 'deactive/:id' },
  fields: {
    code: {
      type: 'text',
      max: 50,
      required: true,
      label: { vi: 'Mã khách hàng', en: 'Customer code' },
      list: { width: 130 },
      sort: true,
    },
    name: {
      type: 'text',
      max: 255,
      required: true,
      label: { vi: 'Tên khách hàng', en: 'Customer name' },
      list: { flex: 2, minWidth: 180 },
      sort: true,
    },
    tax_code: {
      type: 'text',
      max: 14,
      // an owner may be a person building a house: the CCCD is taken
      format: taxCodeFormat({ individuals: true }),
      label: { vi: 'Mã số thuế', en: 'Tax code' },
      list: { width: 130, hideBelow: 'lg' },
      sort: true,
    },
    contact_person: {
      type: 'text',
      max: 255,
      label: { vi: 'Người liên hệ', en: 'Contact person' },
      list: { flex: 1, minWidth: 140, hideBelow: 'lg' },
    },
    phone: {
      type: 'tel',
      max: 30,
      label: { vi: 'Số điện thoại', en: 'Phone' },
      list: { width: 130, hideBelow: 'md' },
    },
    email: { type: 'email', label: { vi: 'Email', en: 'Email' } },
    address: { type: 'text', max: 500, label: { vi: 'Địa chỉ', en: 'Address' }, wide: true },
    company_id: {
      type: 'reference',
      to: 'company',
      display: 'company_name',
      picker: 'account/company/list',
      label: { vi: 'Công ty', en: 'Company' },
      hint: {
        vi: 'Công ty sở hữu; để trống: công ty của công trình đầu tiên, nếu không thì công ty của bạn.',
        en: 'The owning company; left empty: the company of its first construction, else yours.',
      },
    },
    // a construction has at most one customer
    construction_ids: {
      type: 'references',
      to: 'construction',
      max: 500,
      label: { vi: 'Công trình sở hữu', en: 'Constructions owned' },
      wide: true,
      hint: {
        vi: 'Mỗi công trình chỉ thuộc một khách hàng (chủ đầu tư).',
        en: 'A construction belongs to one customer (its owner or investor) only.',
      },
    },
    // over its live bills the caller may see
    billed_total: {
      type: 'money',
      output: true,
      label: { vi: 'Tổng đã lập hóa đơn', en: 'Billed in total' },
    },
    received_total: { type: 'money', output: true, label: { vi: 'Tổng đã thu', en: 'Received in total' } },
    // billed − received − credit notes: negative when the customer is in credit
    outstanding: {
      type: 'money',
      signed: true,
      output: true,
      label: { vi: 'Còn phải thu', en: 'Outstanding' },
      list: { width: 150, hideBelow: 'sm' },
    },
  },
});
