/**
 * One SMTP delivery with nodemailer from an `email_config` row: its security mode, its account
 * (password opened from `password_enc`), bounded timeouts, and an AbortSignal so that a stop or
 * an overall deadline ends the connection. Used by the worker and by the test-mail action.
 */

import { eq } from 'drizzle-orm';
import type nodemailerModule from 'nodemailer';
import type { Tx } from '../../db/client.ts';
import { emailConfig } from '../../db/schema.ts';
import { lazyPackage } from '../../lazy-package.ts';
import { openPassword } from './mail.secret.ts';
import { smtpTarget } from './mail.target.ts';

export type EmailConfigRow = typeof emailConfig.$inferSelect;

export type Delivery = {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  messageId: string;
};

export type DeliveryLimits = {
  /** The whole delivery (connect, greeting, auth, data) ends with an error after this long. */
  timeoutMs: number;
  /** Ends the delivery early (a stopping worker). */
  signal?: AbortSignal;
  /** Ports allowed beside the usual SMTP ports (MAIL_SMTP_PORTS; mail.target.ts). */
  smtpPorts?: readonly number[];
};

/** The active configuration (status O), if any: at most one, by the partial unique index. */
export async function activeEmailConfig(tx: Tx): Promise<EmailConfigRow | undefined> {
  const [row] = await tx.select().from(emailConfig).where(eq(emailConfig.status, 'O')).limit(1);
  return row;
}

/** nodemailer, loaded for the first mail (a server with no mail to send need not hold it). */
const loadMailer = lazyPackage<typeof nodemailerModule>(() => import('nodemailer'));

async function transportOf(
  config: EmailConfigRow,
  jwtSecret: string,
  timeoutMs: number,
  target: { address: string; servername: string | undefined },
) {
  const step = Math.max(1000, Math.min(timeoutMs, 30_000));
  const nodemailer = await loadMailer();
  return nodemailer.createTransport({
    // the address checked by smtpTarget, not the name again; the name stays TLS's server name
    host: target.address,
    port: config.port,
    ...(target.servername ? { tls: { servername: target.servername } } : {}),
    secure: config.security === 'tls',
    requireTLS: config.security === 'starttls',
    ignoreTLS: config.security === 'none',
    auth: config.user
      ? { user: config.user, pass: config.password_enc ? openPassword(jwtSecret, config.password_enc) : '' }
      : undefined,
    connectionTimeout: step,
    greetingTimeout: step,
    socketTimeout: step,
    dnsTimeout: step,
    socketCloseTimeout: 1000,
  });
}

/** Sends one mail; answers the server's final reply ("250 OK: queued as …") or throws. */
export async function deliver(
  config: EmailConfigRow,
  jwtSecret: string,
  mail: Delivery,
  limits: DeliveryLimits,
): Promise<string> {
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  // before anything connects: an SMTP port, and no link-local or metadata address (mail.target.ts)
  const target = await smtpTarget(config.host, config.port, limits.smtpPorts);
  const transport = await transportOf(config, jwtSecret, limits.timeoutMs, target);
  try {
    const info = await transport.sendMail({
      from: { name: 'SitePay', address: config.from },
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      messageId: mail.messageId,
      signal: limits.signal ? AbortSignal.any([deadline, limits.signal]) : deadline,
    });
    return info.response;
  } catch (error) {
    if (deadline.aborted)
      throw new Error(`no answer from ${config.host}:${config.port} within ${limits.timeoutMs / 1000} s`);
    throw error;
  } finally {
    transport.close();
  }
}

/**
 * Whether the receiving server refused the mail for good: a 5xx reply (RFC 5321 §4.2.1: "do not
 * repeat the exact request") to the recipients or the message — an unknown mailbox, a refused
 * content. Trying again in an hour sends the same mail to the same refusal, so the mail is `failed`
 * at once and the outbox shows why. A refused sign-in (535, `EAUTH`) is the configuration's fault,
 * not the mail's: it keeps its tries while an administrator mends the configuration.
 */
export function refusedForGood(error: unknown): boolean {
  const e = error as { responseCode?: unknown; code?: string };
  return (
    typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600 && e.code !== 'EAUTH'
  );
}

/** What went wrong, in one line for the outbox list and the test action: code and server reply. */
export function describeMailError(error: unknown): string {
  const e = error as { message?: string; code?: string; response?: string };
  const message = (e.message ?? String(error)).replace(/\s+/g, ' ').trim();
  const text = e.code && !message.includes(e.code) ? `${e.code}: ${message}` : message;
  return text.length > 1000 ? `${text.slice(0, 999)}…` : text;
}
