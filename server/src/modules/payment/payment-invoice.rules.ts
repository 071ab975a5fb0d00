/**
 * What a payment request's own writes owe its invoices (docs/adr/0068-payment-invoices.md), called
 * by the workflow's hooks with the request row locked: while the request has invoices its invoice
 * amount is their sum, so an edit may not set another; a deleted request lets go of its invoices;
 * the print lists them; an invoice read from XML is judged against the request
 * (docs/adr/0092-einvoice-xml-checks.md) and a send is refused while a check blocks. The invoices'
 * own writes are in payment-invoice.service.ts.
 */
import {
  blockingChecks,
  type EInvoiceCheck,
  type EInvoiceContext,
  type EInvoiceFacts,
  einvoiceChecks,
  normalTaxCode,
} from '@sitepay/domain/einvoice';
import { compareAmounts } from '@sitepay/domain/money';
import { formatAmount } from '@sitepay/domain/number-format';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import {
  beneficiary,
  company,
  constructorTable,
  contract,
  paymentInvoice,
  paymentTransaction,
} from '../../db/schema.ts';
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

/** What an XML invoice is judged against, save its own related invoice: one query for the request. */
export async function requestContext(
  tx: Tx,
  paymentId: number,
): Promise<Omit<EInvoiceContext, 'related_found'>> {
  const p = paymentTransaction;
  const [row] = await queryRows<{
    contractor_tax_code: string | null;
    company_tax_code: string | null;
    payee_account: string | null;
    amount_due: string;
  }>(
    tx,
    sql`select k.tax_code as contractor_tax_code, co.tax_code as company_tax_code,
          coalesce(r.account_number, b.account_number) as payee_account,
          (r.amount - coalesce(r.advance_recovery, 0))::numeric(18,2)::text as amount_due
        from ${p} r join ${contract} c on c.id = r.contract_id
        join ${constructorTable} k on k.id = c.constructor_id
        left join ${company} co on co.id = coalesce(r.company_id, c.company_id)
        left join ${beneficiary} b on b.id = c.beneficiary_id and b.status = 'O'
        where r.id = ${paymentId}`,
  );
  const { total } = await invoiceSum(tx, paymentId);
  return {
    contractor_tax_code: row?.contractor_tax_code ?? null,
    company_tax_code: row?.company_tax_code ?? null,
    payee_account: row?.payee_account ?? null,
    amount_due: row?.amount_due ?? '0',
    invoices_total: total ?? '0',
  };
}

/**
 * The request holding the invoice an XML invoice replaces or adjusts, among the company's live
 * invoices (the tax code compared normalised, form and symbol ignoring case).
 */
async function relatedHolder(tx: Tx, x: Row, facts: EInvoiceFacts) {
  const r = facts.related;
  if (!r) return null;
  const [row] = await queryRows<{ requirement_no: number }>(
    tx,
    sql`select t.requirement_no from ${i} x join ${paymentTransaction} t on t.id = x.payment_id
        where coalesce(x.company_id, 0) = ${x.company_id ?? 0} and x.id <> ${x.id}
          and x.seller_tax_code = ${normalTaxCode(facts.seller.tax_code)}
          and lower(x.form) = lower(${r.form}) and lower(x.symbol) = lower(${r.symbol})
          and x.number = ${r.number} and x.status <> 'D'
        limit 1`,
  );
  return row ?? null;
}

/**
 * The checks of a request's live XML invoices as they stand now (the request's amount, payee and
 * other invoices may have changed since the import), waivers kept. `store`: written back when they
 * changed (the send does, with the request locked); otherwise only answered.
 */
export async function judgeInvoices(
  tx: Tx,
  paymentId: number,
  rows: Row[],
  store = false,
): Promise<Map<number, EInvoiceCheck[]>> {
  const judged = new Map<number, EInvoiceCheck[]>();
  const xml = rows.filter((x) => x.source === 'xml' && x.einvoice && x.status !== 'D');
  if (!xml.length) return judged;
  const base = await requestContext(tx, paymentId);
  for (const x of xml) {
    const facts = x.einvoice as EInvoiceFacts;
    const checks = einvoiceChecks(
      facts,
      { ...base, related_found: await relatedHolder(tx, x, facts) },
      (x.checks ?? []) as EInvoiceCheck[],
    );
    judged.set(x.id, checks);
    if (store && JSON.stringify(checks) !== JSON.stringify(x.checks))
      await tx.update(i).set({ checks }).where(eq(i.id, x.id));
  }
  return judged;
}

/**
 * A send with an XML invoice whose check blocks (and is not waived) is refused: 422
 * `invoice_blocked`, the params naming them (`invoices`: "number: check, …", `count`). Called by the
 * send with the request locked; the checks judged then are stored.
 */
export async function assertInvoicesPass(tx: Tx, paymentId: number) {
  const rows = (await liveInvoices(tx, paymentId)) as Row[];
  const judged = await judgeInvoices(tx, paymentId, rows, true);
  const blocked: string[] = [];
  for (const x of rows)
    for (const check of blockingChecks(judged.get(x.id))) blocked.push(`${x.number}: ${check.code}`);
  if (blocked.length)
    throw unprocessable(
      `an invoice check blocks the request (${blocked.join(', ')}): replace the invoice or have an administrator waive the check`,
      'invoice_blocked',
      { invoices: blocked.join(', '), count: blocked.length },
    );
}
