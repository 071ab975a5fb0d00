/**
 * Contractors and their beneficiaries (payees). Contractors are shared master data, read by every
 * company of the group; but a contractor or payee belongs, for writes, to the companies whose
 * contracts use it (else to whoever created it), and what moves money is guarded (docs/adr/0042-payee-changes-are-controlled.md): neither is deactivated or deleted while a contract uses it, and a change
 * of a payee's account puts the requests paying to it on hold until a second person confirms it
 * (payment-payee.service.ts). Contractor codes are unique ignoring case, a (bank, account number)
 * pair belongs to one payee only, and a payee's holder is checked against the contractor's name.
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
import { holderMatches } from '@sitepay/domain/payee-name';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { bank, beneficiary, constructorTable, constructorType, contract } from '../../db/schema.ts';
import { scopeConstructionIds } from '../../http/access-sql.ts';
import { type CurrentUser, currentUser } from '../../http/auth.ts';
import { unprocessable } from '../../http/errors.ts';
import type { Row } from '../../http/record-kind.ts';
import { findRecord, listAllRecords, outer, type RecordKind, toRecord } from '../../http/records.ts';
import { registerResource } from '../../http/resource.routes.ts';
import { holdForPayeeChange, requestsOfPayee } from '../payment/payment-payee.service.ts';

/**
 * Who may change a contractor or payee: an accountant whose scope holds a contract (not deleted)
 * that uses it; when no contract uses it yet, whoever created it. `column` is the contract's
 * reference to it, `self` the record's own id column.
 */
const usedByWriteScope =
  (column: 'constructor_id' | 'beneficiary_id', table: typeof constructorTable | typeof beneficiary) =>
  (user: CurrentUser): SQL => {
    const uses = sql`select 1 from ${contract} x where x.${sql.raw(column)} = ${outer(table.id)} and x.status <> 'D'`;
    return sql`(exists (${uses} and x.construction_id in (${scopeConstructionIds(user.id)}))
      or (not exists (${uses}) and ${outer(table.created_by)} = ${user.user_name}))`;
  };

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
  writeScope: usedByWriteScope('constructor_id', c),
  inUse: [{ entity: 'contract', table: contract as never, column: 'constructor_id', deactivate: true }],
  async beforeWrite(tx, values, existing) {
    // the payees' holders are compared with the contractor's legal name: a new name, a new check
    if (existing && values.name !== undefined && values.name !== existing.name)
      await checkHolders(tx, sql`${b.constructor_id} = ${existing.id}`, values.name);
  },
};

/** Sets `holder_mismatch` of the payees `where` selects, against the contractor's `legalName`. */
async function checkHolders(tx: Tx, where: SQL, legalName?: string) {
  const rows = await tx
    .select({ id: b.id, name: b.name, legal: constructorTable.name })
    .from(b)
    .innerJoin(constructorTable, eq(constructorTable.id, b.constructor_id))
    .where(and(where, ne(b.status, 'D')));
  for (const r of rows)
    await tx
      .update(b)
      .set({ holder_mismatch: !holderMatches(r.name, legalName ?? r.legal) })
      .where(eq(b.id, r.id));
}

/** Payees whose holder was never checked (rows older than the check): checked once, at start. */
export const checkUncheckedHolders = (tx: Tx) => checkHolders(tx, sql`${b.holder_mismatch} is null`);

const ACCOUNT_FIELDS = ['bank_id', 'account_number', 'name'] as const;

/**
 * A payee's write: its holder checked against the contractor's name; and a change of what moves
 * money (bank, number, holder) recorded with who and when, putting on hold the requests that pay
 * to it. Moving a payee to another contractor while a contract uses it is refused.
 */
async function beforeBeneficiaryWrite(tx: Tx, values: Row, existing: Row | undefined, user: CurrentUser) {
  const merged = { ...existing, ...values } as Row;
  const [owner] = await tx
    .select({ name: constructorTable.name })
    .from(constructorTable)
    .where(eq(constructorTable.id, merged.constructor_id));
  values.holder_mismatch = !holderMatches(merged.name, owner?.name);
  if (!existing) return;
  if (values.constructor_id !== undefined && values.constructor_id !== existing.constructor_id) {
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(contract)
      .where(and(eq(contract.beneficiary_id, existing.id), ne(contract.status, 'D')));
    if (used?.n)
      throw unprocessable(
        `the payee is used by ${used.n} contract(s): it cannot move to another contractor`,
        'in_use',
        { entity: 'contract', count: used.n },
      );
  }
  if (!ACCOUNT_FIELDS.some((f) => values[f] !== undefined && String(values[f]) !== String(existing[f])))
    return;
  Object.assign(values, {
    account_changed_at: new Date(),
    account_changed_by: user.user_name,
    account_changed_by_id: user.id,
  });
  const [bankRow] = await tx.select({ name: bank.name }).from(bank).where(eq(bank.id, merged.bank_id));
  await holdForPayeeChange(
    tx,
    requestsOfPayee(existing.id),
    {
      bank_id: merged.bank_id,
      bank_name: bankRow?.name ?? null,
      account_number: merged.account_number,
      account_holder: merged.name,
      holder_mismatch: values.holder_mismatch,
      account_changed_at: values.account_changed_at,
      account_changed_by: user.user_name,
      account_changed_by_id: user.id,
    },
    user,
  );
}

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
  readOnly: ['account_changed_at', 'account_changed_by', 'account_changed_by_id', 'holder_mismatch'],
  filters: (q) => [q.constructorId ? eq(b.constructor_id, Number(q.constructorId)) : undefined],
  writeScope: usedByWriteScope('beneficiary_id', b),
  inUse: [{ entity: 'contract', table: contract as never, column: 'beneficiary_id', deactivate: true }],
  beforeWrite: beforeBeneficiaryWrite,
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
