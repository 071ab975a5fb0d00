/**
 * Mails of the payment workflow, queued in the move's own transaction: a listener of written moves
 * (payment.workflow.ts, onPaymentMove; app.ts adds it), mailing whom the transition table's
 * `notify` names: sent for approval or recalled → each approver; accepted, rejected, paid → the
 * creator. One mail per recipient and move: key `payment:<id>:<action>:<history id>:<user id>`.
 * The discussion's mails (a comment's mentions) are a listener of written comments
 * (payment-comment.service.ts, onPaymentComment).
 *
 * A request sent with approval steps (docs/adr/0084-approval-steps.md) waits for the deciders of
 * its current step (and their delegates of the day, mail.deciders.ts): a send and a recall mail
 * those of its first step, a step accepted those of the next step; nobody able to decide it with
 * an e-mail → the administrators.
 *
 * Without steps, approvers are found as payment.workflow.ts decides them (isApproverOf: the approval right, and
 * admin, ROLE_DIRECTOR or head of the request), among active users with an e-mail whose data
 * scope holds the request, never whoever created, edited or sent it. Administrators are approvers of everything; they are
 * mailed only when nobody approves the request by office (ROLE_DIRECTOR or head of it), so that
 * the IT administrator is not copied on every request. Nobody is mailed about his own move.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { businessToday } from '../../core/business-time.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { appUser, paymentStep } from '../../db/schema.ts';
import { ADMIN_ROLE, isAdminSql, scopeConstructionIds, userRoleIds } from '../../http/access-sql.ts';
import type { CurrentUser } from '../../http/auth.ts';
import type { Row } from '../../http/record-kind.ts';
import { DIRECTOR_ROLE, isApproverOf, type PaymentMoveEvent } from '../payment/payment.workflow.ts';
import type { PaymentCommentEvent } from '../payment/payment-comment.service.ts';
import { adminsFor, decidersOf } from './mail.deciders.ts';
import { enqueueMail } from './mail.outbox.ts';
import {
  type PaymentForMail,
  paymentCommentMail,
  paymentDecidedMail,
  paymentPaidMail,
  paymentRecalledMail,
  paymentSentMail,
  paymentStepMail,
} from './mail.templates.ts';

type Recipient = { id: number; user_name: string; full_name: string | null; email: string };

/** Active users with an e-mail who could approve `payment`; see the header for who is chosen. */
export async function approversToMail(tx: Tx, payment: Row): Promise<Recipient[]> {
  const offices = sql.join(
    [DIRECTOR_ROLE, ADMIN_ROLE].map((code) => sql`${code}`),
    sql`, `,
  );
  // Those who may hold the right at all: the request's heads and the holders of ROLE_DIRECTOR or
  // ROLE_ADMIN (directly or through an active group). Each is then checked as the workflow does.
  const candidates = await queryRows<Recipient & { department_id: number | null; heads: boolean }>(
    tx,
    sql`with heads as (
          select ${payment.director_id ?? null}::int as id
          union select d.director_id from department d where d.id = ${payment.department_id ?? null}::int)
        select u.id, u.user_name, u.full_name, u.email, u.department_id,
          u.id in (select id from heads where id is not null) as heads
        from app_user u
        where u.status = 'O' and coalesce(trim(u.email), '') <> '' and u.id <> ${payment.user_id}
          and u.id <> all(${sql.param(payment.prepared_by ?? [])}::int[])
          and (u.id in (select id from heads where id is not null)
            or u.id in (select ur.user_id from user_role ur join role r on r.id = ur.role_id
                        where r.status = 'O' and r.code in (${offices}))
            or u.id in (select ug.user_id from user_group ug
                        join app_group g on g.id = ug.group_id and g.status = 'O'
                        join group_role gr on gr.group_id = g.id
                        join role r on r.id = gr.role_id
                        where r.status = 'O' and r.code in (${offices})))
        order by u.id`,
  );
  const byOffice: Recipient[] = [];
  const admins: Recipient[] = [];
  for (const c of candidates) {
    const [flags] = await queryRows<{ is_admin: boolean; is_director: boolean; in_scope: boolean }>(
      tx,
      sql`select ${isAdminSql(c.id)} as is_admin,
            exists (select 1 from role r where r.code = ${DIRECTOR_ROLE} and r.id in (${userRoleIds(c.id)})) as is_director,
            ${payment.construction_id}::int in (${scopeConstructionIds(c.id)}) as in_scope`,
    );
    if (!flags) continue;
    const user: CurrentUser = {
      id: c.id,
      user_name: c.user_name,
      department_id: c.department_id,
      isAdmin: flags.is_admin,
      sessionId: '',
    };
    if (!user.isAdmin && !flags.in_scope) continue;
    if (!(await isApproverOf(tx, user, payment))) continue;
    const recipient = { id: c.id, user_name: c.user_name, full_name: c.full_name, email: c.email };
    (flags.is_director || c.heads ? byOffice : admins).push(recipient);
  }
  return byOffice.length ? byOffice : admins;
}

