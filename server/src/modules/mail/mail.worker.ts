/**
 * The mail worker: started with the app (onReady), stopped with it (onClose). Every poll — or
 * sooner when enqueueMail nudges it — it takes due mails from the outbox one at a time and sends
 * them through the active e-mail configuration.
 *
 * - **Claim.** One statement marks a due mail `sending` with a lease (`locked_until`, and
 *   `next_attempt_at` set to the same moment so one index serves both kinds of due mail), picking
 *   it with FOR UPDATE SKIP LOCKED: servers sharing one PostgreSQL never take the same mail. Each
 *   claim counts an attempt.
 * - **Result.** Sent: `sent` + `sent_at`. Failed: back to `pending` with exponential backoff and
 *   `last_error`; after `maxAttempts`, or at once when the receiving server refused the mail for
 *   good (a 5xx reply to its recipients or content, `refusedForGood`), `failed`. A result is written only by the claim that took the
 *   mail (same attempt number).
 * - **Crash.** A mail left `sending` (worker killed mid-send) is due again when its lease ends.
 *   Delivery is at least once: a server that dies after the receiver accepted the mail but before
 *   `sent` was written sends it again, with the same Message-ID (the key) for the receiver to drop.
 * - **No active configuration**, or a password that cannot be opened: mails wait, no attempt counted.
 * - **Stop** waits for the mail in flight at most `stopGraceMs`, then aborts its connection and
 *   leaves the row as it is: the lease makes another start retry it. Nothing here ever throws into
 *   the server.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../../config/config.ts';
import { queryRows } from '../../db/client.ts';
import { messageIdOf, onNudge } from './mail.outbox.ts';
import { openPassword } from './mail.secret.ts';
import {
  activeEmailConfig,
  deliver,
  describeMailError,
  type EmailConfigRow,
  refusedForGood,
} from './mail.transport.ts';

export type MailWorkerOptions = {
  /** false: this server sends nothing (mails wait in the outbox). MAIL_SEND=0. */
  enabled: boolean;
  /** How often the outbox is read when nothing nudges the worker. MAIL_POLL_SECONDS. */
  pollMs: number;
  /** Delay after the first failure; doubled after each further one, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Attempts before a mail is `failed`. */
  maxAttempts: number;
  /** How long a claimed mail is reserved; must exceed sendTimeoutMs. */
  leaseMs: number;
  /** The longest one delivery may take (connect, greeting, auth, data). */
  sendTimeoutMs: number;
  /** How long a stop waits for the mail in flight. */
  stopGraceMs: number;
  /** SMTP ports allowed beside 25, 465, 587 and 2525 (mail.target.ts). MAIL_SMTP_PORTS. */
  smtpPorts: readonly number[];
};

export const defaultMailWorkerOptions: MailWorkerOptions = {
  enabled: true,
  pollMs: 2000,
  retryBaseMs: 60_000, // 1, 2, 4, 8, 16, 32, 60 min: about two hours of outage before `failed`
  retryMaxMs: 60 * 60_000,
  maxAttempts: 8,
  leaseMs: 5 * 60_000,
  sendTimeoutMs: 60_000,
  stopGraceMs: 3000,
  smtpPorts: [],
};

/** The environment's settings (main.ts passes no `mail` config): MAIL_SEND, MAIL_POLL_SECONDS. */
export function mailOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<MailWorkerOptions> {
  const out: Partial<MailWorkerOptions> = {};
  if (env.MAIL_SEND !== undefined && env.MAIL_SEND !== '') {
    if (!['0', '1'].includes(env.MAIL_SEND))
      throw new ConfigError(`MAIL_SEND must be 0 or 1, got "${env.MAIL_SEND}"`);
    out.enabled = env.MAIL_SEND === '1';
  }
  if (env.MAIL_POLL_SECONDS) {
    const seconds = Number(env.MAIL_POLL_SECONDS);
    if (!(seconds >= 0.1 && seconds <= 3600))
      throw new ConfigError(`MAIL_POLL_SECONDS must be 0.1 to 3600, got "${env.MAIL_POLL_SECONDS}"`);
    out.pollMs = seconds * 1000;
  }
  if (env.MAIL_SMTP_PORTS) {
    const ports = env.MAIL_SMTP_PORTS.split(',').map((p) => Number(p.trim()));
    if (!ports.every((p) => Number.isInteger(p) && p >= 1 && p <= 65535))
      throw new ConfigError(
        `MAIL_SMTP_PORTS must be port numbers separated by commas, got "${env.MAIL_SMTP_PORTS}"`,
      );
    out.smtpPorts = ports;
  }
  return out;
}

type ClaimedMail = {
  id: number;
  key: string;
  event: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
};

const ms = (value: number) => sql`(${value}::double precision * interval '1 millisecond')`;

/**
 * Mails that carry a secret (a new password): their text is wiped from the outbox once they are
 * sent or given up, so the database and its backups do not keep passwords.
 */
