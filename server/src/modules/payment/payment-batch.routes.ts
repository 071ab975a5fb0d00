/**
 * Payment batches, the bank's file out and the statement back (issue 34;
 * docs/adr/0096-payment-batches-and-bank-files.md, docs/adr/0097-statement-matching.md). Reading
 * follows the request's read menus, making, cancelling, exporting and importing the accountant's
 * (payment-update), approving the accountant's or the director's — never the batch's maker. Bank
 * file templates are settings under /api/admin/setting/bank-file-template/, written with the banks'.
 */
import { idParamsSchema, pageSchema } from '@sitepay/domain/common.schema';
import {
  bankFilePreviewSchema,
  bankFileTemplateInputSchema,
  bankFileTemplateSchema,
  bankFileTemplateUpdateSchema,
  bankParamsSchema,
  batchCreateSchema,
  batchExportQuerySchema,
  batchListQuerySchema,
  batchSchema,
  batchVersionSchema,
  statementAccountParamsSchema,
  statementDismissSchema,
  statementImportSchema,
  statementLineQuerySchema,
  statementLineSchema,
  statementMappingAnswerSchema,
  statementMappingSchema,
  statementMatchSchema,
} from '@sitepay/domain/payment-batch.schema';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessToday } from '../../core/business-time.ts';
import { contentDisposition } from '../../files/file-types.ts';
import { currentUser } from '../../http/auth.ts';
import { fieldError, HttpError } from '../../http/errors.ts';
import { type BankFileLine, previewOf, writeCsv, writeXlsx } from './bank-file.ts';
import {
  createTemplate,
  listTemplates,
  readTemplate,
  templateFor,
  updateTemplate,
} from './bank-file-template.service.ts';
import {
  dismissLine,
  importStatement,
  MAX_STATEMENT_BYTES,
  mappingOf,
  matchLine,
  readStatement,
  saveMapping,
  statementAccount,
  statementLines,
  statementRows,
} from './bank-statement.service.ts';
import { PAYMENT_MENUS } from './payment.resource.ts';
import {
  approveBatch,
  approvedBatch,
  cancelBatch,
  createBatch,
  listBatches,
  readBatch,
} from './payment-batch.service.ts';

const base = '/api/payment-batch';
const tags = ['payment-batch'];
const read = { menus: PAYMENT_MENUS.read };
const write = { menus: PAYMENT_MENUS.write };
/** A batch is approved by the accountant or the director (four eyes: not its maker). */
const approve = { menus: [...PAYMENT_MENUS.write, ...PAYMENT_MENUS.decide] };
const templateBase = '/api/admin/setting/bank-file-template';
const templateRead = { menus: ['bank', 'bank-view', ...PAYMENT_MENUS.write] };
const templateWrite = { menus: ['bank-create', 'bank-update'] };

/** The one file of a multipart request, at most MAX_STATEMENT_BYTES: 400 otherwise. */
async function uploadedFile(req: FastifyRequest) {
  if (!req.isMultipart()) throw fieldError('file', 'required');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file({ limits: { fileSize: MAX_STATEMENT_BYTES, files: 1 } });
  } catch {
    throw fieldError('file', 'malformed');
  }
  if (!part) throw fieldError('file', 'required');
  try {
    return { name: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', 'too_large');
    if (error instanceof HttpError) throw error;
    throw fieldError('file', 'malformed');
  }
}

