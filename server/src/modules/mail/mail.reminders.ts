/**
 * The approval reminders (docs/adr/0087-approval-reminders.md), a daily job (core/daily-job.ts):
 * each working morning, every request whose current step has waited longer than its company's
 * `approval_reminder_days` working days is listed in one mail to each person who decides that step
 * (and to his delegate of the day); one that waited twice as long is listed too to the deciders of
 * its next step, or, on its last step, to the administrators. One mail per person and day, key
 * `approval-reminder:<day>:<user id>`, queued in the job's transaction.
 */
import { sql } from 'drizzle-orm';
import { businessToday, workingDaysBetween } from '../../core/business-time.ts';
import type { DailyJob } from '../../core/daily-job.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { adminsFor, decidersOf, type Person } from './mail.deciders.ts';
import { enqueueMail } from './mail.outbox.ts';
import { approvalReminderMail, type WaitingRequest } from './mail.templates.ts';

type DueStep = {
  payment_id: number;
  no: number;
  pending_since: Date | string;
  days: number;
  code: string;
  amount: string;
  construction: string | null;
  contract_no: string | null;
  constructor: string | null;
  step: string;
};

/** The job: answers "N mails, M requests" for the log. */
export async function sendApprovalReminders(tx: Tx, day: string, now: Date): Promise<string> {
  // N working days between two days take more than N calendar days: the index narrows first
  const due = await queryRows<DueStep>(
    tx,
    sql`select s.payment_id, s.no, s.pending_since, coalesce(c.approval_reminder_days, 2) as days,
          p.code, p.amount::text as amount, s.name as step, k.contract_no,
          nullif(concat_ws(' ', ct.code, ct.name), '') as construction,
          nullif(concat_ws(' ', co.code, co.name), '') as constructor
        from payment_step s
        join payment_transaction p on p.id = s.payment_id
        left join company c on c.id = p.company_id
        left join contract k on k.id = p.contract_id
        left join construction ct on ct.id = p.construction_id
        left join "constructor" co on co.id = p.constructor_id
        where s.status = 'pending' and p.current_step = s.no and p.approval_status = 'W' and p.status <> 'D'
          and s.pending_since < ${now.toISOString()}::timestamptz - make_interval(days => coalesce(c.approval_reminder_days, 2))
        order by p.id`,
  );
  const mails = new Map<number, { person: Person; mine: WaitingRequest[]; told: WaitingRequest[] }>();
  const add = (person: Person, kind: 'mine' | 'told', request: WaitingRequest) => {
    const entry = mails.get(person.id) ?? { person, mine: [], told: [] };
    mails.set(person.id, entry);
    entry[kind].push(request);
  };
  let requests = 0;
  for (const step of due) {
    const waited = workingDaysBetween(businessToday(new Date(step.pending_since)), day);
    if (waited < step.days) continue;
    requests += 1;
    const deciders = await decidersOf(tx, step.payment_id, step.no, day);
    const request: WaitingRequest = {
      code: step.code,
      construction: step.construction,
      contract_no: step.contract_no,
      constructor: step.constructor,
      amount: step.amount,
      step: step.step,
      waited,
      deciders: deciders.map((d) => d.full_name?.trim() || d.user_name),
    };
    for (const person of deciders) add(person, 'mine', request);
    if (waited < 2 * step.days) continue;
    const [next] = await queryRows<{ no: number }>(
      tx,
      sql`select no from payment_step where payment_id = ${step.payment_id} and no > ${step.no}
            and status = 'waiting' order by no limit 1`,
    );
    const above = next ? await decidersOf(tx, step.payment_id, next.no, day) : [];
    const told = above.length ? above : await adminsFor(tx, step.payment_id);
    for (const person of told) if (!deciders.some((d) => d.id === person.id)) add(person, 'told', request);
  }
  for (const { person, mine, told } of mails.values())
    await enqueueMail(tx, {
      key: `approval-reminder:${day}:${person.id}`,
      event: 'approval_reminder',
      to: person.email,
      ...approvalReminderMail(person, mine, told),
    });
  return `${mails.size} mails, ${requests} requests`;
}

export const approvalRemindersJob: DailyJob = { name: 'approval-reminders', run: sendApprovalReminders };
