/**
 * The reports' SQL (issue 14): every figure is a SUM over the live rows at the moment of asking —
 * no summary table to drift — filtered by the caller's data scope and the report filters.
 *
 * - A payment counts when it is live: active and not rejected (as the lists and the contract
 *   summary count it). requested = every live one; approved = accepted; paid = what their payments
 *   paid (paid_amount); unpaid = what remains of those not paid in full; overdue = unpaid after its
 *   due date (the business day in Asia/Ho_Chi_Minh). Paid out = the payments by the day the bank
 *   paid them (docs/adr/0078-reports-count-payments-by-their-dates.md).
 * - Contract figures: value = amount incl. VAT + live annexes; paid = what its live requests' payments paid;
 *   remaining = value − paid; overdue = its overdue requests. The date range picks contracts by
 *   signing date (their payments are then counted whatever their date), payments by payment date.
 * Sums are NUMERIC in SQL, answered as exact decimal strings. They come from running totals kept
 * by triggers in the writes' transaction — a contract's annexes, paid and unpaid amounts
 * (`contract_totals`), a construction's requests per month and state (`payment_month_totals`) —
 * so a report reads summaries instead of a million requests, and is still exact at the moment of
 * asking. Overdue depends on today: it is what is unpaid less what is not due yet, and the requests
 * not due yet are read from the partial index of unpaid requests by due date (few: overdue ones
 * pile up, those to come are the next weeks'). docs/adr/0053-running-totals-kept-by-triggers.md.
 */

import { addAmounts, subtractAmounts } from '@sitepay/domain/money';
import type { ReportQuery } from '@sitepay/domain/report.schema';
import { VALUE_BUCKETS } from '@sitepay/domain/report.schema';
import { type SQL, sql } from 'drizzle-orm';
import { businessToday, isoWeek, todaySql } from '../../core/business-time.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { nextTurn, type Turn } from '../../http/load.ts';
import { inConstructionScope } from '../../http/user-scope.ts';
import { rightsOf } from '../payment/payment.workflow.ts';
import { queueWhere } from '../payment/payment-lists.service.ts';

const and = (parts: (SQL | undefined)[]): SQL => {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
};

/** Constructions the filters and the scope leave, as a condition on `column`. */
function constructionFilter(column: SQL, q: ReportQuery, user: CurrentUser): SQL {
  return and([
    user.isAdmin ? undefined : inConstructionScope(column, user),
    q.constructionId && q.constructionId > 0 ? sql`${column} = ${q.constructionId}` : undefined,
    q.projectId
      ? sql`${column} in (select id from construction where project_id = ${q.projectId})`
      : undefined,
    q.companyId
      ? sql`${column} in (select c.id from construction c join project pr on pr.id = c.project_id where pr.company_id = ${q.companyId})`
      : undefined,
  ]);
}

/** The payment figures of a group of rows of `payment_transaction p` (already live). */
const paymentFigures = sql`
  count(*)::int as requested_count, coalesce(sum(p.amount), 0)::numeric(18,2)::text as requested,
  count(*) filter (where p.approval_status = 'A')::int as approved_count,
  coalesce(sum(p.amount) filter (where p.approval_status = 'A'), 0)::numeric(18,2)::text as approved,
  count(*) filter (where p.payment_status = 'P')::int as paid_count,
  coalesce(sum(p.paid_amount), 0)::numeric(18,2)::text as paid,
  count(*) filter (where p.payment_status = 'O')::int as unpaid_count,
  coalesce(sum(p.amount - p.paid_amount) filter (where p.payment_status = 'O'), 0)::numeric(18,2)::text as unpaid,
  count(*) filter (where p.payment_status = 'O' and p.due_date < ${todaySql})::int as overdue_count,
  coalesce(sum(p.amount - p.paid_amount) filter (where p.payment_status = 'O' and p.due_date < ${todaySql}), 0)::numeric(18,2)::text as overdue`;

function livePayments(q: ReportQuery, user: CurrentUser): SQL {
  return and([
    sql`p.status = 'O' and p.approval_status <> 'R'`,
    constructionFilter(sql`p.construction_id`, q, user),
    q.constructorId ? sql`p.constructor_id = ${q.constructorId}` : undefined,
    q.from ? sql`p.date >= ${q.from}::date` : undefined,
    q.to ? sql`p.date <= ${q.to}::date` : undefined,
  ]);
}

