/**
 * Jobs that run once each working morning, whatever the number of servers
 * (docs/adr/0087-approval-reminders.md). Every server looks every few minutes; from the morning
 * hour of a working day (business time) the first to look claims the day: its transaction inserts
 * `(job, day)` into `job_run`, whose primary key lets one insert through — a second server's insert
 * waits for the first transaction and then finds the row (ON CONFLICT DO NOTHING answers nothing),
 * so it does nothing. The job's work (its mails into the outbox) is in the same transaction: a job
 * that fails leaves the day unclaimed, and the next look tries again.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../config/config.ts';
import { queryRows, type Tx } from '../db/client.ts';
import { businessHour, businessToday, isWorkingDay } from './business-time.ts';

export type DailyJob = {
  /** Its key in `job_run` (at most 50 characters). */
  name: string;
  /** The work of `day`, in the claiming transaction; answers a line for the log. */
  run(tx: Tx, day: string, now: Date): Promise<string>;
};

export type DailyJobOptions = {
  /** false: this server never runs the daily jobs (another does). DAILY_JOBS=0. */
  enabled: boolean;
  /** How often a server looks whether a job is due. */
  checkMs: number;
  /** The first hour (business time) a job may run on a working day. */
  hour: number;
  /** The time the jobs take as now (a test's injected clock). */
  now: () => Date;
};

export const defaultDailyJobOptions: DailyJobOptions = {
  enabled: true,
  checkMs: 5 * 60_000,
  hour: 7,
  now: () => new Date(),
};

/** The environment's setting: DAILY_JOBS=0 or 1 (anything else stops the start). */
export function dailyJobOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<DailyJobOptions> {
  if (env.DAILY_JOBS === undefined || env.DAILY_JOBS === '') return {};
  if (!['0', '1'].includes(env.DAILY_JOBS))
    throw new ConfigError(`DAILY_JOBS must be 0 or 1, got "${env.DAILY_JOBS}"`);
  return { enabled: env.DAILY_JOBS === '1' };
}

/**
 * Runs `job` for the business day of `now` if it is a working morning (or later) and no server ran
 * it that day. Answers the job's line, or null when it did not run here.
 */
export async function runDailyJob(
  db: FastifyInstance['db'],
  job: DailyJob,
  now: Date,
  hour = defaultDailyJobOptions.hour,
): Promise<string | null> {
  const day = businessToday(now);
  if (!isWorkingDay(day) || businessHour(now) < hour) return null;
  return db.transaction(async (tx) => {
    const claimed = await queryRows<{ day: string }>(
      tx,
      sql`insert into job_run (job, day) values (${job.name}, ${day}::date)
          on conflict (job, day) do nothing returning day`,
    );
    if (!claimed.length) return null;
    const result = await job.run(tx, day, now);
    await tx.execute(
      sql`update job_run set result = ${result} where job = ${job.name} and day = ${day}::date`,
    );
    return result;
  });
}

/** Looks every `checkMs` (and once at the start) whether one of `jobs` is due; stops with the app. */
export function registerDailyJobs(
  app: FastifyInstance,
  jobs: DailyJob[],
  config: Partial<DailyJobOptions> = {},
) {
  const options = { ...defaultDailyJobOptions, ...dailyJobOptionsFromEnv(), ...config };
  if (!options.enabled) return;
  const log = app.log.child({ module: 'daily-job' });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const look = async () => {
    for (const job of jobs) {
      try {
        const result = await runDailyJob(app.db, job, options.now(), options.hour);
        if (result !== null) log.info({ job: job.name, result }, 'daily job ran');
      } catch (error) {
        log.warn({ err: error, job: job.name }, 'daily job failed: tried again at the next look');
      }
    }
  };
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      running = look().finally(() => {
        running = undefined;
        if (timer) schedule(options.checkMs);
      });
    }, delay);
    timer.unref();
  };
  app.addHook('onReady', async () => schedule(Math.min(options.checkMs, 1000)));
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    timer = undefined;
    await running;
  });
}