export const SECRET_EVENTS = new Set(['reset_password']);
const wipe = (mail: ClaimedMail) =>
  SECRET_EVENTS.has(mail.event) ? sql`, text = ${'(removed after sending)'}, html = null` : sql``;

export function registerMailWorker(
  app: FastifyInstance,
  config: { jwtSecret: string; mail?: Partial<MailWorkerOptions> },
) {
  const options: MailWorkerOptions = { ...defaultMailWorkerOptions, ...mailOptionsFromEnv(), ...config.mail };
  if (!options.enabled) return;
  const log = app.log.child({ module: 'mail' });
  const db = app.db;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopping = false;
  /** Set when a stop gave up waiting: the mail in flight must leave the database alone. */
  let abandoned = false;
  const abort = new AbortController();
  let lastProblem = '';
  let lastProblemAt = 0;

  /** A problem worth a line in the log, repeated at most once a minute. */
  const problem = (message: string, error?: unknown) => {
    if (message === lastProblem && Date.now() - lastProblemAt < 60_000) return;
    lastProblem = message;
    lastProblemAt = Date.now();
    log.warn(error ? { err: error } : {}, message);
  };

  const schedule = (delay: number) => {
    if (stopping) return;
    clearTimeout(timer);
    timer = setTimeout(run, delay);
    timer.unref();
  };

  function run() {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = tick()
      .catch((error) => problem(`mail worker: ${describeMailError(error)}`, error))
      .finally(() => {
        running = undefined;
        schedule(again ? 0 : options.pollMs);
      });
  }

  async function tick() {
    const emailConfig = await activeEmailConfig(db);
    if (!emailConfig) return;
    if (emailConfig.user && emailConfig.password_enc) {
      try {
        openPassword(config.jwtSecret, emailConfig.password_enc);
      } catch (error) {
        problem(`mail waits: ${(error as Error).message}`);
        return;
      }
    }
    while (!stopping) {
      const [mail] = await queryRows<ClaimedMail>(
        db,
        sql`update mail_outbox m set state = 'sending', attempts = m.attempts + 1,
              locked_until = now() + ${ms(options.leaseMs)}, next_attempt_at = now() + ${ms(options.leaseMs)}
            where m.id = (
              select o.id from mail_outbox o
              where o.state in ('pending', 'sending') and o.next_attempt_at <= now()
              order by o.next_attempt_at, o.id
              limit 1
              for update skip locked)
            returning m.id, m.key, m.event, m."to", m.subject, m.text, m.html, m.attempts`,
      );
      if (!mail) return;
      await send(mail, emailConfig);
    }
  }

  async function send(mail: ClaimedMail, emailConfig: EmailConfigRow) {
    const id = Number(mail.id);
    const mine = sql`id = ${id} and state = 'sending' and attempts = ${mail.attempts}`;
    try {
      await deliver(
        emailConfig,
        config.jwtSecret,
        { ...mail, messageId: messageIdOf(mail.key) },
        { timeoutMs: options.sendTimeoutMs, signal: abort.signal, smtpPorts: options.smtpPorts },
      );
    } catch (error) {
      if (abandoned) return;
      const failed = mail.attempts >= options.maxAttempts || refusedForGood(error);
      const delay = Math.min(options.retryBaseMs * 2 ** (mail.attempts - 1), options.retryMaxMs);
      const reason = describeMailError(error);
      await db.execute(
        sql`update mail_outbox set state = ${failed ? 'failed' : 'pending'}, last_error = ${reason},
              locked_until = null, next_attempt_at = now() + ${ms(delay)} ${failed ? wipe(mail) : sql``}
            where ${mine}`,
      );
      log.warn(
        { mail: id, event: mail.event, attempts: mail.attempts, failed, error: reason },
        'mail not sent',
      );
      return;
    }
    if (abandoned) return;
    await db.execute(
      sql`update mail_outbox set state = 'sent', sent_at = now(), locked_until = null, last_error = null
            ${wipe(mail)}
          where ${mine}`,
    );
    log.info({ mail: id, event: mail.event, attempts: mail.attempts }, 'mail sent');
  }

  let stopNudges = () => {};
  app.addHook('onReady', async () => {
    stopNudges = onNudge(() => schedule(0));
    schedule(Math.min(options.pollMs, 500));
  });
  app.addHook('onClose', async () => {
    stopping = true;
    clearTimeout(timer);
    stopNudges();
    const inFlight = running;
    if (!inFlight) return;
    const finished = await settledWithin(inFlight, options.stopGraceMs);
    if (finished) return;
    abandoned = true;
    abort.abort(new Error('the server is stopping'));
    log.warn('stopped with a mail in flight: it is sent again when its lease ends');
    await settledWithin(inFlight, 1000); // the aborted connection closes; the database is left alone
  });
}

const settledWithin = (promise: Promise<unknown>, ms: number) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const done = () => {
      clearTimeout(timer);
      resolve(true);
    };
    promise.then(done, done);
  });
