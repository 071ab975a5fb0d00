/**
 * Contractors (/management/constructor, API /constructor): shared master data, not filtered by the
 * construction selector. Special: the contractor's beneficiaries (payee, bank, account) are listed,
 * added, edited and deleted on its view page, each with its own change history; its contracts are
 * listed there too, page by page.
 */
import { beneficiary } from '@sitepay/domain/entities/beneficiary.entity';
import { contractor } from '@sitepay/domain/entities/constructor.entity';
import '../i18n/relations-strings.ts';
import { resourceOf } from './entity-resource.ts';
import type { ResourceDescription } from './resource.types.ts';

const payee = resourceOf(beneficiary);

export const resource: ResourceDescription = resourceOf(contractor, {
  exportPath: 'export/constructor',
  related: [
    {
      kind: 'children',
      key: 'beneficiaries',
      childResource: 'beneficiary',
      apiBase: 'beneficiary',
      list: 'beneficiary/get-by-constructor/{id}',
      parentField: 'constructor_id',
      titleField: 'name',
      columns: [
        ...payee.columns.filter((c) => c.field !== 'status'),
        // the holder as banks print it does not name the contractor: a warning, not a refusal
        { field: 'holder_mismatch', kind: 'flag', icon: 'person', width: 120 },
      ],
      // the contractor is the page's own
      form: { ...payee.form, fields: payee.form.fields.filter((f) => f.name !== 'constructor_id') },
    },
    {
      kind: 'paged',
      key: 'contracts',
      requires: 'contract',
      childResource: 'contract',
      list: 'contract/paging?constructorId={id}',
      search: true,
      columns: [
        { field: 'contract_no', width: 150, link: (r) => `/management/contract/view/${r.id}` },
        { field: 'construction_name', hideBelow: 'sm' },
        { field: 'signed_date', kind: 'date', width: 110, hideBelow: 'md' },
        { field: 'contract_value', kind: 'amount', width: 150 },
        { field: 'status', kind: 'status', width: 150, hideBelow: 'sm' },
      ],
    },
  ],
});
