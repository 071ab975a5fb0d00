/**
 * The receivables screens' calls beyond the generic record ones (docs/receivables.md): a customer's
 * credits and billing events, a bill's check and receipts, recording a receipt, writing a credit,
 * importing a Zendesk export. Query keys start with ['resource', <name>] so the generic pages'
 * refreshes (invalidateResource) refresh these too.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HistoryAnswer } from '../../components/history-panel.tsx';
import { api } from '../../lib/api-client.ts';
import { invalidateResource } from '../../resources/resource.queries.ts';
import type { ResourceRecord } from '../../resources/resource.types.ts';

export type Credit = {
  id: number;
  customer_id: number;
  billing_id: number | null;
  billing_number?: string | null;
  kind: 'note' | 'limit';
  amount: string;
  reason: string;
  credit_date: string;
  reference: string | null;
  status: string;
  version: number;
  created_at: string;
};

export type Receipt = {
  id: number;
  amount: string;
  receipt_date: string;
  reference: string | null;
  note: string | null;
  created_at: string;
  user_name: string | null;
};

export type BillCheck = {
  id: number;
  number: string;
  total: string;
  paid: string;
  credited: string;
  remaining: string;
  state: 'open' | 'paid' | 'overdue';
  overdue_days: number;
  due_date: string;
  receipts: Receipt[];
  credits: Credit[];
};

export type BillingEvent = {
  at: string;
  kind: 'bill' | 'receipt' | 'credit';
  billing_id: number | null;
  number: string | null;
  amount: string;
  note: string | null;
  user_name: string | null;
};

export type ImportResult = {
  imported: number;
  updated: number;
  skipped: number;
  errors: { line: number; reason: string }[];
};

export const creditsQuery = (customerId: number) =>
  queryOptions({
    queryKey: ['resource', 'customer', 'credits', customerId],
    queryFn: ({ signal }) => api.get<Credit[]>(`manage/credit/list/${customerId}`, { signal }),
    staleTime: 0,
  });

/** The customer's history answer (`{ changes, billing }`): the same cache as its history panel. */
export const customerHistoryQuery = (customerId: number) =>
  queryOptions({
    queryKey: ['resource', 'customer', 'history', 'manage/customer', customerId],
    queryFn: ({ signal }) => api.get<HistoryAnswer>(`manage/customer/history/${customerId}`, { signal }),
    staleTime: 0,
  });

/** A customer's bills that may still take a credit note (a picker: the first 100 open or overdue). */
export const openBillsQuery = (customerId: number) =>
  queryOptions({
    queryKey: ['resource', 'billing', 'open-of', customerId],
    queryFn: ({ signal }) =>
      api
        .get<{ items: ResourceRecord[] }>('user/billing/list', {
          query: { customerId, constructionId: -1, itemsPerPage: 100, page: 1 },
          signal,
        })
        .then((page) => page.items.filter((bill) => bill.state !== 'paid')),
    staleTime: 0,
  });

export const billCheckQuery = (billId: number) =>
  queryOptions({
    queryKey: ['resource', 'billing', 'check', billId],
    queryFn: ({ signal }) => api.get<BillCheck>(`manage/billing/check/${billId}`, { signal }),
    staleTime: 0,
  });

export const receiptsQuery = (billId: number) =>
  queryOptions({
    queryKey: ['resource', 'billing', 'receipts', billId],
    queryFn: ({ signal }) => api.get<Receipt[]>(`manage/billing/receipts/${billId}`, { signal }),
    staleTime: 0,
  });

/** What changes with money moving: bills, customers (their totals and events) and the statistics. */
function useRefreshMoney() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      invalidateResource(client, 'billing'),
      invalidateResource(client, 'customer'),
      client.invalidateQueries({ queryKey: ['report'] }),
    ]);
}

export function useRecordReceipt(bill: ResourceRecord) {
  const { t } = useTranslation();
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      api.post<ResourceRecord>(
        `manage/billing/receipt/${bill.id}`,
        { ...values, version: bill.version },
        {
          action: t('receivables.receipts.record'),
          fieldLabel: (field) => t(`resources.receipt.fields.${field}`, { defaultValue: field }),
        },
      ),
    onSettled: refresh,
  });
}

export function useSaveCredit(customerId: number) {
  const { t } = useTranslation();
  const refresh = useRefreshMoney();
  const name = t('resources.credit.name');
  return useMutation({
    mutationFn: ({ credit, values }: { credit?: Credit; values: Record<string, unknown> }) => {
      const fieldLabel = (field: string) => t(`resources.credit.fields.${field}`, { defaultValue: field });
      if (credit) {
        // docs/product.md#history-customers-and-support: the update carries no billingId, id or rowNumber
        const { billing_id: _bill, customer_id: _customer, ...rest } = values;
        return api.put<Credit>(
          `manage/credit/update/${credit.id}`,
          { ...rest, version: credit.version },
          { action: t('actions.update', { resource: name }), fieldLabel },
        );
      }
      return api.post<Credit>(
        'manage/credit/create',
        { ...values, customer_id: customerId },
        { action: t('actions.create', { resource: name }), fieldLabel },
      );
    },
    onSettled: refresh,
  });
}

export function useImportTickets() {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      api.post<ImportResult>('manage/zendesk/import', body, { action: t('receivables.import.action') }),
    onSettled: () => invalidateResource(client, 'ticket'),
  });
}
