/**
 * Contracts: scoped through their construction, filtered by the top-bar selector. What is special:
 * VAT, amount incl. VAT and warranty retention are computed here from the tax and the amount before
 * VAT; contract numbers are unique within the company; a closed construction or an inactive
 * contractor takes no new contract (422); the value never drops below what is already requested.
 */
import { compareAmounts, percentOf, withVat } from '@sitepay/domain/money';
import { and, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  beneficiary,
  construction,
  constructorTable,
  contract,
  contractType,
  paymentTransaction,
  project,
  tax,
} from '../../db/schema.ts';
import { scopeConstructionIds } from '../../http/access-sql.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { fieldError, unprocessable } from '../../http/errors.ts';
import type { Row } from '../../http/record-kind.ts';
import { outer, type RecordKind } from '../../http/records.ts';
import { assertConstructionOpen, selectedConstruction } from '../construction/construction.resource.ts';
import { holdForPayeeChange, payeeAccount, requestsOfContract } from '../payment/payment-payee.service.ts';
import { annexSumSql, contractMoney, contractValueSql, paymentSums, summarize } from './contract.totals.ts';

const k = contract;

async function hasPaymentRequests(tx: Tx, contractId: number) {
  const rows = await tx
    .select({ id: paymentTransaction.id })
    .from(paymentTransaction)
    .where(and(eq(paymentTransaction.contract_id, contractId), ne(paymentTransaction.status, 'D')))
    .limit(1);
  return rows.length > 0;
}

async function activeConstructor(tx: Tx, id: number) {
  const [row] = await tx
    .select({ status: constructorTable.status, code: constructorTable.code })
    .from(constructorTable)
    .where(and(eq(constructorTable.id, id), ne(constructorTable.status, 'D')));
  if (!row) throw fieldError('constructor_id', 'not_found');
  if (row.status !== 'O')
    throw unprocessable(
      `contractor ${row.code} is inactive and takes no new contract`,
      'contractor_inactive',
      {
        code: row.code,
      },
    );
}

async function checkBeneficiary(tx: Tx, beneficiaryId: number | null | undefined, constructorId: number) {
  if (!beneficiaryId) return;
  const [row] = await tx
    .select({ id: beneficiary.id })
    .from(beneficiary)
    .where(
      and(
        eq(beneficiary.id, beneficiaryId),
        eq(beneficiary.constructor_id, constructorId),
        eq(beneficiary.status, 'O'),
      ),
    );
  if (!row) throw fieldError('beneficiary_id', 'not_of_constructor');
}

/**
 * The contract now pays another payee: its waiting and accepted-unpaid requests take the new
 * account and go on hold, as when a payee's account changes (payment-payee.service.ts). A contract
 * with such requests cannot be left without a payee.
 */
async function switchPayee(tx: Tx, contractId: number, merged: Row, user: CurrentUser) {
  const account = merged.beneficiary_id ? await payeeAccount(tx, merged.beneficiary_id) : undefined;
  if (account) {
    await holdForPayeeChange(tx, requestsOfContract(contractId), account, user);
    return;
  }
  const [paying] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentTransaction)
    .where(
      and(
        eq(paymentTransaction.contract_id, contractId),
        eq(paymentTransaction.status, 'O'),
        sql`(${paymentTransaction.approval_status} = 'W' or (${paymentTransaction.approval_status} = 'A' and ${paymentTransaction.payment_status} = 'O'))`,
      ),
    );
  if (paying?.n) throw fieldError('beneficiary_id', 'required_while_requests_pending');
}

async function taxRate(tx: Tx, taxId: number): Promise<string> {
  const [row] = await tx
    .select({ value: tax.value })
    .from(tax)
    .where(and(eq(tax.id, taxId), eq(tax.status, 'O')));
  if (!row) throw fieldError('tax_id', 'not_found');
  return row.value;
}

async function companyOf(tx: Tx, constructionId: number): Promise<number | null> {
  const [row] = await tx
    .select({ company_id: project.company_id })
    .from(construction)
    .leftJoin(project, eq(project.id, construction.project_id))
    .where(eq(construction.id, constructionId));
  return row?.company_id ?? null;
}

