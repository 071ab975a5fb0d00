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
    { field: 'status', kind: 'status', width: 140, hideBelow: 'sm' },
  ],
  defaultSort: { field: 'created_at', desc: true },
  form: {
    createSchema: contractInputSchema,
    updateSchema: contractUpdateSchema,
    fields: [
      { name: 'contract_no' },
      { name: 'contract_type_id', kind: 'number' },
      { name: 'construction_id', kind: 'number' },
      { name: 'constructor_id', kind: 'number' },
      { name: 'beneficiary_id', kind: 'number' },
      { name: 'signed_date', kind: 'date' },
      { name: 'amount_before_vat', kind: 'amount' },
      { name: 'tax_id', kind: 'number' },
      { name: 'settlement_amount', kind: 'amount' },
      { name: 'guarantee_percent', kind: 'number' },
      { name: 'guarantee_amount', kind: 'amount' },
      { name: 'guarantee_release_date', kind: 'date' },
      { name: 'penalty_amount', kind: 'amount' },
      { name: 'note', kind: 'textarea', width: 'full' },
    ],
  },
};
