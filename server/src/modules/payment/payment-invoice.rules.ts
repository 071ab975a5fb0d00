/**
 * What a payment request's own writes owe its invoices (docs/adr/0068-payment-invoices.md), called
 * by the workflow's hooks with the request row locked: while the request has invoices its invoice
 * amount is their sum, so an edit may not set another; a deleted request lets go of its invoices;
 * the print lists them. The invoices' own writes are in payment-invoice.service.ts.
 */
import { compareAmounts } from '@sitepay/domain/money';
import { formatAmount } from '@sitepay/domain/number-format';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { paymentInvoice } from '../../db/schema.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { unprocessable } from '../../http/errors.ts';
import { writeHistory } from '../../http/record-history.ts';
import type { Row } from '../../http/record-kind.ts';

/** The invoices' record kind name: their history key, menu-less (they live on the request's page). */
export const PAYMENT_INVOICE = 'payment-invoice';

const i = paymentInvoice;

/** How many live invoices a request has, and their totals summed in SQL (null: none). */
export async function invoiceSum(
  tx: Tx,
  paymentId: number,
): Promise<{ count: number; total: string | null }> {
  const [row] = await queryRows<{ count: number; total: string | null }>(
    tx,
    sql`select count(*)::int as count, sum(${i.total})::numeric(18,2)::text as total
        from ${i} where ${i.payment_id} = ${paymentId} and ${i.status} <> 'D'`,
  );
  return { count: row?.count ?? 0, total: row?.total ?? null };
}

/** A request's live invoices, by date (the caller has found the request in the user's scope). */
export function liveInvoices(tx: Tx, paymentId: number) {
  return tx
    .select()
    .from(i)
    .where(and(eq(i.payment_id, paymentId), ne(i.status, 'D')))
    .orderBy(asc(i.date), asc(i.id))
    .limit(1000);
}

/**
 * An edit of a request with invoices keeps the invoice amount their sum: the same amount sent again
 * (the form shows it read only) is dropped from the write, another one — or none — is refused with
 * 422 `invoice_amount_from_invoices`.
 */
export async function keepInvoiceAmount(tx: Tx, values: Row, existing: Row) {
  if (!('invoice_amount' in values)) return;
  const { count, total } = await invoiceSum(tx, existing.id);
  if (count === 0 || total === null) return;
  const sent = values.invoice_amount as string | null;
  if (sent !== null && compareAmounts(sent, total) === 0) {
    delete values.invoice_amount;
    return;
  }
  throw unprocessable(
    `the invoice amount is the sum of the request's ${count} invoice(s), ${formatAmount(total)} đồng: change the invoices instead`,
    'invoice_amount_from_invoices',
    { amount: total, count },
  );
}

/**
 * A request deleted: its live invoices are deleted with it (each with its history line), so that
 * another request of the company may claim them. Nothing else releases an invoice: a rejected or
 * deactivated request still holds its own.
 */
export async function releaseInvoices(tx: Tx, paymentId: number, user: CurrentUser) {
  const released = await tx
    .update(i)
    .set({
      status: 'D',
      version: sql`${i.version} + 1`,
      updated_at: new Date(),
      updated_by: user.user_name,
    })
    .where(and(eq(i.payment_id, paymentId), ne(i.status, 'D')))
    .returning({ id: i.id });
  for (const row of released)
    await writeHistory(
      tx,
      { name: PAYMENT_INVOICE },
      row.id,
      'delete',
      { status: { old: 'O', new: 'D' } },
      user,
    );
}
