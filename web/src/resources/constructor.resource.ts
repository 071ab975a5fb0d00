/**
 * Contractors (/management/constructor, API /constructor): shared master data, not filtered by the
 * construction selector. Special: the contractor's beneficiaries (payee, bank, account) are listed,
 * added, edited and deleted on its view page, each with its own change history; its contracts are
 * listed there too, page by page.
 */
import {
  beneficiaryInputSchema,
  beneficiaryUpdateSchema,
  constructorInputSchema,
  constructorUpdateSchema,
} from '@sitepay/domain/constructor.schema';
import '../i18n/relations-strings.ts';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = {
  name: 'constructor',
  apiBase: 'constructor',
  routeBase: '/management/constructor',
  exportPath: 'export/constructor',
  titleField: 'name',
  columns: [
    { field: 'code', width: 150 },
    { field: 'name', flex: 2, minWidth: 200 },
    { field: 'tax_code', width: 130, hideBelow: 'md' },
    { field: 'constructor_type_name', flex: 1, minWidth: 140, hideBelow: 'md', sortable: false },
    { field: 'status', kind: 'status', width: 140 },
  ],
  defaultSort: { field: 'created_at', desc: true },
  form: {
    createSchema: constructorInputSchema,
    updateSchema: constructorUpdateSchema,
    fields: [
      { name: 'code' },
      { name: 'name' },
      { name: 'tax_code' },
      {
        name: 'constructor_type_id',
        kind: 'reference',
        options: { endpoint: 'constructor-type/list/all' },
        display: 'constructor_type_name',
      },
      { name: 'phone', kind: 'tel' },
      { name: 'email', kind: 'email' },
      { name: 'address', width: 'full' },
      { name: 'note', kind: 'textarea', width: 'full' },
    ],
  },
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
        { field: 'name' },
        { field: 'bank_name', hideBelow: 'sm' },
        { field: 'account_number', width: 150 },
        { field: 'branch', hideBelow: 'md' },
        // the holder as banks print it does not name the contractor: a warning, not a refusal
        { field: 'holder_mismatch', kind: 'flag', icon: 'person', width: 120 },
      ],
      form: {
        createSchema: beneficiaryInputSchema,
        updateSchema: beneficiaryUpdateSchema,
        fields: [
          { name: 'name' },
          {
            name: 'bank_id',
            kind: 'reference',
            options: { endpoint: 'bank/list/all' },
            display: 'bank_name',
          },
          { name: 'account_number' },
          { name: 'branch' },
          { name: 'note', kind: 'textarea' },
        ],
      },
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
};
