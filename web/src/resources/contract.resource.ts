/**
 * Contracts (/management/contract, API /contract): the generic list from the contract's description
 * (`@sitepay/domain/entities/contract.entity`), following the top-bar construction selector. The form
 * and the view are special (features/contract/): parties chosen in order, VAT and the value in words
 * as the user types, annexes, files and the payment summary; the schemas are the contract's own.
 */
import { contractInputSchema, contractUpdateSchema } from '@sitepay/domain/contract.schema';
import { contract } from '@sitepay/domain/entities/contract.entity';
import { resourceOf } from './entity-resource.ts';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = resourceOf(
  contract,
  {
    exportPath: 'export/contract',
    scopedByConstruction: true,
    // as the contract's page lists them (what the change history follows): details, then amounts
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
  },
  { input: contractInputSchema, update: contractUpdateSchema },
);
