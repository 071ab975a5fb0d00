/**
 * The database schema (Drizzle). Every business record shares `recordColumns`:
 * status O/C/D, an integer version for optimistic concurrency, audit stamps, and a
 * `search_text` column holding the record's searchable fields folded to plain lower-case
 * ASCII (so "cong ty" finds "Công ty"), indexed with trigrams.
 * Migrations are generated from this file by drizzle-kit (`npm run db:generate`).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const recordColumns = () => ({
  id: serial('id').primaryKey(),
  status: varchar('status', { length: 1 }).notNull().default('O'),
  version: integer('version').notNull().default(0),
  created_at: stamp('created_at').notNull().defaultNow(),
  updated_at: stamp('updated_at').notNull().defaultNow(),
  created_by: varchar('created_by', { length: 100 }),
  updated_by: varchar('updated_by', { length: 100 }),
  search_text: text('search_text').notNull().default(''),
});

/**
 * Indexes every record table gets: recency (the default sort) with the id that breaks its ties, so
 * keyset pages read straight from the index; status + recency for status filters; trigram search.
 */
const recordIndexes = (
  name: string,
  t: {
    status: ExtraConfigColumn;
    created_at: ExtraConfigColumn;
    id: ExtraConfigColumn;
    search_text: ExtraConfigColumn;
  },
) => [
  index(`${name}_created_idx`).on(t.created_at, t.id),
  index(`${name}_status_created_idx`).on(
    t.status,
    t.created_at.desc().nullsFirst(),
    t.id.desc().nullsFirst(),
  ),
  index(`${name}_search_trgm_idx`).using('gin', sql`${t.search_text} gin_trgm_ops`),
];

// ---------------------------------------------------------------- organisation

export const department = pgTable(
  'department',
  {
    ...recordColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    director_id: integer('director_id'),
  },
  (t) => [
    ...recordIndexes('department', t),
    uniqueIndex('department_code_uq').on(t.code).where(sql`status <> 'D'`),
  ],
);

export const company = pgTable(
  'company',
  {
    ...recordColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    tax_code: varchar('tax_code', { length: 20 }),
    address: varchar('address', { length: 500 }),
    phone: varchar('phone', { length: 30 }),
    email: varchar('email', { length: 255 }),
    representative: varchar('representative', { length: 255 }),
    note: text('note'),
    /** Working days a request's step may wait before its deciders are reminded (docs/adr/0087-approval-reminders.md). */
    approval_reminder_days: integer('approval_reminder_days').notNull().default(2),
  },
  (t) => [
    ...recordIndexes('company', t),
    uniqueIndex('company_code_uq').on(t.code).where(sql`status <> 'D'`),
    index('company_name_idx').on(t.name, t.id),
    index('company_code_idx').on(t.code, t.id),
    index('company_tax_code_idx').on(t.tax_code, t.id),
    index('company_updated_idx').on(t.updated_at, t.id),
  ],
);

export const project = pgTable(
  'project',
  {
    ...recordColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
    company_id: integer('company_id').references(() => company.id),
  },
  (t) => [
    ...recordIndexes('project', t),
    uniqueIndex('project_code_uq').on(t.code).where(sql`status <> 'D'`),
    index('project_company_idx').on(t.company_id),
  ],
);

export const construction = pgTable(
  'construction',
  {
    ...recordColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    address: varchar('address', { length: 500 }),
    project_id: integer('project_id').references(() => project.id),
    start_date: date('start_date', { mode: 'string' }),
    end_date: date('end_date', { mode: 'string' }),
    description: text('description'),
    closed: boolean('closed').notNull().default(false),
    closed_at: stamp('closed_at'),
    /** The customer (chủ đầu tư) it is billed to: at most one (receivables, issue 16). */
    customer_id: integer('customer_id').references((): AnyPgColumn => customer.id),
  },
  (t) => [
    ...recordIndexes('construction', t),
    uniqueIndex('construction_code_uq').on(t.code).where(sql`status <> 'D'`),
    index('construction_project_idx').on(t.project_id),
    index('construction_customer_idx').on(t.customer_id),
  ],
);

// ---------------------------------------------------------------- settings

/** A setting table: name + code (unique among live rows) + what is special to it. */
const settingTable = <
  T extends Record<
    string,
    | ReturnType<typeof text>
    | ReturnType<typeof integer>
    | ReturnType<typeof numeric>
    | ReturnType<typeof varchar>
  >,
>(
  name: string,
  extra: T,
) =>
  pgTable(
    name,
    {
      ...recordColumns(),
      code: varchar('code', { length: 50 }).notNull(),
      name: varchar('name', { length: 255 }).notNull(),
      ...extra,
    },
    (t) => [
      ...recordIndexes(name, t),
      uniqueIndex(`${name}_code_uq`).on(t.code).where(sql`status <> 'D'`),
      index(`${name}_name_idx`).on(t.name),
    ],
  );

export const bank = settingTable('bank', {
  short_name: varchar('short_name', { length: 50 }),
  /** NAPAS BIN (six digits) for VietQR codes: a bank without one prints no code. */
  bin: varchar('bin', { length: 6 }),
});
export const tax = settingTable('tax', { value: numeric('value', { precision: 5, scale: 2 }).notNull() });
export const contractType = settingTable('contract_type', { note: text('note') });
export const constructionItem = settingTable('construction_item', { note: text('note') });
export const transactionType = settingTable('transaction_type', {
  pay_date: integer('pay_date').notNull().default(0),
});
export const documentAttachment = settingTable('document_attachment', {
  type: varchar('type', { length: 10 }).notNull(),
  quantity: integer('quantity').notNull().default(1),
  ordered: integer('ordered').notNull().default(0),
  transaction_type_id: integer('transaction_type_id').references(() => transactionType.id),
  /** none | warn | block: what a request missing it may still do (docs/adr/0094-required-documents.md). */
  requirement: varchar('requirement', { length: 10 }).notNull().default('none'),
});
export const constructorType = settingTable('constructor_type', { note: text('note') });
export const paymentType = settingTable('payment_type', { note: text('note') });
export const paymentDate = settingTable('payment_date', { day_of_month: integer('day_of_month').notNull() });
export const paymentMethod = settingTable('payment_method', { note: text('note') });
export const costItem = settingTable('cost_item', {});

// ---------------------------------------------------------------- contractors

export const constructorTable = pgTable(
  'constructor',
  {
    ...recordColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    tax_code: varchar('tax_code', { length: 14 }),
    address: varchar('address', { length: 500 }),
    phone: varchar('phone', { length: 30 }),
    email: varchar('email', { length: 255 }),
    constructor_type_id: integer('constructor_type_id').references(() => constructorType.id),
    note: text('note'),
  },
  (t) => [
    ...recordIndexes('constructor', t),
    uniqueIndex('constructor_code_uq').on(sql`lower(${t.code})`).where(sql`status <> 'D'`),
    index('constructor_name_idx').on(t.name, t.id),
    index('constructor_code_idx').on(t.code, t.id),
    index('constructor_tax_code_idx').on(t.tax_code, t.id),
  ],
);

