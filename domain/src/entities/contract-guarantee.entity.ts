/**
 * A contract's bank guarantees (bảo lãnh ngân hàng), edited on the contract's page: a special record —
 * a bank's paper with an amount and an expiry date that withholds nothing
 * (docs/adr/0069-retention-apart-from-bank-guarantees.md). Its fields are described here; its schemas
 * stay in `contract.schema.ts`, its routes in the contract module.
 */
import { defineEntity } from '../entity.ts';

export const contractGuarantee = defineEntity({
  name: 'contract-guarantee',
  api: 'contract-guarantee',
  one: { vi: 'Bảo lãnh ngân hàng', en: 'Bank guarantee' },
  many: { vi: 'Bảo lãnh ngân hàng', en: 'Bank guarantees' },
  title: 'guarantee_no',
  fields: {
    contract_id: {
      type: 'reference',
      to: 'contract',
      required: true,
      form: false,
      label: { vi: 'Hợp đồng', en: 'Contract' },
    },
    kind: {
      type: 'choice',
      choices: ['advance', 'performance', 'warranty'],
      labels: {
        advance: { vi: 'Bảo lãnh tạm ứng', en: 'Advance guarantee' },
        performance: { vi: 'Bảo lãnh thực hiện hợp đồng', en: 'Performance guarantee' },
        warranty: { vi: 'Bảo lãnh bảo hành', en: 'Warranty guarantee' },
      },
      required: true,
      label: { vi: 'Loại bảo lãnh', en: 'Kind' },
    },
    bank_id: {
      type: 'reference',
      to: 'bank',
      required: true,
      display: 'bank_name',
      label: { vi: 'Ngân hàng phát hành', en: 'Issuing bank' },
    },
    guarantee_no: {
      type: 'text',
      max: 50,
      required: true,
      label: { vi: 'Số bảo lãnh', en: 'Guarantee no.' },
    },
    amount: { type: 'money', required: true, label: { vi: 'Số tiền bảo lãnh', en: 'Amount' } },
    issued_date: { type: 'date', label: { vi: 'Ngày phát hành', en: 'Issued on' } },
    expiry_date: { type: 'date', required: true, label: { vi: 'Ngày hết hạn', en: 'Expires on' } },
    note: { type: 'textarea', max: 2000, label: { vi: 'Ghi chú', en: 'Note' }, wide: true },
  },
});
