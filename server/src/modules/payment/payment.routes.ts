/**
 * Payment request routes (docs/product.md#payment-transactions): the generic record routes for
 * paging, get, history and status changes; create and update with the print template version;
 * the narrowed lists (created by me, today, this week, this month, overdue); the contract pickers
 * and positions the form needs; the workflow's send and confirm-paid moves; the printed request.
 * The reads and writes behind them are in payment.service.ts.
 */
import { constructionSelector, idParam, idParamsSchema, pageSchema } from '@sitepay/domain/common.schema';
import {
  documentChecklistItemSchema,
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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type CurrentUser, currentUser } from '../../http/auth.ts';
import { fieldError } from '../../http/errors.ts';
import { listRecords } from '../../http/record-reads.ts';
import { updateRecord } from '../../http/records.ts';
import { registerResource } from '../../http/resource.routes.ts';
import { PAYMENT_MENUS, paymentKind } from './payment.resource.ts';
import {
  contractOptionsOf,
  contractStatusOf,
  createPayment,
  documentChecklist,
  nextPaymentDate,
  paymentPageOfContract,
  paymentStatusOf,
  paymentsOfContract,
  paymentTimeline,
  paymentVietQrOf,
  requirementNoOf,
} from './payment.service.ts';
import { sendPaymentDocument } from './payment-document.ts';
import { narrowedPaymentLists } from './payment-lists.service.ts';

/** Menus whose screens read payment requests. */
const PAYMENT_READ = PAYMENT_MENUS.read;
const PAYMENT_WRITE = PAYMENT_MENUS.write;
/** The form's helpers: contract pickers, positions, numbers and dates. */
const FORM = ['payment-create', 'payment-update', 'payment-view'];
const tags = ['payment'];
const base = '/api/payment-transaction';
const read = { menus: PAYMENT_READ };
const write = { menus: PAYMENT_WRITE };
const form = { menus: FORM };

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

export function registerPaymentRoutes(app: FastifyInstance) {
  registerPaymentResourceRoutes(app);
  registerPaymentWriteRoutes(app);
  registerPaymentListRoutes(app);
  registerPaymentFormRoutes(app);
  registerPaymentStatusRoutes(app);
  registerPaymentContractOptionRoutes(app);
  registerPaymentDetailRoutes(app);
  registerPaymentOutputRoutes(app);
}

/** Registers the generic record routes (paging, get, status changes, history), without all, create and update. */
function registerPaymentResourceRoutes(app: FastifyInstance) {
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
}

/** Registers `create` and `update/{id}`, each with the print template version. */
function registerPaymentWriteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
    (req) => createPayment(app.db, req.body, req.query.template, currentUser(req)) as never,
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
}

/** Registers the narrowed lists, the whole list and the lists of one contract. */
function registerPaymentListRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
    (req) => paymentsOfContract(app.db, req.params.id, currentUser(req)) as never,
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
    (req) => paymentPageOfContract(app.db, req.params.id, req.query, currentUser(req)) as never,
  );
}

/** Registers the form's helpers: the next payment day and the next request number of a contract. */
function registerPaymentFormRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
    return requirementNoOf(app.db, contractId, user);
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
}

/** Registers a request's status with its moves, and where a contract stands for requests. */
function registerPaymentStatusRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${base}/get-payment-status/:id`,
    { config: read, schema: { tags, params: idParamsSchema, response: { 200: paymentStatusSchema } } },
    (req) => paymentStatusOf(app.db, req.params.id, currentUser(req)),
  );

  r.get(
    `${base}/get-payment-contract-status/:id`,
    {
      config: { menus: [...FORM, 'contract-view'] },
      schema: { tags, params: idParamsSchema, response: { 200: paymentContractStatusSchema } },
    },
    (req) => contractStatusOf(app.db, req.params.id, currentUser(req)),
  );
}

/** Registers the form's contract picker: the contracts that take requests, of one construction or all. */
function registerPaymentContractOptionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
    (req) => contractOptionsOf(app.db, req.query.constructionId, currentUser(req)) as never,
  );
}

/** Registers a request's document checklist and its timeline. */
function registerPaymentDetailRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${base}/documents/:id`,
    {
      config: read,
      schema: { tags, params: idParamsSchema, response: { 200: z.array(documentChecklistItemSchema) } },
    },
    (req) => documentChecklist(app.db, req.params.id, currentUser(req)),
  );

  r.get(
    `${base}/timeline/:id`,
    {
      config: read,
      schema: { tags, params: idParamsSchema, response: { 200: z.array(paymentHistorySchema) } },
    },
    (req) => paymentTimeline(app.db, req.params.id, currentUser(req)) as never,
  );
}

/** Registers the printed request (Word or PDF) and its VietQR code. */
function registerPaymentOutputRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
    (req) => paymentVietQrOf(app.db, req.params.id, currentUser(req)),
  );
}
