/**
 * Customers (/manage/customer, API /manage/customer, docs/receivables.md): the owners and investors
 * the company bills, each owning constructions (a construction has at most one customer). The view
 * page (features/receivables/customer-view-page.tsx) adds the customer's credits, its bills and its
 * billing events; what it is owed comes with the record (`billed_total`, `received_total`,
 * `outstanding`, over its live bills).
 */
import '../i18n/receivables-strings.ts';
import { customerInputSchema, customerUpdateSchema } from '@sitepay/domain/receivables.schema';
import { billStateColors } from './billing.resource.ts';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = {
  name: 'customer',
  apiBase: 'manage/customer',
  routeBase: '/manage/customer',
  endpoints: {
    paging: 'manage/customer/list/paging',
    create: 'manage/customer/register',
    deactivate: 'manage/customer/deactive/{id}',
  },
  titleField: 'name',
  // a new customer owns no construction yet: it stays in sight until the user picks one
  scopedByConstruction: 'explicit',
  columns: [
    { field: 'code', width: 130 },
    { field: 'name', flex: 2, minWidth: 180 },
    { field: 'tax_code', width: 130, hideBelow: 'lg' },
    { field: 'contact_person', flex: 1, minWidth: 140, hideBelow: 'lg', sortable: false },
    { field: 'phone', width: 130, hideBelow: 'md', sortable: false },
    { field: 'outstanding', kind: 'amount', width: 150, hideBelow: 'sm', sortable: false },
    { field: 'status', kind: 'status', width: 140 },
  ],
  defaultSort: { field: 'created_at', desc: true },
  form: {
    createSchema: customerInputSchema,
    updateSchema: customerUpdateSchema,
    fields: [
      { name: 'code' },
      { name: 'name' },
      { name: 'tax_code' },
      { name: 'contact_person' },
      { name: 'phone', kind: 'tel' },
      { name: 'email', kind: 'email' },
      { name: 'address', width: 'full' },
      {
        name: 'company_id',
        kind: 'reference',
        options: { endpoint: 'account/company/list' },
        display: 'company_name',
        hint: true,
      },
      {
        name: 'construction_ids',
        kind: 'references',
        width: 'full',
        options: { endpoint: 'construction/list/all' },
        hint: true,
      },
    ],
  },
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
};
