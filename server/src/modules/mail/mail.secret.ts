/**
 * The SMTP account's password at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the
 * app's JWT secret, so a database dump alone does not give the mailbox away. The secret is the
 * only key the server already keeps outside the database; rotating JWT_SECRET therefore makes the
 * stored password unreadable, and an administrator enters it again (docs/adr/0050-email-configuration.md).
 */
import crypto from 'node:crypto';

const VERSION = 'v1';
const keys = new Map<string, Buffer>();

function keyOf(jwtSecret: string): Buffer {
  let key = keys.get(jwtSecret);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync('sha256', jwtSecret, 'sitepay', 'email-config password', 32));
    keys.set(jwtSecret, key);
  }
  return key;
}

/** "v1:" + base64url(iv ‖ tag ‖ ciphertext). */
export function sealPassword(jwtSecret: string, password: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(jwtSecret), iv);
  const body = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export class UnreadablePasswordError extends Error {
  constructor() {
    super('the stored SMTP password cannot be read (JWT_SECRET changed?): enter the password again');
  }
}

/** The password, or UnreadablePasswordError when it was sealed under another secret (or damaged). */
export function openPassword(jwtSecret: string, sealed: string): string {
  const [version, text] = sealed.split(':');
  if (version !== VERSION || !text) throw new UnreadablePasswordError();
  const raw = Buffer.from(text, 'base64url');
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(jwtSecret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new UnreadablePasswordError();
  }
}
