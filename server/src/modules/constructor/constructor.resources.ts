/**
 * Contractors and their beneficiaries. Contractors are shared master data (not scoped to a
 * construction). What is special: contractor codes are unique ignoring case, a (bank, account
 * number) pair belongs to one beneficiary only, and beneficiary edits land in the change history
 * like every record's.
 */

import { idParamsSchema } from '@sitepay/domain/common.schema';
import {
  beneficiaryInputSchema,
  beneficiarySchema,
  beneficiaryUpdateSchema,
  constructorInputSchema,
  constructorSchema,
  constructorUpdateSchema,
} from '@sitepay/domain/constructor.schema';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bank, beneficiary, constructorTable, constructorType } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { findRecord, listAllRecords, outer, type RecordKind, toRecord } from '../../http/records.ts';
import { registerResource } from '../../http/resource.routes.ts';

const c = constructorTable;
export const constructorKind: RecordKind = {
  name: 'constructor',
  table: c,
  searchFields: ['code', 'name', 'tax_code', 'phone', 'email'],
  sortable: { code: c.code, name: c.name, tax_code: c.tax_code, created_at: c.created_at, status: c.status },
  defaultSort: { by: 'created_at', desc: true },
  unique: [{ field: 'code', columns: ['code'], constraint: 'constructor_code_uq', caseInsensitive: true }],
  extraColumns: {
    constructor_type_name: sql<
      string | null
    >`(select t.name from ${constructorType} t where t.id = ${outer(c.constructor_type_id)})`,
  },
  references: [{ field: 'constructor_type_id', table: constructorType as never }],
};

const b = beneficiary;
export const beneficiaryKind: RecordKind = {
  name: 'beneficiary',
  table: b,
  // the contractor's code and name are searchable too, through a subquery at write time
  searchFields: ['name', 'account_number', 'branch'],
  sortable: { name: b.name, account_number: b.account_number, created_at: b.created_at, status: b.status },
  defaultSort: { by: 'name', desc: false },
  unique: [
    {
      field: 'account_number',
      columns: ['bank_id', 'account_number'],
      constraint: 'beneficiary_bank_account_uq',
    },
  ],
  extraColumns: {
    bank_name: sql<string | null>`(select x.name from ${bank} x where x.id = ${outer(b.bank_id)})`,
    constructor_name: sql<
      string | null
    >`(select x.name from ${constructorTable} x where x.id = ${outer(b.constructor_id)})`,
  },
  references: [
    { field: 'constructor_id', table: constructorTable as never },
    { field: 'bank_id', table: bank as never, activeOnly: true },
  ],
  readOnly: [],
  filters: (q) => [q.constructorId ? eq(b.constructor_id, Number(q.constructorId)) : undefined],
};

const beneficiaryRecord = beneficiarySchema.extend({ constructor_name: z.string().nullable().optional() });

export function registerConstructorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readMenus = [
    'constructor',
    'constructor-view',
    'contract-create',
    'contract-update',
    'contract-view',
    'payment-create',
    'payment-update',
  ];
  registerResource(app, {
    kind: constructorKind,
    basePath: '/api/constructor',
    tag: 'constructor',
    record: constructorSchema,
    input: constructorInputSchema,
    update: constructorUpdateSchema,
    menus: { read: readMenus, create: ['constructor-create'], update: ['constructor-update'] },
    paths: { all: 'list' },
  });
  registerResource(app, {
    kind: beneficiaryKind,
    basePath: '/api/beneficiary',
    tag: 'constructor',
    record: beneficiaryRecord,
    input: beneficiaryInputSchema,
    update: beneficiaryUpdateSchema,
    listQuery: z.object({ constructorId: idParamsSchema.shape.id.optional() }),
    // beneficiaries are edited on the contractor's screens
    menus: {
      read: readMenus,
      create: ['constructor-create', 'constructor-update'],
      update: ['constructor-update'],
    },
  });

  r.get(
    '/api/beneficiary/get-by-constructor/:id',
    {
      config: { menus: readMenus },
      schema: {
        tags: ['constructor'],
        params: idParamsSchema,
        response: { 200: z.array(beneficiaryRecord) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      await findRecord(app.db, constructorKind, req.params.id, user);
      return (await listAllRecords(
        app.db,
        beneficiaryKind,
        user,
        eq(b.constructor_id, req.params.id),
      )) as never;
    },
  );
  r.get(
    '/api/constructor/get-by-beneficiary/:id',
    {
      config: { menus: readMenus },
      schema: { tags: ['constructor'], params: idParamsSchema, response: { 200: constructorSchema } },
    },
    async (req) => {
      const user = currentUser(req);
      const owner = await findRecord(app.db, beneficiaryKind, req.params.id, user);
      return toRecord(await findRecord(app.db, constructorKind, owner.constructor_id, user)) as never;
    },
  );
}