export function registerPaymentBatchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    `${base}/create`,
    {
      config: write,
      schema: {
        tags,
        description:
          'Makes a batch of accepted, unpaid requests of one company, paid from one of its accounts',
        body: batchCreateSchema,
        response: { 200: batchSchema },
      },
    },
    (req) => app.db.transaction((tx) => createBatch(tx, req.body, currentUser(req)) as never),
  );

  r.get(
    `${base}/list/paging`,
    {
      config: read,
      schema: { tags, querystring: batchListQuerySchema, response: { 200: pageSchema(batchSchema) } },
    },
    (req) => listBatches(app.db, req.query, currentUser(req)) as never,
  );

  r.get(
    `${base}/get/:id`,
    { config: read, schema: { tags, params: idParamsSchema, response: { 200: batchSchema } } },
    (req) => readBatch(app.db, req.params.id, currentUser(req)) as never,
  );

  r.patch(
    `${base}/approve/:id`,
    {
      config: approve,
      schema: {
        tags,
        description: 'Approves a batch: by someone other than its maker',
        params: idParamsSchema,
        body: batchVersionSchema,
        response: { 200: batchSchema },
      },
    },
    (req) =>
      app.db.transaction(
        (tx) => approveBatch(tx, req.params.id, req.body.version, currentUser(req)) as never,
      ),
  );

  r.patch(
    `${base}/cancel/:id`,
    {
      config: write,
      schema: { tags, params: idParamsSchema, body: batchVersionSchema, response: { 200: batchSchema } },
    },
    (req) =>
      app.db.transaction((tx) => cancelBatch(tx, req.params.id, req.body.version, currentUser(req)) as never),
  );

  r.get(
    `${base}/export/:id`,
    {
      config: { ...write, files: ['xlsx', 'file'] },
      schema: {
        tags,
        description:
          "The bank's file of an approved batch, in a bank file template (the default unless named)",
        params: idParamsSchema,
        querystring: batchExportQuerySchema,
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const { batch, template } = await app.db.transaction(async (tx) => ({
        batch: await approvedBatch(tx, req.params.id, user),
        template: await templateFor(tx, req.query.template),
      }));
      const lines = batch.lines as unknown as BankFileLine[];
      const today = businessToday();
      const name = `${batch.code}.${template.file_type}`;
      reply.header('content-disposition', contentDisposition(name));
      if (template.file_type === 'csv') {
        reply.type('text/csv; charset=utf-8');
        return reply.send(writeCsv(template, lines, today));
      }
      reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      return reply.send(await writeXlsx(template, lines, today));
    },
  );

  // ---------------------------------------------------------------- the statement back

  r.post(
    `${base}/statement/:companyBankAccountId`,
    {
      config: write,
      schema: {
        tags,
        description:
          'multipart: one .xlsx or .csv statement of the account; its debit lines matched to approved batches',
        params: statementAccountParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: statementImportSchema },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const account = await statementAccount(app.db, req.params.companyBankAccountId, user);
      const file = await uploadedFile(req);
      const mapping = await mappingOf(app.db, account.bank_id);
      const rows = statementRows(await readStatement(file.name, file.bytes), mapping);
      return app.db.transaction((tx) => importStatement(tx, account.id, rows, user) as never);
    },
  );

  r.get(
    `${base}/statement-line/list/:companyBankAccountId`,
    {
      config: read,
      schema: {
        tags,
        description: "The account's statement lines, the unmatched ones with `state=U`",
        params: statementAccountParamsSchema,
        querystring: statementLineQuerySchema,
        response: { 200: z.array(statementLineSchema) },
      },
    },
    async (req) => {
      const account = await statementAccount(app.db, req.params.companyBankAccountId, currentUser(req));
      return statementLines(
        app.db,
        account.id,
        req.query.state ? sql`s.state = ${req.query.state}` : undefined,
      ) as never;
    },
  );

  r.patch(
    `${base}/statement-line/match/:id`,
    {
      config: write,
      schema: {
        tags,
        description: "Matches an unmatched line to a batch line: the line's amount is paid on its request",
        params: idParamsSchema,
        body: statementMatchSchema,
        response: { 200: statementLineSchema },
      },
    },
    (req) =>
      app.db.transaction(
        (tx) => matchLine(tx, req.params.id, req.body.batch_line_id, currentUser(req)) as never,
      ),
  );

  r.patch(
    `${base}/statement-line/dismiss/:id`,
    {
      config: write,
      schema: {
        tags,
        description: 'Dismisses an unmatched line (a fee, a transfer of no batch), with why',
        params: idParamsSchema,
        body: statementDismissSchema,
        response: { 200: statementLineSchema },
      },
    },
    (req) =>
      app.db.transaction((tx) => dismissLine(tx, req.params.id, req.body.note, currentUser(req)) as never),
  );

  r.get(
    `${base}/statement-mapping/:bankId`,
    {
      config: read,
      schema: { tags, params: bankParamsSchema, response: { 200: statementMappingAnswerSchema } },
    },
    async (req) => ({ bank_id: req.params.bankId, ...(await mappingOf(app.db, req.params.bankId)) }),
  );

  r.put(
    `${base}/statement-mapping/:bankId`,
    {
      config: templateWrite,
      schema: {
        tags,
        description: "Saves how a bank's statement names its date, reference, debit and content columns",
        params: bankParamsSchema,
        body: statementMappingSchema,
        response: { 200: statementMappingAnswerSchema },
      },
    },
    (req) =>
      app.db.transaction((tx) => saveMapping(tx, req.params.bankId, req.body, currentUser(req)) as never),
  );

  // ---------------------------------------------------------------- bank file templates

  r.get(
    `${templateBase}/list/all`,
    {
      config: templateRead,
      schema: { tags: ['setting'], response: { 200: z.array(bankFileTemplateSchema) } },
    },
    () => listTemplates(app.db) as never,
  );

  r.get(
    `${templateBase}/get/:id`,
    {
      config: templateRead,
      schema: { tags: ['setting'], params: idParamsSchema, response: { 200: bankFileTemplateSchema } },
    },
    (req) => readTemplate(app.db, req.params.id) as never,
  );

  r.get(
    `${templateBase}/preview/:id`,
    {
      config: templateRead,
      schema: {
        tags: ['setting'],
        description: 'The template with two example rows, as its file writes them',
        params: idParamsSchema,
        response: { 200: bankFilePreviewSchema },
      },
    },
    async (req) => {
      const row = await readTemplate(app.db, req.params.id);
      return previewOf(row as never, businessToday());
    },
  );

  r.post(
    `${templateBase}/create`,
    {
      config: templateWrite,
      schema: {
        tags: ['setting'],
        body: bankFileTemplateInputSchema,
        response: { 200: bankFileTemplateSchema },
      },
    },
    (req) => app.db.transaction((tx) => createTemplate(tx, req.body, currentUser(req)) as never),
  );

  r.put(
    `${templateBase}/update/:id`,
    {
      config: templateWrite,
      schema: {
        tags: ['setting'],
        params: idParamsSchema,
        body: bankFileTemplateUpdateSchema,
        response: { 200: bankFileTemplateSchema },
      },
    },
    (req) =>
      app.db.transaction((tx) => updateTemplate(tx, req.params.id, req.body, currentUser(req)) as never),
  );
}
