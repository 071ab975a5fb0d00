/**
 * Settings (danh mục): nine small record kinds described in one table. Paths follow
 * docs/product.md#settings; each also gets paging, get, active and deactivate for the generic screens, and
 * the always-allowed type list a form's picker reads (e.g. GET /api/bank/list/all).
 */

import { idParamsSchema } from '@sitepay/domain/common.schema';
import { type SettingName, settingSchemas } from '@sitepay/domain/setting.schema';
import { and, asc, eq, getTableColumns, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bank,
  constructionItem,
  constructorType,
  contractType,
  documentAttachment,
  paymentDate,
  paymentMethod,
  paymentType,
  tax,
  transactionType,
} from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { findRecord, listAllRecords, outer, type RecordKind, toRecord } from '../../http/records.ts';
import { type ResourceDescription, registerResource } from '../../http/resource.routes.ts';

type SettingTable = RecordKind['table'] & { code: never; name: never };

const tables = {
  bank,
  tax,
  'contract-type': contractType,
  'construction-item': constructionItem,
  'document-attachment': documentAttachment,
  'transaction-type': transactionType,
  'constructor-type': constructorType,
  'payment-type': paymentType,
  'payment-method': paymentMethod,
  'payment-date': paymentDate,
} as const;

/** The specification's path spellings (docs/product.md#settings) where they differ from the companies'. */
const paths: Partial<Record<SettingName, ResourceDescription['paths']>> = {
  tax: { all: false, create: '', update: ':id', delete: ':id' },
  'contract-type': { all: 'all' },
  'construction-item': { all: 'all' },
  'transaction-type': { all: 'all' },
  'constructor-type': { all: 'all' },
  'payment-type': { all: 'all' },
  'payment-method': { all: 'all' },
  'payment-date': { all: 'all' },
};

/** The always-allowed picker lists of docs/product.md#settings. */
const typeLists: Partial<Record<SettingName, string>> = {
  bank: '/api/bank/list/all',
  'contract-type': '/api/contract-type/list/all',
  'constructor-type': '/api/constructor-type/list/all',
  'payment-type': '/api/payment-type/list/all',
  'payment-method': '/api/payment-method/list/all',
  'transaction-type': '/api/transaction-type/list/all',
  'construction-item': '/api/construction-item/list',
};

// Unique index names are the table's SQL name + _code_uq.
const sqlNames: Record<SettingName, string> = {
  bank: 'bank',
  tax: 'tax',
  'contract-type': 'contract_type',
  'construction-item': 'construction_item',
  'document-attachment': 'document_attachment',
  'transaction-type': 'transaction_type',
  'constructor-type': 'constructor_type',
  'payment-type': 'payment_type',
  'payment-method': 'payment_method',
  'payment-date': 'payment_date',
};
export const settingKinds = Object.fromEntries(
  (Object.keys(tables) as SettingName[]).map((name) => {
    const t = tables[name] as unknown as SettingTable & Record<string, never>;
    const kind: RecordKind = {
      name,
      table: t,
      searchFields: ['code', 'name'],
      sortable: { code: t.code, name: t.name, created_at: t.created_at, status: t.status },
      defaultSort: { by: 'name', desc: false },
      unique: [{ field: 'code', columns: ['code'], constraint: `${sqlNames[name]}_code_uq` }],
      ...(name === 'document-attachment'
        ? {
            references: [{ field: 'transaction_type_id', table: transactionType as never }],
            extraColumns: {
              transaction_type_name: sql<
                string | null
              >`(select x.name from ${transactionType} x where x.id = ${outer(documentAttachment.transaction_type_id)})`,
            },
          }
        : {}),
    };
    return [name, kind];
  }),
) as Record<SettingName, RecordKind>;

export function registerSettingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const name of Object.keys(settingKinds) as SettingName[]) {
    const schemas = settingSchemas[name];
    registerResource(app, {
      kind: settingKinds[name],
      basePath: `/api/admin/setting/${name}`,
      tag: 'setting',
      record: schemas.record,
      input: schemas.input,
      update: schemas.update,
      menus: { read: [name, `${name}-view`], create: [`${name}-create`], update: [`${name}-update`] },
      paths: paths[name],
    });
    const list = typeLists[name];
    if (list) {
      r.get(
        list,
        {
          config: { access: 'user' },
          schema: { tags: ['setting'], response: { 200: z.array(schemas.record) } },
        },
        (req) => listAllRecords(app.db, settingKinds[name], currentUser(req)) as never,
      );
    }
  }

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
        ? toRecord(await findRecord(app.db, settingKinds.tax, req.query.id, currentUser(req)))
        : await listAllRecords(app.db, settingKinds.tax, currentUser(req))) as never,
  );

  // the specification spells the document settings `document-attach` (docs/product.md#settings); the screens'
  // own base is `document-attachment`. Both answer the same calls.
  registerResource(app, {
    kind: settingKinds['document-attachment'],
    basePath: '/api/admin/setting/document-attach',
    tag: 'setting',
    record: settingSchemas['document-attachment'].record,
    input: settingSchemas['document-attachment'].input,
    update: settingSchemas['document-attachment'].update,
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
          response: { 200: z.array(settingSchemas['document-attachment'].record) },
        },
      },
      async (req) => {
        const d = documentAttachment;
        const { search_text: _unused, ...columns } = getTableColumns(d);
        const rows = await app.db
          .select({ ...columns, ...settingKinds['document-attachment'].extraColumns })
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
