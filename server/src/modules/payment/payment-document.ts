/**
 * The printed payment request (GET /api/payment-transaction/download/{id}?format=docx|pdf): gathers
 * what the paper shows — company, contract, parties, the account paid, the amounts, the paid-before
 * total, the VAT invoices, the checklist, the approver and the VietQR code — and fills the template
 * (payment-print.ts):
 *
 * 1. the company's own template for the request's version (document type `payment-<version>`),
 * 2. else the company's template for payment requests (document type `payment`),
 * 3. else the built-in template of the version (server/templates/payment-<version>.docx),
 * 4. else 404 "file template not found".
 *
 * Company templates are stored through POST /api/admin/company/templates/{companyId}. PDF is the same
 * document converted by LibreOffice (documents/pdf.ts), so both are checked to be well-formed XML
 * before anything is served (payment-print.ts).
 */

import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { queryRows } from '../../db/client.ts';
import { appUser, company, contract, department, paymentTransaction } from '../../db/schema.ts';
import { pdfUnavailable } from '../../documents/pdf.ts';
import { contentDisposition } from '../../files/file-types.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import type { Row } from '../../http/record-kind.ts';
import { findRecord } from '../../http/records.ts';
import { contractMoney, retentionOf } from '../contract/contract.totals.ts';
import { paymentKind } from './payment.resource.ts';
import { contractState } from './payment.rules.ts';
import { liveInvoices } from './payment-invoice.rules.ts';
import {
  builtInTemplate,
  DOCX_CONTENT_TYPE,
  MalformedDocumentError,
  type PaymentPrintData,
  type PrintedStep,
  paymentPrintFileName,
  renderPaymentDocx,
} from './payment-print.ts';
import { requestChecklist } from './payment-readiness.ts';
import { PRINTED_VIETQR_REFUSALS, paymentVietQr } from './payment-vietqr.ts';

/** Document types of a company's templates for payment requests (company-template.routes.ts). */
export const PAYMENT_DOCUMENT_TYPE = 'payment';

/** The code printed on an accepted, unpaid request, or the line saying why it has none. */
async function printedVietQr(app: FastifyInstance, row: Row): Promise<PaymentPrintData['vietqr']> {
  if (row.approval_status !== 'A' || row.payment_status === 'P') return null;
  try {
    const qr = await paymentVietQr(app.db, row);
    return { payload: qr.payload, content: qr.content };
  } catch (error) {
    const reason = error instanceof HttpError ? error.reason : undefined;
    if (!reason || !(PRINTED_VIETQR_REFUSALS as readonly string[]).includes(reason)) throw error;
    const bank = String(error instanceof HttpError ? (error.params?.bank ?? '') : '');
    const missing: Record<(typeof PRINTED_VIETQR_REFUSALS)[number], string> = {
      vietqr_no_bin: `ngân hàng ${bank || 'thụ hưởng'} chưa có mã BIN NAPAS trong danh mục Ngân hàng.`,
      vietqr_account: 'số tài khoản thụ hưởng không dùng được trong mã VietQR.',
      vietqr_amount: 'số tiền có phần lẻ dưới một đồng, mã VietQR không chuyển được.',
    };
    return { missing: missing[reason as keyof typeof missing] };
  }
}