export const beneficiary = pgTable(
  'beneficiary',
  {
    ...recordColumns(),
    constructor_id: integer('constructor_id')
      .notNull()
      .references(() => constructorTable.id),
    name: varchar('name', { length: 255 }).notNull(),
    bank_id: integer('bank_id')
      .notNull()
      .references(() => bank.id),
    account_number: varchar('account_number', { length: 19 }).notNull(),
    branch: varchar('branch', { length: 255 }),
    note: text('note'),
    /** The last change of what moves money (bank, account number, holder): who and when. */
    account_changed_at: stamp('account_changed_at'),
    account_changed_by: varchar('account_changed_by', { length: 100 }),
    account_changed_by_id: integer('account_changed_by_id'),
    /**
     * The holder does not name the contractor as banks print names (payee-name.ts): a warning.
     * Null until checked: rows older than the check are checked at start (seed.ts).
     */
    holder_mismatch: boolean('holder_mismatch'),
  },
  (t) => [
    ...recordIndexes('beneficiary', t),
    uniqueIndex('beneficiary_bank_account_uq').on(t.bank_id, t.account_number).where(sql`status <> 'D'`),
    index('beneficiary_constructor_idx').on(t.constructor_id),
    index('beneficiary_name_idx').on(t.name, t.id),
  ],
);

/**
 * The company's own bank accounts, which it pays from (a setting, scoped to the company): a payment
 * recorded against a request names one, the company's default when none is given.
 */
export const companyBankAccount = pgTable(
  'company_bank_account',
  {
    ...recordColumns(),
    company_id: integer('company_id').references(() => company.id),
    bank_id: integer('bank_id')
      .notNull()
      .references(() => bank.id),
    account_number: varchar('account_number', { length: 19 }).notNull(),
    holder: varchar('holder', { length: 255 }).notNull(),
    is_default: boolean('is_default').notNull().default(false),
  },
  (t) => [
    ...recordIndexes('company_bank_account', t),
    uniqueIndex('company_bank_account_account_uq').on(t.bank_id, t.account_number).where(sql`status <> 'D'`),
    // one default account per company
    uniqueIndex('company_bank_account_default_uq')
      .on(sql`coalesce(${t.company_id}, 0)`)
      .where(sql`is_default and status <> 'D'`),
  ],
);

// ---------------------------------------------------------------- contracts

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });

export const contract = pgTable(
  'contract',
  {
    ...recordColumns(),
    contract_no: varchar('contract_no', { length: 50 }).notNull(),
    contract_type_id: integer('contract_type_id')
      .notNull()
      .references(() => contractType.id),
    construction_id: integer('construction_id')
      .notNull()
      .references(() => construction.id),
    constructor_id: integer('constructor_id')
      .notNull()
      .references(() => constructorTable.id),
    beneficiary_id: integer('beneficiary_id').references(() => beneficiary.id),
    /** The construction's company at signing: contract numbers are unique within it. */
    company_id: integer('company_id').references(() => company.id),
    signed_date: date('signed_date', { mode: 'string' }).notNull(),
    amount_before_vat: money('amount_before_vat').notNull(),
    tax_id: integer('tax_id')
      .notNull()
      .references(() => tax.id),
    vat_rate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
    vat_amount: money('vat_amount').notNull(),
    amount_vat: money('amount_vat').notNull(),
    settlement_amount: money('settlement_amount'),
    /**
     * The warranty retention (giữ lại bảo hành): withheld from the payable ceiling until its release
     * date, as a percentage of the settlement, else of the value, or as a fixed amount
     * (docs/adr/0069-retention-apart-from-bank-guarantees.md).
     */
    retention_percent: numeric('retention_percent', { precision: 5, scale: 2 }),
    retention_amount: money('retention_amount'),
    retention_release_date: date('retention_release_date', { mode: 'string' }),
    penalty_amount: money('penalty_amount'),
    note: text('note'),
    /** The last payment request number given in this contract: numbers are never reused. */
    last_requirement_no: integer('last_requirement_no').notNull().default(0),
  },
  (t) => [
    ...recordIndexes('contract', t),
    uniqueIndex('contract_no_company_uq')
      .on(sql`coalesce(${t.company_id}, 0)`, sql`lower(${t.contract_no})`)
      .where(sql`status <> 'D'`),
    index('contract_construction_idx').on(t.construction_id, t.status, t.created_at.desc().nullsFirst()),
    index('contract_constructor_idx').on(t.constructor_id),
    index('contract_signed_idx').on(t.signed_date, t.id),
    index('contract_amount_vat_idx').on(t.amount_vat, t.id),
    index('contract_no_idx').on(t.contract_no, t.id),
  ],
);

export const contractAnnex = pgTable(
  'contract_annex',
  {
    ...recordColumns(),
    contract_id: integer('contract_id')
      .notNull()
      .references(() => contract.id),
    annex_no: varchar('annex_no', { length: 50 }).notNull(),
    note: text('note'),
    amount: money('amount').notNull(),
    signed_date: date('signed_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('contract_annex_contract_idx').on(t.contract_id, t.status),
    uniqueIndex('contract_annex_no_uq')
      .on(t.contract_id, sql`lower(${t.annex_no})`)
      .where(sql`status <> 'D'`),
  ],
);

/**
 * A contract's running totals, kept by triggers in the same transaction as every write of its
 * annexes and requests (migration 0010): live annexes' amount, and its live requests' (active, not
 * rejected) requested, approved and paid amounts. The reports read these instead of summing a
 * million requests at every view; a test checks them against plain SUMs after every kind of write.
 */
export const contractTotals = pgTable('contract_totals', {
  contract_id: integer('contract_id')
    .primaryKey()
    .references(() => contract.id),
  annex_amount: money('annex_amount').notNull().default('0'),
  requested: money('requested').notNull().default('0'),
  approved: money('approved').notNull().default('0'),
  paid: money('paid').notNull().default('0'),
  /**
   * What remains to pay of the live requests not paid in full (amount less paid_amount, migration
   * 0027): the reports' overdue is this less what remains of those not due yet.
   */
  unpaid: money('unpaid').notNull().default('0'),
  unpaid_count: integer('unpaid_count').notNull().default(0),
});

/**
 * Live payment requests summed per construction, month of their payment date and state (migration
 * 0012, kept by the same trigger in the writes' transaction): the payment report reads these
 * instead of every request, and the requests themselves only for the part months at a range's
 * edges (docs/adr/0053-running-totals-kept-by-triggers.md).
 */
export const paymentMonthTotals = pgTable(
  'payment_month_totals',
  {
    construction_id: integer('construction_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    approval_status: varchar('approval_status', { length: 1 }).notNull(),
    payment_status: varchar('payment_status', { length: 1 }).notNull(),
    count: integer('count').notNull().default(0),
    amount: money('amount').notNull().default('0'),
    /** What their payments paid (paid_amount, partial payments included; migration 0027). */
    paid: money('paid').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.construction_id, t.month, t.approval_status, t.payment_status] })],
);

