/**
 * Payment requests (YCTT; /management/payment, API /payment-transaction): the generic list, following
 * the top-bar construction selector, with the request filters of docs/product.md#payment-requests as chips
 * (open, inactive, unpaid, paid, overdue, all), the quick views of docs/product.md#payment-transactions
 * (today, this week, this month, created by me: their own paging endpoints), approval and payment chips, a
 * priority mark and overdue rows marked. Its fields are described in
 * `@sitepay/domain/entities/payment.entity`; the list's columns, the form and the view (the approval
 * workflow) are its own: features/payment/. Its VAT invoices are a related section of the view.
 */

import { payment } from '@sitepay/domain/entities/payment.entity';
import { paymentInvoice } from '@sitepay/domain/entities/payment-invoice.entity';
import { invoiceAmounts, type VatRate, vatRates } from '@sitepay/domain/invoice-vat';
import { amountText, compareAmounts } from '@sitepay/domain/money';
import { formatAmount } from '@sitepay/domain/number-format';
import { approvalStatuses, paymentChangeable, paymentStatuses } from '@sitepay/domain/payment-workflow';
import { approvalColors, payeeFlags, paymentColors } from '../components/payment-state.tsx';
import '../i18n/payment-strings.ts';
import { BATCH_REQUEST_FIELDS } from '../features/payment-batch/batch-request.ts';
import { resourceOf } from './entity-resource.ts';
import type { ResourceDescription } from './resource.types.ts';

const API = payment.api;

/** What the server will store for the invoice typed so far: its VAT and total (null until it can tell). */
function invoicePreview(
  values: Record<string, unknown>,
  t: (key: string, o?: Record<string, unknown>) => string,
) {
  const amount = amountText(values.amount_before_vat);
  const rate = values.vat_rate as VatRate | undefined;
  if (!amount || !rate || !vatRates.includes(rate) || compareAmounts(amount, '0') < 0) return null;
  const { vat_amount, total } = invoiceAmounts(amount, rate);
  return t('payment.invoices.preview', { vat: formatAmount(vat_amount), total: formatAmount(total) });
}

/** A request's VAT invoices (docs/adr/0068-payment-invoices.md), as its view page lists and edits them. */
const invoices = resourceOf(paymentInvoice, {}, () =>
  import('@sitepay/domain/payment-invoice.schema').then((m) => ({
    create: m.paymentInvoiceInputSchema,
    update: m.paymentInvoiceUpdateSchema,
  })),
);

