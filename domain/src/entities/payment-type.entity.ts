/** Payment types: advance, progress, settlement… */
import { defineSetting, noteField } from './setting.ts';

export const paymentType = defineSetting({
  name: 'payment-type',
  icon: 'request_quote',
  one: { vi: 'Loại thanh toán', en: 'payment type' },
  many: { vi: 'Loại thanh toán', en: 'Payment types' },
  code: { vi: 'Mã loại thanh toán', en: 'Code' },
  label: { vi: 'Tên loại thanh toán', en: 'Name' },
  paths: { all: 'all' },
  picker: 'payment-type/list/all',
  fields: { note: noteField },
});
