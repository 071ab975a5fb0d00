/**
 * Contracts (hợp đồng) with a contractor for a construction: a special record. Its fields are
 * described here — labels, list columns, export columns — while its money rules stay hand-written:
 * the input schema (`contract.schema.ts`), the server's VAT and value (docs/product.md#contracts-and-money),
 * its own form and view.
 */
import { defineEntity } from '../entity.ts';

export const contract = defineEntity({
  name: 'contract',
  api: 'contract',
  route: '/management/contract',
  one: { vi: 'Hợp đồng', en: 'Contract' },
  many: { vi: 'Hợp đồng', en: 'Contracts' },
  title: 'contract_no',
  defaultSort: { by: 'created_at', desc: true },
  fields: {
    contract_no: {
      type: 'text',
      max: 50,
      required: true,
      label: { vi: 'Số hợp đồng', en: 'Contract no.' },
      list: { width: 130 },
      sort: true,
      export: 18,
    },
    contract_type_id: {
      type: 'reference',
      to: 'contract-type',
      required: true,
      display: 'contract_type_name',
      label: { vi: 'Loại hợp đồng', en: 'Contract type' },
      export: 24,
    },
    construction_code: {
      type: 'text',
      output: true,
      label: { vi: 'Mã công trình', en: 'Construction code' },
      export: 12,
    },
    construction_id: {
      type: 'reference',
      to: 'construction',
      required: true,
      display: 'construction_name',
      label: { vi: 'Công trình', en: 'Construction' },
      list: { flex: 1, minWidth: 110, hideBelow: 'md' },
      export: 32,
    },
    constructor_code: {
      type: 'text',
      output: true,
      label: { vi: 'Mã nhà thầu', en: 'Contractor code' },
      export: 12,
    },
    constructor_id: {
      type: 'reference',
      to: 'constructor',
      required: true,
      display: 'constructor_name',
      label: { vi: 'Nhà thầu', en: 'Contractor' },
      list: { flex: 1.3, minWidth: 120, hideBelow: 'sm' },
      export: 32,
    },
    beneficiary_id: {
      type: 'reference',
      to: 'beneficiary',
      display: 'beneficiary_name',
      label: { vi: 'Đơn vị thụ hưởng', en: 'Beneficiary' },
      export: 30,
    },
    signed_date: {
      type: 'date',
      required: true,
      label: { vi: 'Ngày ký', en: 'Signed date' },
      list: { width: 100, hideBelow: 'md' },
      sort: true,
      export: 12,
    },
    amount_before_vat: {
      type: 'money',
      required: true,
      label: { vi: 'Giá trị trước thuế', en: 'Amount before VAT' },
      export: 18,
    },
    tax_id: {
      type: 'reference',
      to: 'tax',
      required: true,
      picker: 'admin/setting/tax',
      label: { vi: 'Thuế suất', en: 'VAT rate' },
    },
    vat_rate: {
      type: 'percent',
      min: 0,
      max: 100,
      output: true,
      label: { vi: 'Thuế suất (%)', en: 'VAT rate (%)' },
      export: 10,
    },
    vat_amount: { type: 'money', output: true, label: { vi: 'Tiền thuế GTGT', en: 'VAT' } },
    amount_vat: {
      type: 'money',
      output: true,
      label: { vi: 'Giá trị sau thuế', en: 'Amount incl. VAT' },
      export: 18,
    },
    annex_amount: {
      type: 'money',
      output: true,
      label: { vi: 'Tổng phụ lục', en: 'Annexes total' },
      export: 16,
    },
    // the amount incl. VAT and the annexes: the server does not sort by it
    contract_value: {
      type: 'money',
      output: true,
      label: { vi: 'Giá trị hợp đồng', en: 'Contract value' },
      list: { width: 135 },
      export: 18,
    },
    settlement_amount: {
      type: 'money',
      label: { vi: 'Giá trị quyết toán', en: 'Settlement amount' },
      export: 18,
    },
    // the warranty retention (giữ lại bảo hành), withheld until its release date; bank guarantees
    // are records of their own (contract-guarantee.entity.ts)
    retention_percent: {
      type: 'percent',
      min: 0,
      max: 100,
      label: { vi: 'Giữ lại bảo hành (%)', en: 'Warranty retention (%)' },
    },
    retention_amount: {
      type: 'money',
      label: { vi: 'Tiền giữ lại bảo hành', en: 'Warranty retention amount' },
    },
    /** The retention as it stands now: the percentage of its base, or the fixed amount. */
    retention_effective: {
      type: 'money',
      output: true,
      label: { vi: 'Tiền giữ lại bảo hành', en: 'Warranty retention amount' },
      export: 16,
    },
    retention_release_date: {
      type: 'date',
      label: { vi: 'Ngày hoàn trả giữ lại bảo hành', en: 'Retention release date' },
    },
    penalty_amount: { type: 'money', label: { vi: 'Tiền phạt', en: 'Penalty' }, export: 14 },
    note: { type: 'textarea', max: 2000, label: { vi: 'Ghi chú', en: 'Note' }, wide: true },
  },
});
