/**
 * Bills (/manage/billing; list `GET /api/user/billing/list`, the rest under /api/manage/billing,
 * docs/receivables.md): invoices issued to a customer for one of its constructions. The server
 * computes the VAT (whole đồng), the total and where the bill stands (paid + credited against the
 * total: open, paid, overdue past its due date). The list filters by that state (chips), by the top
 * bar's construction and by a customer (`customerId`, a chip); its view page
 * (features/receivables/billing-pages.tsx) shows the check figures, the receipts with "record
 * receipt", and the credit notes applied, then its change history (a receipt and a check's
 * correction are written there as changes of what was received and credited).
 */
import '../i18n/receivables-strings.ts';
import { billing } from '@sitepay/domain/entities/billing.entity';
import { formatAmount } from '@sitepay/domain/number-format';
import { resourceOf } from './entity-resource.ts';
import type { ResourceDescription, ResourceRecord } from './resource.types.ts';

export const billStateColors = { open: 'info', paid: 'success', overdue: 'error' } as const;

/** The days past due after an overdue bill's state ("Quá hạn · 12 ngày" is the chip plus this column). */
const overdueDays = (record: ResourceRecord, t: (key: string, o?: Record<string, unknown>) => string) =>
  record.state === 'overdue' && Number(record.overdue_days) > 0
    ? t('resources.billing.overdueDays', {
        count: Number(record.overdue_days),
        days: formatAmount(Number(record.overdue_days)),
      })
    : '';

export const resource: ResourceDescription = resourceOf(
  billing,
  {
    endpoints: { paging: 'user/billing/list' },
    scopedByConstruction: true,
    columns: [
      { field: 'number', width: 130, link: (r) => `/manage/billing/view/${r.id}` },
      { field: 'customer_name', flex: 2, minWidth: 160, sortable: false, hideBelow: 'sm' },
      { field: 'construction_name', flex: 1, minWidth: 140, sortable: false, hideBelow: 'xl' },
      { field: 'bill_date', kind: 'date', width: 115, hideBelow: 'xl' },
      { field: 'due_date', kind: 'date', width: 115, hideBelow: 'md' },
      { field: 'total', kind: 'amount', width: 150 },
      { field: 'paid_amount', kind: 'amount', width: 150, sortable: false, hideBelow: 'xl' },
      { field: 'credited_amount', kind: 'amount', width: 150, sortable: false, hideBelow: 'xl' },
      { field: 'remaining', kind: 'amount', width: 150, sortable: false, hideBelow: 'sm' },
      { field: 'state', kind: 'state', colors: billStateColors, width: 120, sortable: false },
      {
        field: 'overdue_days',
        width: 110,
        sortable: false,
        hideBelow: 'xl',
        text: (r, t) => overdueDays(r, t),
      },
    ],
    list: {
      statuses: ['all', 'open', 'overdue', 'paid'],
      statusParam: 'state',
      filters: ['customerId'],
      hideOnPhones: ['rowNumber'],
    },
    actions: { status: false },
    viewFields: [
      'customer_id',
      'construction_id',
      'number',
      'bill_date',
      'due_date',
      'amount',
      { name: 'vat_rate', kind: 'percent' },
      { name: 'vat_amount', kind: 'amount' },
      { name: 'total', kind: 'amount' },
      'note',
    ],
    pages: {
      create: () => import('../features/receivables/billing-pages.tsx').then((m) => m.BillingFormPage),
      update: () => import('../features/receivables/billing-pages.tsx').then((m) => m.BillingFormPage),
      view: () => import('../features/receivables/billing-pages.tsx').then((m) => m.BillingViewPage),
    },
  },
  () =>
    import('@sitepay/domain/receivables.schema').then((m) => ({
      create: m.billingInputSchema,
      update: m.billingUpdateSchema,
    })),
);
