/**
 * Customers (/manage/customer, API /manage/customer, docs/receivables.md): the owners and investors
 * the company bills, each owning constructions (a construction has at most one customer). The view
 * page (features/receivables/customer-view-page.tsx) adds the customer's credits, its bills and its
 * billing events; what it is owed comes with the record (`billed_total`, `received_total`,
 * `outstanding`, over its live bills).
 */
import '../i18n/receivables-strings.ts';
import { customer } from '@sitepay/domain/entities/customer.entity';
import { billStateColors } from './billing.resource.ts';
import { resourceOf } from './entity-resource.ts';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = resourceOf(
  customer,
  {
    // a new customer owns no construction yet: it stays in sight until the user picks one
    scopedByConstruction: 'explicit',
    viewFields: [
      'code',
      'name',
      'tax_code',
      'contact_person',
      'phone',
      'email',
      'address',
      'company_id',
      'construction_ids',
      { name: 'billed_total', kind: 'amount' },
      { name: 'received_total', kind: 'amount' },
      { name: 'outstanding', kind: 'amount' },
    ],
    viewActions: ['status', 'delete'],
    related: [
      {
        kind: 'paged',
        key: 'bills',
        requires: 'billing',
        childResource: 'billing',
        list: 'user/billing/list?customerId={id}&constructionId=-1',
        search: true,
        columns: [
          { field: 'number', width: 130, link: (r) => `/manage/billing/view/${r.id}` },
          { field: 'construction_name', hideBelow: 'md' },
          { field: 'due_date', kind: 'date', width: 110, hideBelow: 'sm' },
          { field: 'total', kind: 'amount', width: 140, hideBelow: 'sm' },
          { field: 'remaining', kind: 'amount', width: 140 },
          { field: 'state', kind: 'state', colors: billStateColors, width: 120 },
        ],
      },
    ],
    pages: {
      view: () => import('../features/receivables/customer-view-page.tsx').then((m) => m.CustomerViewPage),
    },
  },
  () =>
    import('@sitepay/domain/receivables.schema').then((m) => ({
      create: m.customerInputSchema,
      update: m.customerUpdateSchema,
    })),
);
