/**
 * The payment screens' queries and moves. Keys start with ['resource', 'payment'] so that a saved
 * request or a workflow move refreshes the list, the record, its moves, timeline, documents and
 * history at once; a move also refreshes the contract's figures and the approval queue (and the top
 * bar's count, ['resource', 'approval', 'count']).
 */
import type {
  documentChecklistItemSchema,
  Payment,
  PaymentContractStatus,
  PaymentHistory,
  paymentBulkResultSchema,
  paymentStatusSchema,
} from '@sitepay/domain/payment.schema';
import type { PaymentComment, PaymentCommentPosted } from '@sitepay/domain/payment-comment.schema';
import { type PaymentAction, paymentMoveRoutes } from '@sitepay/domain/payment-workflow';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import '../../i18n/payment-strings.ts';
import { api } from '../../lib/api-client.ts';
import { invalidateChanged } from '../../lib/changed-queries.ts';
import { saveBlob } from '../../lib/download-file.ts';

export type PaymentMoves = z.infer<typeof paymentStatusSchema>;
export type BulkResult = z.infer<typeof paymentBulkResultSchema>;
/** A contract that may take a request, as the form's picker lists them. */
export type PayableContract = {
  id: number;
  contract_no: string;
  status?: string;
  construction_id?: number;
  constructor_id: number;
  constructor_code: string | null;
  constructor_name: string | null;
  beneficiary_id: number | null;
  beneficiary_name: string | null;
  contract_value: string | null;
  bank_name?: string | null;
  account_number?: string | null;
};
export type Named = { id: number; code?: string | null; name: string; status?: string };
export type PaymentType = { id?: number; code: string; name: string; status?: string };
export type TransactionType = Named & { pay_date: number | null };
export type DocumentItem = { id: number; code: string; name: string; type: string; quantity: number };
/** A document of a request's checklist and where it stands (docs/adr/0094-required-documents.md). */
export type DocumentChecklistItem = z.infer<typeof documentChecklistItemSchema>;
export type DepartmentOption = Named & { director_id?: number | null };
export type UserOption = { id: number; user_name: string; full_name: string | null };

export const API = 'payment-transaction';
const PAYMENT = ['resource', 'payment'] as const;
const PICKER_STALE_MS = 60_000;

const list = <T>(key: readonly unknown[], path: string, staleTime = PICKER_STALE_MS) =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => api.get<T>(path, { signal }),
    staleTime,
  });

export const paymentTypesQuery = list<PaymentType[]>(['picker', 'payment-type'], 'payment-type/list/all');
export const transactionTypesQuery = list<TransactionType[]>(
  ['picker', 'transaction-type'],
  'transaction-type/list/all',
);
export const departmentsQuery = list<DepartmentOption[]>(['picker', 'department'], 'account/department/list');
/**
 * The head of unit's choices: who may approve requests on the construction (`approverOf`); quiet
 * when the caller may not list users (the record names its director).
 */
export const directorsQuery = (constructionId: number) =>
  queryOptions({
    queryKey: ['picker', 'users', 'approver-of', constructionId],
    queryFn: ({ signal }) =>
      api.get<UserOption[]>(`admin/user/list/all?approverOf=${constructionId}`, { signal, silent: true }),
    staleTime: PICKER_STALE_MS,
    retry: false,
  });
export const paymentDateQuery = list<{ date: string }>(['payment-date'], `${API}/get-payment-date`, 0);

export const payableContractsQuery = (constructionId: number) =>
  list<PayableContract[]>(
    ['picker', 'payable-contracts', constructionId],
    `${API}/get-list-contract-and-constructor-by-construction?constructionId=${constructionId}`,
    0,
  );

export const documentsForTypeQuery = (transactionTypeId: number) =>
  list<DocumentItem[]>(
    ['picker', 'documents', transactionTypeId],
    `admin/setting/document-attach/get-by-transaction-type/${transactionTypeId}`,
  );

export const contractStatusQuery = (contractId: number) =>
  list<PaymentContractStatus>(
    [...PAYMENT, 'contract-status', contractId],
    `${API}/get-payment-contract-status/${contractId}`,
    0,
  );

