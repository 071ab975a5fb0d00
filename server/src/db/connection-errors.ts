/**
 * Errors that mean "the database could not be reached or dropped the connection" rather than
 * "this statement is wrong": the API answers them with 503 (a retry will do), and a pooled
 * connection that saw one is thrown away instead of reused.
 */

/** Node's socket codes and PostgreSQL's SQLSTATEs of a failed, cut or refused connection. */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, in recovery)
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
// node-postgres reports a cut connection, a connect timeout and a busy pool by message only
const unavailableMessage =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable/i;

/** True when the error, or one of its causes, is a lost or refused database connection. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && unavailableCodes.has(code)) return true;
    if (typeof message === 'string' && unavailableMessage.test(message)) return true;
    e = cause;
  }
  return false;
}

/**
 * SQLSTATEs of a transaction PostgreSQL gave up because another changed the same rows at the same
 * moment: deadlock_detected (40P01), serialization_failure (40001), lock_not_available (55P03).
 * Nothing of it was written, and the same request again will very likely pass.
 */
const concurrentCodes = new Set(['40P01', '40001', '55P03']);

/** True when the error, or one of its causes, is such a transaction given up. */
export function isConcurrentChange(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && concurrentCodes.has(code)) return true;
    e = cause;
  }
  return false;
}
