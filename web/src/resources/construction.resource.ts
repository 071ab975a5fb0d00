/**
 * Constructions (/management/construction, API /construction): filtered by the top-bar selector
 * once the user picks one; closable — a closed construction is shown with a chip and takes no new
 * contract or payment request (the server refuses with 422). Its view page lists its contracts and
 * payment requests, page by page, for users who may read them.
 */
import { construction } from '@sitepay/domain/entities/construction.entity';
import { approvalColors, paymentColors } from '../components/payment-state.tsx';
import '../i18n/payment-strings.ts';
import '../i18n/relations-strings.ts';
import { resourceOf } from './entity-resource.ts';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = resourceOf(construction, {
  exportPath: 'export/construction',
  scopedByConstruction: 'explicit',
  viewFields: [
    'code',
    'name',
    'project_id',
    'company_name',
    'address',
    'start_date',
    'end_date',
    'closed_at',
    'description',
  ],
  flags: ['closed'],
  recordActions: [
    {
      key: 'close',
      method: 'PATCH',
      path: 'construction/close/{id}',
      when: (record) => record.closed !== true,
      color: 'warning',
      icon: 'lock',
    },
  ],
  related: [
    {
      kind: 'paged',
      key: 'contracts',
      requires: 'contract',
      childResource: 'contract',
      list: 'contract/get-by-construction/paging/{id}',
      search: true,
      columns: [
        { field: 'contract_no', width: 150, link: (r) => `/management/contract/view/${r.id}` },
        { field: 'constructor_name', hideBelow: 'sm' },
        { field: 'signed_date', kind: 'date', width: 110, hideBelow: 'md' },
        { field: 'contract_value', kind: 'amount', width: 150 },
        { field: 'status', kind: 'status', width: 150, hideBelow: 'sm' },
      ],
    },
    {
      kind: 'paged',
      key: 'payments',
      requires: 'payment',
      childResource: 'payment',
      list: 'payment-transaction/paging?constructionId={id}',
      search: true,
      columns: [
        {
          field: 'requirement_no',
          kind: 'number',
          width: 90,
          link: (r) => `/management/payment/view/${r.id}`,
        },
        { field: 'contract_no', width: 150 },
        { field: 'date', kind: 'date', width: 110, hideBelow: 'md' },
        { field: 'amount', kind: 'amount', width: 150 },
        { field: 'approval_status', kind: 'state', colors: approvalColors, width: 130 },
        { field: 'payment_status', kind: 'state', colors: paymentColors, width: 130, hideBelow: 'sm' },
      ],
    },
  ],
});
