/**
 * Whom a request's current step waits for, by mail (docs/adr/0084-approval-steps.md,
 * docs/adr/0085-delegation.md): the mails of a send, of a step passed on and of a recall
 * (mail.payment.ts) and the morning reminders (mail.reminders.ts) read the same people.
 */
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { ADMIN_ROLE, userRoleIds } from '../../http/access-sql.ts';
import { mayDecideSql } from '../payment/payment.workflow.ts';
import { decidedAStepSql, decidesStepSql, preparedSql } from '../payment/payment-steps.service.ts';

export type Person = { id: number; full_name: string | null; user_name: string; email: string };

/**
 * The active users with an e-mail who may decide step `no` of request `paymentId` on `day`: its
 * deciders, and the delegates of the day of those — never one who prepared the request or decided
 * another step of it.
 */
export async function decidersOf(tx: Tx, paymentId: number, no: number, day: string): Promise<Person[]> {
  const fits = (u: SQL) =>
    sql`not ${preparedSql(u, 'the_req')} and not ${decidedAStepSql(u, 'the_req')} and ${mayDecideSql(u)}`;
  return queryRows<Person>(
    tx,
    sql`with the_step as (select * from payment_step where payment_id = ${paymentId} and no = ${no}),
          the_req as (select * from payment_transaction where id = ${paymentId}),
          direct as (select u.id from app_user u cross join the_step cur_step cross join the_req
            where u.status = 'O' and ${decidesStepSql(sql`u.id`, 'cur_step', 'the_req')} and ${fits(sql`u.id`)})
        select u.id, u.full_name, u.user_name, u.email from app_user u cross join the_req
        where u.status = 'O' and coalesce(trim(u.email), '') <> ''
          and (u.id in (select id from direct)
            or (exists (select 1 from delegation dlg where dlg.status = 'O' and dlg.delegate_id = u.id
                  and ${day}::date between dlg.date_from and dlg.date_to
                  and dlg.delegator_id in (select id from direct))
                and ${fits(sql`u.id`)}))
        order by u.id`,
  );
}

/** The active administrators with an e-mail who did not prepare the request. */
export const adminsFor = (tx: Tx, paymentId: number) =>
  queryRows<Person>(
    tx,
    sql`select u.id, u.full_name, u.user_name, u.email from app_user u
        cross join (select * from payment_transaction where id = ${paymentId}) the_req
        where u.status = 'O' and coalesce(trim(u.email), '') <> ''
          and exists (select 1 from role r where r.code = ${ADMIN_ROLE} and r.id in (${userRoleIds(sql`u.id` as never)}))
          and not ${preparedSql(sql`u.id`, 'the_req')}
        order by u.id`,
  );
