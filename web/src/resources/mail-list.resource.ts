/**
 * The mail list (/manage/mail/list, API /manage/mail, docs/receivables.md): the outbox — every mail
 * the server queued, to whom, its state, tries and last error — read only but for "resend" on a
 * failed mail (back to pending with its tries reset), which users who may read the list are offered.
 */
import '../i18n/receivables-strings.ts';
import { formatMoment } from '../components/history-values.ts';
import type { ResourceDescription } from './resource.types.ts';

export const resource: ResourceDescription = {
  name: 'mail-list',
  apiBase: 'manage/mail',
  routeBase: '/manage/mail',
  endpoints: { paging: 'manage/mail/list/paging' },
  titleField: 'subject',
  history: false,
  columns: [
    {
      field: 'created_at',
      width: 150,
      hideBelow: 'sm',
      text: (r, _t, lang) => formatMoment(String(r.created_at ?? ''), lang),
    },
    { field: 'to', flex: 1, minWidth: 150 },
    {
      field: 'subject',
      flex: 2,
      minWidth: 170,
      hideBelow: 'md',
      text: (r) => (r.event ? `${String(r.subject ?? '')} (${String(r.event)})` : String(r.subject ?? '')),
    },
    {
      field: 'state',
      kind: 'state',
      width: 115,
      colors: { pending: 'default', sending: 'info', sent: 'success', failed: 'error' },
    },
    { field: 'attempts', kind: 'number', width: 85, hideBelow: 'md' },
    {
      field: 'outcome',
      flex: 2,
      minWidth: 170,
      sortable: false,
      hideBelow: 'lg',
      text: (r, t, lang) =>
        r.sent_at
          ? t('resources.mail-list.sentAt', { at: formatMoment(String(r.sent_at), lang) })
          : String(r.last_error ?? ''),
    },
  ],
  list: {
    statuses: ['all', 'pending', 'sending', 'sent', 'failed'],
    statusParam: 'state',
    hideOnPhones: ['rowNumber'],
  },
  defaultSort: { field: 'created_at', desc: true },
  actions: { view: false, update: false, status: false, delete: false, create: false },
  recordActions: [
    {
      key: 'resend',
      method: 'POST',
      path: 'manage/mail/resend/{id}',
      // failed, and not a password mail, whose text went when it failed (the server says which)
      when: (record) => record.resendable === true,
      right: 'read',
      icon: 'send',
      color: 'primary',
    },
  ],
  form: { fields: [] },
};
