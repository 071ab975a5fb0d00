/**
 * Business time, the one calendar of every module: the business calendar of payment requests and bills: "today", this ISO week and this month are those of
 * the company's time zone (Asia/Ho_Chi_Minh unless BUSINESS_TIME_ZONE says otherwise), not the
 * server's — a request dated today must be in "today" at 06:00 in Hà Nội, whatever UTC says. Dates
 * are passed to SQL as parameters, so the statements stay the same text from day to day.
 */
import { type SQLWrapper, sql } from 'drizzle-orm';

const zone = () => process.env.BUSINESS_TIME_ZONE || 'Asia/Ho_Chi_Minh';

let formatter: { zone: string; format: Intl.DateTimeFormat } | undefined;
/** The last answer, for its minute: every list row asks (whether it is overdue). */
let last: { zone: string; minute: number; day: string } | undefined;

/** Today's date (YYYY-MM-DD) in the business time zone (the formatter is built once per zone). */
export function businessToday(now = new Date()): string {
  const z = zone();
  // time zones move by whole minutes, so the day is the same all through a minute
  const minute = Math.floor(now.getTime() / 60_000);
  if (last?.zone === z && last.minute === minute) return last.day;
  if (formatter?.zone !== z) {
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone: z,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatter = { zone: z, format };
  }
  const day = formatter.format.format(now);
  last = { zone: z, minute, day };
  return day;
}

/** `iso` + `days` calendar days. */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Monday … Sunday of the ISO week holding `iso`. */
export function isoWeek(iso: string): { from: string; to: string } {
  const weekday = (new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const from = addDays(iso, -weekday);
  return { from, to: addDays(from, 6) };
}

/** First and last day of the month holding `iso`. */
export function monthOf(iso: string): { from: string; to: string } {
  const from = `${iso.slice(0, 7)}-01`;
  const next = new Date(`${from}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from, to: addDays(next.toISOString().slice(0, 10), -1) };
}

/** Today in the business time zone as SQL, bound when the statement is built (not when this file loads). */
export const todaySql: SQLWrapper = { getSQL: () => sql`${businessToday()}::date` };

/**
 * A working day: Monday to Friday (docs/adr/0087-approval-reminders.md). Public holidays are not
 * known to SitePay; a reminder on one waits for nobody.
 */
export function isWorkingDay(iso: string): boolean {
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The working days strictly between two dates (`from` and `to` not counted; 0 when `to` ≤ `from`). */
export function workingDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let d = addDays(from, 1); d < to; d = addDays(d, 1)) if (isWorkingDay(d)) count += 1;
  return count;
}

let hourFormat: { zone: string; format: Intl.DateTimeFormat } | undefined;
/** The hour (0–23) of `now` in the business time zone. */
export function businessHour(now = new Date()): number {
  const z = zone();
  if (hourFormat?.zone !== z)
    hourFormat = {
      zone: z,
      format: new Intl.DateTimeFormat('en-GB', { timeZone: z, hour: '2-digit', hourCycle: 'h23' }),
    };
  return Number(hourFormat.format.format(now));
}
