/**
 * The "now" the server's time windows are measured from (the login throttle's): in production the
 * database's own now(), the clock that stamped the rows a window counts. A test gives buildApp a
 * clock it can move on instead of sleeping until a window has passed.
 */
import { type SQL, sql } from 'drizzle-orm';

export type Clock = {
  /** The current time as an SQL expression of type timestamptz. */
  now(): SQL;
};

export const databaseClock: Clock = { now: () => sql`now()` };
