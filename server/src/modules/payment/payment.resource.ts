/**
 * Payment requests as a record kind of the generic machinery: scoped through their construction
 * (copied from the contract), filtered by the top-bar selector, the SPEC's status filters
 * (open, deactive, unpaid, paid, over due, all), approval and payment status, contract, contractor,
 * company and a payment-date range; answered with the names a list shows. The money rules and the
 * workflow live in payment.rules.ts and payment.workflow.ts.
 */
import type { PaymentListQuery } from '@sitepay/domain/payment.schema';
import { eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { todaySql } from '../../core/business-time.ts';
import {
  appUser,
  beneficiary,
  company,
  construction,
  constructorTable,
  contract,
  contractAnnex,
  department,
  paymentBatch,
  paymentBatchLine,
  paymentTransaction,
  paymentType,
  transactionType,
} from '../../db/schema.ts';
import type { Lookup } from '../../http/record-kind.ts';
import { outer, type RecordKind } from '../../http/records.ts';
import { inConstructionScope } from '../../http/user-scope.ts';
import { selectedConstruction } from '../construction/construction.resource.ts';
import { beforePaymentStatus, beforePaymentWrite } from './payment.workflow.ts';
import { stepsColumn } from './payment-steps.service.ts';

/** The menus of the payment screens: reading requests, writing them, deciding them. */
export const PAYMENT_MENUS = {
  read: ['payment', 'payment-view', 'payment-create', 'payment-update', 'approval'],
  write: ['payment-update'],
  decide: ['approval'],
};

const p = paymentTransaction;

/** Unpaid and counting: a request that still has to be paid (not rejected, deactivated or deleted). */
export const unpaidSql = sql`(${p.payment_status} = 'O' and ${p.status} = 'O' and ${p.approval_status} <> 'R')`;
/** Approved and partly paid: some payments recorded, not yet its amount. */
export const partlyPaidSql = sql`(${p.approval_status} = 'A' and ${p.payment_status} = 'O' and ${p.paid_amount} > 0)`;
/** Unpaid after its due date (date + the transaction type's pay_date). */
export const overdueSql = sql`(${unpaidSql} and ${p.due_date} < ${todaySql})`;

const ofContract = (column: string) =>
  sql<string | null>`(select x.${sql.raw(column)} from ${contract} x where x.id = ${outer(p.contract_id)})`;

/**
 * A person recorded by login, as people call him: the full name, else the login
 * (docs/adr/0072-words-and-codes-in-the-readers-language.md).
 */
export const personName = (login: SQL) =>
  sql<
    string | null
  >`(select coalesce(nullif(x.full_name, ''), x.user_name) from ${appUser} x where x.user_name = ${login})`;

export const paymentExtraColumns: Record<string, SQL> = {
  contract_amount_vat: ofContract('amount_vat::text'),
  contract_value: sql<
    string | null
  >`(select (c.amount_vat + coalesce((select sum(a.amount) from ${contractAnnex} a where a.contract_id = c.id and a.status <> 'D'), 0))::numeric(18,2)::text from ${contract} c where c.id = ${outer(p.contract_id)})`,
  beneficiary_id: sql<
    number | null
  >`(select x.beneficiary_id from ${contract} x where x.id = ${outer(p.contract_id)})`,
  beneficiary_name: sql<
    string | null
  >`(select b.name from ${contract} x join ${beneficiary} b on b.id = x.beneficiary_id where x.id = ${outer(p.contract_id)})`,
  director_name: sql<
    string | null
  >`(select coalesce(x.full_name, x.user_name) from ${appUser} x where x.id = ${outer(p.director_id)})`,
  // who decided, paid and changed or confirmed the account, by the full name (the columns keep the login)
  decided_by_name: personName(outer(p.decided_by)),
  paid_by_name: personName(outer(p.paid_by)),
  payee_changed_by_name: personName(outer(p.payee_changed_by)),
  payee_confirmed_by_name: personName(outer(p.payee_confirmed_by)),
  // the steps it was sent with, as decided (docs/adr/0084-approval-steps.md)
  steps: stepsColumn,
  // the open payment batch it is in (docs/adr/0096-payment-batches-and-bank-files.md)
  batch_id: sql<
    number | null
  >`(select y.batch_id from ${paymentBatchLine} y where y.payment_id = ${outer(p.id)} and y.open)`,
  batch_code: sql<
    string | null
  >`(select x.code from ${paymentBatchLine} y join ${paymentBatch} x on x.id = y.batch_id where y.payment_id = ${outer(p.id)} and y.open)`,
  overdue: sql<boolean>`(${outer(p.payment_status)} = 'O' and ${outer(p.status)} = 'O' and ${outer(p.approval_status)} <> 'R' and ${outer(p.due_date)} < ${todaySql})`,
};

/** The names of the rows a request refers to. */
export const paymentLookups: Record<string, Lookup> = {
  contract_no: { key: 'contract_id', table: contract, column: 'contract_no' },
  construction_code: { key: 'construction_id', table: construction, column: 'code' },
  construction_name: { key: 'construction_id', table: construction, column: 'name' },
  constructor_code: { key: 'constructor_id', table: constructorTable, column: 'code' },
  constructor_name: { key: 'constructor_id', table: constructorTable, column: 'name' },
  company_name: { key: 'company_id', table: company, column: 'name' },
  payment_type_name: { key: 'payment_code', table: paymentType, column: 'name', byCode: true },
  transaction_type_name: { key: 'transaction_type_id', table: transactionType, column: 'name' },
  department_name: { key: 'department_id', table: department, column: 'name' },
  user_name: { key: 'user_id', table: appUser, column: 'user_name' },
  user_full_name: { key: 'user_id', table: appUser, column: 'full_name' },
};

function statusFilter(status: PaymentListQuery['status']): SQL | undefined {
  switch (status) {
    case 'unpaid':
      return unpaidSql;
    case 'paid':
      return eq(p.payment_status, 'P');
    case 'over due':
    case 'overdue':
      return overdueSql;
    default:
      return undefined; // open / deactive / deleted / all: the generic status filter
  }
}

export const paymentKind: RecordKind = {
  name: 'payment',
  table: p,
  // its own words; its number by its start (searchCode); its contract's number, its contractor's
  // code and name and its construction's code through them (docs/adr/0080-search-through-references.md,
  // docs/adr/0086-search-reads-referred-ids-first.md)
  searchFields: ['requirement_no', 'note'],
  searchThrough: [
    { column: p.contract_id, table: contract },
    { column: p.constructor_id, table: constructorTable },
    { column: p.construction_id, table: construction },
  ],
  // a request's number typed, whole or its start ("yctt-2025-0068"): its own index, by its start
  searchCode: { column: p.code, shape: /^yctt-\d/ },
  sortable: {
    code: p.code,
    requirement_no: p.requirement_no,
    date: p.date,
    due_date: p.due_date,
    amount: p.amount,
    created_at: p.created_at,
    updated_at: p.updated_at,
    status: p.status,
    approval_status: p.approval_status,
    isPriority: p.isPriority,
  },
  defaultSort: { by: 'created_at', desc: true },
  // as an array: the planner then sees a handful of constructions, not its guess for a subquery
  // (it guessed 438 of 500 for a scope of 30, and read the whole table); the ids the request was
  // checked with, bound (docs/adr/0121-a-users-constructions-kept-per-access-version.md)
  scope: (user) => inConstructionScope(p.construction_id, user),
  filters: (query) => {
    const q = query as PaymentListQuery;
    const selected = selectedConstruction(q);
    return [
      selected ? eq(p.construction_id, selected) : undefined,
      statusFilter(q.status),
      q.approvalStatus ? eq(p.approval_status, q.approvalStatus) : undefined,
      q.paymentStatus ? eq(p.payment_status, q.paymentStatus) : undefined,
      q.contractId ? eq(p.contract_id, q.contractId) : undefined,
      q.constructorId ? eq(p.constructor_id, q.constructorId) : undefined,
      q.companyId ? eq(p.company_id, q.companyId) : undefined,
      q.from ? gte(p.date, q.from) : undefined,
      q.to ? lte(p.date, q.to) : undefined,
      q.dueFrom ? gte(p.due_date, q.dueFrom) : undefined,
      q.dueTo ? lte(p.due_date, q.dueTo) : undefined,
      q.partlyPaid ? partlyPaidSql : undefined,
    ];
  },
  // the list's money over its whole filter (the list and its export show them)
  totals: {
    amount: sql`coalesce(sum(${p.amount}), 0)::numeric(18,2)::text`,
    paid_amount: sql`coalesce(sum(${p.paid_amount}), 0)::numeric(18,2)::text`,
    remaining: sql`coalesce(sum(${p.amount} - ${p.paid_amount}), 0)::numeric(18,2)::text`,
  },
  extraColumns: paymentExtraColumns,
  lookups: paymentLookups,
  references: [{ field: 'transaction_type_id', table: transactionType as never, activeOnly: true }],
  readOnly: [
    'construction_id',
    'constructor_id',
    'company_id',
    'code',
    'code_year',
    'code_no',
    'requirement_no',
    'paid_amount',
    'pay_date',
    'due_date',
    'user_id',
    'approval_status',
    'payment_status',
    'bank_id',
    'bank_name',
    'account_number',
    'account_holder',
    'sent_at',
    'decided_at',
    'decided_by',
    'decision_note',
    'paid_at',
    'paid_by',
    'prepared_by',
    'decided_by_id',
    'current_step',
    'holder_mismatch',
    'payee_hold',
    'payee_changed_at',
    'payee_changed_by',
    'payee_changed_by_id',
    'payee_previous_bank',
    'payee_previous_account',
    'payee_previous_holder',
    'payee_confirmed_at',
    'payee_confirmed_by',
  ],
  beforeWrite: beforePaymentWrite,
  beforeStatus: beforePaymentStatus,
};
