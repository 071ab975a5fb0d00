/**
 * The VAT invoices of a payment request (docs/adr/0068-payment-invoices.md) behind the routes of
 * payment-invoice.routes.ts:
 *
 * - read by whoever reads the request (its scope: 404 outside it), changed only while the request
 *   could be edited, with the edit's own refusal otherwise (payment.workflow.ts `assertEditable`);
 * - every write locks the request row first, in a statement of its own, then writes the invoice
 *   through the generic record functions (version, history) and sets the request's invoice amount
 *   to the sum of its live invoices in the same transaction, with a line in the request's history;
 * - VAT and total are the server's (`invoiceAmounts`), whatever the client sent;
 * - one invoice (seller's tax code, form, symbol, number) is claimed once among the live invoices
 *   of a company: 422 `invoice_used` naming the request that holds it, under an advisory lock on
 *   the invoice so that two requests racing for it queue, and a unique index under that;
 * - invoices read from the tax authority's XML (docs/adr/0092-einvoice-xml-checks.md): imported all
 *   or none, their amounts the invoice's own, never edited (deleted and imported again), judged by
 *   the six checks of domain/src/einvoice.ts, a blocking check waived only by an administrator.
 */
import {
  blockingChecks,
  type EInvoiceCheck,
  type EInvoiceCheckCode,
  type EInvoiceFacts,
  normalTaxCode,
  recordRate,
} from '@sitepay/domain/einvoice';
import { formatAmount } from '@sitepay/domain/number-format';
import {
  invoiceAmounts,
  type PaymentInvoiceInput,
  type paymentInvoiceUpdateSchema,
} from '@sitepay/domain/payment-invoice.schema';
import { isTaxCode } from '@sitepay/domain/tax-code';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { businessToday } from '../../core/business-time.ts';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { contract, paymentInvoice, paymentTransaction } from '../../db/schema.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { fieldError, HttpError, staleVersion, unprocessable } from '../../http/errors.ts';
import { writeHistory } from '../../http/record-history.ts';
import type { Row } from '../../http/record-kind.ts';
import {
  createRecord,
  findRecord,
  type RecordKind,
  setRecordStatus,
  toRecord,
  updateRecord,
} from '../../http/records.ts';
import { paymentKind } from './payment.resource.ts';
import { assertEditable, withPreparer } from './payment.workflow.ts';
import { invoiceSum, judgeInvoices, liveInvoices, PAYMENT_INVOICE } from './payment-invoice.rules.ts';

const i = paymentInvoice;
const p = paymentTransaction;
/** The advisory lock space of invoices claimed (docs/adr/0068-payment-invoices.md). */
const INVOICE_CLAIM_LOCK = 727030;

/**
 * The invoice as the request's history names it: form · symbol · number · total. Its fields'
 * changes are in its own history (`payment-invoice/history/{id}`).
 */
const invoiceLabel = (x: Row | undefined) =>
  x ? `${x.form} · ${x.symbol} · ${x.number} · ${formatAmount(x.total)}` : null;

/**
 * Refuses (422 `invoice_used`, with the holder's id, number and contract) an invoice already on a
 * live request of the same company, this one included. The advisory lock on the invoice makes a
 * second writer of the same invoice wait for the first to commit, and then see its row.
 */
async function assertInvoiceFree(tx: Tx, x: Row, selfId: number | undefined) {
  const company = x.company_id ?? 0;
  const key = [company, x.seller_tax_code, x.form.toLowerCase(), x.symbol.toLowerCase(), x.number].join('|');
  await tx.execute(sql`select pg_advisory_xact_lock(${INVOICE_CLAIM_LOCK}, hashtext(${key}))`);
  const [holder] = await queryRows<{ payment_id: number; requirement_no: number; contract_no: string }>(
    tx,
    sql`select x.payment_id, r.requirement_no, c.contract_no
        from ${i} x join ${p} r on r.id = x.payment_id join ${contract} c on c.id = r.contract_id
        where coalesce(x.company_id, 0) = ${company} and x.seller_tax_code = ${x.seller_tax_code}
          and lower(x.form) = lower(${x.form}) and lower(x.symbol) = lower(${x.symbol})
          and x.number = ${x.number} and x.status <> 'D'
          ${selfId ? sql`and x.id <> ${selfId}` : sql``}
        limit 1`,
  );
  if (holder)
    throw unprocessable(
      `invoice ${x.form} · ${x.symbol} · ${x.number} of seller ${x.seller_tax_code} is already on payment request no. ${holder.requirement_no} of contract ${holder.contract_no}`,
      'invoice_used',
      {
        payment_id: holder.payment_id,
        requirement_no: holder.requirement_no,
        contract_no: holder.contract_no,
        number: x.number,
      },
    );
}

/**
 * RecordKind hook, before an invoice is written: its date not after today, its VAT and total
 * computed, its request's company copied, and the invoice not claimed elsewhere.
 */
