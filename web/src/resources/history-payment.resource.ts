/**
 * The payment workflow's history (/system/history/payment, API GET /admin/history/payment): who
 * moved which request from which state to which, when, with what note. Read only; `paymentId` in
 * the URL narrows it to one request (the request's page links here).
 */
import '../i18n/payment-strings.ts';
import type { ResourceDescription } from './resource.types.ts';

const state = (t: (key: string) => string, value: unknown) =>
  value ? t(`payment.state.${String(value)}`) : '—';

export const resource: ResourceDescription = {
  name: 'history-payment',
  apiBase: 'admin/history/payment',
  endpoints: { paging: 'admin/history/payment' },
  routeBase: '/system/history/payment',
  titleField: 'id',
  list: {
    statuses: [],
    filters: ['paymentId'],
    // the chip names the request by its number, as the rows do
    filterRecords: {
      paymentId: { get: 'payment-transaction/get/{id}', name: (r) => String(r.code ?? r.id) },
    },
    hideOnPhones: ['rowNumber'],
  },
  columns: [
    // on a phone: the request (its page has the timeline with times) and the change
    { field: 'at', width: 140, sortable: false, hideBelow: 'sm' },
    // who, by the full name (docs/adr/0072-words-and-codes-in-the-readers-language.md)
    {
      field: 'user_name',
      width: 140,
      sortable: false,
      hideBelow: 'sm',
      text: (r) => String(r.user_full_name ?? r.user_name ?? ''),
    },
    {
      field: 'request',
      flex: 1,
      minWidth: 140,
      sortable: false,
      text: (r, t) =>
        t('payment.request', {
          code: r.code ?? '—',
          no: r.requirement_no ?? '—',
          contract: r.contract_no ?? '—',
        }),
      link: (r) => (r.payment_id ? `/management/payment/view/${String(r.payment_id)}` : null),
    },
    {
      field: 'action',
      width: 150,
      sortable: false,
      hideBelow: 'md',
      text: (r, t) => t(`payment.moves.${String(r.action)}`, { defaultValue: String(r.action) }),
    },
    {
      field: 'transition',
      width: 180,
      sortable: false,
      text: (r, t) =>
        r.from_status === r.to_status || !r.from_status
          ? state(t, r.to_status)
          : `${state(t, r.from_status)} → ${state(t, r.to_status)}`,
    },
    { field: 'note', flex: 1, minWidth: 120, sortable: false, hideBelow: 'md' },
  ],
  actions: { view: false, update: false, status: false, delete: false, create: false },
  form: { fields: [] },
};
