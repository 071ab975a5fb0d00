/**
 * Payment request routes (docs/product.md#payment-transactions): the generic record routes for
 * paging, get, history and status changes; create and update with the print template version;
 * the narrowed lists (created by me, today, this week, this month, overdue); the contract pickers
 * and positions the form needs; the workflow's send and confirm-paid moves; the printed request.
 */
import { constructionSelector, idParam, idParamsSchema, pageSchema } from '@sitepay/domain/common.schema';
import { compareAmounts } from '@sitepay/domain/money';
import {
  documentChecklistItemSchema,
  type PaymentContractStatus,
  paymentContractStatusSchema,
  paymentHistorySchema,
  paymentInputSchema,
  paymentListQuerySchema,
  paymentSchema,
  paymentStatusSchema,
  paymentTemplateQuerySchema,
  paymentUpdateSchema,
  paymentVietQrSchema,
} from '@sitepay/domain/payment.schema';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessToday } from '../../core/business-time.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { paymentDate, paymentHistory, paymentTransaction } from '../../db/schema.ts';
import { type CurrentUser, currentUser } from '../../http/auth.ts';
import { fieldError } from '../../http/errors.ts';
import { listRecords } from '../../http/record-reads.ts';
import { createRecord, findRecord, updateRecord } from '../../http/records.ts';
import { registerResource } from '../../http/resource.routes.ts';
import { contractKind } from '../contract/contract.resource.ts';
import { summarize } from '../contract/contract.totals.ts';
import { PAYMENT_MENUS, paymentKind } from './payment.resource.ts';
import {
  checklistOf,
  contractPosition,
  contractRefusals,
  contractState,
  peekRequirementNo,
} from './payment.rules.ts';
import { movesOf, writeMove } from './payment.workflow.ts';
import { sendPaymentDocument } from './payment-document.ts';
import { narrowedPaymentLists } from './payment-lists.service.ts';
import { paymentVietQr, vietQrDataUrl } from './payment-vietqr.ts';

const p = paymentTransaction;
/** Menus whose screens read payment requests. */
const PAYMENT_READ = PAYMENT_MENUS.read;
const PAYMENT_WRITE = PAYMENT_MENUS.write;
/** The form's helpers: contract pickers, positions, numbers and dates. */
const FORM = ['payment-create', 'payment-update', 'payment-view'];
const tags = ['payment'];
const base = '/api/payment-transaction';

const contractOptionSchema = z.object({
  id: z.number(),
  version: z.number(),
  contract_no: z.string(),
  signed_date: z.string(),
  construction_id: z.number(),
  construction_code: z.string().nullable(),
  construction_name: z.string().nullable(),
  constructor_id: z.number(),
  constructor_code: z.string(),
  constructor_name: z.string(),
  beneficiary_id: z.number().nullable(),
  beneficiary_name: z.string().nullable(),
  bank_name: z.string().nullable(),
  account_number: z.string().nullable(),
  amount_vat: z.string(),
  contract_value: z.string(),
});

/** Where a contract stands for payment requests: summary, advance, warranty, next number. */
export async function contractStatusOf(
  tx: Tx,
  contractId: number,
  user: CurrentUser,
): Promise<PaymentContractStatus> {
  const c = await contractState(tx, contractId, user);
  const pos = await contractPosition(tx, contractId);
  const summary = summarize(pos.money, pos.sums);
  const reasons = contractRefusals(c);
  if (compareAmounts(summary.remaining, '0') <= 0)
    reasons.push({ code: 'ceiling_reached', message: 'nothing remains payable under the ceiling' });
  return {
    contract_id: contractId,
    summary,
    advance_requested: pos.sums.advance,
    advance_recovered: pos.sums.recovered,
    advance_outstanding: pos.advanceOutstanding,
    guarantee_amount: pos.guarantee,
    guarantee_requested: pos.sums.requested_warranty,
    guarantee_remaining: pos.guaranteeRemaining,
    guarantee_release_date: pos.money.guarantee_release_date,
    next_requirement_no: await peekRequirementNo(tx, contractId),
    can_request: reasons.length === 0,
    reasons,
  };
}

/** The next payment day on or after today among the company's payment dates (else today). */
async function nextPaymentDate(tx: Tx): Promise<{ date: string; days: number[] }> {
  const days = (
    await tx
      .select({ day: paymentDate.day_of_month })
      .from(paymentDate)
      .where(eq(paymentDate.status, 'O'))
      .orderBy(asc(paymentDate.day_of_month))
  ).map((d) => d.day);
  const today = businessToday();
  if (!days.length) return { date: today, days };
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  for (let add = 0; add < 2; add++) {
    const month = new Date(Date.UTC(y, m - 1 + add, 1));
    const last = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)).getUTCDate();
    for (const day of days) {
      const dd = Math.min(day, last);
      if (add === 0 && dd < d) continue;
      return {
        date: new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), dd)).toISOString().slice(0, 10),
        days,
      };
    }
  }
  return { date: today, days };
}

