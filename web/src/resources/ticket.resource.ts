/**
 * Support tickets (/manage/ticket, API /manage/zendesk, docs/receivables.md): kept in SitePay
 * (Zendesk cannot be reached from here), created and edited by hand or brought in from a Zendesk
 * export — the list's "Import Zendesk export" (features/receivables/ticket-pages.tsx). A
 * ticket imported keeps its Zendesk id (`external_id`); importing the same file again updates it.
 */
import '../i18n/receivables-strings.ts';
import {
  ticketInputSchema,
  ticketPriorities,
  ticketStates,
  ticketUpdateSchema,
} from '@sitepay/domain/receivables.schema';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = {
  name: 'ticket',
  apiBase: 'manage/zendesk',
  routeBase: '/manage/ticket',
  endpoints: { paging: 'manage/zendesk/list/paging' },
  titleField: 'subject',
  columns: [
    { field: 'external_id', width: 100, hideBelow: 'md' },
    { field: 'subject', flex: 2, minWidth: 180, link: (r) => `/manage/ticket/view/${r.id}` },
    { field: 'requester_name', flex: 1, minWidth: 140, hideBelow: 'sm' },
    {
      field: 'priority',
      kind: 'state',
      width: 120,
      hideBelow: 'md',
      colors: { low: 'default', normal: 'info', high: 'warning', urgent: 'error' },
    },
    {
      field: 'state',
      kind: 'state',
      width: 120,
      colors: { new: 'primary', open: 'info', pending: 'warning', solved: 'success', closed: 'default' },
    },
    { field: 'opened_at', kind: 'date', width: 115, hideBelow: 'lg' },
    { field: 'updated_at', kind: 'date', width: 115, hideBelow: 'lg' },
  ],
  list: {
    statuses: ['all', ...ticketStates],
    statusParam: 'state',
    filters: ['priority'],
    hideOnPhones: ['rowNumber'],
  },
  defaultSort: { field: 'updated_at', desc: true },
  actions: { status: false, delete: false },
  form: {
    createSchema: ticketInputSchema,
    updateSchema: ticketUpdateSchema,
    fields: [
      { name: 'subject', width: 'full' },
      { name: 'requester_name' },
      { name: 'requester_email', kind: 'email' },
      { name: 'state', kind: 'choice', choices: ticketStates },
      { name: 'priority', kind: 'choice', choices: ticketPriorities },
      {
        name: 'company_id',
        kind: 'reference',
        options: { endpoint: 'account/company/list' },
        display: 'company_name',
        hint: true,
      },
      { name: 'description', kind: 'textarea', width: 'full' },
    ],
  },
  viewFields: [
    'subject',
    'requester_name',
    'requester_email',
    'state',
    'priority',
    'external_id',
    'company_id',
    { name: 'opened_at', kind: 'date' },
    'description',
  ],
  pages: {
    create: () => import('../features/receivables/ticket-pages.tsx').then((m) => m.TicketCreatePage),
    list: () => import('../features/receivables/ticket-pages.tsx').then((m) => m.TicketListPage),
  },
};
