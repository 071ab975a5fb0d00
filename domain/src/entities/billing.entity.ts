/**
 * Bills (hóa đơn) issued to a customer for one of its constructions (docs/receivables.md): a special
 * record. The server computes the VAT in whole đồng, the total and where the bill stands. Its fields
 * are described here; its rules stay in `receivables.schema.ts` and the receivables module.
 */
import { defineEntity } from '../entity.ts';

/** The VAT rates a bill may carry, in percent. */
export const vatRates = [0, 5, 8, 10] as const;
/** Where a bill stands: paid and credited against its total, and its due date. */
export const billingStates = ['open', 'paid', 'overdue'] as const;

export const billing = defineEntity({
  name: 'billing',
  api: 'manage/billing',
  route: '/manage/billing',
  one: { vi: 'Hóa đơn', en: 'Bill' },
  many: { vi: 'Hóa đơn', en: 'Bills' },
  title: 'number',
  defaultSort: { by: 'bill_date', desc: true },
  fields: {
    customer_id: {
      type: 'reference',
      to: 'customer',
      required: true,
      display: 'customer_name',
      picker: 'manage/customer/list/all',
      label: { vi: 'Khách hàng', en: 'Customer' },
    },
    construction_id: {
      type: 'reference',
      to: 'construction',
      required: true,
      display: 'construction_name',
      label: { vi: 'Công trình', en: 'Construction' },
      hint: {
        vi: 'Công trình phải thuộc khách hàng đã chọn.',
        en: 'The construction must belong to the customer picked.',
      },
    },
    number: { type: 'text', max: 50, required: true, label: { vi: 'Số hóa đơn', en: 'Bill number' } },
    vat_rate: {
      type: 'choice',
      choices: vatRates.map(String),
      labels: Object.fromEntries(vatRates.map((r) => [String(r), { vi: `${r}%`, en: `${r}%` }])),
      label: { vi: 'Thuế suất VAT', en: 'VAT rate' },
    },
    bill_date: {
      type: 'date',
      required: true,
      label: { vi: 'Ngày hóa đơn', en: 'Bill date' },
      column: { vi: 'Ngày HĐ', en: 'Bill date' },
    },
    due_date: {
      type: 'date',
      required: true,
      label: { vi: 'Hạn thanh toán', en: 'Due date' },
      column: { vi: 'Hạn TT', en: 'Due' },
    },
    amount: {
      type: 'money',
      required: true,
      label: { vi: 'Giá trị trước thuế', en: 'Amount before VAT' },
      wide: true,
    },
    note: { type: 'textarea', max: 2000, label: { vi: 'Ghi chú', en: 'Note' }, wide: true },
    vat_amount: { type: 'money', output: true, label: { vi: 'Tiền thuế VAT', en: 'VAT amount' } },
    total: { type: 'money', output: true, label: { vi: 'Tổng cộng', en: 'Total' } },
    paid_amount: { type: 'money', output: true, label: { vi: 'Đã thu', en: 'Received' } },
    credited_amount: { type: 'money', output: true, label: { vi: 'Đã giảm trừ', en: 'Credited' } },
    remaining: {
      type: 'money',
      signed: true,
      output: true,
      label: { vi: 'Còn phải thu', en: 'Outstanding' },
    },
    state: {
      type: 'choice',
      choices: billingStates,
      labels: {
        open: { vi: 'Chưa thu đủ', en: 'Open' },
        paid: { vi: 'Đã thu đủ', en: 'Paid' },
        overdue: { vi: 'Quá hạn', en: 'Overdue' },
      },
      output: true,
      label: { vi: 'Tình trạng', en: 'State' },
    },
    overdue_days: {
      type: 'integer',
      min: 0,
      max: 100000,
      output: true,
      label: { vi: 'Số ngày quá hạn', en: 'Days overdue' },
      column: { vi: 'Quá hạn', en: 'Overdue' },
    },
  },
});