export function registerPaymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { menus: PAYMENT_READ };
  const write = { menus: PAYMENT_WRITE };
  const form = { menus: FORM };

  registerResource(app, {
    kind: paymentKind,
    basePath: base,
    tag: 'payment',
    record: paymentSchema,
    input: paymentInputSchema,
    update: paymentUpdateSchema,
    listQuery: paymentListQuerySchema,
    menus: { read: PAYMENT_READ, create: ['payment-create'], update: PAYMENT_WRITE },
    paths: { all: false, create: false, update: false },
  });

  r.post(
    `${base}/create`,
    {
      config: { menus: ['payment-create'] },
      schema: {
        tags,
        querystring: paymentTemplateQuerySchema,
        body: paymentInputSchema,
        response: { 200: paymentSchema },
      },
    },
    async (req) => {
      const user = currentUser(req);
      return app.db.transaction(async (tx) => {
        const row = await createRecord(
          tx,
          paymentKind,
          { ...req.body, template: req.query.template } as never,
          user,
        );
        await writeMove(tx, row.id, 'create', null, 'O', null, user);
        return row as never;
      });
    },
  );

  r.put(
    `${base}/update/:id`,
    {
      config: write,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: paymentTemplateQuerySchema.partial(),
        body: paymentUpdateSchema,
        response: { 200: paymentSchema },
      },
    },
    (req) => {
      const { version, ...changes } = req.body;
      const template = req.query.template ? { template: req.query.template } : {};
      return app.db.transaction(
        (tx) =>
          updateRecord(
            tx,
            paymentKind,
            req.params.id,
            version,
            { ...changes, ...template } as never,
            currentUser(req),
          ) as never,
      );
    },
  );

  for (const [name, where] of Object.entries(narrowedPaymentLists)) {
    r.get(
      `${base}/${name}/paging`,
      {
        config: read,
        schema: { tags, querystring: paymentListQuerySchema, response: { 200: pageSchema(paymentSchema) } },
      },
      (req) => {
        const user = currentUser(req);
        // the oldest debt first, read along the overdue index, unless the client sorts otherwise
        const query =
          name === 'overdue' && !req.query.sortBy
            ? { ...req.query, sortBy: 'due_date', sortDesc: false }
            : req.query;
        return listRecords(app.db, paymentKind, query as never, user, where(user)) as never;
      },
    );
  }

  r.get(
    `${base}/list`,
    { config: read, schema: { tags, response: { 200: z.array(paymentSchema) } } },
    async (req) => {
      const page = await listRecords(
        app.db,
        paymentKind,
        { page: 1, itemsPerPage: 1000 } as never,
        currentUser(req),
      );
      return page.items as never;
    },
  );

  r.get(
    `${base}/get-by-contract/:id`,
    { config: read, schema: { tags, params: idParamsSchema, response: { 200: z.array(paymentSchema) } } },
    async (req) => {
      const user = currentUser(req);
      await findRecord(app.db, contractKind, req.params.id, user);
      const page = await listRecords(
        app.db,
        paymentKind,
        { page: 1, itemsPerPage: 1000, sortBy: 'requirement_no', sortDesc: false } as never,
        user,
        eq(p.contract_id, req.params.id),
      );
      return page.items as never;
    },
  );

  r.get(
    `${base}/get-by-contract-and-construction/:id/paging`,
    {
      config: read,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: paymentListQuerySchema,
        response: { 200: pageSchema(paymentSchema) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      await findRecord(app.db, contractKind, req.params.id, user);
      return listRecords(
        app.db,
        paymentKind,
        req.query as never,
        user,
        eq(p.contract_id, req.params.id),
      ) as never;
    },
  );

  r.get(
    `${base}/get-payment-date`,
    {
      config: form,
      schema: { tags, response: { 200: z.object({ date: z.string(), days: z.array(z.number()) }) } },
    },
    () => nextPaymentDate(app.db),
  );

  const requirementNo = async (contractId: number | undefined, user: CurrentUser) => {
    if (!contractId) throw fieldError('contractId', 'required');
    await findRecord(app.db, contractKind, contractId, user);
    return { contract_id: contractId, requirement_no: await peekRequirementNo(app.db, contractId) };
  };
  const requirementNoSchema = z.object({ contract_id: z.number(), requirement_no: z.number() });
  r.get(
    `${base}/get-requirement-no`,
    {
      config: form,
      schema: {
        tags,
        querystring: z.object({ contractId: idParam.optional() }),
        response: { 200: requirementNoSchema },
      },
    },
    (req) => requirementNo(req.query.contractId, currentUser(req)),
  );
  r.get(
    `${base}/get-requirement-no/:contractId`,
    {
      config: form,
      schema: { tags, params: z.object({ contractId: idParam }), response: { 200: requirementNoSchema } },
    },
    (req) => requirementNo(req.params.contractId, currentUser(req)),
  );

  r.get(
    `${base}/get-payment-status/:id`,
    { config: read, schema: { tags, params: idParamsSchema, response: { 200: paymentStatusSchema } } },
    async (req) => {
      const user = currentUser(req);
      const row = await findRecord(app.db, paymentKind, req.params.id, user);
      const contract = await contractStatusOf(app.db, row.contract_id, user);
      // a contract that no longer takes requests is neither sent to nor approved on: the screen
      // offers neither and shows the contract's reasons instead
      const stopped = contract.reasons.some((r) => r.code !== 'ceiling_reached');
      const moves = (await movesOf(app.db, user, row)).filter(
        (m) => !stopped || (m !== 'send' && m !== 'accept'),
      );
      return {
        id: row.id,
        contract_id: row.contract_id,
        requirement_no: row.requirement_no,
        approval_status: row.approval_status,
        payment_status: row.payment_status,
        status: row.status,
        version: row.version,
        amount: row.amount,
        overdue: Boolean(row.overdue),
        moves,
        contract,
      };
    },
  );

  r.get(
    `${base}/get-payment-contract-status/:id`,
    {
      config: { menus: [...FORM, 'contract-view'] },
      schema: { tags, params: idParamsSchema, response: { 200: paymentContractStatusSchema } },
    },
    (req) => contractStatusOf(app.db, req.params.id, currentUser(req)),
  );

  r.get(
    `${base}/get-list-contract-and-constructor-by-construction`,
    {
      config: form,
      schema: {
        tags,
        querystring: z.object({ constructionId: constructionSelector.optional() }),
        response: { 200: z.array(contractOptionSchema) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const selected =
        req.query.constructionId && req.query.constructionId > 0 ? req.query.constructionId : null;
      const scope = user.isAdmin ? sql`true` : contractKind.scope!(user)!;
      return queryRows(
        app.db,
        sql`select contract.id, contract.version, contract.contract_no, contract.signed_date::text, contract.construction_id,
              cs.code as construction_code, cs.name as construction_name,
              contract.constructor_id, k.code as constructor_code, k.name as constructor_name,
              contract.beneficiary_id, b.name as beneficiary_name, bk.name as bank_name, b.account_number,
              contract.amount_vat::text,
              (contract.amount_vat + coalesce((select sum(a.amount) from contract_annex a
                 where a.contract_id = contract.id and a.status <> 'D'), 0))::numeric(18,2)::text as contract_value
            from contract
            join construction cs on cs.id = contract.construction_id
            join constructor k on k.id = contract.constructor_id
            join beneficiary b on b.id = contract.beneficiary_id and b.status = 'O'
            left join bank bk on bk.id = b.bank_id
            where ${scope} and contract.status = 'O' and cs.status = 'O' and not cs.closed and k.status = 'O'
              ${selected ? sql`and contract.construction_id = ${selected}` : sql``}
            order by cs.code, contract.contract_no, contract.id
            limit 2000`,
      ) as never;
    },
  );

  r.get(
    `${base}/documents/:id`,
    {
      config: read,
      schema: { tags, params: idParamsSchema, response: { 200: z.array(documentChecklistItemSchema) } },
    },
    async (req) => {
      const row = await findRecord(app.db, paymentKind, req.params.id, currentUser(req));
      const ticked = new Set<number>(row.attached_documents ?? []);
      return (await checklistOf(app.db, row.transaction_type_id)).map((d) => ({
        ...d,
        attached: ticked.has(d.id),
      }));
    },
  );

  r.get(
    `${base}/timeline/:id`,
    {
      config: read,
      schema: { tags, params: idParamsSchema, response: { 200: z.array(paymentHistorySchema) } },
    },
    async (req) => {
      await findRecord(app.db, paymentKind, req.params.id, currentUser(req));
      const rows = await app.db
        .select()
        .from(paymentHistory)
        .where(eq(paymentHistory.payment_id, req.params.id))
        .orderBy(desc(paymentHistory.id))
        .limit(500);
      return rows.map((h) => ({ ...h, at: h.at.toISOString() })) as never;
    },
  );

  r.get(
    `${base}/download/:id`,
    {
      config: { ...read, files: ['docx', 'pdf'] },
      schema: {
        tags,
        description:
          'The printed request: Word (default) or PDF (501 when LibreOffice is not installed; 503 when busy)',
        params: idParamsSchema,
        // `template`: print in that version of the template (docs/product.md#constants); left out, the
        // request's own
        querystring: z.object({
          format: z.enum(['docx', 'pdf']).default('docx'),
          template: paymentTemplateQuerySchema.shape.template.unwrap().optional(),
        }),
      },
    },
    (req, reply) =>
      sendPaymentDocument(app, reply, req.params.id, currentUser(req), req.query.format, req.query.template),
  );

  r.get(
    `${base}/vietqr/:id`,
    {
      config: read,
      schema: {
        tags,
        description:
          'The VietQR code (NAPAS 247) of an accepted, unpaid request; 422 with the reason otherwise',
        params: idParamsSchema,
        response: { 200: paymentVietQrSchema },
      },
    },
    async (req) => {
      const row = await findRecord(app.db, paymentKind, req.params.id, currentUser(req));
      const qr = await paymentVietQr(app.db, row);
      return { ...qr, png: await vietQrDataUrl(qr.payload) };
    },
  );
}
