/**
 * The approver's queue (/management/approval/list, API GET /payment-approval/paging): the payment
 * requests waiting for the caller's decision, ticked and accepted or rejected together
 * (features/payment/approval-list-page.tsx supplies that bar). Rows open the request's own page.
 * The construction selector narrows the queue only once the user picks a construction, so the queue
 * and the top bar's count agree by default.
 */
import type { PaymentStep } from '@sitepay/domain/approval-flow.schema';
import { payeeFlags } from '../components/payment-state.tsx';
import '../i18n/payment-strings.ts';
import type { ResourceDescription, ResourceRecord } from './resource.types.ts';

const DAY_MS = 86_400_000;
/** Whole days since the request was sent ("today" under a day). */
const waited = (r: ResourceRecord, t: (key: string, o?: Record<string, unknown>) => string) => {
  const sent = Date.parse(String(r.sent_at ?? ''));
  if (Number.isNaN(sent)) return '';
  const days = Math.floor((Date.now() - sent) / DAY_MS);
  return days < 1 ? t('payment.approval.waitedToday') : t('payment.approval.waited', { count: days });
};

/** The name of the step the request waits on (docs/adr/0084-approval-steps.md), else ''. */
const currentStepName = (r: ResourceRecord) =>
  ((r.steps ?? []) as PaymentStep[]).find((s) => s.no === r.current_step)?.name ?? '';

export const resource: ResourceDescription = {
  name: 'approval',
  apiBase: 'payment-approval',
  routeBase: '/management/approval',
  viewRoute: '/management/payment/view/{id}',
  titleField: 'code',
  scopedByConstruction: 'explicit',
  list: {
    statuses: [],
    highlight: { field: 'overdue', color: 'error' },
    // the step's name is read from the request's steps; the decided requests' list after a bulk
    // decision names each by its number too (features/payment/approval-list-page.tsx)
    reads: ['steps', 'requirement_no'],
    hideOnPhones: ['rowNumber'],
    // on a phone a card: how much, to whom, what for, then the request and how long it has waited
    phoneCard: [['amount'], ['constructor_name'], ['note'], ['code', 'current_step', 'sent_at']],
  },
  columns: [
    {
      field: 'code',
      width: 150,
      link: (r) => `/management/payment/view/${r.id}`,
      flags: [{ field: 'isPriority', icon: 'flag' }, { field: 'overdue', icon: 'clock' }, ...payeeFlags],
    },
    // on a phone: the request and how much (each row's page says the rest)
    { field: 'constructor_name', flex: 1, minWidth: 110, sortable: false, hideBelow: 'sm' },
    { field: 'contract_no', width: 120, sortable: false, hideBelow: 'md' },
    { field: 'construction_name', flex: 1, minWidth: 110, sortable: false, hideBelow: 'xl' },
    // what it is for
    { field: 'note', flex: 1.4, minWidth: 140, sortable: false, hideBelow: 'lg' },
    { field: 'amount', kind: 'amount', flex: 1, minWidth: 104 },
    // the step it waits on (docs/adr/0084-approval-steps.md); empty without an approval flow
    {
      field: 'current_step',
      width: 130,
      sortable: false,
      hideBelow: 'md',
      text: (r) => currentStepName(r),
    },
    // how long it has waited
    { field: 'sent_at', width: 96, sortable: false, hideBelow: 'sm', text: (r, t) => waited(r, t) },
  ],
  defaultSort: { field: 'date', desc: false },
  actions: { update: false, status: false, delete: false, create: false },
  // the queue has no form of its own
  form: { fields: [] },
};