/**
 * Money paid out per construction and month of the day it was paid: the payments not reversed
 * (payment_payout), kept by a trigger on them in the same transaction (migration 0027). The reports'
 * "paid in the period" reads these — cash by the bank's date, beside the requests' figures by their
 * payment date (docs/adr/0078-reports-count-payments-by-their-dates.md).
 */
export const payoutMonthTotals = pgTable(
  'payout_month_totals',
  {
    construction_id: integer('construction_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
    amount: money('amount').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.construction_id, t.month] })],
);

// ---------------------------------------------------------------- payment requests

/**
 * Payment requests (YCTT). The contract's construction, contractor and company are copied on the
 * row (they are fixed with the contract), so scope, the selector and reports filter without joins.
 * `due_date` = date + the transaction type's pay_date when written: the overdue lists read an index.
 * The beneficiary's bank account is copied when the request is accepted (bank_* columns).
 */
export const paymentTransaction = pgTable(
  'payment_transaction',
  {
    ...recordColumns(),
    contract_id: integer('contract_id')
      .notNull()
      .references(() => contract.id),
    construction_id: integer('construction_id')
      .notNull()
      .references(() => construction.id),
    constructor_id: integer('constructor_id')
      .notNull()
      .references(() => constructorTable.id),
    company_id: integer('company_id').references(() => company.id),
    /**
     * The request's own number, `YCTT-<year>-<6 digits>`: sequential per company and year of
     * creation, with no gap and no reuse (a deleted request keeps it); `code_year` and `code_no`
     * are its parts, which the next number is taken from (docs/adr/0065-request-numbers.md).
     */
    code: varchar('code', { length: 20 }).notNull(),
    code_year: smallint('code_year').notNull(),
    code_no: integer('code_no').notNull(),
    requirement_no: integer('requirement_no').notNull(),
    payment_code: varchar('payment_code', { length: 50 }).notNull(),
    transaction_type_id: integer('transaction_type_id')
      .notNull()
      .references(() => transactionType.id),
    pay_date: integer('pay_date').notNull().default(0),
    date: date('date', { mode: 'string' }).notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    /** The sum of its payments not reversed (payment_payout): paid (P) when it reaches the amount. */
    paid_amount: money('paid_amount').notNull().default('0'),
    invoice_amount: money('invoice_amount'),
    settlement_amount: money('settlement_amount'),
    guarantee_amount: money('guarantee_amount'),
    penalty_amount: money('penalty_amount'),
    advance_recovery: money('advance_recovery'),
    note: text('note').notNull(),
    internal_note: text('internal_note'),
    isPriority: boolean('is_priority').notNull().default(false),
    department_id: integer('department_id').references(() => department.id),
    director_id: integer('director_id'),
    user_id: integer('user_id'),
    approval_status: varchar('approval_status', { length: 1 }).notNull().default('O'),
    payment_status: varchar('payment_status', { length: 1 }).notNull().default('O'),
    template: varchar('template', { length: 20 }).notNull().default('v1'),
    attached_documents: jsonb('attached_documents').$type<number[]>().notNull().default([]),
    /** Who ticked each of `attached_documents` as received on paper, and when (docs/adr/0094-required-documents.md). */
    document_receipts: jsonb('document_receipts')
      .$type<Record<string, { by: string; at: string }>>()
      .notNull()
      .default({}),
    bank_id: integer('bank_id'),
    bank_name: varchar('bank_name', { length: 255 }),
    account_number: varchar('account_number', { length: 19 }),
    account_holder: varchar('account_holder', { length: 255 }),
    sent_at: stamp('sent_at'),
    decided_at: stamp('decided_at'),
    decided_by: varchar('decided_by', { length: 100 }),
    decision_note: text('decision_note'),
    paid_at: stamp('paid_at'),
    paid_by: varchar('paid_by', { length: 100 }),
    /** Who created, edited or sent the request or changed its files: they never decide it. */
    prepared_by: integer('prepared_by').array().notNull().default(sql`'{}'::integer[]`),
    /** Who accepted or rejected it: the accepter never confirms it paid. */
    decided_by_id: integer('decided_by_id'),
    /** The account it pays to (bank_id…account_holder) does not name the contractor: a warning. */
    holder_mismatch: boolean('holder_mismatch'),
    /**
     * The payee's account changed while the request waited or awaited payment: accept and confirm
     * paid are refused until an approver other than whoever changed it confirms the new account.
     */
    payee_hold: boolean('payee_hold').notNull().default(false),
    payee_changed_at: stamp('payee_changed_at'),
    payee_changed_by: varchar('payee_changed_by', { length: 100 }),
    payee_changed_by_id: integer('payee_changed_by_id'),
    /** The account the request paid to before the change, as it was shown. */
    payee_previous_bank: varchar('payee_previous_bank', { length: 255 }),
    payee_previous_account: varchar('payee_previous_account', { length: 19 }),
    payee_previous_holder: varchar('payee_previous_holder', { length: 255 }),
    payee_confirmed_at: stamp('payee_confirmed_at'),
    payee_confirmed_by: varchar('payee_confirmed_by', { length: 100 }),
    /**
     * The number of the step that decides the request now (payment_step), null without steps: a
     * request of a company with no approval flow, or one not waiting (docs/adr/0084-approval-steps.md).
     */
    current_step: smallint('current_step'),
  },
  (t) => [
    ...recordIndexes('payment_transaction', t),
    uniqueIndex('payment_requirement_no_uq').on(t.contract_id, t.requirement_no),
    // one number per company and year; a request of no company counts as company 0
    uniqueIndex('payment_code_uq').on(sql`coalesce(${t.company_id}, 0)`, t.code_year, t.code_no),
    index('payment_contract_idx').on(t.contract_id, t.status),
    // a search finds requests through their contractor and their contract
    // (docs/adr/0080-search-through-references.md), a page of them in time order one referred id at
    // a time (docs/adr/0098-search-page-from-its-sources.md)
    index('payment_constructor_created_idx').on(
      t.constructor_id,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('payment_contract_created_idx').on(
      t.contract_id,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // a request's number found by its start (docs/adr/0080-search-through-references.md)
    index('payment_code_prefix_idx').on(t.code.op('text_pattern_ops')),
    index('payment_construction_created_idx').on(
      t.construction_id,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('payment_construction_status_idx').on(
      t.construction_id,
      t.status,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('payment_date_idx').on(t.date, t.id),
    // the reports' reads of live requests by construction: by payment date (the part months at a
    // range's edges) and, unpaid, by due date (those not due yet: overdue = unpaid − these)
    index('payment_live_construction_date_idx')
      .on(t.construction_id, t.date)
      .where(sql`status = 'O' and approval_status <> 'R'`),
    index('payment_unpaid_construction_due_idx')
      .on(t.construction_id, t.due_date)
      .where(sql`payment_status = 'O' and status = 'O' and approval_status <> 'R'`),
    index('payment_user_created_idx').on(
      t.user_id,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('payment_waiting_idx')
      .on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`approval_status = 'W' and status = 'O'`),
    index('payment_overdue_idx')
      .on(t.due_date, t.id)
      .where(sql`payment_status = 'O' and status = 'O' and approval_status <> 'R'`),
    // a construction's unpaid requests and its waiting ones: the selector's two busiest lists
    index('payment_construction_unpaid_idx')
      .on(t.construction_id, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`payment_status = 'O' and status = 'O' and approval_status <> 'R'`),
    // user_id, current_step and prepared_by last: the approval queue leaves out the reader's own
    // requests and those he prepared, and asks a step's decider only of a request at a step; with
    // them here it counts its constructions' waiting requests from this index alone (1.4 → 0.3 ms on
    // 1 M requests; 3.8 → 0.4 ms once the steps and the preparers had joined the filter:
    // docs/adr/0102-approval-queue-counted-from-its-index.md)
    index('payment_construction_waiting_idx')
      .on(
        t.construction_id,
        t.created_at.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.user_id,
        t.current_step,
        t.prepared_by,
      )
      .where(sql`approval_status = 'W' and status = 'O'`),
    index('payment_requirement_idx').on(t.requirement_no, t.id),
    index('payment_amount_idx').on(t.amount, t.id),
  ],
);

/**
 * The payments made against an approved request, as the bank made them: the day, the amount, the
 * bank's reference (số UNC / số giao dịch) and the company account paid from. A payment is never
 * edited or deleted; a wrong one is reversed, by someone other than who recorded it
 * (docs/adr/0065-request-numbers.md and docs/adr/0066-payments-as-they-happened.md).
 */
export const paymentPayout = pgTable(
  'payment_payout',
  {
    id: serial('id').primaryKey(),
    payment_id: integer('payment_id')
      .notNull()
      .references(() => paymentTransaction.id),
    paid_date: date('paid_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    bank_reference: varchar('bank_reference', { length: 50 }).notNull(),
    company_bank_account_id: integer('company_bank_account_id').references(() => companyBankAccount.id),
    note: text('note'),
    recorded_at: stamp('recorded_at').notNull().defaultNow(),
    recorded_by: varchar('recorded_by', { length: 100 }).notNull(),
    recorded_by_id: integer('recorded_by_id').notNull(),
    reversed_at: stamp('reversed_at'),
    reversed_by: varchar('reversed_by', { length: 100 }),
    reversed_by_id: integer('reversed_by_id'),
    reverse_reason: text('reverse_reason'),
  },
  (t) => [
    index('payment_payout_payment_idx').on(t.payment_id, t.id),
    // the reports count paid money by the day it was paid
    index('payment_payout_date_idx').on(t.paid_date).where(sql`reversed_at is null`),
  ],
);

/** Every workflow move of a payment request: who, when, from, to, note (docs/product.md#payment-requests). */
export const paymentHistory = pgTable(
  'payment_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    payment_id: integer('payment_id')
      .notNull()
      .references(() => paymentTransaction.id),
    action: varchar('action', { length: 20 }).notNull(),
    from_status: varchar('from_status', { length: 1 }),
    to_status: varchar('to_status', { length: 1 }),
    note: text('note'),
    user_id: integer('user_id'),
    user_name: varchar('user_name', { length: 100 }),
    at: stamp('at').notNull().defaultNow(),
    /** The step a decision decided, and whom a delegate decided it for (docs/adr/0085-delegation.md). */
    step_no: smallint('step_no'),
    step_name: varchar('step_name', { length: 100 }),
    on_behalf_of_id: integer('on_behalf_of_id'),
    on_behalf_of: varchar('on_behalf_of', { length: 100 }),
  },
  (t) => [
    index('payment_history_payment_idx').on(t.payment_id, t.id.desc().nullsFirst()),
    index('payment_history_at_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * A company's approval flow (docs/adr/0084-approval-steps.md): its steps in order, each with its
 * name, its decider (a role within the request's scope, the head of the request's department, or a
 * user) and the amount from which it applies. At most one live flow per company.
 */
export const approvalFlow = pgTable(
  'approval_flow',
  {
    ...recordColumns(),
    company_id: integer('company_id')
      .notNull()
      .references(() => company.id),
    name: varchar('name', { length: 255 }).notNull(),
    steps: jsonb('steps')
      .$type<
        {
          name: string;
          decider_type: string;
          role_id?: number | null;
          user_id?: number | null;
          min_amount?: string | null;
        }[]
      >()
      .notNull(),
  },
  (t) => [
    ...recordIndexes('approval_flow', t),
    uniqueIndex('approval_flow_company_uq').on(t.company_id).where(sql`status <> 'D'`),
  ],
);

/**
 * The steps of a sent request, copied from its company's flow when it was sent (a flow changed
 * later does not change them), each as it was decided (docs/adr/0084-approval-steps.md). A resend
 * replaces them.
 */
export const paymentStep = pgTable(
  'payment_step',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    payment_id: integer('payment_id')
      .notNull()
      .references(() => paymentTransaction.id),
    no: smallint('no').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    decider_type: varchar('decider_type', { length: 20 }).notNull(),
    role_id: integer('role_id'),
    user_id: integer('user_id'),
    min_amount: money('min_amount'),
    /** waiting, pending (the current step), accepted, rejected, skipped. */
    status: varchar('status', { length: 10 }).notNull(),
    decided_by_id: integer('decided_by_id'),
    decided_by: varchar('decided_by', { length: 100 }),
    on_behalf_of_id: integer('on_behalf_of_id'),
    on_behalf_of: varchar('on_behalf_of', { length: 100 }),
    decided_at: stamp('decided_at'),
    note: text('note'),
    /** Decided by a delegate: the delegation's kind and the delegate's title, as signed (docs/adr/0088-signature-blocks.md). */
    delegation_kind: varchar('delegation_kind', { length: 10 }),
    delegate_title: varchar('delegate_title', { length: 100 }),
    /** When the step became the current one: its wait counts from then (docs/adr/0087-approval-reminders.md). */
    pending_since: stamp('pending_since'),
  },
  (t) => [
    uniqueIndex('payment_step_payment_no_uq').on(t.payment_id, t.no),
    // the approval queue reads the pending steps (docs/adr/0084-approval-steps.md)
    index('payment_step_pending_payment_idx').on(t.payment_id).where(sql`status = 'pending'`),
    index('payment_step_pending_idx').on(t.pending_since).where(sql`status = 'pending'`),
  ],
);

/**
 * A delegation of deciding (ủy quyền, docs/adr/0085-delegation.md): from `date_from` to `date_to`
 * the delegate decides what the delegator may decide. Ended early by deleting it (status D).
 */
export const delegation = pgTable(
  'delegation',
  {
    id: serial('id').primaryKey(),
    delegator_id: integer('delegator_id').notNull(),
    delegate_id: integer('delegate_id').notNull(),
    date_from: date('date_from', { mode: 'string' }).notNull(),
    date_to: date('date_to', { mode: 'string' }).notNull(),
    note: text('note'),
    /** deputy (ký thay) or authorized (thừa ủy quyền): docs/adr/0088-signature-blocks.md. */
    kind: varchar('kind', { length: 10 }).notNull().default('authorized'),
    /** The delegate's own title, printed under the delegator's. */
    title: varchar('title', { length: 100 }),
    status: varchar('status', { length: 1 }).notNull().default('O'),
    created_at: stamp('created_at').notNull().defaultNow(),
    created_by: varchar('created_by', { length: 100 }),
    ended_at: stamp('ended_at'),
    ended_by: varchar('ended_by', { length: 100 }),
  },
  (t) => [
    index('delegation_delegate_idx').on(t.delegate_id, t.date_to).where(sql`status = 'O'`),
    index('delegation_delegator_idx').on(t.delegator_id, t.date_to).where(sql`status = 'O'`),
  ],
);

/**
 * A payment request's discussion (docs/adr/0067-recall-and-comments.md): written once, never edited
 * or deleted — a trail beside the workflow's history. Seen by whoever sees the request.
 */
export const paymentComment = pgTable(
  'payment_comment',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    payment_id: integer('payment_id')
      .notNull()
      .references(() => paymentTransaction.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => appUser.id),
    user_name: varchar('user_name', { length: 100 }).notNull(),
    text: varchar('text', { length: 2000 }).notNull(),
    created_at: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [index('payment_comment_payment_idx').on(t.payment_id, t.id)],
);

/**
 * The VAT invoices a payment request is backed by (docs/adr/0068-payment-invoices.md); their live
 * totals make the request's `invoice_amount`. The request's company is copied on the row (fixed with
 * its contract) so that one invoice — seller's tax code, form, symbol, number — is claimed once per
 * company: `payment_invoice_uq`, among live invoices, and a deleted request deletes its invoices.
 * Read per request only: no list indexes beyond the request's.
 */
export const paymentInvoice = pgTable(
  'payment_invoice',
  {
    ...recordColumns(),
    payment_id: integer('payment_id')
      .notNull()
      .references(() => paymentTransaction.id),
    company_id: integer('company_id').references(() => company.id),
    form: varchar('form', { length: 11 }).notNull(),
    symbol: varchar('symbol', { length: 20 }).notNull(),
    number: varchar('number', { length: 20 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    seller_tax_code: varchar('seller_tax_code', { length: 14 }).notNull(),
    amount_before_vat: money('amount_before_vat').notNull(),
    /** A percentage ("10"), or KCT / KKKNT: no VAT. */
    vat_rate: varchar('vat_rate', { length: 5 }).notNull(),
    vat_amount: money('vat_amount').notNull(),
    total: money('total').notNull(),
    /**
     * `xml`: read from the tax authority's e-invoice XML (docs/adr/0092-einvoice-xml-checks.md), its
     * amounts the invoice's own; null: typed.
     */
    source: varchar('source', { length: 10 }),
    /** What the XML said (EInvoiceFacts, domain/src/einvoice.ts): parties, lines, totals, codes. */
    einvoice: jsonb('einvoice').$type<Record<string, unknown>>(),
    /** Its six checks as last judged (EInvoiceCheck[]), with any administrator's waivers. */
    checks: jsonb('checks').$type<Record<string, unknown>[]>(),
  },
  (t) => [
    index('payment_invoice_payment_idx').on(t.payment_id, t.status),
    uniqueIndex('payment_invoice_uq')
      .on(
        sql`coalesce(${t.company_id}, 0)`,
        t.seller_tax_code,
        sql`lower(${t.form})`,
        sql`lower(${t.symbol})`,
        t.number,
      )
      .where(sql`status <> 'D'`),
  ],
);

// ---------------------------------------------------------------- receivables (issue 16)

/** The customers the company bills: the owners and investors (chủ đầu tư) of its constructions. */
export const customer = pgTable(
  'customer',
  {
    ...recordColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    tax_code: varchar('tax_code', { length: 14 }),
    address: varchar('address', { length: 500 }),
    contact_person: varchar('contact_person', { length: 255 }),
    phone: varchar('phone', { length: 30 }),
    email: varchar('email', { length: 255 }),
    /** The company that registered it: it sees the customer, as do those who see its constructions. */
    company_id: integer('company_id').references(() => company.id),
  },
  (t) => [
    ...recordIndexes('customer', t),
    index('customer_company_idx').on(t.company_id),
    uniqueIndex('customer_code_uq').on(sql`lower(${t.code})`).where(sql`status <> 'D'`),
    index('customer_name_idx').on(t.name, t.id),
    index('customer_code_idx').on(t.code, t.id),
  ],
);

/**
 * A bill (hoá đơn) issued to a customer for one of its constructions. `vat_amount` and `total` are
 * computed by the server; `paid_amount` and `credited_amount` are the sums of its receipts and of
 * the credit notes applied to it, kept on the row (written with the row locked) and recomputed by
 * the check. Its state (open, paid, overdue) is derived when read, never stored.
 */
export const billing = pgTable(
  'billing',
  {
    ...recordColumns(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customer.id),
    construction_id: integer('construction_id')
      .notNull()
      .references(() => construction.id),
    number: varchar('number', { length: 50 }).notNull(),
    bill_date: date('bill_date', { mode: 'string' }).notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    vat_rate: integer('vat_rate').notNull().default(10),
    vat_amount: money('vat_amount').notNull(),
    total: money('total').notNull(),
    paid_amount: money('paid_amount').notNull().default('0'),
    credited_amount: money('credited_amount').notNull().default('0'),
    note: text('note'),
  },
  (t) => [
    ...recordIndexes('billing', t),
    uniqueIndex('billing_number_uq').on(t.customer_id, sql`lower(${t.number})`).where(sql`status <> 'D'`),
    index('billing_construction_idx').on(
      t.construction_id,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('billing_customer_idx').on(t.customer_id),
    index('billing_bill_date_idx').on(t.bill_date, t.id),
    index('billing_due_date_idx').on(t.due_date, t.id),
    index('billing_number_idx').on(t.number, t.id),
    index('billing_total_idx').on(t.total, t.id),
  ],
);

/** Money received against a bill. Receipts are never edited: a wrong one is offset by a credit note. */
export const billingReceipt = pgTable(
  'billing_receipt',
  {
    id: serial('id').primaryKey(),
    billing_id: integer('billing_id')
      .notNull()
      .references(() => billing.id),
    amount: money('amount').notNull(),
    receipt_date: date('receipt_date', { mode: 'string' }).notNull(),
    reference: varchar('reference', { length: 100 }),
    note: text('note'),
    user_id: integer('user_id'),
    user_name: varchar('user_name', { length: 100 }),
    created_at: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('billing_receipt_billing_idx').on(t.billing_id, t.id),
    index('billing_receipt_date_idx').on(t.receipt_date),
  ],
);

/**
 * A customer's credit: a credit note (`note`, reduces what it owes; with `billing_id`, applied to
 * that bill) or a credit limit (`limit`, from its date on; the latest counts).
 */
export const credit = pgTable(
  'credit',
  {
    ...recordColumns(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customer.id),
    billing_id: integer('billing_id').references(() => billing.id),
    kind: varchar('kind', { length: 10 }).notNull(),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    credit_date: date('credit_date', { mode: 'string' }).notNull(),
    reference: varchar('reference', { length: 100 }),
  },
  (t) => [
    index('credit_customer_idx').on(
      t.customer_id,
      t.credit_date.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('credit_billing_idx').on(t.billing_id),
  ],
);

/** Support tickets, kept in SitePay; `external_id` is the Zendesk id of an imported one. */
export const ticket = pgTable(
  'ticket',
  {
    ...recordColumns(),
    external_id: varchar('external_id', { length: 50 }),
    subject: varchar('subject', { length: 500 }).notNull(),
    description: text('description'),
    requester_name: varchar('requester_name', { length: 255 }).notNull(),
    requester_email: varchar('requester_email', { length: 255 }),
    state: varchar('state', { length: 10 }).notNull().default('new'),
    priority: varchar('priority', { length: 10 }).notNull().default('normal'),
    opened_at: stamp('opened_at').notNull().defaultNow(),
    /** Its creator's company (the importer's, for imported ones); null: administrators only. */
    company_id: integer('company_id').references(() => company.id),
  },
  (t) => [
    ...recordIndexes('ticket', t),
    index('ticket_company_idx').on(t.company_id),
    uniqueIndex('ticket_external_id_uq').on(t.external_id),
    index('ticket_state_idx').on(t.state, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('ticket_opened_idx').on(t.opened_at, t.id),
  ],
);

// ---------------------------------------------------------------- files

/** Files of any record (company, project, contract, payment…), kept through the file store. */
export const fileUpload = pgTable(
  'file_upload',
  {
    id: serial('id').primaryKey(),
    owner_kind: varchar('owner_kind', { length: 30 }).notNull(),
    owner_id: integer('owner_id').notNull(),
    document_type: varchar('document_type', { length: 50 }),
    file_name: varchar('file_name', { length: 255 }).notNull(),
    content_type: varchar('content_type', { length: 150 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storage_key: varchar('storage_key', { length: 300 }).notNull(),
    status: varchar('status', { length: 1 }).notNull().default('O'),
    created_at: stamp('created_at').notNull().defaultNow(),
    created_by: varchar('created_by', { length: 100 }),
  },
  (t) => [index('file_upload_owner_idx').on(t.owner_kind, t.owner_id, t.status)],
);

/**
 * Where a company keeps its document templates, per document type (the templates of
 * docs/product.md#companies).
 */
export const companyTemplate = pgTable(
  'company_template',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => company.id),
    document_type: varchar('document_type', { length: 50 }).notNull(),
    drive_path: varchar('drive_path', { length: 500 }),
    file_id: integer('file_id').references(() => fileUpload.id),
    updated_at: stamp('updated_at').notNull().defaultNow(),
    updated_by: varchar('updated_by', { length: 100 }),
  },
  (t) => [uniqueIndex('company_template_uq').on(t.company_id, t.document_type)],
);

// ---------------------------------------------------------------- access control

export const appUser = pgTable(
  'app_user',
  {
    ...recordColumns(),
    user_name: varchar('user_name', { length: 100 }).notNull(),
    password_hash: text('password_hash').notNull(),
    full_name: varchar('full_name', { length: 255 }),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 30 }),
    avatar: varchar('avatar', { length: 500 }),
    department_id: integer('department_id').references(() => department.id),
    join_date: date('join_date', { mode: 'string' }),
    /** The password was set by someone else (create, reset): only the change is allowed until done. */
    must_change_password: boolean('must_change_password').notNull().default(false),
  },
  (t) => [
    ...recordIndexes('app_user', t),
    uniqueIndex('app_user_name_uq').on(sql`lower(${t.user_name})`),
    // the lists' names of who created, sent, decided (user_name = created_by …): one look-up each
    // instead of a scan of every user per row and column (docs/adr/0100-list-names-by-index.md)
    index('app_user_user_name_idx').on(t.user_name),
  ],
);

export const appGroup = pgTable(
  'app_group',
  {
    ...recordColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    priority: integer('priority').notNull().default(0),
  },
  (t) => [
    ...recordIndexes('app_group', t),
    uniqueIndex('app_group_code_uq').on(t.code).where(sql`status <> 'D'`),
  ],
);

export const role = pgTable(
  'role',
  {
    ...recordColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    company_id: integer('company_id').references(() => company.id),
    project_id: integer('project_id').references(() => project.id),
    construction_id: integer('construction_id').references(() => construction.id),
    priority: integer('priority').notNull().default(0),
  },
  (t) => [...recordIndexes('role', t), uniqueIndex('role_code_uq').on(t.code).where(sql`status <> 'D'`)],
);

export const privilege = pgTable(
  'privilege',
  {
    ...recordColumns(),
    code: varchar('code', { length: 100 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
  },
  (t) => [
    ...recordIndexes('privilege', t),
    uniqueIndex('privilege_code_uq').on(t.code).where(sql`status <> 'D'`),
  ],
);

export const menu = pgTable(
  'menu',
  {
    ...recordColumns(),
    parent_id: integer('parent_id'),
    path: varchar('path', { length: 255 }).notNull(),
    component: varchar('component', { length: 255 }),
    name: varchar('name', { length: 100 }).notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    title_en: varchar('title_en', { length: 255 }).notNull(),
    icon: varchar('icon', { length: 100 }),
    is_new: boolean('is_new').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    redirect_url: varchar('redirect_url', { length: 255 }),
    sort_order: integer('sort_order').notNull().default(0),
  },
  (t) => [
    ...recordIndexes('menu', t),
    uniqueIndex('menu_name_uq').on(t.name).where(sql`status <> 'D'`),
    index('menu_parent_idx').on(t.parent_id),
  ],
);

export const endpoint = pgTable(
  'endpoint',
  {
    ...recordColumns(),
    method: varchar('method', { length: 10 }).notNull(),
    path: varchar('path', { length: 255 }).notNull(),
    endpoint_type: varchar('endpoint_type', { length: 50 }).notNull().default('api'),
    description: text('description'),
  },
  (t) => [...recordIndexes('endpoint', t), uniqueIndex('endpoint_method_path_uq').on(t.method, t.path)],
);

export const userRole = pgTable(
  'user_role',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => appUser.id),
    role_id: integer('role_id')
      .notNull()
      .references(() => role.id),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.role_id] }), index('user_role_role_idx').on(t.role_id)],
);
export const userGroup = pgTable(
  'user_group',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => appUser.id),
    group_id: integer('group_id')
      .notNull()
      .references(() => appGroup.id),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.group_id] }), index('user_group_group_idx').on(t.group_id)],
);
export const groupRole = pgTable(
  'group_role',
  {
    group_id: integer('group_id')
      .notNull()
      .references(() => appGroup.id),
    role_id: integer('role_id')
      .notNull()
      .references(() => role.id),
  },
  (t) => [primaryKey({ columns: [t.group_id, t.role_id] }), index('group_role_role_idx').on(t.role_id)],
);
/**
 * One number that grows whenever what users' data scopes are made of changes: roles and who holds
 * them (directly or through groups), constructions' projects, projects' companies. Triggers bump it
 * in the writing transaction (migration 0040), the request check reads it, and a server keeps a
 * user's constructions while it stays the same (docs/adr/0121-a-users-constructions-kept-per-access-version.md).
 */
export const accessVersion = pgTable('access_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
export const roleMenu = pgTable(
  'role_menu',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => role.id),
    menu_id: integer('menu_id')
      .notNull()
      .references(() => menu.id),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.menu_id] }), index('role_menu_menu_idx').on(t.menu_id)],
);
export const rolePrivilege = pgTable(
  'role_privilege',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => role.id),
    privilege_id: integer('privilege_id')
      .notNull()
      .references(() => privilege.id),
  },
  (t) => [
    primaryKey({ columns: [t.role_id, t.privilege_id] }),
    index('role_privilege_privilege_idx').on(t.privilege_id),
  ],
);
export const menuEndpoint = pgTable(
  'menu_endpoint',
  {
    menu_id: integer('menu_id')
      .notNull()
      .references(() => menu.id),
    endpoint_id: integer('endpoint_id')
      .notNull()
      .references(() => endpoint.id),
  },
  (t) => [
    primaryKey({ columns: [t.menu_id, t.endpoint_id] }),
    index('menu_endpoint_endpoint_idx').on(t.endpoint_id),
  ],
);
export const privilegeEndpoint = pgTable(
  'privilege_endpoint',
  {
    privilege_id: integer('privilege_id')
      .notNull()
      .references(() => privilege.id),
    endpoint_id: integer('endpoint_id')
      .notNull()
      .references(() => endpoint.id),
  },
  (t) => [
    primaryKey({ columns: [t.privilege_id, t.endpoint_id] }),
    index('privilege_endpoint_endpoint_idx').on(t.endpoint_id),
  ],
);

