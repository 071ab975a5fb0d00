/**
 * A payment made against an accepted request, as the bank made it
 * (docs/adr/0066-payments-as-they-happened.md): a special record of the payment module — recorded as
 * a move of the workflow, never edited, reversed by someone other than who recorded it. Its fields
 * are described here; its rules are `payment.schema.ts` and `payment-payout.service.ts`.
 */
import { defineEntity } from '../entity.ts';

export const payout = defineEntity({
  name: 'payout',
  api: 'payment-transaction/payments',
  one: { vi: 'Lần thanh toán', en: 'Payment' },
  many: { vi: 'Các lần thanh toán', en: 'Payments' },
  title: 'bank_reference',
  fields: {
    paid_date: { type: 'date', required: true, label: { vi: 'Ngày chi', en: 'Paid on' } },
    amount: { type: 'money', required: true, label: { vi: 'Số tiền chi', en: 'Amount paid' } },
    bank_reference: {
      type: 'text',
      max: 50,
      required: true,
      label: { vi: 'Số UNC / số giao dịch', en: 'Bank reference' },
      column: { vi: 'Số UNC', en: 'Reference' },
      hint: {
        vi: 'Số ủy nhiệm chi hoặc số giao dịch trên sao kê ngân hàng',
        en: 'The payment order or transaction number on the bank statement',
      },
    },
    company_bank_account_id: {
      type: 'reference',
      to: 'company-bank-account',
      display: 'company_bank_account',
      label: { vi: 'Tài khoản chi', en: 'Paid from' },
      hint: {
        vi: 'Để trống: tài khoản mặc định của công ty',
        en: "Left empty: the company's default account",
      },
    },
    note: { type: 'textarea', max: 2000, label: { vi: 'Ghi chú', en: 'Note' }, wide: true },
    recorded_at: { type: 'text', output: true, label: { vi: 'Ngày ghi nhận', en: 'Recorded on' } },
    recorded_by: { type: 'text', output: true, label: { vi: 'Người ghi nhận', en: 'Recorded by' } },
    reversed_at: { type: 'text', output: true, label: { vi: 'Ngày hủy', en: 'Reversed on' } },
    reversed_by: { type: 'text', output: true, label: { vi: 'Người hủy', en: 'Reversed by' } },
    reverse_reason: { type: 'text', output: true, label: { vi: 'Lý do hủy', en: 'Reason for reversal' } },
  },
});