/** What the paper shows, and the template version the request was written with. */
export async function paymentPrintData(
  app: FastifyInstance,
  id: number,
  user: CurrentUser,
): Promise<{ data: PaymentPrintData; template: string; companyId: number | null }> {
  const db = app.db;
  const row = await findRecord(db, paymentKind, id, user);
  const c = await contractState(db, row.contract_id, user);
  const [extra] = await queryRows<{
    company_name: string | null;
    company_address: string | null;
    company_tax_code: string | null;
    signed_date: string | null;
    paid_before: string;
    approver_name: string | null;
    head_name: string | null;
  }>(
    db,
    sql`select co.name as company_name, co.address as company_address, co.tax_code as company_tax_code,
          k.signed_date::text,
          (select coalesce(sum(x.paid_amount), 0)::numeric(18,2)::text from ${paymentTransaction} x
            where x.contract_id = ${row.contract_id} and x.status <> 'D'
              and x.requirement_no < ${row.requirement_no}) as paid_before,
          (select coalesce(u.full_name, u.user_name) from ${appUser} u where u.user_name = ${row.decided_by ?? ''}) as approver_name,
          (select coalesce(u.full_name, u.user_name) from ${department} d join ${appUser} u on u.id = d.director_id
            where d.id = ${row.department_id ?? 0}) as head_name
        from ${contract} k left join ${company} co on co.id = k.company_id
        where k.id = ${row.contract_id}`,
  );
  // ticked when attached (a file names it) or received on paper (docs/adr/0094-required-documents.md)
  const documents = (await requestChecklist(db as never, row)).map((d) => ({
    name: d.name,
    type: d.type,
    quantity: d.quantity,
    attached: d.attached,
  }));
  const accepted = row.approval_status === 'A';
  const data: PaymentPrintData = {
    company: {
      name: extra?.company_name ?? null,
      address: extra?.company_address ?? null,
      tax_code: extra?.company_tax_code ?? null,
    },
    code: row.code,
    requirement_no: row.requirement_no,
    date: row.date,
    created_at: row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at),
    department_name: row.department_name ?? null,
    requester_name: row.user_full_name ?? row.user_name ?? null,
    construction_code: row.construction_code ?? null,
    construction_name: row.construction_name ?? null,
    contract_no: row.contract_no ?? null,
    contract_signed_date: extra?.signed_date ?? null,
    constructor_code: row.constructor_code ?? null,
    constructor_name: row.constructor_name ?? null,
    // a sent request pays to the account it carries (copied at sending, changed only on hold)
    beneficiary_name: row.account_number ? row.account_holder : c.beneficiary_name,
    bank_name: row.account_number ? row.bank_name : c.bank_name,
    account_number: row.account_number ? row.account_number : c.account_number,
    payment_type_name: row.payment_type_name ?? null,
    transaction_type_name: row.transaction_type_name ?? null,
    contract_value: row.contract_value ?? '0',
    paid_before: extra?.paid_before ?? '0',
    amount: row.amount,
    invoice_amount: row.invoice_amount,
    // the row "Giá trị giữ lại bảo hành": the request's own figure when entered, else the contract's
    // warranty retention as it stands (docs/adr/0069-retention-apart-from-bank-guarantees.md)
    guarantee_amount: row.guarantee_amount ?? retentionOf((await contractMoney(db, row.contract_id))!),
    penalty_amount: row.penalty_amount,
    advance_recovery: row.advance_recovery,
    note: row.note,
    documents,
    invoices: (await liveInvoices(db, row.id)).map((x) => ({
      form: x.form,
      symbol: x.symbol,
      number: x.number,
      date: x.date,
      seller_tax_code: x.seller_tax_code,
      total: x.total,
    })),
    approval_status: row.approval_status,
    payment_status: row.payment_status,
    approver_name: accepted ? (extra?.approver_name ?? row.decided_by ?? null) : null,
    approved_at: accepted && row.decided_at ? new Date(row.decided_at).toISOString() : null,
    // No data names a chief accountant (kế toán trưởng): the block is signed and named by hand
    // (docs/adr/0057-printed-request-templates.md).
    chief_accountant_name: null,
    head_of_department_name: extra?.head_name ?? null,
    // a request with steps prints a block per step (docs/adr/0088-signature-blocks.md)
    steps: (row.steps ?? []) as PrintedStep[],
    vietqr: await printedVietQr(app, row),
  };
  return { data, template: row.template ?? 'v1', companyId: row.company_id ?? null };
}

/** The template a request prints with: the company's own for its version, the company's, the built-in. */
export async function paymentTemplate(
  app: FastifyInstance,
  companyId: number | null,
  version: string,
): Promise<Buffer> {
  if (companyId) {
    for (const type of [`${PAYMENT_DOCUMENT_TYPE}-${version.toLowerCase()}`, PAYMENT_DOCUMENT_TYPE]) {
      const own = await app.companyTemplateFile(companyId, type);
      if (own) return own;
    }
  }
  const builtIn = await builtInTemplate(version);
  if (!builtIn)
    throw new HttpError(404, 'not_found', 'file template not found', undefined, 'template_not_found');
  return builtIn;
}

export async function sendPaymentDocument(
  app: FastifyInstance,
  reply: FastifyReply,
  id: number,
  user: CurrentUser,
  format: 'docx' | 'pdf' = 'docx',
  /** A version of the template asked for; the request's own otherwise. */
  asked?: string,
) {
  const { data, template: own, companyId } = await paymentPrintData(app, id, user);
  const version = asked ?? own;
  if (format === 'pdf' && !app.pdf.available) throw pdfUnavailable();
  const docx = await renderPaymentDocx(await paymentTemplate(app, companyId, version), data).catch(
    (error: unknown) => {
      if (!(error instanceof MalformedDocumentError)) throw error;
      // never served, Word or PDF: a paper Word refuses to open is our bug, to be found by its request
      reply.log.error({ paymentId: id, part: error.part, fault: error.fault }, error.message);
      throw new HttpError(500, 'internal_error', 'Internal Server Error');
    },
  );
  const name = paymentPrintFileName(data);
  reply.header('cache-control', 'no-store');
  if (format === 'docx')
    return reply
      .header('content-type', DOCX_CONTENT_TYPE)
      .header('content-disposition', contentDisposition(name))
      .send(docx);
  const pdf = await app.pdf.convert(docx);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(name.replace(/\.docx$/, '.pdf')))
    .send(pdf);
}