/**
 * An application that signs users in through SitePay (docs/product.md#entities-and-fields): its keys are
 * generated by the server, answered once, and kept only as hashes.
 */
export const application = pgTable(
  'application',
  {
    ...recordColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    role_default_id: integer('role_default_id').references(() => role.id),
    restrict: boolean('restrict').notNull().default(true),
    client_id: varchar('client_id', { length: 100 }).notNull(),
    secret_hash: text('secret_hash').notNull(),
    api_key_hash: text('api_key_hash').notNull(),
    url: varchar('url', { length: 500 }),
    project_id: integer('project_id').references(() => project.id),
    environment: varchar('environment', { length: 20 }).notNull().default('production'),
  },
  (t) => [
    ...recordIndexes('application', t),
    uniqueIndex('application_code_uq').on(t.code).where(sql`status <> 'D'`),
    uniqueIndex('application_client_id_uq').on(t.client_id).where(sql`status <> 'D'`),
  ],
);

// ---------------------------------------------------------------- mail

/** SMTP settings; one active at a time. The password is stored encrypted and never answered. */
export const emailConfig = pgTable(
  'email_config',
  {
    ...recordColumns(),
    host: varchar('host', { length: 255 }).notNull(),
    port: integer('port').notNull(),
    security: varchar('security', { length: 10 }).notNull().default('starttls'),
    user: varchar('user', { length: 255 }),
    password_enc: text('password_enc'),
    from: varchar('from', { length: 255 }).notNull(),
  },
  (t) => [
    ...recordIndexes('email_config', t),
    uniqueIndex('email_config_one_active_uq').on(t.status).where(sql`status = 'O'`),
  ],
);

