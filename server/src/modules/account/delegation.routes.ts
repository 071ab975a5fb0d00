/**
 * /api/account/delegation: delegations of deciding (ủy quyền, docs/adr/0085-delegation.md). A user
 * who may decide payment requests names a delegate (who may decide too) for some dates; meanwhile the
 * delegate decides what the delegator may decide, within the delegator's scope, never the
 * delegator's own requests (payment-steps.service.ts reads them). Each user sees and ends the
 * delegations he gave and sees those he received; administrators see and end every one.
 */
import { delegationInputSchema, delegationSchema } from '@sitepay/domain/approval-flow.schema';
import { idParamsSchema, okSchema } from '@sitepay/domain/common.schema';
import { and, desc, eq, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todaySql } from '../../core/business-time.ts';
import { appUser, delegation } from '../../db/schema.ts';
import { isAdminSql } from '../../http/access-sql.ts';
import { type CurrentUser, currentUser } from '../../http/auth.ts';
import { fieldError, notFound, unprocessable } from '../../http/errors.ts';
import { rightsOf } from '../payment/payment.workflow.ts';

const d = delegation;
const base = '/api/account/delegation';
const person = (id: SQLWrapper) =>
  sql<
    string | null
  >`(select coalesce(nullif(u.full_name, ''), u.user_name) from ${appUser} u where u.id = ${id})`;
const columns = {
  id: d.id,
  delegator_id: d.delegator_id,
  delegator_name: person(d.delegator_id),
  delegate_id: d.delegate_id,
  delegate_name: person(d.delegate_id),
  from: d.date_from,
  to: d.date_to,
  note: d.note,
  kind: d.kind,
  title: d.title,
  active: sql<boolean>`(${todaySql} between ${d.date_from} and ${d.date_to})`,
  created_at: d.created_at,
  created_by: d.created_by,
};
const visible = (user: CurrentUser) =>
  user.isAdmin ? undefined : or(eq(d.delegator_id, user.id), eq(d.delegate_id, user.id));
const answer = (row: { created_at: Date } & Record<string, unknown>) => ({
  ...row,
  created_at: row.created_at.toISOString(),
});

export function registerDelegationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'user' as const };
  const tags = ['account'];

  r.get(
    base,
    {
      config,
      schema: {
        tags,
        description:
          'The live delegations the caller gave or received (an administrator: all), newest first.',
        response: { 200: z.array(delegationSchema) },
      },
    },
    async (req) => {
      const rows = await app.db
        .select(columns)
        .from(d)
        .where(and(eq(d.status, 'O'), visible(currentUser(req))))
        .orderBy(desc(d.id))
        .limit(1000);
      return rows.map(answer) as never;
    },
  );

  r.post(
    `${base}/create`,
    { config, schema: { tags, body: delegationInputSchema, response: { 200: delegationSchema } } },
    (req) =>
      app.db.transaction(async (tx) => {
        const user = currentUser(req);
        const { delegate_id, from, to, note, kind, title } = req.body;
        if (delegate_id === user.id) throw unprocessable('you cannot delegate to yourself', 'delegate_self');
        const [delegate] = await tx
          .select({ id: appUser.id, user_name: appUser.user_name, admin: isAdminSql(delegate_id) })
          .from(appUser)
          .where(and(eq(appUser.id, delegate_id), eq(appUser.status, 'O')));
        if (!delegate) throw fieldError('delegate_id', 'not_found');
        // what is delegated is deciding: the delegator decides, the delegate may open the approvals
        if (!(await rightsOf(tx, user)).mayDecide)
          throw unprocessable(
            'you decide no payment requests: there is nothing to delegate',
            'cannot_delegate',
          );
        const delegateUser = {
          ...user,
          id: delegate.id,
          user_name: delegate.user_name,
          isAdmin: delegate.admin,
        };
        if (!(await rightsOf(tx, delegateUser as CurrentUser)).mayDecide)
          throw unprocessable(
            'the delegate may not open the payment approvals: give him that right first',
            'delegate_cannot_decide',
          );
        const [row] = await tx
          .insert(d)
          .values({
            delegator_id: user.id,
            delegate_id,
            date_from: from,
            date_to: to,
            note: note ?? null,
            kind: kind ?? 'authorized',
            title: title ?? null,
            created_by: user.user_name,
          })
          .returning({ id: d.id });
        const [created] = await tx.select(columns).from(d).where(eq(d.id, row!.id));
        return answer(created!) as never;
      }),
  );

  r.delete(
    `${base}/delete/:id`,
    { config, schema: { tags, params: idParamsSchema, response: { 200: okSchema } } },
    (req) =>
      app.db.transaction(async (tx) => {
        const user = currentUser(req);
        const [row] = await tx
          .select({ delegator_id: d.delegator_id })
          .from(d)
          .where(and(eq(d.id, req.params.id), eq(d.status, 'O'), visible(user)))
          .for('update');
        if (!row) throw notFound('delegation');
        if (!user.isAdmin && row.delegator_id !== user.id)
          throw unprocessable(
            'only whoever gave a delegation (or an administrator) ends it',
            'not_delegator',
          );
        await tx
          .update(d)
          .set({ status: 'D', ended_at: new Date(), ended_by: user.user_name })
          .where(eq(d.id, req.params.id));
        return { ok: true };
      }),
  );
}
