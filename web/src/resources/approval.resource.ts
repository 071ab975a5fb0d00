/**
 * The approver's queue (/management/approval/list, API GET /payment-approval/paging): the payment
 * requests waiting for the caller's decision, ticked and accepted or rejected together
 * (features/payment/approval-list-page.tsx supplies that bar). Rows open the request's own page.
 * The construction selector narrows the queue only once the user picks a construction, so the queue
 * and the top bar's count agree by default.
 */
import { paymentInputSchema, paymentUpdateSchema } from '@sitepay/domain/payment.schema';
import { payeeFlags } from '../components/payment-state.tsx';
import '../i18n/payment-strings.ts';
import type { ResourceDescription } from './resource.types.ts';

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
    hideOnPhones: ['rowNumber'],
  },
  columns: [
    {
      field: 'code',
      width: 168,
      link: (r) => `/management/payment/view/${r.id}`,
      flags: [{ field: 'isPriority', icon: 'flag' }, { field: 'overdue', icon: 'clock' }, ...payeeFlags],
    },
    // on a phone too: the approver sees which contract before ticking
    { field: 'contract_no', flex: 1, minWidth: 90, sortable: false },
    { field: 'construction_name', flex: 1, minWidth: 110, sortable: false, hideBelow: 'lg' },
    { field: 'constructor_name', flex: 1, minWidth: 110, sortable: false, hideBelow: 'md' },
    { field: 'amount', kind: 'amount', flex: 1, minWidth: 104 },
    { field: 'date', kind: 'date', width: 100, hideBelow: 'md' },
    { field: 'user_name', width: 100, sortable: false, hideBelow: 'lg' },
  ],
  defaultSort: { field: 'date', desc: false },
  actions: { update: false, status: false, delete: false, create: false },
  // the queue has no form of its own
  form: { fields: [], createSchema: paymentInputSchema, updateSchema: paymentUpdateSchema },
};
