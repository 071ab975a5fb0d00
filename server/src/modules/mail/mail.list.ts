/**
 * The outbox as a list — the administrators' `/api/admin/mail/paging` and the receivables area's
 * mail list (`/api/manage/mail/list/paging`, docs/receivables.md) answer the same items from the
 * same query — and the resend of a failed mail: back to `pending` with its attempts counted afresh,
 * for the worker (mail.worker.ts) to send at once. A mail is seen and resent by whoever sees the
 * record it speaks of (its `construction_id`, a payment request's); account mails, which name no
 * record, by administrators only.
 */
import { idParamsSchema, pageSchema, pagingQuerySchema } from '@sitepay/domain/common.schema';
import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows, type Tx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { type CurrentUser, currentUser } from '../../http/auth.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { readPage, sortKeyOf } from '../../http/paging.ts';
import { inConstructionScope } from '../../http/user-scope.ts';
import { nudgeMailWorkers } from './mail.outbox.ts';
import { SECRET_EVENTS } from './mail.worker.ts';

export const mailStates = ['pending', 'sending', 'sent', 'failed'] as const;
export const mailItemSchema = z.object({
  id: z.number(),
  event: z.string(),
  to: z.string(),
  subject: z.string(),
  state: z.enum(mailStates),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** When it is tried again (pending) or its lease ends (sending). */
  next_attempt_at: z.string().nullable(),
  /** Whether `resend` takes it: failed, and no password mail, whose text went when it failed. */
  resendable: z.boolean(),
});
export const mailQuerySchema = pagingQuerySchema.extend({
  state: z.enum(mailStates).optional(),
  event: z.string().max(50).optional(),
});
type MailItem = z.infer<typeof mailItemSchema>;

const o = mailOutbox;
const sortable: Record<string, PgColumn> = {
  created_at: o.created_at,
  sent_at: o.sent_at,
  next_attempt_at: o.next_attempt_at,
  state: o.state,
  event: o.event,
  to: o.to,
  attempts: o.attempts,
};
const selection = {
  id: o.id,
  event: o.event,
  to: o.to,
  subject: o.subject,
  state: o.state,
  attempts: o.attempts,
  last_error: o.last_error,
  created_at: o.created_at,
  sent_at: o.sent_at,
  next_attempt_at: o.next_attempt_at,
};
const toItem = (row: Record<string, unknown>): MailItem => {
  const item: Record<string, unknown> = {
    ...row,
    id: Number(row.id),
    resendable: row.state === 'failed' && !SECRET_EVENTS.has(String(row.event)),
  };
  for (const [k, v] of Object.entries(item)) if (v instanceof Date) item[k] = v.toISOString();
  return item as MailItem;
};

/** The mails the user may see: those of records in his scope; every one for an administrator. */
const mailScope = (user: CurrentUser): SQL | undefined =>
  user.isAdmin ? undefined : inConstructionScope(o.construction_id, user);

/** A page of the outbox: filtered by state, event and a search over recipient, subject, event and key. */
export function readOutbox(db: Tx, q: z.infer<typeof mailQuerySchema>, user: CurrentUser) {
  const like = q.search?.trim() ? `%${q.search.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : undefined;
  const where: SQL | undefined = and(
    mailScope(user),
    q.state ? eq(o.state, q.state) : undefined,
    q.event ? eq(o.event, q.event) : undefined,
    like
      ? or(ilike(o.to, like), ilike(o.subject, like), ilike(o.event, like), ilike(o.key, like))
      : undefined,
  );
  const { key, asked } = sortKeyOf(sortable, q.sortBy, o.created_at);
  return readPage(
    db,
    {
      table: o,
      selection,
      where,
      key,
      id: o.id,
      descending: asked ? Boolean(q.sortDesc) : true,
    },
    q,
    toItem,
  );
}

/**
 * A failed mail back to `pending`, attempts reset, due now. A mail that carried a password had its
 * text wiped when it was given up (mail.worker.ts): it cannot be sent again — reset the password.
 */
export async function resendMail(db: Tx, id: number, user: CurrentUser): Promise<MailItem> {
  const seen = mailScope(user) ?? sql`true`;
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`update ${o} set state = 'pending', attempts = 0, last_error = null, locked_until = null,
          next_attempt_at = now()
        where id = ${id} and ${seen} and state = 'failed' and not (event = any(${sql.param([...SECRET_EVENTS])}::text[]))
        returning id, event, "to", subject, state, attempts, last_error, created_at, sent_at, next_attempt_at`,
  );
  if (row) {
    nudgeMailWorkers();
    return toItem(row);
  }
  const [mail] = await queryRows<{ state: string; event: string }>(
    db,
    sql`select state, event from ${o} where id = ${id} and ${seen}`,
  );
  if (!mail) throw notFound('mail');
  if (mail.state !== 'failed')
    throw unprocessable(
      `only a failed mail can be sent again; this one is ${mail.state}`,
      'mail_not_failed',
      {
        state: mail.state,
      },
    );
  throw unprocessable(
    'a mail that carried a password is not kept after it failed: reset the password again',
    'mail_secret_removed',
  );
}

export function registerMailListRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { menus: ['mail-list'] };
  const tags = ['mail'];
  r.get(
    '/api/manage/mail/list/paging',
    { config, schema: { tags, querystring: mailQuerySchema, response: { 200: pageSchema(mailItemSchema) } } },
    (req) => readOutbox(app.db, req.query, currentUser(req)) as never,
  );
  r.post(
    '/api/manage/mail/resend/:id',
    { config, schema: { tags, params: idParamsSchema, response: { 200: mailItemSchema } } },
    async (req) => {
      const item = await resendMail(app.db, req.params.id, currentUser(req));
      req.log.info({ mail: item.id, by: currentUser(req).user_name }, 'mail resent');
      return item;
    },
  );
}
