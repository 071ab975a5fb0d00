/**
 * The local SMTP server of every test that sends mail — the API tests' and the browser test's of
 * the e-mail configuration. It keeps what it accepts and when each delivery reached it, refuses
 * the next deliveries when told (a 451 unless another refusal is given), holds them unanswered when
 * told, and signs in only the user and password given (without them it offers no AUTH at all).
 * SitePay sends only to the usual SMTP ports and the ones allowed (MAIL_SMTP_PORTS, mail.target.ts):
 * a test allows `port`, or starts it on a port already allowed.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { messageId: string; to: string[]; raw: string; at: number };

export type FakeSmtp = {
  port: number;
  /** Mails the server accepted (answered 250). */
  received: ReceivedMail[];
  /** Every end of DATA, accepted or not: when each delivery attempt reached the server. */
  attempts: { messageId: string; at: number }[];
  /** Refuse the next N deliveries; -1 refuses all until set back to 0. */
  reject: number;
  /** What a refused delivery is answered: a 451 (try again later) unless told otherwise. */
  refusal: { responseCode: number; message: string };
  /** Hold every delivery after its data: never answer it. */
  hold: boolean;
  /** Resolves when a delivery is being held. */
  held(): Promise<void>;
  close(): Promise<void>;
};

/** A header of a received mail's raw text (`From`, `Message-ID`, …), empty when absent. */
export const headerOf = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw)?.[1]?.trim() ?? '';

export async function startFakeSmtp(
  options: {
    /** Where to listen; any free port unless told. */
    port?: number;
    /** The only sign-in accepted (535 for any other); without it, no AUTH. */
    credentials?: { user: string; password: string };
    /** What a refused delivery is answered. */
    refusal?: { responseCode: number; message: string };
  } = {},
): Promise<FakeSmtp> {
  const { credentials, refusal = { responseCode: 451, message: 'Mailbox busy, try again later' } } = options;
  let onHeld: (() => void) | undefined;
  const smtp = {
    received: [] as ReceivedMail[],
    attempts: [] as { messageId: string; at: number }[],
    reject: 0,
    refusal,
    hold: false,
  };
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    closeTimeout: 100,
    onAuth(auth, _session, done) {
      if (auth.username === credentials?.user && auth.password === credentials?.password)
        return done(null, { user: auth.username });
      done(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const messageId = headerOf(raw, 'Message-ID');
        smtp.attempts.push({ messageId, at: Date.now() });
        if (smtp.hold) {
          onHeld?.();
          return; // never answered: the client waits until it gives up
        }
        if (smtp.reject !== 0) {
          if (smtp.reject > 0) smtp.reject -= 1;
          const { message, responseCode } = smtp.refusal;
          return done(Object.assign(new Error(message), { responseCode }));
        }
        const to = session.envelope.rcptTo.map((r) => r.address);
        smtp.received.push({ messageId, to, raw, at: Date.now() });
        done(null, `OK queued as q${smtp.received.length}`);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  return Object.assign(smtp, {
    port: (server.server.address() as AddressInfo).port,
    held: () => new Promise<void>((resolve) => (onHeld = resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
