/**
 * Contracts (/management/contract, API /contract): the generic list from the contract's description
 * (`@sitepay/domain/entities/contract.entity`), following the top-bar construction selector. The form
 * and the view are special (features/contract/): parties chosen in order, VAT and the value in words
 * as the user types, annexes, files and the payment summary; the schemas are the contract's own.
 */
import { contract } from '@sitepay/domain/entities/contract.entity';
import { contractGuarantee } from '@sitepay/domain/entities/contract-guarantee.entity';
import { resourceOf } from './entity-resource.ts';
import type { ResourceDescription } from './resource.types.ts';

/**
 * A contract's bank guarantees (docs/adr/0069-retention-apart-from-bank-guarantees.md), as its view
 * page lists and edits them.
 */
const guarantees = resourceOf(contractGuarantee, {}, () =>
  import('@sitepay/domain/contract.schema').then((m) => ({
    create: m.contractGuaranteeInputSchema,
    update: m.contractGuaranteeUpdateSchema,
  })),
);

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
      { name: 'annex_amount', kind: 'amount' },
      { name: 'contract_value', kind: 'amount' },
      'settlement_amount',
      'retention_percent',
      'retention_amount',
      'retention_release_date',
      'penalty_amount',
    ],
    related: [
      {
        kind: 'children',
        key: 'guarantees',
        childResource: contractGuarantee.name,
        apiBase: contractGuarantee.api,
        list: `${contractGuarantee.api}/list/{id}`,
        parentField: 'contract_id',
        titleField: 'guarantee_no',
        columns: [
          { field: 'kind', kind: 'choice', width: 150 },
          { field: 'bank_name', width: 120, hideBelow: 'md' },
          { field: 'guarantee_no', width: 100 },
          { field: 'amount', kind: 'amount', width: 110 },
          {
            field: 'expiry_date',
            kind: 'date',
            width: 90,
            // an advance guarantee expired while the advance is owed: red (docs/adr/0095-bank-guarantees-checked.md)
            flags: [{ field: 'expired_unrecovered', icon: 'clock' }],
          },
        ],
        form: guarantees.form,
        // the bank's letter, scanned (docs/adr/0095-bank-guarantees-checked.md)
        files: 'contract-guarantee/file',
      },
    ],
    pages: {
      create: () => import('../features/contract/contract-form-page.tsx').then((m) => m.ContractFormPage),
      update: () => import('../features/contract/contract-form-page.tsx').then((m) => m.ContractFormPage),
      view: () => import('../features/contract/contract-view-page.tsx').then((m) => m.ContractViewPage),
    },
  },
  () =>
    import('@sitepay/domain/contract.schema').then((m) => ({
      create: m.contractInputSchema,
      update: m.contractUpdateSchema,
    })),
);
