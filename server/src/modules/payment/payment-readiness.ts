/**
 * Whether a request is ready to be sent (issue 33): its required documents
 * (docs/adr/0094-required-documents.md) and, for an advance, a valid bank guarantee covering it
 * (docs/adr/0095-bank-guarantees-checked.md). The checklist is read by its route, the print and the
 * send; the send refuses with 422 `documents_missing` or `guarantee_missing`.
 */
import type { DocumentRequirement } from '@sitepay/domain/entities/document-attachment.entity';
import { addAmounts, compareAmounts } from '@sitepay/domain/money';
import { paymentKindOf } from '@sitepay/domain/payment.schema';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { contractGuarantee, fileUpload } from '../../db/schema.ts';
import { unprocessable } from '../../http/errors.ts';
import type { Row } from '../../http/record-kind.ts';
import { checklistOf, contractPosition } from './payment.rules.ts';

/** Where one document of the checklist stands on a request. */
export type DocumentState = 'attached' | 'received' | 'missing';

export type ChecklistItem = {
  id: number;
  code: string;
  name: string;
  type: string;
  quantity: number;
  requirement: DocumentRequirement;
  state: DocumentState;
  /** Attached or received: what the print ticks. */
  attached: boolean;
  /** The request's files that name this document (their `document_type` is its code). */
  files: { id: number; file_name: string }[];
  received_by: string | null;
  received_at: string | null;
};

/**
 * The checklist of a request: each document of its transaction type, attached when a live file of
 * the request names its code, else received when ticked (`attached_documents`), else missing.
 */
export async function requestChecklist(tx: Tx, row: Row): Promise<ChecklistItem[]> {
  const files = await queryRows<{ id: number; file_name: string; document_type: string }>(
    tx,
    sql`select f.id, f.file_name, upper(f.document_type) as document_type from ${fileUpload} f
        where f.owner_kind = 'payment' and f.owner_id = ${row.id} and f.status = 'O'
          and f.document_type is not null
        order by f.id`,
  );
  const ticked = new Set<number>(row.attached_documents ?? []);
  const receipts = (row.document_receipts ?? {}) as Record<string, { by: string; at: string }>;
  return (await checklistOf(tx, row.transaction_type_id)).map((d) => {
    const mine = files.filter((f) => f.document_type === d.code.toUpperCase());
    const received = ticked.has(d.id);
    const state: DocumentState = mine.length ? 'attached' : received ? 'received' : 'missing';
    const receipt = received ? receipts[String(d.id)] : undefined;
    return {
      ...d,
      requirement: (d.requirement ?? 'none') as DocumentRequirement,
      state,
      attached: state !== 'missing',
      files: mine.map((f) => ({ id: f.id, file_name: f.file_name })),
      received_by: receipt?.by ?? null,
      received_at: receipt?.at ?? null,
    };
  });
}

/** 422 `documents_missing` when a `block` document is neither attached nor received. */
export async function assertDocumentsReady(tx: Tx, row: Row) {
  const missing = (await requestChecklist(tx, row)).filter(
    (d) => d.requirement === 'block' && d.state === 'missing',
  );
  if (missing.length)
    throw unprocessable(
      `required documents are missing: ${missing.map((d) => d.name).join(', ')}`,
      'documents_missing',
      { documents: missing.map((d) => d.name).join(', '), codes: missing.map((d) => d.code).join(',') },
    );
}

/**
 * An advance request needs the contract's advance guarantees valid on the request's date (expiry on
 * or after it) to cover the advance outstanding with this one: else 422 `guarantee_missing`. The
 * contract row is locked by the caller (the send's money rules).
 */
export async function assertAdvanceGuaranteed(tx: Tx, row: Row) {
  if (paymentKindOf(row.payment_code) !== 'advance') return;
  const pos = await contractPosition(tx, row.contract_id, row.id);
  const needed = addAmounts(pos.advanceOutstanding, row.amount);
  const [g] = await queryRows<{ covered: string; count: number }>(
    tx,
    sql`select coalesce(sum(g.amount), 0)::numeric(18,2)::text as covered, count(*)::int as count
        from ${contractGuarantee} g
        where g.contract_id = ${row.contract_id} and g.status <> 'D' and g.kind = 'advance'
          and g.expiry_date >= ${row.date}::date`,
  );
  const covered = g?.covered ?? '0';
  if (compareAmounts(covered, needed) < 0)
    throw unprocessable(
      g?.count
        ? `the valid advance guarantees (${covered}) do not cover the advances with this one (${needed})`
        : 'the contract has no advance guarantee valid on the request’s date',
      'guarantee_missing',
      { needed, covered },
    );
}
