/**
 * The printed payment request (GET /api/payment-transaction/download/{id}): gathers what the
 * paper shows — company, contract, parties, the account paid, the amounts, the paid-before total,
 * the checklist and the approver — and fills the request's template version (payment-print.ts).
 */

import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { queryRows } from '../../db/client.ts';
import { appUser, company, contract, department, paymentTransaction } from '../../db/schema.ts';
import { contentDisposition } from '../../files/file-types.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { findRecord } from '../../http/records.ts';
import { paymentKind } from './payment.resource.ts';
import { checklistOf, contractState } from './payment.rules.ts';
import {
  builtInTemplate,
  DOCX_CONTENT_TYPE,
  type PaymentPrintData,
  paymentPrintFileName,
  renderPaymentDocx,
} from './payment-print.ts';

/** What the paper shows, and the template version the request was written with. */
export async function paymentPrintData(
  app: FastifyInstance,
  id: number,
  user: CurrentUser,
): Promise<{ data: PaymentPrintData; template: string }> {
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
          (select coalesce(sum(x.amount), 0)::numeric(18,2)::text from ${paymentTransaction} x
            where x.contract_id = ${row.contract_id} and x.payment_status = 'P' and x.status <> 'D'
              and x.requirement_no < ${row.requirement_no}) as paid_before,
          (select coalesce(u.full_name, u.user_name) from ${appUser} u where u.user_name = ${row.decided_by ?? ''}) as approver_name,
          (select coalesce(u.full_name, u.user_name) from ${department} d join ${appUser} u on u.id = d.director_id
            where d.id = ${row.department_id ?? 0}) as head_name
        from ${contract} k left join ${company} co on co.id = k.company_id
        where k.id = ${row.contract_id}`,
  );
  const ticked = new Set<number>(row.attached_documents ?? []);
  const documents = (await checklistOf(db, row.transaction_type_id)).map((d) => ({
    name: d.name,
    type: d.type,
    quantity: d.quantity,
    attached: ticked.has(d.id),
  }));
  const accepted = row.approval_status === 'A';
  const data: PaymentPrintData = {
    company: {
      name: extra?.company_name ?? null,
      address: extra?.company_address ?? null,
      tax_code: extra?.company_tax_code ?? null,
    },
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
    // an accepted request is paid to the account it was accepted with
    beneficiary_name: accepted ? row.account_holder : c.beneficiary_name,
    bank_name: accepted ? row.bank_name : c.bank_name,
    account_number: accepted ? row.account_number : c.account_number,
    payment_type_name: row.payment_type_name ?? null,
    transaction_type_name: row.transaction_type_name ?? null,
    contract_value: row.contract_value ?? '0',
    paid_before: extra?.paid_before ?? '0',
    amount: row.amount,
    invoice_amount: row.invoice_amount,
    guarantee_amount: row.guarantee_amount,
    penalty_amount: row.penalty_amount,
    advance_recovery: row.advance_recovery,
    note: row.note,
    documents,
    approval_status: row.approval_status,
    payment_status: row.payment_status,
    approver_name: accepted ? (extra?.approver_name ?? row.decided_by ?? null) : null,
    approved_at: accepted && row.decided_at ? new Date(row.decided_at).toISOString() : null,
    chief_accountant_name: null,
    head_of_department_name: extra?.head_name ?? null,
  };
  return { data, template: row.template ?? 'v1' };
}

export async function sendPaymentDocument(
  app: FastifyInstance,
  reply: FastifyReply,
  id: number,
  user: CurrentUser,
) {
  const { data, template: version } = await paymentPrintData(app, id, user);
  const template = await builtInTemplate(version);
  if (!template)
    throw new HttpError(404, 'not_found', 'file template not found', undefined, 'template_not_found');
  const file = await renderPaymentDocx(template, data);
  return reply
    .header('content-type', DOCX_CONTENT_TYPE)
    .header('content-disposition', contentDisposition(paymentPrintFileName(data)))
    .header('cache-control', 'no-store')
    .send(file);
}
