/**
 * A payment request as a batch line needs it (docs/adr/0096-payment-batches-and-bank-files.md): what
 * the payment list's ticked rows must hold for the new-batch dialog, and so what that list asks the
 * server for (`list.reads`, docs/adr/0122-a-named-list-answers-only-what-it-names.md).
 */
export type BatchRequest = {
  id: number;
  code: string;
  company_id?: number | null;
  constructor_name?: string | null;
  amount: string;
  paid_amount: string;
  batch_code?: string | null;
  approval_status?: string;
  payment_status?: string;
};

/** Every field of a BatchRequest: a field added to the type and not here does not compile. */
const fields: Record<keyof BatchRequest, true> = {
  id: true,
  code: true,
  company_id: true,
  constructor_name: true,
  amount: true,
  paid_amount: true,
  batch_code: true,
  approval_status: true,
  payment_status: true,
};
export const BATCH_REQUEST_FIELDS = Object.keys(fields) as (keyof BatchRequest)[];

/** Whether a request may go in a new batch: accepted, not fully paid, in no open batch. */
export const batchable = (r: BatchRequest) =>
  r.approval_status === 'A' && r.payment_status !== 'P' && !r.batch_code;
