/** Transaction types: what a payment request pays, with the days it may wait (its debt age). */
import { defineSetting } from './setting.ts';

export const transactionType = defineSetting({
  name: 'transaction-type',
  icon: 'swap_horiz',
  one: { vi: 'Loại giao dịch', en: 'transaction type' },
  many: { vi: 'Loại giao dịch', en: 'Transaction types' },
  code: { vi: 'Mã loại giao dịch', en: 'Code' },
  label: { vi: 'Tên loại giao dịch', en: 'Name' },
  paths: { all: 'all' },
  picker: 'transaction-type/list/all',
  fields: {
    pay_date: {
      type: 'integer',
      min: 0,
      max: 3650,
      required: true,
      label: { vi: 'Tuổi nợ (ngày)', en: 'Debt age (days)' },
      list: { width: 150 },
    },
  },
});