async function prepareInvoice(tx: Tx, values: Row, existing: Row | undefined) {
  const x = { ...existing, ...values } as Row;
  if (x.date > businessToday()) throw fieldError('date', 'future_date');
  // an XML invoice's amounts are the invoice's own (its lines may carry several rates)
  if (x.source !== 'xml') Object.assign(values, invoiceAmounts(x.amount_before_vat, x.vat_rate));
  else if (!existing) {
    const { totals } = x.einvoice as EInvoiceFacts;
    Object.assign(values, { vat_amount: totals.vat, total: totals.total });
  }
  const [request] = await tx.select({ company_id: p.company_id }).from(p).where(eq(p.id, x.payment_id));
  values.company_id = request?.company_id ?? null;
  await assertInvoiceFree(tx, { ...x, company_id: values.company_id }, existing?.id);
}

export const paymentInvoiceKind: RecordKind = {
  name: PAYMENT_INVOICE,
  table: i as never,
  searchFields: ['form', 'symbol', 'number', 'seller_tax_code'],
  sortable: { date: i.date, number: i.number, created_at: i.created_at },
  defaultSort: { by: 'date', desc: false },
  // an invoice is its request's: seen (and changed) within the request's scope, 404 outside it
  scope: (user) => sql`${i.payment_id} in (select ${p.id} from ${p} where ${paymentKind.scope!(user)!})`,
  // the server's: copied from the request, computed from the amount and the rate
  readOnly: ['company_id', 'vat_amount', 'total'],
  beforeWrite: prepareInvoice,
};

/** The request, locked for the rest of the transaction: found in the caller's scope, editable now. */
async function lockEditableRequest(tx: Tx, paymentId: number, user: CurrentUser): Promise<Row> {
  const request = await findRecord(tx, paymentKind, paymentId, user, true);
  assertEditable(request, user);
  return request;
}

/**
 * After an invoice write, with the request locked: its invoice amount is the sum of its live
 * invoices (null once it has none), the writer prepared it (and never decides it), its version
 * moves on, and its history says which invoice changed and how the amount followed.
 */
async function followInvoices(
  tx: Tx,
  request: Row,
  action: 'invoice-add' | 'invoice-update' | 'invoice-remove',
  before: Row | undefined,
  after: Row | undefined,
  user: CurrentUser,
) {
  const { total } = await invoiceSum(tx, request.id);
  await tx
    .update(p)
    .set({
      invoice_amount: total,
      prepared_by: withPreparer(request, user),
      version: sql`${p.version} + 1`,
      updated_at: new Date(),
      updated_by: user.user_name,
    })
    .where(eq(p.id, request.id));
  const changes: Record<string, { old: unknown; new: unknown }> = {
    invoice: { old: invoiceLabel(before), new: invoiceLabel(after) },
  };
  if ((request.invoice_amount ?? null) !== total)
    changes.invoice_amount = { old: request.invoice_amount ?? null, new: total };
  await writeHistory(tx, paymentKind, request.id, action, changes, user);
}

/**
 * The live invoices of a request the user may read, by date (at most 1000); an XML invoice's checks
 * judged as the request stands now (stored again only by a send or a waiver).
 */
export async function invoicesOf(db: Db, paymentId: number, user: CurrentUser) {
  await findRecord(db, paymentKind, paymentId, user);
  const rows = (await liveInvoices(db, paymentId)) as Row[];
  const judged = await judgeInvoices(db as unknown as Tx, paymentId, rows);
  return rows.map((x) => toRecord({ ...x, checks: judged.get(x.id) ?? x.checks } as Row));
}

export function createInvoice(db: Db, input: PaymentInvoiceInput, user: CurrentUser) {
  return db.transaction(async (tx) => {
    const request = await lockEditableRequest(tx, input.payment_id, user);
    const row = await createRecord(tx, paymentInvoiceKind, input as unknown as Row, user);
    await followInvoices(tx, request, 'invoice-add', undefined, row, user);
    return row;
  });
}

export function updateInvoice(
  db: Db,
  id: number,
  body: z.infer<typeof paymentInvoiceUpdateSchema>,
  user: CurrentUser,
) {
  const { version, ...changes } = body;
  return db.transaction(async (tx) => {
    const { payment_id } = await findRecord(tx, paymentInvoiceKind, id, user);
    const request = await lockEditableRequest(tx, payment_id, user);
    // read again behind the request's lock: what the history calls "before"
    const before = await findRecord(tx, paymentInvoiceKind, id, user);
    if (before.source === 'xml')
      throw unprocessable(
        'an invoice read from its XML is the invoice itself: delete it and import the right one',
        'invoice_from_xml',
      );
    const row = await updateRecord(tx, paymentInvoiceKind, id, version, changes as unknown as Row, user);
    await followInvoices(tx, request, 'invoice-update', before, row, user);
    return row;
  });
}