/**
 * Mail to send, written in the transaction of what caused it (never lost), sent by the worker
 * (server/src/modules/mail/). `key` makes a mail unique: the same event never queues twice, and
 * it is the Message-ID the receiver sees.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: varchar('key', { length: 200 }).notNull(),
    event: varchar('event', { length: 50 }).notNull(),
    to: text('to').notNull(),
    subject: varchar('subject', { length: 500 }).notNull(),
    text: text('text').notNull(),
    html: text('html'),
    state: varchar('state', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: stamp('next_attempt_at').notNull().defaultNow(),
    locked_until: stamp('locked_until'),
    last_error: text('last_error'),
    created_at: stamp('created_at').notNull().defaultNow(),
    sent_at: stamp('sent_at'),
    /**
     * The construction of the record the mail speaks of (a payment request's): whoever sees it sees
     * the mail. Null for account mails (new user, password reset): administrators only.
     */
    construction_id: integer('construction_id'),
  },
  (t) => [
    uniqueIndex('mail_outbox_key_uq').on(t.key),
    index('mail_outbox_construction_idx').on(t.construction_id),
    index('mail_outbox_due_idx').on(t.next_attempt_at).where(sql`state in ('pending', 'sending')`),
    index('mail_outbox_created_idx').on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

// ---------------------------------------------------------------- sessions and history

/** One row per issued token: revocation lives here so every server instance sees it. */
export const session = pgTable(
  'session',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => appUser.id),
    issued_at: stamp('issued_at').notNull().defaultNow(),
    expires_at: stamp('expires_at').notNull(),
    revoked_at: stamp('revoked_at'),
    /** The application (`ApplicationId`) the session was opened with; null for sessions older than the column. */
    application_id: integer('application_id').references(() => application.id),
  },
  (t) => [
    index('session_user_idx').on(t.user_id),
    index('session_expires_idx').on(t.expires_at),
    index('session_application_idx').on(t.application_id),
  ],
);

