/**
 * Contracts (/management/contract, API /contract): the generic list, following the top-bar
 * construction selector. The form and the view are special (features/contract/): parties chosen in
 * order, VAT and the value in words as the user types, annexes, files and the payment summary.
 */
import { contractInputSchema, contractUpdateSchema } from '@sitepay/domain/contract.schema';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = {
  name: 'contract',
  apiBase: 'contract',
  routeBase: '/management/contract',
  exportPath: 'export/contract',
  titleField: 'contract_no',
  scopedByConstruction: true,
  // fits 1280 px beside the drawer; names truncate first, the value and the status never
  columns: [
    { field: 'contract_no', width: 130 },
    { field: 'construction_name', flex: 1, minWidth: 110, sortable: false, hideBelow: 'md' },
    { field: 'constructor_name', flex: 1.3, minWidth: 120, sortable: false, hideBelow: 'sm' },
    { field: 'signed_date', kind: 'date', width: 100, hideBelow: 'md' },
    // the value adds the annexes to the amount incl. VAT: the server does not sort by it
    { field: 'contract_value', kind: 'amount', width: 135, sortable: false },
    { field: 'status', kind: 'status', width: 140 },
  ],
  defaultSort: { field: 'created_at', desc: true },
  // The form and the view are special: these fields say what the change history shows and how it
  // reads each one (references by the names the server sends, amounts, the guarantee rate).
  form: {
    createSchema: contractInputSchema,
    updateSchema: contractUpdateSchema,
    fields: [
      { name: 'contract_no' },
      { name: 'contract_type_id', kind: 'reference', display: 'contract_type_name' },
      { name: 'construction_id', kind: 'reference', display: 'construction_name' },
      { name: 'constructor_id', kind: 'reference', display: 'constructor_name' },
      { name: 'beneficiary_id', kind: 'reference', display: 'beneficiary_name' },
      { name: 'signed_date', kind: 'date' },
      { name: 'amount_before_vat', kind: 'amount' },
      { name: 'tax_id', kind: 'reference' },
      { name: 'settlement_amount', kind: 'amount' },
      { name: 'guarantee_percent', kind: 'percent' },
      { name: 'guarantee_amount', kind: 'amount' },
      { name: 'guarantee_release_date', kind: 'date' },
      { name: 'penalty_amount', kind: 'amount' },
      { name: 'note', kind: 'textarea', width: 'full' },
    ],
  },
  // as the contract's page lists them: details, then amounts (VAT and the amount incl. VAT computed)
  viewFields: [
    'contract_no',
    'contract_type_id',
    'construction_id',
    'constructor_id',
    'beneficiary_id',
    'signed_date',
    'note',
    'amount_before_vat',
    'tax_id',
    { name: 'vat_amount', kind: 'amount' },
    { name: 'amount_vat', kind: 'amount' },
    'settlement_amount',
    'guarantee_percent',
    'guarantee_amount',
    'guarantee_release_date',
    'penalty_amount',
  ],
  pages: {
    create: () => import('../features/contract/contract-form-page.tsx').then((m) => m.ContractFormPage),
    update: () => import('../features/contract/contract-form-page.tsx').then((m) => m.ContractFormPage),
    view: () => import('../features/contract/contract-view-page.tsx').then((m) => m.ContractViewPage),
  },
};
