/** Payment dates: the days of the month the company pays on. */
import { defineSetting } from './setting.ts';

export const paymentDate = defineSetting({
  name: 'payment-date',
  icon: 'event',
  one: { vi: 'Ngày thanh toán', en: 'payment date' },
  many: { vi: 'Ngày thanh toán', en: 'Payment dates' },
  code: { vi: 'Mã', en: 'Code' },
  label: { vi: 'Tên', en: 'Name' },
  paths: { all: 'all' },
  fields: {
    day_of_month: {
      type: 'integer',
      min: 1,
      max: 31,
      required: true,
      label: { vi: 'Ngày trong tháng', en: 'Day of month' },
      list: { width: 150 },
    },
  },
});
