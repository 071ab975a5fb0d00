/**
 * Bills as a record kind of the generic machinery: scoped through their construction, searched by
 * number, customer and construction, filtered by state (open, paid, overdue), customer,
 * construction and bill date; answered with the figures and the state derived by billing.rules.ts.
 * What a write computes and refuses is in `beforeBillingWrite` (VAT, total, the construction must be
 * the customer's, the total never below what was received and credited).
 */
import { compareAmounts } from '@sitepay/domain/money';
import { eq, gte, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { billing, billingReceipt, construction, credit, customer } from '../../db/schema.ts';
import { scopeConstructionIds } from '../../http/access-sql.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { fieldError, HttpError, unprocessable } from '../../http/errors.ts';
import type { Row } from '../../http/record-kind.ts';
import { findRecord, outer, type RecordKind } from '../../http/records.ts';
import { constructionKind, selectedConstruction } from '../construction/construction.resource.ts';
import { customerKind } from '../customer/customer.resource.ts';
import {
  assertTotalCovers,
  billAmounts,
  billFigures,
  billStateSql,
  overdueDaysSql,
  remainingSql,
  stateCondition,
} from './billing.rules.ts';

const b = billing;

/** The bills a user sees: those of the constructions in his scope. */
export const billingScope = (user: CurrentUser) =>
  sql`${outer(b.construction_id)} = any(array(${scopeConstructionIds(user.id)}))`;

const notFoundAs = (field: string) => (e: unknown) => {
  if (e instanceof HttpError && e.status === 404) throw fieldError(field, 'not_found');
  throw e;
};

async function beforeBillingWrite(tx: Tx, values: Row, existing: Row | undefined, user: CurrentUser) {
  const merged = { ...existing, ...values } as Row;
  const owner = await findRecord(tx, customerKind, merged.customer_id, user).catch(notFoundAs('customer_id'));
  const site = await findRecord(tx, constructionKind, merged.construction_id, user).catch(
    notFoundAs('construction_id'),
  );
  if (site.customer_id !== owner.id)
    throw unprocessable(
      `construction ${site.code} is not a construction of customer ${owner.name}`,
      'billing_construction_not_customers',
      { construction: site.code, customer: owner.name },
    );
  if (merged.due_date < merged.bill_date) throw fieldError('due_date', 'before_bill_date');
  values.vat_rate = merged.vat_rate ?? 10;
  Object.assign(values, billAmounts(merged.amount, values.vat_rate));
  if (existing) {
    // the bill row is locked (updateRecord): what was received and credited cannot move meanwhile
    const figures = await billFigures(tx, existing.id);
    assertTotalCovers(values.total, figures);
    if (owner.id !== existing.customer_id && compareAmounts(figures.total, figures.remaining) !== 0)
      throw unprocessable(
        'a bill with receipts or credit notes stays with its customer',
        'billing_customer_fixed',
      );
  }
  // searched with the bill, not stored on it
  Object.assign(values, {
    customer_name: owner.name,
    construction_code: site.code,
    construction_name: site.name,
  });
}

async function beforeBillingStatus(tx: Tx, existing: Row, status: 'O' | 'C' | 'D') {
  if (status !== 'D') return;
  const [moved] = await tx
    .select({ id: billingReceipt.id })
    .from(billingReceipt)
    .where(eq(billingReceipt.billing_id, existing.id))
    .limit(1);
  const [credited] = await tx
    .select({ id: credit.id })
    .from(credit)
    .where(sql`${credit.billing_id} = ${existing.id} and ${credit.status} <> 'D'`)
    .limit(1);
  if (moved || credited)
    throw unprocessable(
      `bill ${existing.number} has receipts or credit notes and cannot be deleted`,
      'billing_has_receipts',
      { number: existing.number },
    );
}

export const billingKind: RecordKind = {
  name: 'billing',
  table: b,
  searchFields: ['number', 'customer_name', 'construction_code', 'construction_name'],
  sortable: {
    bill_date: b.bill_date,
    due_date: b.due_date,
    number: b.number,
    total: b.total,
    created_at: b.created_at,
    status: b.status,
  },
  defaultSort: { by: 'created_at', desc: true },
  unique: [
    {
      field: 'number',
      columns: ['customer_id', 'number'],
      constraint: 'billing_number_uq',
      caseInsensitive: true,
    },
  ],
  scope: billingScope,
  filters: (q) => {
    const selected = selectedConstruction(q);
    return [
      selected ? eq(b.construction_id, selected) : undefined,
      q.customerId ? eq(b.customer_id, Number(q.customerId)) : undefined,
      stateCondition(q.state as string | undefined),
      q.from ? gte(b.bill_date, String(q.from)) : undefined,
      q.to ? lte(b.bill_date, String(q.to)) : undefined,
    ];
  },
  extraColumns: {
    customer_name: sql<
      string | null
    >`(select x.name from ${customer} x where x.id = ${outer(b.customer_id)})`,
    construction_name: sql<
      string | null
    >`(select x.name from ${construction} x where x.id = ${outer(b.construction_id)})`,
    remaining: sql<string>`${remainingSql}::numeric(18,2)::text`,
    state: billStateSql,
    overdue_days: overdueDaysSql,
  },
  readOnly: ['vat_amount', 'total', 'paid_amount', 'credited_amount'],
  beforeWrite: beforeBillingWrite,
  beforeStatus: beforeBillingStatus,
};
