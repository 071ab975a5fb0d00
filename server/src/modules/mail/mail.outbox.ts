/**
 * The outbox: mail is written into `mail_outbox` in the transaction of what caused it, so a mail
 * exists exactly when its cause committed, and survives any restart until the worker
 * (mail.worker.ts) has sent it. `key` names the event: the same key never queues twice.
 *
 *   await enqueueMail(tx, { key: `payment:${id}:send:${historyId}:${userId}`, event: 'payment_send',
 *                           to: user.email, ...paymentSentMail(...) });
 */
import type { Tx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

export type OutgoingMail = {
  /** Unique per mail (event and recipient): a second enqueue of the same key is ignored. */
  key: string;
  /** What caused it, for the outbox list: 'reset_password', 'payment_send', … */
  event: string;
  /** The recipient's address; a blank one (a user without e-mail) queues nothing. */
  to: string | null | undefined;
  subject: string;
  text: string;
  html?: string | null;
  /**
   * The construction of the record the mail speaks of: whoever sees it sees the mail (mail.list.ts).
   * Left out for account mails (new user, password reset): administrators only.
   */
  construction_id?: number | null;
};

const SUBJECT_MAX = 500;
const KEY_MAX = 200;

/** Within the caller's transaction; ON CONFLICT (key) DO NOTHING. */
export async function enqueueMail(tx: Tx, mail: OutgoingMail): Promise<void> {
  const to = mail.to?.trim();
  if (!to) return;
  if (mail.key.length > KEY_MAX) throw new Error(`mail key longer than ${KEY_MAX}: ${mail.key}`);
  await tx
    .insert(mailOutbox)
    .values({
      key: mail.key,
      event: mail.event,
      to,
      subject:
        mail.subject.length > SUBJECT_MAX ? `${mail.subject.slice(0, SUBJECT_MAX - 1)}…` : mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      construction_id: mail.construction_id ?? null,
    })
    .onConflictDoNothing({ target: mailOutbox.key });
  // The row is visible only once the caller commits, which this function cannot see: wake the
  // workers a moment later. A nudge that comes too early costs nothing; the next poll finds it.
  const timer = setTimeout(nudgeMailWorkers, NUDGE_DELAY_MS);
  timer.unref();
}

const NUDGE_DELAY_MS = 100;
const wakers = new Set<() => void>();

/** A worker registers how to wake it; answers the unregistering function. */
export function onNudge(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/** Asks this process's workers to look at the outbox now rather than at their next poll. */
export function nudgeMailWorkers() {
  for (const wake of wakers) wake();
}

/**
 * The Message-ID a mail is sent with: its key, so a receiver (or a person reading headers) sees
 * which event it is and can drop a repeat. RFC 5322 allows no ':' (nor most punctuation) in a
 * msg-id, so those are written as '.': `payment:12:send:40:3` → `<payment.12.send.40.3@sitepay>`.
 */
export function messageIdOf(key: string): string {
  const local = key.replace(/[^A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+/g, '.').replace(/^\.+|\.+$/g, '');
  return `<${local || 'mail'}@sitepay>`;
}
