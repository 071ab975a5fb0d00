/**
 * The lists of payment requests other modules narrow to: the quick views (`<name>/paging`, also the
 * payment export's `view`) and the approver's queue (the approval list, the home page's and the
 * reports' "waiting for me").
 */
import { and, between, eq, type SQL, sql } from 'drizzle-orm';
import { businessToday, isoWeek, monthOf } from '../../core/business-time.ts';
import type { Tx } from '../../db/client.ts';
import { department, paymentTransaction } from '../../db/schema.ts';
import { keptUntilWrite, writesMade } from '../../db/writes.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { overdueSql } from './payment.resource.ts';
import { flowlessDeciderSql, rightsOf } from './payment.workflow.ts';
import { delegatorsOfSql, preparedSql, stepQueueSql } from './payment-steps.service.ts';

const p = paymentTransaction;

/**
 * The narrowed lists (`<name>/paging`): the same list query, one more condition each. The export
 * of the payment list takes the same views (`view=mine|today|week|month|overdue`).
 */
export const narrowedPaymentLists: Record<string, (user: CurrentUser) => ReturnType<typeof eq>> = {
  'transaction-created': (user) => eq(p.user_id, user.id),
  today: () => eq(p.date, businessToday()),
  week: () => {
    const w = isoWeek(businessToday());
    return between(p.date, w.from, w.to);
  },
  month: () => {
    const m = monthOf(businessToday());
    return between(p.date, m.from, m.to);
  },
  overdue: () => overdueSql,
};

/**
 * The caller's rights as a listing of his queue reads them: kept while this server writes nothing (a
 * role given or taken is a write), 5 s at most, for the queue and its count in the top bar, which
 * every screen asks for (docs/adr/0118-a-count-near-the-limit-kept-until-a-write.md). A decision reads
 * them afresh (payment.workflow.ts).
 */
type Rights = Awaited<ReturnType<typeof rightsOf>>;
const keptRights = keptUntilWrite<Rights>(5_000, 1_000);
async function listingRights(tx: Tx, user: CurrentUser): Promise<Rights> {
  const key = String(user.id);
  const kept = keptRights.get(tx, key);
  if (kept) return kept;
  const writes = writesMade();
  const rights = await rightsOf(tx, user);
  keptRights.set(tx, key, rights, writes);
  return rights;
}

/**
 * Waiting requests the caller may decide: none he created, edited or sent (four eyes). A request with
 * steps is his when its current step is (docs/adr/0084-approval-steps.md); one without, when it is
 * his unit's or he is a director; either, when it is a delegator's (docs/adr/0085-delegation.md).
 */
export async function queueWhere(tx: Tx, user: CurrentUser): Promise<SQL> {
  const rights = await listingRights(tx, user);
  const r = 'payment_transaction';
  const them = sql`for_whom.delegator_id`;
  // a director decides every flowless request himself: a delegator's could add none (and the
  // statement is 4 KB and eleven subplans shorter without them)
  const flowless = rights.isDirector
    ? sql`true`
    : sql`(${p.director_id} = ${user.id}
        or ${p.department_id} in (select d.id from ${department} d where d.director_id = ${user.id})
        or exists (select 1 from (${delegatorsOfSql(user.id)}) for_whom
          where ${flowlessDeciderSql(them, r)} and not ${preparedSql(them, r)}))`;
  // literals, not parameters: a prepared statement's generic plan can then use the partial index of
  // waiting requests (payment_waiting_idx), whose predicate names these values
  return and(
    sql`${p.approval_status} = 'W' and ${p.status} = 'O'`,
    sql`${p.user_id} is distinct from ${user.id} and not (${user.id}::int = any(${p.prepared_by}))`,
    rights.mayDecide
      ? // an OR, not a CASE: the planner then sees that a director's waiting requests are nearly all
        // his and walks the waiting index in the list's order (a CASE made it read and sort all 4,500)
        sql`((${p.current_step} is null and ${flowless})
          or (${p.current_step} is not null and ${stepQueueSql(user)}))`
      : sql`false`,
  )!;
}
