/**
 * The company's own bank accounts (tài khoản công ty), which it pays from: a setting scoped to the
 * company. A payment recorded against a request names one, the company's default when none is
 * given (docs/adr/0066-payments-as-they-happened.md); one account per company is its default.
 */
import { defineEntity } from '../entity.ts';
import { accountNumberField } from './beneficiary.entity.ts';

export const companyBankAccount = defineEntity({
  name: 'company-bank-account',
  api: 'admin/setting/company-bank-account',
  route: '/admin/setting/company-bank-account',
  menu: {
    parent: 'setting',
    icon: 'wallet',
    title: { vi: 'Tài khoản công ty', en: 'Company bank accounts' },
  },
  one: { vi: 'Tài khoản công ty', en: 'company bank account' },
  many: { vi: 'Tài khoản công ty', en: 'Company bank accounts' },
  title: 'account_number',
  defaultSort: { by: 'created_at', desc: true },
  picker: 'company-bank-account/list/all',
  fields: {
    company_id: {
      type: 'reference',
      to: 'company',
      display: 'company_name',
      picker: 'account/company/list',
      label: { vi: 'Công ty', en: 'Company' },
      list: { flex: 1, minWidth: 140, hideBelow: 'md' },
      hint: { vi: 'Để trống: công ty của bạn.', en: 'Left empty: yours.' },
    },
    bank_id: {
      type: 'reference',
      to: 'bank',
      required: true,
      activeOnly: true,
      display: 'bank_name',
      label: { vi: 'Ngân hàng', en: 'Bank' },
      list: { flex: 1, minWidth: 140, hideBelow: 'sm' },
    },
    account_number: accountNumberField,
    holder: {
      type: 'text',
      max: 255,
      required: true,
      label: { vi: 'Chủ tài khoản', en: 'Account holder' },
      list: { flex: 1.5, minWidth: 160, hideBelow: 'md' },
      search: true,
    },
    is_default: {
      type: 'boolean',
      defaulted: true,
      label: { vi: 'Tài khoản mặc định', en: 'Default account' },
      list: { width: 130 },
      hint: {
        vi: 'Tài khoản chi khi lần thanh toán không chọn tài khoản nào.',
        en: 'The account paid from when a payment names none.',
      },
    },
  },
});