export const accessHistory = pgTable(
  'access_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id'),
    user_name: varchar('user_name', { length: 100 }).notNull(),
    at: stamp('at').notNull().defaultNow(),
    address: varchar('address', { length: 64 }),
    user_agent: varchar('user_agent', { length: 500 }),
    type: varchar('type', { length: 10 }).notNull(),
    result: varchar('result', { length: 10 }).notNull(),
  },
  (t) => [
    index('access_history_user_at_idx').on(t.user_id, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('access_history_name_at_idx').on(sql`lower(${t.user_name})`, t.at),
    index('access_history_address_at_idx').on(t.address, t.at),
  ],
);

/**
 * A bank guarantee (bảo lãnh ngân hàng) given for a contract: advance, performance or warranty — a
 * bank's paper with its amount and expiry date, withholding nothing
 * (docs/adr/0069-retention-apart-from-bank-guarantees.md).
 */
export const contractGuarantee = pgTable(
  'contract_guarantee',
  {
    ...recordColumns(),
    contract_id: integer('contract_id')
      .notNull()
      .references(() => contract.id),
    kind: varchar('kind', { length: 20 }).notNull(),
    bank_id: integer('bank_id')
      .notNull()
      .references(() => bank.id),
    guarantee_no: varchar('guarantee_no', { length: 50 }).notNull(),
    amount: money('amount').notNull(),
    issued_date: date('issued_date', { mode: 'string' }),
    expiry_date: date('expiry_date', { mode: 'string' }).notNull(),
    note: text('note'),
  },
  (t) => [
    index('contract_guarantee_contract_idx').on(t.contract_id, t.status),
    // the expiring list and the morning mail (docs/adr/0095-bank-guarantees-checked.md)
    index('contract_guarantee_expiry_idx').on(t.expiry_date),
  ],
);