export function deleteInvoice(db: Db, id: number, version: number, user: CurrentUser) {
  return db.transaction(async (tx) => {
    const { payment_id } = await findRecord(tx, paymentInvoiceKind, id, user);
    const request = await lockEditableRequest(tx, payment_id, user);
    const before = await findRecord(tx, paymentInvoiceKind, id, user);
    const row = await setRecordStatus(tx, paymentInvoiceKind, id, version, 'D', user);
    await followInvoices(tx, request, 'invoice-remove', before, undefined, user);
    return row;
  });
}

/** A fault of an e-invoice file: 400 naming the file, with the reason the screens translate. */
export const einvoiceFault = (reason: string, file: string, message: string) =>
  reason.startsWith('einvoice_')
    ? new HttpError(400, 'bad_request', message, [{ field: 'file', message: reason }], reason, { file })
    : new HttpError(400, 'bad_request', message, [{ field: 'file', message: reason }]);

/** The invoice record an XML invoice becomes: its facts, its amounts as printed. */
function xmlInvoiceValues(paymentId: number, f: EInvoiceFacts): Row {
  const seller = normalTaxCode(f.seller.tax_code);
  if (!isTaxCode(seller, { individuals: true }))
    throw einvoiceFault(
      'einvoice_not_invoice',
      f.file,
      `${f.file}: the seller's MST ${f.seller.tax_code} is not a tax code`,
    );
  return {
    payment_id: paymentId,
    form: f.form,
    symbol: f.symbol,
    number: f.number,
    date: f.date,
    seller_tax_code: seller,
    amount_before_vat: f.totals.before_vat,
    vat_rate: recordRate(f.lines),
    vat_amount: f.totals.vat,
    total: f.totals.total,
    source: 'xml',
    einvoice: f,
  } as unknown as Row;
}

/**
 * Imports the invoices read from XML into a request, all or none, in one transaction with the request
 * locked (as every invoice write): each claimed through the same rule as a typed one (422
 * `invoice_used` under the advisory lock), then every XML invoice of the request judged and stored.
 * Answers the new invoices with their checks.
 */
export function importXmlInvoices(db: Db, paymentId: number, invoices: EInvoiceFacts[], user: CurrentUser) {
  return db.transaction(async (tx) => {
    let request = await lockEditableRequest(tx, paymentId, user);
    const created: Row[] = [];
    for (const facts of invoices) {
      const row = await createRecord(tx, paymentInvoiceKind, xmlInvoiceValues(paymentId, facts), user);
      await followInvoices(tx, request, 'invoice-add', undefined, row, user);
      const { total } = await invoiceSum(tx, paymentId);
      request = { ...request, invoice_amount: total };
      created.push(row);
    }
    const judged = await judgeInvoices(tx, paymentId, (await liveInvoices(tx, paymentId)) as Row[], true);
    return created.map((x) => ({ ...x, checks: judged.get(x.id) ?? null }));
  });
}

/**
 * An administrator lets one blocking check of an XML invoice pass, with a reason: kept on the check
 * while it blocks, and a line in the request's history (`invoice-waive`). Only while the request can
 * be sent (created or rejected); a check that does not block is 422 `check_not_blocking`.
 */
export function waiveInvoiceCheck(
  db: Db,
  id: number,
  body: { check: EInvoiceCheckCode; reason: string; version: number },
  user: CurrentUser,
) {
  if (!user.isAdmin) throw new HttpError(403, 'forbidden', 'only an administrator waives an invoice check');
  return db.transaction(async (tx) => {
    const { payment_id } = await findRecord(tx, paymentInvoiceKind, id, user);
    const request = await findRecord(tx, paymentKind, payment_id, user, true);
    if (!['O', 'R'].includes(request.approval_status))
      throw unprocessable(
        'an invoice check is waived only while the request is created or rejected',
        'not_allowed_in_state',
      );
    const x = await findRecord(tx, paymentInvoiceKind, id, user, true);
    if (x.version !== body.version) throw staleVersion();
    if (x.source !== 'xml')
      throw unprocessable('a typed invoice has no checks to waive', 'check_not_blocking');
    const judged = (await judgeInvoices(tx, payment_id, [x])).get(id) ?? [];
    const check = blockingChecks(judged).find((c) => c.code === body.check);
    if (!check)
      throw unprocessable(`the ${body.check} check of this invoice does not block`, 'check_not_blocking', {
        check: body.check,
      });
    const reason = body.reason.trim();
    const waived = { by: user.user_name, at: new Date().toISOString(), reason };
    const checks: EInvoiceCheck[] = judged.map((c) => (c.code === body.check ? { ...c, waived } : c));
    const [row] = await tx
      .update(i)
      .set({ checks, version: sql`${i.version} + 1`, updated_at: new Date(), updated_by: user.user_name })
      .where(eq(i.id, id))
      .returning();
    await writeHistory(
      tx,
      paymentKind,
      payment_id,
      'invoice-waive',
      { invoice: { old: invoiceLabel(x), new: `${body.check}: ${reason}` } },
      user,
    );
    return toRecord(row as Row);
  });
}