/** The first day of the month of an ISO date, and of the month after. */
const monthOf = (iso: string) => `${iso.slice(0, 7)}-01`;
function nextMonth(iso: string): string {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * The payment date range split for the month summaries: the whole months inside [from, to] (first
 * month included, `toMonth` excluded, either end open when the range is) and the rest, the part
 * months at its edges, read from the requests.
 */
function monthSplit(from?: string, to?: string) {
  const fromMonth = from ? (from.endsWith('-01') ? from : nextMonth(from)) : undefined;
  const toIsLastDay = to !== undefined && addDay(to) === nextMonth(to);
  const toMonth = to ? (toIsLastDay ? nextMonth(to) : monthOf(to)) : undefined;
  const empty = fromMonth !== undefined && toMonth !== undefined && fromMonth >= toMonth;
  return {
    fromMonth,
    toMonth,
    fromEdge: from !== undefined && fromMonth !== from,
    toEdge: to !== undefined && !toIsLastDay,
    empty,
  };
}
function addDay(iso: string, days = 1): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The live requests the filters leave, as parts to add up: `cnt`/`amount` per state, and `nyd_cnt`/
 * `nyd_amount` for the unpaid ones not due yet (overdue = unpaid − not due yet). Whole months come
 * from `payment_month_totals`; a contractor filter, which the summaries do not carry, reads the
 * requests themselves.
 */
function paymentParts(q: ReportQuery, user: CurrentUser): SQL {
  const live = livePayments(q, user);
  const rowPart = (where: SQL) => sql`select p.construction_id, date_trunc('month', p.date)::date as month,
      p.approval_status, p.payment_status, 1 as cnt, p.amount, p.paid_amount as paid, 0 as nyd_cnt,
      0::numeric as nyd_amount
    from payment_transaction p where ${where}`;
  const notYetDue = sql`select p.construction_id, date_trunc('month', p.date)::date as month,
      p.approval_status, p.payment_status, 0 as cnt, 0::numeric as amount, 0::numeric as paid, 1 as nyd_cnt,
      p.amount - p.paid_amount as nyd_amount
    from payment_transaction p
    where ${live} and p.payment_status = 'O' and p.due_date >= ${todaySql}`;
  const split = monthSplit(q.from, q.to);
  if (q.constructorId || split.empty) return sql`${rowPart(live)} union all ${notYetDue}`;
  const { fromMonth, toMonth, fromEdge, toEdge } = split;
  const summary = sql`select s.construction_id, s.month, s.approval_status, s.payment_status, s.count as cnt,
      s.amount, s.paid, 0 as nyd_cnt, 0::numeric as nyd_amount
    from payment_month_totals s
    where ${and([
      sql`s.count <> 0`,
      constructionFilter(sql`s.construction_id`, q, user),
      fromMonth ? sql`s.month >= ${fromMonth}::date` : undefined,
      toMonth ? sql`s.month < ${toMonth}::date` : undefined,
    ])}`;
  // each part month read by its own date range, which the (construction, date) index answers
  const parts = [
    summary,
    fromEdge ? rowPart(livePayments({ ...q, to: addDay(fromMonth!, -1) }, user)) : undefined,
    toEdge ? rowPart(livePayments({ ...q, from: toMonth }, user)) : undefined,
    notYetDue,
  ];
  return sql.join(
    parts.filter((e): e is SQL => e !== undefined),
    sql` union all `,
  );
}

/** The payment figures of a group of `paymentParts` rows (`x`). */
const partFigures = sql`
  coalesce(sum(x.cnt), 0)::int as requested_count, coalesce(sum(x.amount), 0)::numeric(18,2)::text as requested,
  coalesce(sum(x.cnt) filter (where x.approval_status = 'A'), 0)::int as approved_count,
  coalesce(sum(x.amount) filter (where x.approval_status = 'A'), 0)::numeric(18,2)::text as approved,
  coalesce(sum(x.cnt) filter (where x.payment_status = 'P'), 0)::int as paid_count,
  coalesce(sum(x.paid), 0)::numeric(18,2)::text as paid,
  coalesce(sum(x.cnt) filter (where x.payment_status = 'O'), 0)::int as unpaid_count,
  coalesce(sum(x.amount - x.paid) filter (where x.payment_status = 'O'), 0)::numeric(18,2)::text as unpaid,
  (coalesce(sum(x.cnt) filter (where x.payment_status = 'O'), 0) - coalesce(sum(x.nyd_cnt), 0))::int as overdue_count,
  (coalesce(sum(x.amount - x.paid) filter (where x.payment_status = 'O'), 0) - coalesce(sum(x.nyd_amount), 0))::numeric(18,2)::text as overdue`;

/**
 * The money paid out in the filters' date range by the day it was paid (the payments not reversed),
 * per month: whole months from `payout_month_totals`, the part months at the range's edges and a
 * contractor filter (which the summaries do not carry) from the payments themselves.
 */
async function paidOutMonths(tx: Tx, q: ReportQuery, user: CurrentUser) {
  const rows = (from?: string, to?: string) => sql`select date_trunc('month', o.paid_date)::date as month,
      count(*) as cnt, sum(o.amount) as amount
    from payment_payout o join payment_transaction p on p.id = o.payment_id
    where ${and([
      sql`o.reversed_at is null`,
      constructionFilter(sql`p.construction_id`, q, user),
      q.constructorId ? sql`p.constructor_id = ${q.constructorId}` : undefined,
      from ? sql`o.paid_date >= ${from}::date` : undefined,
      to ? sql`o.paid_date <= ${to}::date` : undefined,
    ])}
    group by 1`;
  const split = monthSplit(q.from, q.to);
  let parts: SQL[];
  if (q.constructorId || split.empty) parts = [rows(q.from, q.to)];
  else {
    const { fromMonth, toMonth, fromEdge, toEdge } = split;
    parts = [
      sql`select s.month, s.count as cnt, s.amount from payout_month_totals s
        where ${and([
          sql`s.count <> 0`,
          constructionFilter(sql`s.construction_id`, q, user),
          fromMonth ? sql`s.month >= ${fromMonth}::date` : undefined,
          toMonth ? sql`s.month < ${toMonth}::date` : undefined,
        ])}`,
      ...(fromEdge ? [rows(q.from, addDay(fromMonth!, -1))] : []),
      ...(toEdge ? [rows(toMonth, q.to)] : []),
    ];
  }
  return queryRows<{ month: string; paid_out_count: number; paid_out: string }>(
    tx,
    sql`select to_char(x.month, 'YYYY-MM') as month, sum(x.cnt)::int as paid_out_count,
          sum(x.amount)::numeric(18,2)::text as paid_out
        from (${sql.join(parts, sql` union all `)}) x group by x.month having sum(x.cnt) > 0 order by x.month`,
  );
}

export async function paymentReport(tx: Tx, q: ReportQuery, user: CurrentUser) {
  // one pass over the parts, grouped three ways: per construction (by = 1), per month (by = 2)
  // and in all (by = 3, a row of zeros when nothing matches); `by` is grouping()'s bit mask
  const grouped = await queryRows<Record<string, unknown> & { by: number }>(
    tx,
    sql`with g as (
          select grouping(x.construction_id, x.month)::int as by,
            x.construction_id, to_char(x.month, 'YYYY-MM') as month, ${partFigures}
          from (${paymentParts(q, user)}) x
          group by grouping sets ((x.construction_id), (x.month), ())
          having grouping(x.construction_id, x.month) = 3 or sum(x.cnt) > 0)
        select g.*, c.code as construction_code, c.name as construction_name
        from g left join construction c on c.id = g.construction_id
        order by g.by, c.code, g.construction_id, g.month`,
  );
  const part = (by: number) => grouped.filter((r) => r.by === by);
  const rows = part(1).map(
    ({ by: _b, month: _m, construction_id, construction_code, construction_name, ...f }) => ({
      construction_id,
      construction_code,
      construction_name,
      ...f,
    }),
  );
  const months = part(2).map(
    ({ by: _b, construction_id: _c, construction_code: _cc, construction_name: _cn, month, ...f }) => ({
      month,
      ...f,
    }),
  );
  const [totals] = part(3).map(
    ({ by: _b, construction_id: _c, construction_code: _cc, construction_name: _cn, month: _m, ...f }) => f,
  );
  // beside the requests' figures by their payment date, the money paid out by the bank's date
  const paidOut = await paidOutMonths(tx, q, user);
  const outOf = new Map(paidOut.map((m) => [m.month, m]));
  const zeroFigures = Object.fromEntries(
    Object.entries(totals!).map(([k, v]) => [k, typeof v === 'number' ? 0 : '0.00']),
  );
  const allMonths = [...new Set([...months.map((m) => m.month as string), ...outOf.keys()])].sort();
  const byMonth = new Map(months.map((m) => [m.month as string, m]));
  return {
    rows,
    months: allMonths.map((month) => ({
      ...zeroFigures,
      ...byMonth.get(month),
      month,
      paid_out: outOf.get(month)?.paid_out ?? '0.00',
      paid_out_count: outOf.get(month)?.paid_out_count ?? 0,
    })),
    totals: {
      ...totals!,
      paid_out: addAmounts('0', ...paidOut.map((m) => m.paid_out)),
      paid_out_count: paidOut.reduce((n, m) => n + m.paid_out_count, 0),
    },
  };
}

/** The live contracts the filters leave, as a condition on `contract k`. */
function contractWhere(q: ReportQuery, user: CurrentUser, contractors?: SQL): SQL {
  return and([
    sql`k.status <> 'D'`,
    contractors ? sql`k.constructor_id in (${contractors})` : undefined,
    constructionFilter(sql`k.construction_id`, q, user),
    q.constructorId ? sql`k.constructor_id = ${q.constructorId}` : undefined,
    q.contractTypeId ? sql`k.contract_type_id = ${q.contractTypeId}` : undefined,
    q.from ? sql`k.signed_date >= ${q.from}::date` : undefined,
    q.to ? sql`k.signed_date <= ${q.to}::date` : undefined,
  ]);
}

/** Requests unpaid, not rejected and not due yet (the partial index of unpaid requests by due date). */
const notYetDueSql = sql`p.status = 'O' and p.approval_status <> 'R' and p.payment_status = 'O' and p.due_date >= ${todaySql}`;

/**
 * Live contracts the filters leave (`k`), with their value and their requests' figures; with
 * `contractors` (a statement of contractor ids), only those contractors' contracts.
 */
function contractsWith(q: ReportQuery, user: CurrentUser, contractors?: SQL): SQL {
  const where = contractWhere(q, user, contractors);
  // annexes, paid and unpaid amounts from the contract's running totals (kept by triggers with
  // every write, migrations 0010 and 0012); overdue = unpaid − not due yet, whose requests the
  // partial index of unpaid requests by due date holds, narrowed as the contracts are
  const notYetDue = and([
    notYetDueSql,
    constructionFilter(sql`p.construction_id`, q, user),
    q.constructorId ? sql`p.constructor_id = ${q.constructorId}` : undefined,
    contractors
      ? sql`p.contract_id in (select c2.id from contract c2 where c2.constructor_id in (${contractors}))`
      : undefined,
  ]);
  return sql`select k.id, k.contract_no, k.construction_id, k.constructor_id, k.contract_type_id, k.signed_date,
      k.status,
      k.amount_vat + coalesce(t.annex_amount, 0) as value,
      coalesce(t.paid, 0) as paid,
      coalesce(t.unpaid, 0) - coalesce(nyd.amount, 0) as overdue,
      coalesce(t.unpaid_count, 0) - coalesce(nyd.count, 0) as overdue_count
    from contract k
    left join contract_totals t on t.contract_id = k.id
    left join (
      select p.contract_id, sum(p.amount - p.paid_amount) as amount, count(*) as count
      from payment_transaction p
      where ${notYetDue}
      group by p.contract_id) nyd on nyd.contract_id = k.id
    where ${where}`;
}

const contractFigures = sql`
  count(*)::int as contracts,
  coalesce(sum(x.value), 0)::numeric(18,2)::text as contract_value,
  coalesce(sum(x.paid), 0)::numeric(18,2)::text as paid,
  (coalesce(sum(x.value), 0) - coalesce(sum(x.paid), 0))::numeric(18,2)::text as remaining,
  coalesce(sum(x.overdue), 0)::numeric(18,2)::text as overdue,
  coalesce(sum(x.overdue_count), 0)::int as overdue_count`;

const FIGURES = ['contracts', 'contract_value', 'paid', 'remaining', 'overdue', 'overdue_count'];

/** The ways contracts are grouped: the key and the names answered beside it. */
const by = {
  construction: { key: 'construction_id', fields: ['construction_code', 'construction_name'] },
  constructor: { key: 'constructor_id', fields: ['constructor_code', 'constructor_name'] },
  type: { key: 'contract_type_id', fields: ['contract_type_name'] },
};
type Dim = (typeof by)[keyof typeof by];

/**
 * The contracts' figures grouped each way of `dims` and in all, in one pass over the contracts
 * (grouping sets): a list of named rows per dim, in the order of its code or name, and the totals.
 */
async function contractGroups(tx: Tx, base: SQL, dims: Dim[]) {
  const keys = Object.values(by).map((d) =>
    sql.raw(dims.includes(d) ? `x.${d.key} as ${d.key}` : `null::int as ${d.key}`),
  );
  const grouped = sql.raw(dims.map((d) => `x.${d.key}`).join(', '));
  const sets = sql.raw([...dims.map((d) => `(x.${d.key})`), '()'].join(', '));
  const rows = await queryRows<Record<string, unknown> & { mask: number }>(
    tx,
    sql`with g as (
          select grouping(${grouped})::int as mask, ${sql.join(keys, sql`, `)}, ${contractFigures}
          from (${base}) x group by grouping sets (${sets}))
        select g.*, c.code as construction_code, c.name as construction_name,
          k.code as constructor_code, k.name as constructor_name, t.name as contract_type_name
        from g
        left join construction c on c.id = g.construction_id
        left join constructor k on k.id = g.constructor_id
        left join contract_type t on t.id = g.contract_type_id
        order by g.mask, c.code, g.construction_id, k.code, g.constructor_id, t.name, g.contract_type_id`,
  );
  const pick = (row: Record<string, unknown>, fields: string[]) =>
    Object.fromEntries(fields.map((f) => [f, row[f]]));
  // grouping()'s mask has a bit per dim, the first the highest, set where the dim is summed away
  const all = (1 << dims.length) - 1;
  const groups = dims.map((d, n) =>
    rows
      .filter((r) => r.mask === (all ^ (1 << (dims.length - 1 - n))))
      .map((r) => pick(r, [d.key, ...d.fields, ...FIGURES])),
  );
  const totals = pick(rows.find((r) => r.mask === all)!, FIGURES);
  return { groups, totals };
}

/** The top bar's selector names one construction (-1 or absent: every one the user may see). */
const oneConstruction = (q: ReportQuery) => Boolean(q.constructionId && q.constructionId > 0);

/** An administrator's report without a construction, project or company: over every contract. */
const overEveryContract = (q: ReportQuery, user: CurrentUser) =>
  user.isAdmin && !oneConstruction(q) && !q.projectId && !q.companyId;

/** Contractors per piece of the contractor report over every contractor (5,000: five pieces). */
export const CONTRACTORS_PER_PIECE = 1000;

/**
 * Per contractor; with a contractor filter, that contractor across its constructions. Over every
 * contract of the company group (an administrator without a construction, project or company
 * filter) the report is heavy: one aggregate over every contract held a core for 220-300 ms. It is
 * then read in pieces of `perPiece` contractors, in the order of their codes, with the server's
 * heavy lane taking its turn between them (http/load.ts), in the route's one snapshot. A piece
 * reads its contractors' contracts and their running totals; what is not due yet is read once for
 * all; overdue, remaining and the totals are worked out exactly from those (money as decimal
 * strings). Narrower reports are one statement (docs/adr/0054-reports-two-at-a-time-in-one-snapshot.md).
 */
export async function constructorReport(
  tx: Tx,
  q: ReportQuery,
  user: CurrentUser,
  turn: Turn = nextTurn,
  perPiece = overEveryContract(q, user) ? CONTRACTORS_PER_PIECE : Number.POSITIVE_INFINITY,
) {
  if (q.constructorId || !Number.isFinite(perPiece)) {
    const dims = q.constructorId ? [by.constructor, by.construction] : [by.constructor];
    const {
      groups: [rows, constructions = []],
      totals,
    } = await contractGroups(tx, contractsWith(q, user), dims);
    return { rows, constructions, totals };
  }
  const contractors = await queryRows<{ id: number; code: string | null; name: string | null }>(
    tx,
    sql`select id, code, name from constructor order by code, id`,
  );
  const raw = await contractFiguresInPieces(
    tx,
    contractWhere(q, user),
    ['constructor_id'],
    contractors.map((c) => c.id),
    perPiece,
    turn,
  );
  const rows = contractors.flatMap((c) => {
    const r = raw.get(String(c.id));
    return r
      ? [{ constructor_id: c.id, constructor_code: c.code, constructor_name: c.name, ...figuresOf([r]) }]
      : [];
  });
  return { rows, constructions: [], totals: figuresOf([...raw.values()]) };
}

/** A group's contract figures before overdue and remaining are worked out (contractFiguresInPieces). */
type RawFigures = {
  contracts: number;
  contract_value: string;
  paid: string;
  unpaid: string;
  unpaid_count: number;
  not_due: string;
  not_due_count: number;
};

/**
 * The figures of the contracts `where` leaves (a condition on `contract k`), grouped by `keys`
 * (columns of the contract), keyed by their values joined with ':'. Read in pieces of `perPiece`
 * values of the first key, taken in the order of `order`, with the heavy lane's turn between pieces
 * (http/load.ts): a piece reads its contracts and their running totals only. What is not due yet
 * is read once for all the groups first (the 20,000 unpaid requests due from today, through their
 * partial index): read in every piece, it made the pieces together cost twice the report at once.
 * The pieces are one statement with other values, planned once (`plan_cache_mode = auto` for the
 * route's transaction: planning each piece at every run cost more than it saved).
 */
async function contractFiguresInPieces(
  tx: Tx,
  where: SQL,
  keys: string[],
  order: number[],
  perPiece: number,
  turn: Turn,
): Promise<Map<string, RawFigures>> {
  await tx.execute(sql`set local plan_cache_mode = auto`);
  const columns = sql.raw(keys.map((k) => `k.${k}`).join(', '));
  const keyOf = (r: Record<string, unknown>) => keys.map((k) => r[k]).join(':');
  const notDue = new Map(
    (
      await queryRows<Record<string, unknown> & { amount: string; count: number }>(
        tx,
        sql`select ${columns}, sum(p.amount - p.paid_amount)::numeric(18,2)::text as amount, count(*)::int as count
            from payment_transaction p join contract k on k.id = p.contract_id
            where ${notYetDueSql} and ${where}
            group by ${columns}`,
      )
    ).map((r) => [keyOf(r), r]),
  );
  const figures = new Map<string, RawFigures>();
  for (let from = 0; from < order.length; from += perPiece) {
    if (from > 0) await turn();
    const piece = order.slice(from, from + perPiece);
    const rows = await queryRows<Record<string, unknown> & Omit<RawFigures, 'not_due' | 'not_due_count'>>(
      tx,
      sql`select ${columns}, count(*)::int as contracts,
            coalesce(sum(k.amount_vat + coalesce(t.annex_amount, 0)), 0)::numeric(18,2)::text as contract_value,
            coalesce(sum(t.paid), 0)::numeric(18,2)::text as paid,
            coalesce(sum(t.unpaid), 0)::numeric(18,2)::text as unpaid,
            coalesce(sum(t.unpaid_count), 0)::int as unpaid_count
          from contract k left join contract_totals t on t.contract_id = k.id
          where ${where} and ${sql.raw(`k.${keys[0]}`)} = any(${sql.param(piece)}::int[])
          group by ${columns}`,
    );
    for (const r of rows) {
      const key = keyOf(r);
      const due = notDue.get(key);
      figures.set(key, {
        contracts: r.contracts,
        contract_value: r.contract_value,
        paid: r.paid,
        unpaid: r.unpaid,
        unpaid_count: r.unpaid_count,
        not_due: due?.amount ?? '0',
        not_due_count: due?.count ?? 0,
      });
    }
  }
  return figures;
}

/** The report figures (FIGURES) of groups added up: counts as numbers, money exactly (hundredths). */
function figuresOf(parts: RawFigures[]) {
  const value = addAmounts('0', ...parts.map((p) => p.contract_value));
  const paid = addAmounts('0', ...parts.map((p) => p.paid));
  const unpaid = addAmounts('0', ...parts.map((p) => p.unpaid));
  const notDue = addAmounts('0', ...parts.map((p) => p.not_due));
  const count = (f: (p: RawFigures) => number) => parts.reduce((n, p) => n + f(p), 0);
  return {
    contracts: count((p) => p.contracts),
    contract_value: value,
    paid,
    remaining: subtractAmounts(value, paid),
    overdue: subtractAmounts(unpaid, notDue),
    overdue_count: count((p) => p.unpaid_count) - count((p) => p.not_due_count),
  };
}

/**
 * Per construction and per contract type; with one construction, its contracts and its payments
 * month by month as well. One statement even over every contract (150-200 ms): read in pieces of
 * 100 constructions like the contractor report, it cost more in all and the list beside it did no
 * better in the bench (docs/adr/0054-reports-two-at-a-time-in-one-snapshot.md).
 */
export async function constructionReport(tx: Tx, q: ReportQuery, user: CurrentUser) {
  const base = contractsWith(q, user);
  const {
    groups: [rows, byType],
    totals,
  } = await contractGroups(tx, base, [by.construction, by.type]);
  const one = oneConstruction(q);
  const contracts = one
    ? await queryRows(
        tx,
        sql`select x.id as contract_id, x.contract_no, k.name as constructor_name, x.signed_date::text as signed_date,
              1 as contracts, x.value::numeric(18,2)::text as contract_value, x.paid::numeric(18,2)::text as paid,
              (x.value - x.paid)::numeric(18,2)::text as remaining, x.overdue::numeric(18,2)::text as overdue,
              x.overdue_count::int as overdue_count
            from (${base}) x join constructor k on k.id = x.constructor_id
            order by x.signed_date, x.contract_no`,
      )
    : [];
  const months = one
    ? await queryRows(
        tx,
        sql`select to_char(p.date, 'YYYY-MM') as month, ${paymentFigures}
            from payment_transaction p
            where ${livePayments({ ...q, from: undefined, to: undefined }, user)}
            group by 1 order by 1`,
      )
    : [];
  return { rows, by_type: byType, contracts, months, totals };
}

export async function contractCount(tx: Tx, q: ReportQuery, user: CurrentUser) {
  // both groupings in one pass over the contracts (grouping sets), not one statement each
  const rows = await queryRows<{
    by_type: boolean;
    status: string | null;
    contract_type_id: number | null;
    contract_type_name: string | null;
    count: number;
    value: string;
  }>(
    tx,
    sql`with g as (
          select grouping(x.status) = 1 as by_type, x.status, x.contract_type_id, count(*)::int as count,
            coalesce(sum(x.value), 0)::numeric(18,2)::text as value
          from (${contractsWith(q, user)}) x group by grouping sets ((x.status), (x.contract_type_id)))
        select g.*, t.name as contract_type_name
        from g left join contract_type t on t.id = g.contract_type_id
        order by g.by_type, g.status desc, g.count desc, t.name`,
  );
  const byStatus = rows
    .filter((r) => !r.by_type)
    .map(({ status, count, value }) => ({ status, count, value }));
  const byType = rows
    .filter((r) => r.by_type)
    .map(({ contract_type_id, contract_type_name, count, value }) => ({
      contract_type_id,
      contract_type_name,
      count,
      value,
    }));
  const total = byStatus.reduce<number>((n, r) => n + Number(r.count), 0);
  return { total, by_status: byStatus, by_type: byType };
}

export async function contractAnnexCount(tx: Tx, q: ReportQuery, user: CurrentUser) {
  const base = contractsWith(q, user);
  const [row] = await queryRows(
    tx,
    sql`select count(distinct x.id)::int as contracts,
          count(distinct a.contract_id)::int as contracts_with_annexes,
          count(a.id)::int as annexes,
          coalesce(sum(a.amount), 0)::numeric(18,2)::text as annex_value,
          count(a.id) filter (where a.amount > 0)::int as increases,
          count(a.id) filter (where a.amount < 0)::int as decreases
        from (${base}) x left join contract_annex a on a.contract_id = x.id and a.status <> 'D'`,
  );
  return row;
}

export async function contractRank(tx: Tx, q: ReportQuery, user: CurrentUser, order: 'desc' | 'asc') {
  return queryRows(
    tx,
    sql`select x.id, x.contract_no, c.name as construction_name, k.name as constructor_name,
          x.signed_date::text as signed_date, x.value::numeric(18,2)::text as contract_value
        from (${contractsWith(q, user)}) x
        join construction c on c.id = x.construction_id
        join constructor k on k.id = x.constructor_id
        order by x.value ${sql.raw(order)}, x.id
        limit ${q.limit ?? 10}`,
  );
}

export async function amountDistribution(tx: Tx, q: ReportQuery, user: CurrentUser) {
  // one row of filtered aggregates, one pair per bucket: grouping by the bucket's CASE made the
  // planner guess a group per contract and sort every contract (spilling to disk) to find four
  const figures = VALUE_BUCKETS.map((b, i) => {
    const inside = sql`${b.from === null ? sql`true` : sql`x.value >= ${b.from}::numeric`} and ${b.to === null ? sql`true` : sql`x.value < ${b.to}::numeric`}`;
    return sql`count(*) filter (where ${inside})::int as ${sql.raw(`count_${i}`)},
      coalesce(sum(x.value) filter (where ${inside}), 0)::numeric(18,2)::text as ${sql.raw(`value_${i}`)}`;
  });
  const [row] = await queryRows<Record<string, string | number>>(
    tx,
    sql`select ${sql.join(figures, sql`, `)} from (${contractsWith(q, user)}) x`,
  );
  return VALUE_BUCKETS.map((b, i) => ({
    key: b.key,
    from: b.from,
    to: b.to,
    count: Number(row?.[`count_${i}`] ?? 0),
    value: String(row?.[`value_${i}`] ?? '0.00'),
  }));
}

/** The home page: what waits for the user now, and the totals of the selected construction. */
export async function homeFigures(tx: Tx, q: ReportQuery, user: CurrentUser) {
  const scope = constructionFilter(sql`p.construction_id`, q, user);
  const countAmount = (where: SQL) =>
    queryRows<{ count: number; amount: string }>(
      tx,
      sql`select count(*)::int as count, coalesce(sum(p.amount), 0)::numeric(18,2)::text as amount
          from payment_transaction p where ${where}`,
    ).then((rows) => rows[0]!);
  // the live requests of the month summaries where `summary` (on `s`) holds, less the requests
  // where `rows` (on `p`) holds: few rows read, however many the summaries count; their amount, or
  // with `remains` what remains to pay of it
  const summaryLess = (summary: SQL, rows: SQL, remains = false) =>
    queryRows<{ count: number; amount: string }>(
      tx,
      sql`select (w.count - o.count)::int as count, (w.amount - o.amount)::numeric(18,2)::text as amount
          from (select coalesce(sum(s.count), 0) as count,
                  coalesce(sum(${remains ? sql`s.amount - s.paid` : sql`s.amount`}), 0) as amount
                from payment_month_totals s
                where ${summary} and ${constructionFilter(sql`s.construction_id`, q, user)}) w,
               (select count(*) as count,
                  coalesce(sum(${remains ? sql`p.amount - p.paid_amount` : sql`p.amount`}), 0) as amount
                from payment_transaction p where ${rows}) o`,
    ).then((r) => r[0]!);
  const rights = await rightsOf(tx, user);
  // a director decides every waiting request but their own: the month summaries' waiting ones
  // less theirs; anyone else, the requests of their units, read through the queue's condition
  // (which names the table itself, no alias)
  const waiting = !rights.mayDecide
    ? null
    : rights.isDirector
      ? await summaryLess(
          sql`s.approval_status = 'W'`,
          sql`p.user_id = ${user.id} and p.approval_status = 'W' and p.status = 'O' and ${scope}`,
        )
      : (
          await queryRows<{ count: number; amount: string }>(
            tx,
            sql`select count(*)::int as count, coalesce(sum(amount), 0)::numeric(18,2)::text as amount
                from payment_transaction
                where ${await queueWhere(tx, user)} and ${constructionFilter(sql`payment_transaction.construction_id`, q, user)}`,
          )
        )[0]!;
  const rejected = await countAmount(
    sql`p.user_id = ${user.id} and p.approval_status = 'R' and p.status = 'O' and ${scope}`,
  );
  const mineWaiting = await countAmount(
    sql`p.user_id = ${user.id} and p.approval_status = 'W' and p.status = 'O' and ${scope}`,
  );
  // what the accountants pay: approved, not paid in full, counted by what remains
  const remaining = (where: SQL) =>
    queryRows<{ count: number; amount: string }>(
      tx,
      sql`select count(*)::int as count, coalesce(sum(p.amount - p.paid_amount), 0)::numeric(18,2)::text as amount
          from payment_transaction p where ${where}`,
    ).then((rows) => rows[0]!);
  const approvedUnpaid = sql`p.status = 'O' and p.approval_status = 'A' and p.payment_status = 'O' and ${scope}`;
  const toPay = rights.mayWrite ? await remaining(approvedUnpaid) : null;
  const partlyPaid = rights.mayWrite ? await remaining(sql`${approvedUnpaid} and p.paid_amount > 0`) : null;
  const unpaid = sql`p.status = 'O' and p.approval_status <> 'R' and p.payment_status = 'O' and ${scope}`;
  // overdue = unpaid (the month summaries) − not due yet (the partial index by due date), by what
  // remains to pay of them
  const overdue = await summaryLess(
    sql`s.payment_status = 'O'`,
    sql`${unpaid} and p.due_date >= ${todaySql}`,
    true,
  );
  const week = isoWeek(businessToday());
  const dueThisWeek = await remaining(
    sql`${unpaid} and p.due_date between ${week.from}::date and ${week.to}::date`,
  );
  const base = contractsWith({ ...q, from: undefined, to: undefined }, user);
  const [totals] = await queryRows<{
    contracts: number;
    contract_value: string;
    paid: string;
    remaining: string;
  }>(tx, sql`select ${contractFigures} from (${base}) x`);
  // the live requests' sum, from the contracts' running totals (a request's construction is its contract's)
  const [requested] = await queryRows<{ amount: string }>(
    tx,
    sql`select coalesce(sum(t.requested), 0)::numeric(18,2)::text as amount
        from contract_totals t join contract k on k.id = t.contract_id
        where ${constructionFilter(sql`k.construction_id`, q, user)}`,
  );
  return {
    waiting,
    rejected,
    mine_waiting: mineWaiting,
    to_pay: toPay,
    partly_paid: partlyPaid,
    overdue,
    due_this_week: { ...dueThisWeek, ...week },
    totals: {
      contracts: totals!.contracts,
      contract_value: totals!.contract_value,
      requested: requested!.amount,
      paid: totals!.paid,
      remaining: totals!.remaining,
    },
  };
}