/** Change history of every record kind: who, when, what, and each changed field's old/new value. */
export const recordHistory = pgTable(
  'record_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entity: varchar('entity', { length: 50 }).notNull(),
    record_id: integer('record_id').notNull(),
    action: varchar('action', { length: 20 }).notNull(),
    changes: jsonb('changes').notNull().$type<Record<string, { old: unknown; new: unknown }>>(),
    user_id: integer('user_id'),
    user_name: varchar('user_name', { length: 100 }),
    at: stamp('at').notNull().defaultNow(),
  },
  (t) => [index('record_history_entity_record_idx').on(t.entity, t.record_id, t.id.desc().nullsFirst())],
);

/**
 * The days a daily job ran (server/src/core/daily-job.ts): its transaction claims its day with an
 * insert, so servers sharing one PostgreSQL run it once a day (docs/adr/0087-approval-reminders.md).
 */
export const jobRun = pgTable(
  'job_run',
  {
    job: varchar('job', { length: 50 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ran_at: stamp('ran_at').notNull().defaultNow(),
    /** What it did, for the log (how many mails). */
    result: text('result'),
  },
  (t) => [primaryKey({ columns: [t.job, t.day] })],
);

// ---------------------------------------------------------------- payment batches (issue 34)

/**
 * A payment batch (lệnh chi, docs/adr/0096-payment-batches-and-bank-files.md): transfers from one
 * company account to the payees of accepted requests of its company, made by one person and
 * approved by another (four eyes). O made, A approved (the bank file may go out), P every line paid,
 * C cancelled.
 */
export const paymentBatch = pgTable(
  'payment_batch',
  {
    id: serial('id').primaryKey(),
    /** `LC-<year>-<6 digits>`, sequential per company and year, as the request numbers. */
    code: varchar('code', { length: 20 }).notNull(),
    company_id: integer('company_id').references(() => company.id),
    company_bank_account_id: integer('company_bank_account_id')
      .notNull()
      .references(() => companyBankAccount.id),
    state: varchar('state', { length: 1 }).notNull().default('O'),
    total: money('total').notNull(),
    note: text('note'),
    version: integer('version').notNull().default(0),
    created_at: stamp('created_at').notNull().defaultNow(),
    created_by: varchar('created_by', { length: 100 }).notNull(),
    created_by_id: integer('created_by_id').notNull(),
    approved_at: stamp('approved_at'),
    approved_by: varchar('approved_by', { length: 100 }),
    approved_by_id: integer('approved_by_id'),
    cancelled_at: stamp('cancelled_at'),
    cancelled_by: varchar('cancelled_by', { length: 100 }),
  },
  (t) => [
    uniqueIndex('payment_batch_code_uq').on(sql`coalesce(${t.company_id}, 0)`, t.code),
    index('payment_batch_created_idx').on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('payment_batch_account_idx').on(t.company_bank_account_id, t.state),
  ],
);

/**
 * A batch's line: one request and the amount transferred to its payee. `open` while the batch is
 * made or approved and the line unpaid: a request has at most one open line (the unique index is
 * the last guard behind the request's lock).
 */
export const paymentBatchLine = pgTable(
  'payment_batch_line',
  {
    id: serial('id').primaryKey(),
    batch_id: integer('batch_id')
      .notNull()
      .references(() => paymentBatch.id),
    payment_id: integer('payment_id')
      .notNull()
      .references(() => paymentTransaction.id),
    line_no: smallint('line_no').notNull(),
    amount: money('amount').notNull(),
    /** What the statement paid of it (the payments recorded from its lines). */
    paid_amount: money('paid_amount').notNull().default('0'),
    paid: boolean('paid').notNull().default(false),
    open: boolean('open').notNull().default(true),
  },
  (t) => [
    index('payment_batch_line_batch_idx').on(t.batch_id, t.line_no),
    uniqueIndex('payment_batch_line_open_uq').on(t.payment_id).where(sql`open`),
    index('payment_batch_line_payment_idx').on(t.payment_id, t.id),
  ],
);

/**
 * A bank file template (docs/adr/0096-payment-batches-and-bank-files.md): how one bank's portal
 * takes a bulk transfer — the sheet, the rows above the header, the columns in order with each
 * one's field, header and format. One is the default (the generic template shipped by the seed).
 */
export const bankFileTemplate = pgTable(
  'bank_file_template',
  {
    ...recordColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    bank_id: integer('bank_id').references(() => bank.id),
    file_type: varchar('file_type', { length: 4 }).notNull().default('xlsx'),
    sheet_name: varchar('sheet_name', { length: 31 }).notNull(),
    header_rows: jsonb('header_rows').$type<string[]>().notNull().default([]),
    columns: jsonb('columns').$type<unknown[]>().notNull(),
    is_default: boolean('is_default').notNull().default(false),
  },
  (t) => [
    uniqueIndex('bank_file_template_code_uq').on(t.code).where(sql`status <> 'D'`),
    uniqueIndex('bank_file_template_default_uq').on(sql`(1)`).where(sql`is_default and status <> 'D'`),
  ],
);

/**
 * How a bank's statement names its columns (docs/adr/0097-statement-matching.md): the header text
 * of the date, reference, debit amount and content. A bank without one is read by the generic
 * headers `date`, `reference`, `debit`, `content`.
 */
export const bankStatementMapping = pgTable('bank_statement_mapping', {
  bank_id: integer('bank_id')
    .primaryKey()
    .references(() => bank.id),
  date_header: varchar('date_header', { length: 100 }).notNull(),
  reference_header: varchar('reference_header', { length: 100 }).notNull(),
  debit_header: varchar('debit_header', { length: 100 }).notNull(),
  content_header: varchar('content_header', { length: 100 }).notNull(),
  version: integer('version').notNull().default(0),
  updated_at: stamp('updated_at').notNull().defaultNow(),
  updated_by: varchar('updated_by', { length: 100 }),
});

/**
 * A debit line of a company account's statement (docs/adr/0097-statement-matching.md), known by
 * account, date, reference and amount: the same statement imported again adds nothing. M matched
 * (a payment recorded from it), U unmatched (for a person to match or dismiss), X dismissed.
 */
export const bankStatementLine = pgTable(
  'bank_statement_line',
  {
    id: serial('id').primaryKey(),
    company_bank_account_id: integer('company_bank_account_id')
      .notNull()
      .references(() => companyBankAccount.id),
    line_date: date('line_date', { mode: 'string' }).notNull(),
    reference: varchar('reference', { length: 50 }).notNull(),
    amount: money('amount').notNull(),
    content: text('content').notNull(),
    state: varchar('state', { length: 1 }).notNull(),
    /** Why it stayed unmatched: a reason the screens translate. */
    reason: varchar('reason', { length: 50 }),
    batch_line_id: integer('batch_line_id').references(() => paymentBatchLine.id),
    payout_id: integer('payout_id').references(() => paymentPayout.id),
    imported_at: stamp('imported_at').notNull().defaultNow(),
    imported_by: varchar('imported_by', { length: 100 }).notNull(),
    resolved_at: stamp('resolved_at'),
    resolved_by: varchar('resolved_by', { length: 100 }),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('bank_statement_line_uq').on(t.company_bank_account_id, t.line_date, t.reference, t.amount),
    index('bank_statement_line_state_idx').on(t.company_bank_account_id, t.state, t.id),
  ],
);
