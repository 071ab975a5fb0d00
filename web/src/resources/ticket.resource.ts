/**
 * Support tickets (/manage/ticket, API /manage/zendesk, docs/receivables.md): kept in SitePay
 * (Zendesk cannot be reached from here), created and edited by hand or brought in from a Zendesk
 * export — the list's "Import Zendesk export" (features/receivables/ticket-pages.tsx). A
 * ticket imported keeps its Zendesk id (`external_id`); importing the same file again updates it.
 */
import '../i18n/receivables-strings.ts';
import { ticket, ticketStates } from '@sitepay/domain/entities/ticket.entity';
import { resourceOf } from './entity-resource.ts';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = resourceOf(
  ticket,
  {
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
    actions: { status: false, delete: false },
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
  },
  () =>
    import('@sitepay/domain/receivables.schema').then((m) => ({
      create: m.ticketInputSchema,
      update: m.ticketUpdateSchema,
    })),
);
