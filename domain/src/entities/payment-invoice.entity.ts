/**
 * The VAT invoices (hóa đơn GTGT) a payment request is backed by, edited on the request's page: a
 * special record whose totals make the request's invoice amount (docs/adr/0068-payment-invoices.md).
 * Its fields are described here — labels, the rates' words — while its rules stay in
 * `payment-invoice.schema.ts` and the payment module.
 */
import { defineEntity } from '../entity.ts';
import { taxCodeFormat } from '../tax-code.ts';

export const paymentInvoice = defineEntity({
  name: 'payment-invoice',
  api: 'payment-invoice',
  one: { vi: 'Hóa đơn GTGT', en: 'VAT invoice' },
  many: { vi: 'Hóa đơn GTGT', en: 'VAT invoices' },
  title: 'number',
  defaultSort: { by: 'date', desc: false },
  fields: {
    payment_id: {
      type: 'reference',
      to: 'payment',
      required: true,
      form: false,
      label: { vi: 'Yêu cầu thanh toán', en: 'Payment request' },
    },
    // mẫu số: "1" for a VAT invoice since Decree 123/2020
    form: {
      type: 'text',
      max: 11,
      required: true,
      label: { vi: 'Mẫu số', en: 'Form' },
      placeholder: { vi: '1', en: '1' },
      search: true,
    },
    symbol: {
      type: 'text',
      max: 20,
      required: true,
      label: { vi: 'Ký hiệu', en: 'Serial' },
      placeholder: { vi: 'C26TAA', en: 'C26TAA' },
      search: true,
    },
    number: {
      type: 'text',
      max: 20,
      required: true,
      label: { vi: 'Số hóa đơn', en: 'Invoice no.' },
      search: true,
    },
    date: { type: 'date', required: true, label: { vi: 'Ngày hóa đơn', en: 'Invoice date' } },
    seller_tax_code: {
      type: 'text',
      max: 14,
      required: true,
      // the seller may be a household business under its owner's CCCD; checked on every write, as the
      // invoice module's own schema checks it (docs/adr/0093-tax-codes-checked-by-their-check-digit.md)
      format: taxCodeFormat({ individuals: true, keepStored: false }),
      label: { vi: 'Mã số thuế người bán', en: 'Seller tax code' },
      search: true,
    },
    amount_before_vat: {
      type: 'money',
      required: true,
      label: { vi: 'Tiền trước thuế', en: 'Amount before VAT' },
    },
    vat_rate: {
      type: 'choice',
      choices: ['0', '5', '8', '10', 'KCT', 'KKKNT'],
      required: true,
      labels: {
        '0': { vi: '0%', en: '0%' },
        '5': { vi: '5%', en: '5%' },
        '8': { vi: '8%', en: '8%' },
        '10': { vi: '10%', en: '10%' },
        KCT: { vi: 'KCT (không chịu thuế)', en: 'KCT (not subject to VAT)' },
        KKKNT: { vi: 'KKKNT (không kê khai, nộp thuế)', en: 'KKKNT (not declared or paid)' },
      },
      label: { vi: 'Thuế suất', en: 'VAT rate' },
      hint: {
        vi: 'Tiền thuế và tổng tiền do SitePay tính, làm tròn đến đồng',
        en: 'SitePay computes the VAT and the total, rounded to the đồng',
      },
    },
    // taken but never read: the server computes both (the ADR says why), the form does not offer them
    vat_amount: { type: 'money', form: false, label: { vi: 'Tiền thuế GTGT', en: 'VAT' } },
    total: { type: 'money', form: false, label: { vi: 'Tổng tiền thanh toán', en: 'Total' } },
  },
});
