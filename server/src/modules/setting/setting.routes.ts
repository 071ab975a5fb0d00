/**
 * The settings' routes beyond their descriptions' (`@sitepay/domain/entities/*`, registered with every
 * entity at the start): the list of taxes at its own path, the specification's `document-attach`
 * spelling of the document settings, and a transaction type's document checklist
 * (docs/product.md#settings).
 */

import { idParamsSchema } from '@sitepay/domain/common.schema';
import { settingSchemas } from '@sitepay/domain/setting.schema';
import { and, asc, eq, getTableColumns, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentAttachment } from '../../db/schema.ts';
import { settingKinds } from '../../entities.ts';
import { currentUser } from '../../http/auth.ts';
import { displayColumns } from '../../http/record-columns.ts';
import { findRecord, listAllRecords, toRecord } from '../../http/records.ts';
import { registerResource } from '../../http/resource.routes.ts';

export function registerSettingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const taxKind = settingKinds.tax;
  const documentKind = settingKinds['document-attachment'];
  const documentSchemas = settingSchemas['document-attachment'];

  // Taxes: GET /admin/setting/tax lists them; GET /admin/setting/tax?id=… answers one.
  r.get(
    '/api/admin/setting/tax',
    {
      // the contract form picks its VAT rate from this list
      config: { menus: ['tax', 'tax-view', 'contract-create', 'contract-update'] },
      schema: {
        tags: ['setting'],
        querystring: z.object({ id: idParamsSchema.shape.id.optional() }),
        response: { 200: z.union([settingSchemas.tax.record, z.array(settingSchemas.tax.record)]) },
      },
    },
    async (req) =>
      (req.query.id
        ? toRecord(await findRecord(app.db, taxKind, req.query.id, currentUser(req)))
        : await listAllRecords(app.db, taxKind, currentUser(req))) as never,
  );

  // the specification spells the document settings `document-attach` (docs/product.md#settings); the screens'
  // own base is `document-attachment`. Both answer the same calls.
  registerResource(app, {
    kind: documentKind,
    basePath: '/api/admin/setting/document-attach',
    tag: 'setting',
    record: documentSchemas.record,
    input: documentSchemas.input,
    update: documentSchemas.update,
    menus: {
      read: ['document-attachment', 'document-attachment-view'],
      create: ['document-attachment-create'],
      update: ['document-attachment-update'],
    },
    paths: { paging: false, active: false, deactivate: false, history: false },
  });

  // A transaction type's checklist: its own documents and those every type asks for, in order.
  for (const base of ['document-attachment', 'document-attach']) {
    r.get(
      `/api/admin/setting/${base}/get-by-transaction-type/:id`,
      {
        config: {
          menus: [
            'document-attachment',
            'document-attachment-view',
            'payment-create',
            'payment-update',
            'payment-view',
          ],
        },
        schema: {
          tags: ['setting'],
          params: idParamsSchema,
          response: { 200: z.array(documentSchemas.record) },
        },
      },
      async (req) => {
        const d = documentAttachment;
        const { search_text: _unused, ...columns } = getTableColumns(d);
        const rows = await app.db
          .select({ ...columns, ...displayColumns(documentKind) })
          .from(d)
          .where(
            and(
              eq(d.status, 'O'),
              or(eq(d.transaction_type_id, req.params.id), isNull(d.transaction_type_id)),
            ),
          )
          .orderBy(asc(d.ordered), asc(d.name), asc(d.id));
        return rows.map((x) => toRecord(x as never)) as never;
      },
    );
  }
}