/** The deciders of step `no` of a request; nobody (with an e-mail) → the administrators. */
async function stepDecidersToMail(tx: Tx, paymentId: number, no: number, day: string): Promise<Recipient[]> {
  const deciders = await decidersOf(tx, paymentId, no, day);
  return deciders.length ? deciders : adminsFor(tx, paymentId);
}

async function stepNames(tx: Tx, paymentId: number, nos: number[]): Promise<Map<number, string>> {
  const rows = await tx
    .select({ no: paymentStep.no, name: paymentStep.name })
    .from(paymentStep)
    .where(and(eq(paymentStep.payment_id, paymentId), inArray(paymentStep.no, nos)));
  return new Map(rows.map((r) => [r.no, r.name]));
}

async function userById(tx: Tx, id: number | null | undefined) {
  if (!id) return undefined;
  const [u] = await tx
    .select({
      id: appUser.id,
      user_name: appUser.user_name,
      full_name: appUser.full_name,
      email: appUser.email,
      status: appUser.status,
    })
    .from(appUser)
    .where(eq(appUser.id, id));
  return u;
}

/** Queues the mails of one written move, to whom its transition's `notify` names. */
export async function mailPaymentMove(tx: Tx, event: PaymentMoveEvent) {
  const { payment, action, notify, historyId, note, actor } = event;
  if (!notify) return;
  const me = await userById(tx, actor.id);
  const by = me?.full_name?.trim() || actor.user_name;
  const p = payment as unknown as PaymentForMail;
  const queue = (to: Recipient, event: string, content: { subject: string; text: string; html: string }) =>
    to.id === actor.id
      ? undefined
      : enqueueMail(tx, {
          key: `payment:${payment.id}:${action}:${historyId}:${to.id}`,
          event,
          to: to.email,
          construction_id: payment.construction_id,
          ...content,
        });

  if (notify === 'approvers') {
    // the step the request waits on now, or (a recall) waited on until now
    const no = (action === 'recall' ? event.before.current_step : payment.current_step) as number | null;
    const told =
      no == null
        ? await approversToMail(tx, payment)
        : await stepDecidersToMail(tx, payment.id, no, businessToday(new Date()));
    const names =
      action === 'accept' && no != null
        ? await stepNames(tx, payment.id, [event.before.current_step, no])
        : null;
    for (const approver of told) {
      const content =
        action === 'recall'
          ? paymentRecalledMail(p, approver, by)
          : names
            ? paymentStepMail(p, approver, by, {
                decided: names.get(event.before.current_step) ?? null,
                current: no == null ? null : (names.get(no) ?? null),
              })
            : paymentSentMail(p, approver, by);
      await queue(approver, action === 'accept' ? 'payment_step' : `payment_${action}`, content);
    }
    return;
  }
  const creator = await userById(tx, payment.user_id);
  if (creator?.status !== 'O' || !creator.email) return;
  const to = { ...creator, email: creator.email };
  if (action === 'confirm_paid') await queue(to, 'payment_paid', paymentPaidMail(p, to, by));
  else
    await queue(
      to,
      `payment_${action}`,
      paymentDecidedMail(p, to, action as 'accept' | 'reject', by, note ?? payment.decision_note),
    );
}

/**
 * Queues the mails of one written comment: to each user its mentions tell (whom the discussion
 * chose: payment-comment.service.ts). One mail per comment and user: key
 * `payment-comment:<comment id>:<user id>`.
 */
export async function mailPaymentComment(tx: Tx, event: PaymentCommentEvent) {
  const { payment, comment, mentioned, author } = event;
  const by = comment.user_full_name?.trim() || author.user_name;
  for (const to of mentioned) {
    if (to.id === author.id) continue;
    await enqueueMail(tx, {
      key: `payment-comment:${comment.id}:${to.id}`,
      event: 'payment_comment',
      to: to.email,
      construction_id: payment.construction_id,
      ...paymentCommentMail(payment as unknown as PaymentForMail, to, by, comment.text),
    });
  }
}
