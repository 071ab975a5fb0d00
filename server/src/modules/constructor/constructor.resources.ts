/**
 * Contractors and their beneficiaries (payees). Contractors are shared master data, read by every
 * company of the group; but a contractor or payee belongs, for writes, to the companies whose
 * contracts use it (else to whoever created it), and what moves money is guarded (docs/adr/0042-payee-changes-are-controlled.md): neither is deactivated or deleted while a contract uses it, and a change
 * of a payee's account puts the requests paying to it on hold until a second person confirms it
 * (payment-payee.service.ts). Contractor codes are unique ignoring case, a (bank, account number)
 * pair belongs to one payee only, and a payee's holder is checked against the contractor's name.
 */

import { idParamsSchema } from '@sitepay/domain/common.schema';
import { beneficiary as beneficiaryEntity } from '@sitepay/domain/entities/beneficiary.entity';
import { contractor } from '@sitepay/domain/entities/constructor.entity';
import { holderMatches } from '@sitepay/domain/payee-name';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { bank, beneficiary, constructorTable, contract } from '../../db/schema.ts';
import { scopeConstructionIds } from '../../http/access-sql.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { entityKind } from '../../http/entity.routes.ts';
import { unprocessable } from '../../http/errors.ts';
import type { Row } from '../../http/record-kind.ts';
import { outer } from '../../http/records.ts';
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
const b = beneficiary;

/** The screens that pick a contractor or a payee: the contract and payment request forms. */
const constructorReaders = [
  'contract-create',
  'contract-update',
  'contract-view',
  'payment-create',
  'payment-update',
];

export const constructorKind = entityKind(contractor, {
  readBy: constructorReaders,
  hooks: {
    writeScope: usedByWriteScope('constructor_id', c),
    inUse: [{ entity: 'contract', table: contract as never, column: 'constructor_id', deactivate: true }],
    async beforeWrite(tx, values, existing) {
      // the payees' holders are compared with the contractor's legal name: a new name, a new check
      if (existing && values.name !== undefined && values.name !== existing.name)
        await checkHolders(tx, sql`${b.constructor_id} = ${existing.id}`, values.name);
    },
  },
});

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

export const beneficiaryKind = entityKind(beneficiaryEntity, {
  tag: 'constructor',
  // beneficiaries are edited on the contractor's screens
  menus: {
    read: ['constructor', 'constructor-view', ...constructorReaders],
    create: ['constructor-create', 'constructor-update'],
    update: ['constructor-update'],
  },
  listQuery: z.object({ constructorId: idParamsSchema.shape.id.optional() }),
  unique: [
    {
      field: 'account_number',
      columns: ['bank_id', 'account_number'],
      constraint: 'beneficiary_bank_account_uq',
    },
  ],
  hooks: {
    readOnly: ['account_changed_at', 'account_changed_by', 'account_changed_by_id', 'holder_mismatch'],
    filters: (q) => [q.constructorId ? eq(b.constructor_id, Number(q.constructorId)) : undefined],
    writeScope: usedByWriteScope('beneficiary_id', b),
    inUse: [{ entity: 'contract', table: contract as never, column: 'beneficiary_id', deactivate: true }],
    beforeWrite: beforeBeneficiaryWrite,
  },
});