export const movesQuery = (id: number) =>
  list<PaymentMoves>([...PAYMENT, 'moves', id], `${API}/get-payment-status/${id}`, 0);

export const paymentDocumentsQuery = (id: number) =>
  list<DocumentChecklistItem[]>([...PAYMENT, 'documents', id], `${API}/documents/${id}`, 0);

export const timelineQuery = (id: number) =>
  list<PaymentHistory[]>([...PAYMENT, 'timeline', id], `${API}/timeline/${id}`, 0);

export const commentsQuery = (id: number) =>
  list<PaymentComment[]>([...PAYMENT, 'comments', id], `${API}/comments/${id}`, 0);

export const contractPaymentsQuery = (contractId: number) =>
  list<Payment[]>([...PAYMENT, 'by-contract', contractId], `${API}/get-by-contract/${contractId}`, 0);

/**
 * The call each workflow move makes (the transition table's routes): all send the version read,
 * accept and reject a note.
 */
function moveCall(action: PaymentAction, id: number, body: { version: number; note?: string }) {
  const route = paymentMoveRoutes[action];
  // an edit is the form's save (the whole request), never a bare move
  if (route.method === 'PUT') throw new Error(`no call for ${action}`);
  return {
    method: route.method,
    path: route.path.replace('{id}', String(id)),
    body: route.note ? body : { version: body.version },
  };
}

/** What a move or a save may change: the payment screens, the contract's figures, the queue. */
export function invalidatePayments(client: ReturnType<typeof useQueryClient>) {
  return invalidateChanged(client, 'payment');
}

export type MoveInput = { action: PaymentAction; id: number; version: number; note?: string };

/** One workflow move (send, accept, reject, confirm paid, delete, activate, deactivate). */
export function usePaymentMove() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ action, id, version, note }: MoveInput) => {
      const call = moveCall(action, id, { version, ...(note?.trim() ? { note: note.trim() } : {}) });
      const options = { action: t(`payment.doing.${action}`) };
      return call.method === 'DELETE'
        ? api.delete<Payment>(call.path, call.body, options)
        : api.patch<Payment>(call.path, call.body, options);
    },
    onSettled: () => invalidatePayments(client),
  });
}

/** A comment on a request; the answer names whom its mentions mailed, which the screen says itself. */
export function usePostComment(id: number) {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (text: string) =>
      api.post<PaymentCommentPosted>(
        `${API}/comments/${id}`,
        { text },
        { action: t('payment.discussion.doing'), quietSuccess: true },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: commentsQuery(id).queryKey }),
  });
}

/** Accept or reject several requests at once; the answer says, per request, whether it went through. */
export function useBulkDecision() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({
      decision,
      items,
      note,
    }: {
      decision: 'accept' | 'reject';
      items: { id: number; version: number }[];
      note?: string;
    }) =>
      api.post<BulkResult>(
        `payment-approval/${decision}-many`,
        { items, ...(note?.trim() ? { note: note.trim() } : {}) },
        // each row shows its own outcome: no success toast for the whole batch
        { action: t(`payment.doing.${decision}`), quietSuccess: true },
      ),
    onSettled: () => invalidatePayments(client),
  });
}

export type PrintFormat = 'docx' | 'pdf';

/**
 * The printed request, Word or PDF (the server converts with LibreOffice: without it, 501
 * `pdf_unavailable`, told in the user's words, while Word still prints), saved under a name that
 * says which request it is: <request number>-<contract>-<instalment>.docx|pdf, as the server names it.
 */
export function usePrint() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async ({
      payment,
      format,
    }: {
      payment: Pick<Payment, 'id' | 'code' | 'template' | 'contract_no' | 'requirement_no'>;
      format: PrintFormat;
    }) => {
      const file = await api.download(`${API}/download/${payment.id}`, {
        query: { format, template: payment.template || 'v1' },
        action: t('payment.doing.print'),
      });
      const contract = (payment.contract_no ?? String(payment.id)).replace(/[\\/:*?"<>|\s]+/g, '-');
      saveBlob(file.blob, `${payment.code || 'YCTT'}-${contract}-${payment.requirement_no}.${format}`);
    },
  });
}
