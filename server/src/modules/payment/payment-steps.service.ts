/**
 * The approval steps of a request (docs/adr/0084-approval-steps.md) and the delegations of deciding
 * (docs/adr/0085-delegation.md): who decides a step, in SQL so the checks and the approval queue
 * read the same rule; the steps a request takes when it is sent (copied from its company's flow);
 * and what a decision writes on them. Everything here runs in the move's transaction, with the
 * request row locked (payment.workflow.ts `lockRequest`).
 */
import { stepsFor } from '@sitepay/domain/approval-flow.schema';
import { and, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { todaySql } from '../../core/business-time.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { approvalFlow, delegation, department, paymentStep, paymentTransaction } from '../../db/schema.ts';
import { scopeConstructionIds, userRoleIds } from '../../http/access-sql.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { unprocessable } from '../../http/errors.ts';
import type { Row } from '../../http/record-kind.ts';
import { outer } from '../../http/records.ts';

const p = paymentTransaction;
type Id = SQL | number;
const idOf = (u: Id) => (typeof u === 'number' ? sql`${u}::int` : u);

/**
 * Whether user `u` decides the step `s` of the request `r` (SQL, over the aliases given): the step's
 * user; the head (director) of the request's department; a holder of the step's role whose scope
 * holds the request's construction.
 */
export const decidesStepSql = (u: Id, s: string, r: string): SQL => {
  const user = idOf(u);
  const [step, req] = [sql.raw(s), sql.raw(r)];
  return sql`(case ${step}.decider_type
    when 'user' then ${step}.user_id = ${user}
    when 'department_head' then exists (select 1 from ${department} dh
      where dh.id = ${req}.department_id and dh.director_id = ${user} and dh.status <> 'D')
    when 'role' then ${step}.role_id in (${userRoleIds(user as never)})
      and ${req}.construction_id in (${scopeConstructionIds(user as never)})
    else false end)`;
};

/** The users who delegated their deciding to `u` for today (docs/adr/0085-delegation.md). */
export const delegatorsOfSql = (u: Id): SQL =>
  sql`select dlg.delegator_id from delegation dlg where dlg.status = 'O' and dlg.delegate_id = ${idOf(u)}
        and ${todaySql} between dlg.date_from and dlg.date_to`;

/** Whether `u` prepared request `r` (created, edited or sent it): he never decides it. */
export const preparedSql = (u: Id, r: string): SQL => {
  const req = sql.raw(r);
  return sql`(${req}.user_id = ${idOf(u)} or ${idOf(u)} = any(${req}.prepared_by))`;
};

/** Whether `u` decided a step of request `r` already, himself or through a delegate. */
export const decidedAStepSql = (u: Id, r: string): SQL =>
  sql`exists (select 1 from payment_step done_step where done_step.payment_id = ${sql.raw(r)}.id
        and done_step.status in ('accepted', 'rejected')
        and (done_step.decided_by_id = ${idOf(u)} or done_step.on_behalf_of_id = ${idOf(u)}))`;

/**
 * The approval queue's condition for a request with steps (over `payment_transaction`): its current
 * step is the caller's, or a delegator's who may still decide it; never a step of someone who decided
 * another step of it. An administrator decides any step (docs/adr/0084-approval-steps.md).
 */
export const stepQueueSql = (user: CurrentUser): SQL => {
  const r = 'step_req';
  const mine = user.isAdmin ? sql`true` : decidesStepSql(user.id, 'cur_step', r);
  const them = sql`for_whom.delegator_id`;
  // the set of requests whose pending step is the caller's, read once per query (not a subquery per
  // waiting row: with 4,500 waiting rows that took 20–35 ms)
  return sql`${outer(p.id)} in (select cur_step.payment_id from payment_step cur_step
      join ${p} ${sql.raw(r)} on ${sql.raw(r)}.id = cur_step.payment_id and ${sql.raw(r)}.current_step = cur_step.no
      where cur_step.status = 'pending'
        and (${mine} or exists (select 1 from (${delegatorsOfSql(user.id)}) for_whom
          where ${decidesStepSql(them, 'cur_step', r)} and not ${preparedSql(them, r)}
            and not ${decidedAStepSql(them, r)}))
        and not ${decidedAStepSql(user.id, r)})`;
};

/**
 * Whether `userId` accepted a step of the request, himself or through a delegate: like the last
 * step's accepter, he does not record its payment (docs/adr/0084-approval-steps.md).
 */
export async function acceptedAStep(tx: Tx, paymentId: number, userId: number): Promise<boolean> {
  const [row] = await queryRows<{ yes: boolean }>(
    tx,
    sql`select exists (select 1 from payment_step where payment_id = ${paymentId} and status = 'accepted'
          and (decided_by_id = ${userId} or on_behalf_of_id = ${userId})) as yes`,
  );
  return Boolean(row?.yes);
}

export type StepRow = typeof paymentStep.$inferSelect;

/** The request's steps, in order. */
export const stepsOf = (tx: Tx, paymentId: number): Promise<StepRow[]> =>
  tx.select().from(paymentStep).where(eq(paymentStep.payment_id, paymentId)).orderBy(asc(paymentStep.no));

/** Who the caller is to the current step of a request with steps. */
export type StepStanding = {
  /** He decides it himself (or as an administrator), or for `onBehalfOf`. */
  decides: boolean;
  onBehalfOf: { id: number; user_name: string } | null;
  /** He (or whom he would act for) decided another step of the request. */
  decidedStep: boolean;
  /** How many steps are decided, how many are still to decide after the current one. */
  decided: number;
  after: number;
  /** The current step's name. */
  name: string | null;
};

export async function stepStanding(tx: Tx, user: CurrentUser, payment: Row): Promise<StepStanding | null> {
  if (payment.current_step == null) return null;
  const steps = await stepsOf(tx, payment.id);
  const decided = steps.filter((s) => s.status === 'accepted' || s.status === 'rejected');
  const after = steps.filter((s) => s.no > payment.current_step && s.status === 'waiting').length;
  const deciders = new Set(decided.flatMap((s) => [s.decided_by_id, s.on_behalf_of_id]));
  const name = steps.find((s) => s.no === payment.current_step)?.name ?? null;
  const standing = { decided: decided.length, after, onBehalfOf: null, name };
  const r = sql`(select * from ${p} where id = ${payment.id})`;
  const [row] = await queryRows<{ direct: boolean; for_id: number | null; for_name: string | null }>(
    tx,
    sql`select ${user.isAdmin ? sql`true` : decidesStepSql(user.id, 'cur_step', 'the_req')} as direct,
          for_one.id as for_id, for_one.user_name as for_name
        from payment_step cur_step cross join ${r} the_req
        left join lateral (select du.id, du.user_name from (${delegatorsOfSql(user.id)}) for_whom
          join app_user du on du.id = for_whom.delegator_id
          where ${decidesStepSql(sql`for_whom.delegator_id`, 'cur_step', 'the_req')}
            and not ${preparedSql(sql`for_whom.delegator_id`, 'the_req')}
          order by ${decidedAStepSql(sql`for_whom.delegator_id`, 'the_req')}, du.id limit 1) for_one on true
        where cur_step.payment_id = ${payment.id} and cur_step.no = ${payment.current_step}`,
  );
  if (row?.direct) return { ...standing, decides: true, decidedStep: deciders.has(user.id) };
  if (row?.for_id != null) {
    const onBehalfOf = { id: row.for_id, user_name: row.for_name ?? '' };
    return {
      ...standing,
      decides: true,
      onBehalfOf,
      decidedStep: deciders.has(user.id) || deciders.has(row.for_id),
    };
  }
  return { ...standing, decides: false, decidedStep: deciders.has(user.id) };
}

/**
 * The steps a request takes when it is sent: its company's live flow, those of its steps its amount
 * reaches (the others kept as skipped), the first pending. Refuses (422 `step_without_decider`) a
 * step nobody could decide. Answers the current step's number, or null: no flow (or no step
 * reaching the amount) keeps the single decision by a director.
 */
export async function startSteps(tx: Tx, payment: Row): Promise<number | null> {
  await tx.delete(paymentStep).where(eq(paymentStep.payment_id, payment.id));
  if (payment.company_id == null) return null;
  const [flow] = await tx
    .select()
    .from(approvalFlow)
    .where(and(eq(approvalFlow.company_id, payment.company_id), ne(approvalFlow.status, 'D')));
  if (!flow) return null;
  const applying = new Set(stepsFor(flow.steps, String(payment.amount)));
  if (!applying.size) return null;
  let first: number | null = null;
  const now = new Date();
  const rows = flow.steps.map((s, i) => {
    const status = !applying.has(s) ? 'skipped' : first === null ? 'pending' : 'waiting';
    if (status === 'pending') first = i + 1;
    return {
      payment_id: payment.id,
      no: i + 1,
      name: s.name,
      decider_type: s.decider_type,
      role_id: s.role_id ?? null,
      user_id: s.user_id ?? null,
      min_amount: s.min_amount ?? null,
      status,
      pending_since: status === 'pending' ? now : null,
    };
  });
  await tx.insert(paymentStep).values(rows);
  const [lonely] = await queryRows<{ name: string }>(
    tx,
    sql`select cur_step.name from payment_step cur_step cross join (select * from ${p} where id = ${payment.id}) the_req
        where cur_step.payment_id = ${payment.id} and cur_step.status <> 'skipped'
          and not exists (select 1 from app_user du where du.status = 'O'
            and ${decidesStepSql(sql`du.id`, 'cur_step', 'the_req')})
        order by cur_step.no limit 1`,
  );
  if (lonely)
    throw unprocessable(
      `nobody can decide the step “${lonely.name}” of this request`,
      'step_without_decider',
      {
        step: lonely.name,
      },
    );
  return first;
}

/**
 * Writes a decision on the current step: accepted or rejected, by whom and for whom. An accept makes
 * the next waiting step pending and answers its number (null: that was the last); a rejection
 * skips what remains and answers null.
 */
export async function decideStep(
  tx: Tx,
  payment: Row,
  accepted: boolean,
  user: CurrentUser,
  onBehalfOf: { id: number; user_name: string } | null,
  note: string | null | undefined,
): Promise<number | null> {
  const here = and(eq(paymentStep.payment_id, payment.id), eq(paymentStep.no, payment.current_step));
  // a delegate signs as his delegation says: its kind and his title (docs/adr/0088-signature-blocks.md)
  const [given] = onBehalfOf
    ? await tx
        .select({ kind: delegation.kind, title: delegation.title })
        .from(delegation)
        .where(
          and(
            eq(delegation.delegator_id, onBehalfOf.id),
            eq(delegation.delegate_id, user.id),
            eq(delegation.status, 'O'),
            sql`${todaySql} between ${delegation.date_from} and ${delegation.date_to}`,
          ),
        )
        .orderBy(desc(delegation.id))
        .limit(1)
    : [];
  await tx
    .update(paymentStep)
    .set({
      status: accepted ? 'accepted' : 'rejected',
      decided_by_id: user.id,
      decided_by: user.user_name,
      on_behalf_of_id: onBehalfOf?.id ?? null,
      on_behalf_of: onBehalfOf?.user_name ?? null,
      delegation_kind: onBehalfOf ? (given?.kind ?? 'authorized') : null,
      delegate_title: given?.title ?? null,
      decided_at: new Date(),
      note: note ?? null,
    })
    .where(here);
  const waiting = and(eq(paymentStep.payment_id, payment.id), eq(paymentStep.status, 'waiting'));
  if (!accepted) {
    await tx.update(paymentStep).set({ status: 'skipped' }).where(waiting);
    return null;
  }
  const [next] = await tx
    .select({ no: paymentStep.no })
    .from(paymentStep)
    .where(and(waiting, sql`${paymentStep.no} > ${payment.current_step}`))
    .orderBy(asc(paymentStep.no))
    .limit(1);
  if (!next) return null;
  await tx
    .update(paymentStep)
    .set({ status: 'pending', pending_since: new Date() })
    .where(and(eq(paymentStep.payment_id, payment.id), eq(paymentStep.no, next.no)));
  return next.no;
}

/** A recalled request is a draft again: it has no steps until it is sent. */
export const dropSteps = (tx: Tx, paymentId: number) =>
  tx.delete(paymentStep).where(eq(paymentStep.payment_id, paymentId));

/** The request's steps as its answer carries them (`steps`), people by their full names. */
export const stepsColumn = sql`(select coalesce(json_agg(json_build_object(
    'no', s.no, 'name', s.name, 'decider_type', s.decider_type, 'role_id', s.role_id, 'user_id', s.user_id,
    'status', s.status, 'decided_by', s.decided_by,
    'decided_by_name', (select coalesce(nullif(u.full_name, ''), u.user_name) from app_user u where u.id = s.decided_by_id),
    'on_behalf_of', s.on_behalf_of,
    'on_behalf_of_name', (select coalesce(nullif(u.full_name, ''), u.user_name) from app_user u where u.id = s.on_behalf_of_id),
    'decided_at', to_char(s.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'note', s.note,
    'delegation_kind', s.delegation_kind, 'delegate_title', s.delegate_title)
    order by s.no), '[]'::json) from payment_step s where s.payment_id = ${outer(p.id)})`;
