/**
 * A payment request's files (docs/product.md#payment-transactions), through the shared file service: the same
 * size limit, type allow-list, scope (404 outside it) and history. Files change only while the
 * request can be edited (approval O or R): checked before the bytes are stored, and again with the
 * request row locked before the rows are written.
 */
import { idParamsSchema } from '@sitepay/domain/common.schema';
import { fileRecordSchema } from '@sitepay/domain/file.schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { paymentTransaction } from '../../db/schema.ts';
import { type FileOwner, toFileRecord } from '../../files/file.service.ts';
import { type CurrentUser, currentUser } from '../../http/auth.ts';
import { fieldError, unprocessable } from '../../http/errors.ts';
import { findRecord } from '../../http/records.ts';
import { PAYMENT_MENUS, paymentKind } from './payment.resource.ts';
import { checklistOf } from './payment.rules.ts';
import { withPreparer } from './payment.workflow.ts';

const owner: FileOwner = { kind: paymentKind, ownerKind: 'payment' };
const base = '/api/payment-file-upload';
const tags = ['payment'];
const write = { menus: ['payment-create', 'payment-update'] };

async function assertFilesEditable(tx: Tx, paymentId: number, user: CurrentUser, lock = false) {
  const row = await findRecord(tx, paymentKind, paymentId, user, lock);
  if (!['O', 'R'].includes(row.approval_status))
    throw unprocessable(
      'the request’s files can change only while it is created or rejected',
      'payment_files_locked',
    );
  return row;
}

/**
 * With the request locked, in the transaction that changes its files: still editable, and the
 * caller prepared it (the files are its evidence: whoever changes them never decides it).
 */
async function changeFiles(tx: Tx, paymentId: number, user: CurrentUser) {
  const row = await assertFilesEditable(tx, paymentId, user, true);
  await tx
    .update(paymentTransaction)
    .set({ prepared_by: withPreparer(row, user) })
    .where(eq(paymentTransaction.id, paymentId));
  return row;
}

export function registerPaymentFileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${base}/uploaded/:id`,
    {
      config: { menus: PAYMENT_MENUS.read },
      schema: { tags, params: idParamsSchema, response: { 200: z.array(fileRecordSchema) } },
    },
    (req) => app.fileService.list(owner, req.params.id, currentUser(req)),
  );

  r.post(
    `${base}/upload/:id`,
    {
      config: write,
      schema: {
        tags,
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: z.array(fileRecordSchema) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      await assertFilesEditable(app.db, req.params.id, user);
      const { files } = await app.fileService.upload(req, user, owner, {
        ownerId: req.params.id,
        afterInsert: async (tx, rows) => {
          const row = await changeFiles(tx, req.params.id, user);
          // a file naming a document is that document of the checklist: the code must be one of
          // the request's (docs/adr/0094-required-documents.md)
          const named = rows[0]?.document_type;
          if (named) {
            const codes = (await checklistOf(tx, row.transaction_type_id)).map((d) => d.code.toUpperCase());
            if (!codes.includes(named.toUpperCase())) throw fieldError('document_type', 'not_in_checklist');
          }
        },
      });
      return files.map(toFileRecord);
    },
  );

  r.get(
    `${base}/download/:id`,
    { config: { menus: PAYMENT_MENUS.read, files: ['file'] }, schema: { tags, params: idParamsSchema } },
    async (req, reply) =>
      app.fileService.send(reply, await app.fileService.find(app.db, owner, req.params.id, currentUser(req))),
  );

  r.delete(
    `${base}/delete/:id`,
    { config: write, schema: { tags, params: idParamsSchema, response: { 200: fileRecordSchema } } },
    async (req) => {
      const user = currentUser(req);
      const file = await app.fileService.find(app.db, owner, req.params.id, user);
      await assertFilesEditable(app.db, file.owner_id, user);
      return app.fileService.remove(owner, req.params.id, user, {
        beforeRemove: async (tx, paymentId) => {
          await changeFiles(tx, paymentId, user);
        },
      });
    },
  );
}
