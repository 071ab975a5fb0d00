/**
 * Receivables statistics for the /manage dashboard (docs/receivables.md "Statistics"): plain sums
 * over the live rows at the moment of asking, on NUMERIC in SQL, within the caller's scope (bills
 * through their construction, customers as the customer list sees them), like the reports.
 *
 * - by_state: bills by derived state; the amount is what remains for open and overdue bills and
 *   the total for paid ones.
 * - monthly: for the bills picked (bill date in from/to), billed by bill month and received by
 *   receipt month — so the months add up to total_billed and total_received.
 * - ageing: the remaining of unpaid bills by days past due (not yet due counts as 0–30).
 */
import {
  ageingBuckets,
  billingStatisticsSchema,
  customerStatisticsSchema,
  statisticsBillingQuerySchema,
} from '@sitepay/domain/receivables.schema';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { todaySql } from '../../core/business-time.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { billing, billingReceipt, credit, customer } from '../../db/schema.ts';
import { type CurrentUser, currentUser } from '../../http/auth.ts';
import { scopeOf } from '../../http/record-reads.ts';
import { billStateSql, remainingSql } from '../billing/billing.rules.ts';
import { customerKind, inScope } from '../customer/customer.resource.ts';

const join = (parts: (SQL | undefined)[]) =>
  sql.join(
    parts.filter((p): p is SQL => p !== undefined),
    sql` and `,
  );

/** The bills picked by the query, as a condition on `billing` (written unaliased). */
function billsPicked(q: z.infer<typeof statisticsBillingQuerySchema>, user: CurrentUser): SQL {
  return join([
    sql`"billing"."status" <> 'D'`,
    inScope(sql`"billing"."construction_id"`, user),
    q.customerId ? sql`"billing"."customer_id" = ${q.customerId}` : undefined,
    q.constructionId && q.constructionId > 0
      ? sql`"billing"."construction_id" = ${q.constructionId}`
      : undefined,
    q.from ? sql`"billing"."bill_date" >= ${q.from}::date` : undefined,
    q.to ? sql`"billing"."bill_date" <= ${q.to}::date` : undefined,
  ]);
}

const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

export async function billingStatistics(
  db: Tx,
  q: z.infer<typeof statisticsBillingQuerySchema>,
  user: CurrentUser,
) {
  const picked = billsPicked(q, user);
  const [totals] = await queryRows<{ billed: string; received: string; outstanding: string }>(
    db,
    sql`select coalesce(sum(total), 0)::numeric(18,2)::text as billed,
          coalesce(sum(paid_amount), 0)::numeric(18,2)::text as received,
          coalesce(sum(${remainingSql}), 0)::numeric(18,2)::text as outstanding
        from ${billing} where ${picked}`,
  );
  const states = await queryRows<{ state: 'open' | 'paid' | 'overdue'; count: number; amount: string }>(
    db,
    sql`select s.state, count(*)::int as count,
          coalesce(sum(case when s.state = 'paid' then s.total else s.remaining end), 0)::numeric(18,2)::text as amount
        from (select ${billStateSql} as state, total, ${remainingSql} as remaining from ${billing} where ${picked}) s
        group by s.state`,
  );
  const ageing = await queryRows<{ bucket: string; count: number; amount: string }>(
    db,
    sql`select a.bucket, count(*)::int as count, sum(a.remaining)::numeric(18,2)::text as amount
        from (select ${remainingSql} as remaining,
                case when ${todaySql} - due_date <= 30 then '0-30' when ${todaySql} - due_date <= 60 then '31-60'
                     when ${todaySql} - due_date <= 90 then '61-90' else '90+' end as bucket
              from ${billing} where ${picked} and ${remainingSql} > 0) a
        group by a.bucket`,
  );
  const months = await queryRows<{ month: string; billed: string; received: string }>(
    db,
    sql`select m.month, sum(m.billed)::numeric(18,2)::text as billed, sum(m.received)::numeric(18,2)::text as received
        from (
          select to_char(bill_date, 'YYYY-MM') as month, total as billed, 0 as received from ${billing} where ${picked}
          union all
          select to_char(r.receipt_date, 'YYYY-MM'), 0, r.amount
            from ${billingReceipt} r join ${billing} on "billing"."id" = r.billing_id where ${picked}
        ) m group by m.month order by m.month`,
  );
  // every month between the first and the last, so that a chart's axis has no holes
  const monthly: { month: string; billed: string; received: string }[] = [];
  const found = new Map(months.map((m) => [m.month, m]));
  if (months.length) {
    for (let m = months[0]!.month; m <= months.at(-1)!.month; m = nextMonth(m))
      monthly.push(found.get(m) ?? { month: m, billed: '0.00', received: '0.00' });
  }
  const state = (s: 'open' | 'paid' | 'overdue') => {
    const row = states.find((x) => x.state === s);
    return { count: row?.count ?? 0, amount: row?.amount ?? '0.00' };
  };
  return {
    by_state: { open: state('open'), paid: state('paid'), overdue: state('overdue') },
    monthly,
    ageing: ageingBuckets.map((bucket) => {
      const row = ageing.find((a) => a.bucket === bucket);
      return { bucket, count: row?.count ?? 0, amount: row?.amount ?? '0.00' };
    }),
    total_billed: totals!.billed,
    total_received: totals!.received,
    total_outstanding: totals!.outstanding,
  };
}

export async function customerStatistics(db: Tx, user: CurrentUser) {
  // each customer the user sees, with what it owes over the bills he sees (as the customer record)
  const seen = sql`select c.id, c.code, c.name, c.status,
      (coalesce((select sum(b.total - b.paid_amount - b.credited_amount) from ${billing} b
          where b.customer_id = c.id and b.status <> 'D' and ${inScope(sql`b.construction_id`, user)}), 0)
       - coalesce((select sum(k.amount) from ${credit} k where k.customer_id = c.id and k.kind = 'note'
          and k.billing_id is null and k.status <> 'D'), 0))::numeric(18,2) as outstanding
    from ${customer} c where c.id in (select "customer"."id" from ${customer}
      where "customer"."status" <> 'D' ${scopeOf(customerKind, user) ? sql`and ${scopeOf(customerKind, user)}` : sql``})`;
  const [counts] = await queryRows<{
    total: number;
    active: number;
    inactive: number;
    with_outstanding: number;
  }>(
    db,
    sql`select count(*)::int as total, count(*) filter (where s.status = 'O')::int as active,
          count(*) filter (where s.status = 'C')::int as inactive,
          count(*) filter (where s.outstanding > 0)::int as with_outstanding
        from (${seen}) s`,
  );
  const top = await queryRows<{ id: number; code: string; name: string; outstanding: string }>(
    db,
    sql`select s.id, s.code, s.name, s.outstanding::text as outstanding from (${seen}) s
        where s.outstanding > 0 order by s.outstanding desc, s.id limit 5`,
  );
  return {
    total: counts!.total,
    by_status: { active: counts!.active, inactive: counts!.inactive },
    with_outstanding: counts!.with_outstanding,
    top,
  };
}

export function registerStatisticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { menus: ['statistics'] };
  const tags = ['statistics'];
  r.get(
    '/api/manage/statistics/customer',
    { config, schema: { tags, response: { 200: customerStatisticsSchema } } },
    (req) => customerStatistics(app.db, currentUser(req)),
  );
  r.get(
    '/api/manage/statistics/billing',
    {
      config,
      schema: { tags, querystring: statisticsBillingQuerySchema, response: { 200: billingStatisticsSchema } },
    },
    (req) => billingStatistics(app.db, req.query, currentUser(req)),
  );
}