async function beforeWrite(tx: Tx, values: Row, existing: Row | undefined, user: CurrentUser) {
  const merged = { ...existing, ...values } as Row;
  if (!existing || values.construction_id !== existing.construction_id) {
    await assertConstructionOpen(tx, merged.construction_id, user);
  }
  if (!existing || values.constructor_id !== existing.constructor_id)
    await activeConstructor(tx, merged.constructor_id);
  await checkBeneficiary(tx, merged.beneficiary_id, merged.constructor_id);

  // computed, never taken from the client
  values.vat_rate = await taxRate(tx, merged.tax_id);
  Object.assign(values, withVat(merged.amount_before_vat, values.vat_rate));
  if (merged.retention_percent !== null && merged.retention_percent !== undefined) {
    values.retention_amount = percentOf(values.amount_vat, merged.retention_percent);
  }
  values.company_id = await companyOf(tx, merged.construction_id);

  if (existing) {
    if (merged.beneficiary_id !== existing.beneficiary_id) await switchPayee(tx, existing.id, merged, user);
    const moved =
      values.construction_id !== existing.construction_id ||
      values.constructor_id !== existing.constructor_id;
    if (moved && (await hasPaymentRequests(tx, existing.id))) {
      throw unprocessable(
        'the contract has payment requests: its construction and contractor can no longer change',
        'contract_has_requests',
      );
    }
    const money = await contractMoney(tx, existing.id);
    const sums = await paymentSums(tx, existing.id);
    const next = summarize(
      {
        ...money!,
        amount_vat: values.amount_vat,
        settlement_amount: merged.settlement_amount ?? null,
        retention_amount: values.retention_amount ?? merged.retention_amount ?? null,
        retention_percent: merged.retention_percent ?? null,
        penalty_amount: merged.penalty_amount ?? null,
      },
      sums,
    );
    if (compareAmounts(next.contract_value, sums.requested) < 0) {
      throw unprocessable(
        `the contract value ${next.contract_value} would fall below the ${sums.requested} already requested`,
        'contract_value_below_requested',
        { value: next.contract_value, requested: sums.requested },
      );
    }
    if (compareAmounts(next.remaining, '0') < 0) {
      throw unprocessable(
        `the payable ceiling ${next.ceiling} would fall below the ${sums.requested_ordinary} already requested`,
        'contract_ceiling_below_requested',
        { ceiling: next.ceiling, requested: sums.requested_ordinary },
      );
    }
  }
}

export const contractKind: RecordKind = {
  name: 'contract',
  table: k,
  searchFields: ['contract_no', 'note'],
  // found by its contractor's code and name and its construction's code too, matched in their own
  // tables (docs/adr/0080-search-through-references.md)
  searchThrough: [
    { column: k.constructor_id, table: constructorTable },
    { column: k.construction_id, table: construction },
  ],
  sortable: {
    contract_no: k.contract_no,
    signed_date: k.signed_date,
    amount_vat: k.amount_vat,
    created_at: k.created_at,
    status: k.status,
  },
  defaultSort: { by: 'created_at', desc: true },
  unique: [
    {
      field: 'contract_no',
      columns: ['company_id', 'contract_no'],
      constraint: 'contract_no_company_uq',
      caseInsensitive: true,
    },
  ],
  scope: (user) => sql`${k.construction_id} in (${scopeConstructionIds(user.id)})`,
  filters: (q) => {
    const selected = selectedConstruction(q);
    return [
      selected ? eq(k.construction_id, selected) : undefined,
      q.constructorId ? eq(k.constructor_id, Number(q.constructorId)) : undefined,
      q.companyId ? eq(k.company_id, Number(q.companyId)) : undefined,
      // signing date range, inclusive (the list and its export)
      typeof q.from === 'string' ? gte(k.signed_date, q.from) : undefined,
      typeof q.to === 'string' ? lte(k.signed_date, q.to) : undefined,
    ];
  },
  extraColumns: {
    contract_type_name: sql<
      string | null
    >`(select x.name from ${contractType} x where x.id = ${outer(k.contract_type_id)})`,
    construction_name: sql<
      string | null
    >`(select x.name from ${construction} x where x.id = ${outer(k.construction_id)})`,
    construction_code: sql<
      string | null
    >`(select x.code from ${construction} x where x.id = ${outer(k.construction_id)})`,
    constructor_name: sql<
      string | null
    >`(select x.name from ${constructorTable} x where x.id = ${outer(k.constructor_id)})`,
    constructor_code: sql<
      string | null
    >`(select x.code from ${constructorTable} x where x.id = ${outer(k.constructor_id)})`,
    beneficiary_name: sql<
      string | null
    >`(select x.name from ${beneficiary} x where x.id = ${outer(k.beneficiary_id)})`,
    annex_amount: annexSumSql,
    contract_value: contractValueSql,
    // the retention as it stands: a percentage of the settlement, else of the value with annexes
    retention_base: sql<string | null>`case when ${outer(k.retention_percent)} is null then null
      else coalesce(${outer(k.settlement_amount)}::numeric(18,2)::text, ${contractValueSql}) end`,
    retention_effective: sql<string | null>`case when ${outer(k.retention_percent)} is null
      then ${outer(k.retention_amount)}::numeric(18,2)::text
      else round(coalesce(${outer(k.settlement_amount)}, ${contractValueSql}::numeric) * ${outer(k.retention_percent)} / 100)::numeric(18,2)::text end`,
  },
  references: [{ field: 'contract_type_id', table: contractType as never }],
  readOnly: ['company_id', 'vat_rate', 'vat_amount', 'amount_vat'],
  // a contract with requests is deactivated, never deleted: its paid and pending money stays
  inUse: [{ entity: 'payment', table: paymentTransaction as never, column: 'contract_id' }],
  beforeWrite,
};
