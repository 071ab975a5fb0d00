/**
 * A payment request's discussion (docs/adr/0067-recall-and-comments.md): its comments, oldest first,
 * read and written by whoever may read the request — within the request's read scope, so another
 * company's user gets 404 as he does for the request itself. Comments are never edited or deleted.
 *
 * A comment's `@user_name` mentions (domain/src/payment-comment.schema.ts) tell each mentioned user
 * who is active, has an e-mail address and may see the request himself (the payment screens' read
 * right and the request within his scope, as the API would judge his own call), never the author.
 * They are told to the comment listeners in the comment's transaction (the mails: mail.payment.ts,
 * added in app.ts), and named in the answer; the other names are left out without a word.
 */
import { mentionedNames, type PaymentComment } from '@sitepay/domain/payment-comment.schema';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { appUser, paymentComment } from '../../db/schema.ts';
import { endpointAllowed, isAdminSql, userRoleIds } from '../../http/access-sql.ts';
import type { CurrentUser } from '../../http/auth.ts';
import type { Row } from '../../http/record-kind.ts';
import { findRecord, recordVisible } from '../../http/record-reads.ts';
import { paymentKind } from './payment.resource.ts';

/** The most comments a thread answers: its latest ones. */
const THREAD_MAX = 500;
/** The right to read one request, which the thread shares (payment.routes.ts `get/{id}`). */
const READ_RIGHT = { method: 'GET', endpoint: '/api/payment-transaction/get/{id}' };

/** A mentioned user told of a comment. */
export type MentionedReader = { id: number; user_name: string; full_name: string | null; email: string };

/** A comment as its listeners hear it, once written: the request, the comment, whom it mentions. */
export type PaymentCommentEvent = {
  payment: Row;
  comment: PaymentComment;
  mentioned: MentionedReader[];
  author: CurrentUser;
};
type CommentListener = (tx: Tx, event: PaymentCommentEvent) => Promise<void>;
const commentListeners = new Set<CommentListener>();

/**
 * Adds a listener of written comments. It runs in the comment's transaction, so what it writes (an
 * outbox row) commits with the comment or not at all. Adding one twice adds it once.
 */
export function onPaymentComment(listener: CommentListener) {
  commentListeners.add(listener);
}

const c = paymentComment;

/** Comments with their authors' names now, newest first. */
const commentRows = (tx: Db | Tx, where: SQL | undefined, limit: number) =>
  tx
    .select({
      id: c.id,
      payment_id: c.payment_id,
      user_id: c.user_id,
      user_name: c.user_name,
      user_full_name: appUser.full_name,
      text: c.text,
      created_at: c.created_at,
    })
    .from(c)
    .leftJoin(appUser, eq(appUser.id, c.user_id))
    .where(where)
    .orderBy(desc(c.id))
    .limit(limit)
    .then((rows) => rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })));

/** A request's thread, oldest first (its latest THREAD_MAX comments). */
export async function paymentComments(
  db: Db,
  paymentId: number,
  user: CurrentUser,
): Promise<PaymentComment[]> {
  await findRecord(db, paymentKind, paymentId, user);
  return (await commentRows(db, eq(c.payment_id, paymentId), THREAD_MAX)).reverse();
}

/** Writes a comment (its text already trimmed and checked), tells whom it mentions; answers both. */
export function addPaymentComment(db: Db, paymentId: number, text: string, user: CurrentUser) {
  return db.transaction(async (tx) => {
    const payment = await findRecord(tx, paymentKind, paymentId, user);
    const [written] = await tx
      .insert(c)
      .values({ payment_id: paymentId, user_id: user.id, user_name: user.user_name, text })
      .returning({ id: c.id });
    const [comment] = await commentRows(tx, eq(c.id, written!.id), 1);
    const mentioned = await readersMentioned(tx, payment, text, user);
    const event = { payment, comment: comment!, mentioned, author: user };
    for (const listener of commentListeners) await listener(tx, event);
    return { ...comment!, mentioned: mentioned.map((u) => u.user_name) };
  });
}

/** The users a text mentions who may be told: see the header. In the order they are mentioned. */
async function readersMentioned(tx: Tx, payment: Row, text: string, author: CurrentUser) {
  const names = mentionedNames(text);
  if (!names.length) return [];
  const users = await queryRows<MentionedReader & { department_id: number | null }>(
    tx,
    sql`select id, user_name, full_name, email, department_id from app_user
        where status = 'O' and coalesce(trim(email), '') <> '' and id <> ${author.id}
          and lower(user_name) = any(${sql.param(names)}::text[])`,
  );
  users.sort((a, b) => names.indexOf(a.user_name.toLowerCase()) - names.indexOf(b.user_name.toLowerCase()));
  const readers: MentionedReader[] = [];
  for (const u of users) {
    if (await maySee(tx, u, payment.id))
      readers.push({ id: u.id, user_name: u.user_name, full_name: u.full_name, email: u.email });
  }
  return readers;
}

/** Whether a user (not the caller) may read the request: the read right, and it within his scope. */
async function maySee(
  tx: Tx,
  u: { id: number; user_name: string; department_id: number | null },
  id: number,
) {
  const [flags] = await queryRows<{ is_admin: boolean; may_read: boolean }>(
    tx,
    sql`select ${isAdminSql(u.id)} as is_admin,
          ${endpointAllowed(userRoleIds(u.id), READ_RIGHT.method, READ_RIGHT.endpoint)} as may_read`,
  );
  const isAdmin = Boolean(flags?.is_admin);
  const reader: CurrentUser = {
    id: u.id,
    user_name: u.user_name,
    department_id: u.department_id,
    isAdmin,
    sessionId: '',
  };
  if (!isAdmin && !flags?.may_read) return false;
  return recordVisible(tx, paymentKind, id, reader);
}
