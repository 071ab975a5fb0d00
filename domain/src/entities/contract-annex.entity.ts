/**
 * A contract's annexes (phụ lục, change orders), edited on the contract's page: a special record
 * whose amount changes the contract's value (docs/product.md#contracts-and-money). Its fields are
 * described here; its rules stay in `contract.schema.ts` and the contract module.
 */
import { defineEntity } from '../entity.ts';

export const contractAnnex = defineEntity({
  name: 'contract-annex',
  api: 'contract-annex',
  one: { vi: 'Phụ lục hợp đồng', en: 'Contract annex' },
  many: { vi: 'Phụ lục hợp đồng', en: 'Contract annexes' },
  title: 'annex_no',
  fields: {
    contract_id: {
      type: 'reference',
      to: 'contract',
      required: true,
      label: { vi: 'Hợp đồng', en: 'Contract' },
    },
    annex_no: { type: 'text', max: 50, required: true, label: { vi: 'Số phụ lục', en: 'Annex no.' } },
    signed_date: { type: 'date', required: true, label: { vi: 'Ngày ký', en: 'Signed date' } },
    // an annex may lower the value; it is added to the amount incl. VAT, so it includes VAT
    amount: {
      type: 'money',
      signed: true,
      required: true,
      label: { vi: 'Giá trị (gồm VAT)', en: 'Amount (incl. VAT)' },
    },
    note: { type: 'textarea', max: 2000, label: { vi: 'Nội dung', en: 'Description' }, wide: true },
  },
});