export const resource: ResourceDescription = resourceOf(
  payment,
  {
    exportPath: 'export/payment',
    scopedByConstruction: true,
    // edited, deactivated, activated or deleted only while created or rejected
    changeable: paymentChangeable,
    list: {
      // ticked requests go in a new payment batch, for those who write requests
      // (docs/adr/0096-payment-batches-and-bank-files.md)
      selection: {
        may: (ability) => ability.can('create', 'payment') || ability.can('update', 'payment'),
        bar: () => import('../features/payment-batch/batch-from-list.tsx').then((m) => m.BatchFromList),
      },
      statuses: ['all', 'open', 'deactive', 'unpaid', 'paid', 'over due'],
      views: [
        { key: 'today', paging: `${API}/today/paging` },
        { key: 'week', paging: `${API}/week/paging` },
        { key: 'month', paging: `${API}/month/paging` },
        { key: 'mine', paging: `${API}/transaction-created/paging` },
      ],
      // the reports' and the home page's drill-downs: a contractor's, a contract's, my rejected requests
      filters: [
        'constructorId',
        'contractId',
        'approvalStatus',
        'paymentStatus',
        'from',
        'to',
        'dueFrom',
        'dueTo',
        'partlyPaid',
      ],
      // a drill-down's contract chip names the contract by its number, not its id
      filterRecords: { contractId: { get: 'contract/get/{id}', name: (r) => String(r.contract_no) } },
      filterFields: [
        {
          key: 'approvalStatus',
          label: 'resources.payment.fields.approval_status',
          kind: 'choice',
          choices: approvalStatuses,
          words: 'resources.payment.choices.approval_status',
        },
        {
          key: 'paymentStatus',
          label: 'resources.payment.fields.payment_status',
          kind: 'choice',
          choices: paymentStatuses,
          words: 'resources.payment.choices.payment_status',
        },
        {
          key: 'constructorId',
          label: 'resources.payment.fields.constructor_id',
          kind: 'reference',
          endpoint: 'constructor/list',
        },
        { key: 'from', label: 'resources.payment.filterFields.from', kind: 'date' },
        { key: 'to', label: 'resources.payment.filterFields.to', kind: 'date' },
      ],
      highlight: { field: 'overdue', color: 'error' },
      // the ticked rows' bar and its new-batch dialog read what a batch line needs (the company, what
      // remains to pay, the batch a request is in already)
      reads: BATCH_REQUEST_FIELDS,
      totals: true,
      hideOnPhones: ['rowNumber'],
      // on a phone a card: the amount with its approval and payment state, the contractor, the request
      phoneCard: [['amount', 'approval_status', 'payment_status'], ['constructor_name'], ['code', 'date']],
    },
    // fits 1280 px beside the drawer; on a phone: the request's number (a link), the amount and its approval
    columns: [
      {
        field: 'code',
        width: 168,
        link: (r) => `/management/payment/view/${r.id}`,
        flags: [{ field: 'isPriority', icon: 'flag' }, { field: 'overdue', icon: 'clock' }, ...payeeFlags],
      },
      { field: 'requirement_no', kind: 'number', width: 96, hideBelow: 'lg' },
      { field: 'contract_no', width: 116, sortable: false, hideBelow: 'sm' },
      { field: 'constructor_name', flex: 1, minWidth: 100, sortable: false, hideBelow: 'md' },
      { field: 'amount', kind: 'amount', flex: 0.8, minWidth: 110 },
      { field: 'date', kind: 'date', width: 100, hideBelow: 'md' },
      { field: 'approval_status', kind: 'state', colors: approvalColors, width: 104 },
      {
        field: 'payment_status',
        kind: 'state',
        colors: paymentColors,
        width: 136,
        sortable: false,
        hideBelow: 'sm',
      },
    ],
    // the row offers view and edit; delete, activation and the workflow are on the view page
    actions: { status: false, delete: false },
    // on the view page (features/payment), changed only while the request may be edited
    related: [
      {
        kind: 'children',
        key: 'invoices',
        childResource: paymentInvoice.name,
        apiBase: paymentInvoice.api,
        list: `${paymentInvoice.api}/list/{id}`,
        parentField: 'payment_id',
        titleField: 'number',
        columns: [
          { field: 'number', width: 90 },
          { field: 'symbol', width: 70 },
          { field: 'form', width: 40, hideBelow: 'md' },
          { field: 'date', kind: 'date', width: 90 },
          { field: 'seller_tax_code', width: 100, hideBelow: 'md' },
          { field: 'amount_before_vat', kind: 'amount', width: 100, hideBelow: 'md' },
          // "10%", "KCT": the choice's long words are the form's; an invoice read from XML may hold
          // `MIXED` or `KHAC` (docs/adr/0092-einvoice-xml-checks.md), read in words
          {
            field: 'vat_rate',
            width: 40,
            text: (r, t) => {
              const rate = String(r.vat_rate);
              if (rate === 'MIXED' || rate === 'KHAC') return t(`payment.einvoice.rate.${rate}`);
              return /^\d+$/.test(rate) ? `${rate}%` : rate;
            },
          },
          { field: 'vat_amount', kind: 'amount', width: 90, hideBelow: 'md' },
          { field: 'total', kind: 'amount', width: 100 },
        ],
        totals: ['amount_before_vat', 'vat_amount', 'total'],
        form: invoices.form,
        preview: invoicePreview,
      },
    ],
    pages: {
      create: () => import('../features/payment/payment-form-page.tsx').then((m) => m.PaymentFormPage),
      update: () => import('../features/payment/payment-form-page.tsx').then((m) => m.PaymentFormPage),
      view: () => import('../features/payment/payment-view-page.tsx').then((m) => m.PaymentViewPage),
    },
  },
  () =>
    import('@sitepay/domain/payment.schema').then((m) => ({
      create: m.paymentInputSchema,
      update: m.paymentUpdateSchema,
    })),
);
