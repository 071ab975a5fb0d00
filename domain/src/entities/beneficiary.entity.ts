/**
 * Beneficiaries (đơn vị thụ hưởng): the bank accounts a contractor is paid into, edited on the
 * contractor's page. A change of bank, number or holder is controlled
 * (docs/adr/0042-payee-changes-are-controlled.md).
 */
import { defineEntity } from '../entity.ts';

/** Vietnamese bank account numbers: digits only, 6 to 19 of them. */
export const accountNumberPattern = /^\d{6,19}$/;

/** A bank account's number: 6–19 digits, typed with spaces, dots or dashes; searched and sorted. */
export const accountNumberField = {
  type: 'text',
  required: true,
  format: { pattern: accountNumberPattern, error: 'invalid_account_number', strip: /[\s.-]/g },
  label: { vi: 'Số tài khoản', en: 'Account number' },
  list: { width: 150 },
  search: true,
  sort: true,
} as const;

export const beneficiary = defineEntity({
  name: 'beneficiary',
  api: 'beneficiary',
  one: { vi: 'Đơn vị thụ hưởng', en: 'beneficiary' },
  many: { vi: 'Đơn vị thụ hưởng', en: 'Beneficiaries' },
  title: 'name',
  defaultSort: { by: 'name', desc: false },
  fields: {
    constructor_id: {
      type: 'reference',
      to: 'constructor',
      required: true,
      display: 'constructor_name',
      label: { vi: 'Nhà thầu', en: 'Contractor' },
    },
    name: {
      type: 'text',
      max: 255,
      required: true,
      label: { vi: 'Tên đơn vị thụ hưởng', en: 'Payee name' },
      list: true,
      search: true,
      sort: true,
    },
    bank_id: {
      type: 'reference',
      to: 'bank',
      required: true,
      activeOnly: true,
      display: 'bank_name',
      label: { vi: 'Ngân hàng', en: 'Bank' },
      list: { hideBelow: 'sm' },
    },
    account_number: accountNumberField,
    branch: {
      type: 'text',
      max: 255,
      label: { vi: 'Chi nhánh', en: 'Branch' },
      list: { hideBelow: 'md' },
      search: true,
    },
    note: { type: 'textarea', max: 1000, label: { vi: 'Ghi chú', en: 'Note' } },
    /** The last change of its bank, account number or holder (who, when): a controlled change. */
    account_changed_at: {
      type: 'date',
      output: true,
      label: { vi: 'Ngày đổi tài khoản', en: 'Account changed on' },
    },
    account_changed_by: {
      type: 'text',
      output: true,
      label: { vi: 'Người đổi tài khoản', en: 'Account changed by' },
    },
    /** The holder does not name the contractor as banks print names: a warning (null: not checked). */
    holder_mismatch: {
      type: 'boolean',
      output: true,
      label: { vi: 'Chủ tài khoản khác tên nhà thầu', en: 'Holder differs from the contractor' },
    },
  },
});
