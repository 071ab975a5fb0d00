/** Payment methods: bank transfer, cash… */
import { defineSetting, noteField } from './setting.ts';

export const paymentMethod = defineSetting({
  name: 'payment-method',
  icon: 'credit_card',
  one: { vi: 'Phương thức thanh toán', en: 'payment method' },
  many: { vi: 'Phương thức thanh toán', en: 'Payment methods' },
  code: { vi: 'Mã phương thức', en: 'Code' },
  label: { vi: 'Tên phương thức', en: 'Name' },
  paths: { all: 'all' },
  picker: 'payment-method/list/all',
  fields: { note: noteField },
});
