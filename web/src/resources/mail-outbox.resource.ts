/**
 * The mail outbox (API /admin/mail/paging), read only: every mail the server queued (a reset
 * password…), its state (pending, sending, sent, failed), attempts, and when it was sent or why not. Shown
 * as a tab of the e-mail configuration screen (features/system/email-pages.tsx), not routed alone.
 */
import '../i18n/system-strings.ts';
import { formatMoment } from '../components/history-values.ts';
import type { Lang } from '../i18n/i18n.ts';
import type { ResourceDescription, ResourceRecord } from './resource.types.ts';

/** The subject, and the event that queued the mail ("Mật khẩu mới (reset-password)"). */
const withEvent = (record: ResourceRecord) =>
  record.event ? `${String(record.subject ?? '')} (${String(record.event)})` : String(record.subject ?? '');

/** When it was sent, else the last error: what happened to the mail. */
const outcome = (
  record: ResourceRecord,
  t: (key: string, o?: Record<string, unknown>) => string,
  lang: Lang,
) =>
  record.sent_at
    ? t('resources.mail-outbox.sentAt', { at: formatMoment(String(record.sent_at), lang) })
    : String(record.last_error ?? '');

export const resource: ResourceDescription = {
  name: 'mail-outbox',
  apiBase: 'admin/mail',
  routeBase: '/admin/email',
  titleField: 'subject',
  columns: [
    { field: 'created_at', width: 140, hideBelow: 'sm' },
    { field: 'to', flex: 1, minWidth: 150 },
    { field: 'subject', flex: 2, minWidth: 170, hideBelow: 'md', text: withEvent },
    {
      field: 'state',
      kind: 'state',
      width: 115,
      colors: { pending: 'default', sending: 'info', sent: 'success', failed: 'error' },
    },
    { field: 'attempts', kind: 'number', width: 85, hideBelow: 'md' },
    { field: 'outcome', flex: 2, minWidth: 170, sortable: false, hideBelow: 'lg', text: outcome },
  ],
  list: { statuses: [], hideOnPhones: ['rowNumber'] },
  defaultSort: { field: 'created_at', desc: true },
  actions: { view: false, update: false, status: false, delete: false, create: false },
  form: { fields: [] },
};
