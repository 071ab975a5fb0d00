/**
 * The morning mail of expiring bank guarantees (docs/adr/0095-bank-guarantees-checked.md), a daily
 * job (core/daily-job.ts): each working morning, every active user with an e-mail who may read the
 * expiring list (an administrator, or a role whose menus reach GET /api/contract-guarantee/expiring)
 * gets one mail listing the guarantees of his contract scope that expire within 30 days — none when
 * there are none. Key `guarantee-expiry:<day>:<user id>`, queued in the job's transaction.
 */
import { sql } from 'drizzle-orm';
import type { DailyJob } from '../../core/daily-job.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { ADMIN_ROLE, endpointAllowed, userRoleIds } from '../../http/access-sql.ts';
import { expiringGuarantees } from '../contract/contract-guarantee.service.ts';
import type { Person } from './mail.deciders.ts';
import { enqueueMail } from './mail.outbox.ts';
import { guaranteeExpiryMail } from './mail.templates.ts';

/** The job: answers "N mails, M guarantees" for the log. */
export async function sendGuaranteeExpiry(tx: Tx, day: string): Promise<string> {
  const all = await expiringGuarantees(tx, day);
  if (!all.length) return '0 mails, 0 guarantees';
  const people = await queryRows<Person & { is_admin: boolean }>(
    tx,
    sql`select u.id, u.full_name, u.user_name, u.email,
          exists (select 1 from role r where r.code = ${ADMIN_ROLE} and r.id in (${userRoleIds(sql`u.id` as never)})) as is_admin
        from app_user u
        where u.status = 'O' and coalesce(trim(u.email), '') <> ''
          and (exists (select 1 from role r where r.code = ${ADMIN_ROLE} and r.id in (${userRoleIds(sql`u.id` as never)}))
            or ${endpointAllowed(userRoleIds(sql`u.id` as never), 'GET', '/api/contract-guarantee/expiring')})
        order by u.id`,
  );
  let mails = 0;
  for (const p of people) {
    const user = {
      id: p.id,
      user_name: p.user_name,
      department_id: null,
      isAdmin: p.is_admin,
      sessionId: '',
    };
    const list = p.is_admin ? all : await expiringGuarantees(tx, day, user);
    if (!list.length) continue;
    mails += 1;
    await enqueueMail(tx, {
      key: `guarantee-expiry:${day}:${p.id}`,
      event: 'guarantee_expiry',
      to: p.email,
      ...guaranteeExpiryMail(
        p,
        list.map((g) => ({
          kind: String(g.kind),
          guarantee_no: String(g.guarantee_no),
          bank_name: g.bank_name ?? null,
          amount: String(g.amount),
          expiry_date: String(g.expiry_date),
          contract_no: g.contract_no ?? null,
          constructor: g.constructor_name ?? null,
        })),
      ),
    });
  }
  return `${mails} mails, ${all.length} guarantees`;
}

export const guaranteeExpiryJob: DailyJob = { name: 'guarantee-expiry', run: sendGuaranteeExpiry };
