/**
 * Calendar dates as typed, shown and stored. The API and the database hold a date as ISO
 * "YYYY-MM-DD"; users type DD/MM/YYYY, D/M/YYYY (with "/", "." or "-" between the parts), the digits
 * alone (DDMMYYYY, or DDMMYY in the 2000s) or YYYY-MM-DD (docs/product.md#validation-and-formats,
 * docs/adr/0073-what-a-field-accepts-as-typed.md) and
 * read DD/MM/YYYY in Vietnamese, MM/DD/YYYY in English (docs/product.md#constants). A date has no time zone,
 * so these functions work on the digits and never through `Date`, which would shift a day across midnight
 * UTC. Only the build time, a real instant, goes through `Date`.
 */

// day first, the same separator twice: 15/10/2026, 5.3.2026, 15-10-2026
const SEPARATED_DATE = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;
// the digits alone, day first: 15102026, or 151026 (a year of the 2000s)
const DIGITS_DATE = /^(\d{2})(\d{2})(\d{2}|\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// A stored date, or the date part of a timestamp the API may send in its place.
const ISO_DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/;

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** "YYYY-MM-DD" when the three parts name a real day (year 1–9999), else null. */
const toIsoDate = (year: number, month: number, day: number): string | null => {
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
};

/**
 * A typed date as ISO "YYYY-MM-DD", or null when it is not one of the accepted forms or not a real day
 * ("31/02/2024", "12/13/2024", "2024-2-3", "05/03/2024x", "15/10-2026" are all null), so the form can
 * ask for a new date. Every form but ISO is day first: "15/10/2026", "15.10.2026", "15-10-2026",
 * "15102026" and "151026" are all 15 October 2026; surrounding spaces are ignored.
 */
export const parseDateInput = (text: string): string | null => {
  const input = text.trim();
  const iso = ISO_DATE.exec(input);
  if (iso) return toIsoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const separated = SEPARATED_DATE.exec(input);
  if (separated) return toIsoDate(Number(separated[4]), Number(separated[3]), Number(separated[1]));
  const digits = DIGITS_DATE.exec(input);
  if (digits) {
    const year = digits[3]!.length === 2 ? 2000 + Number(digits[3]) : Number(digits[3]);
    return toIsoDate(year, Number(digits[2]), Number(digits[1]));
  }
  return null;
};

/**
 * A stored date for display: "2024-03-05" → "05/03/2024" (vi) or "03/05/2024" (en). A timestamp is
 * shown by the date it carries, as written. Throws a RangeError on anything else, since a malformed
 * stored date is a bug to surface, not to display.
 */
export const formatDate = (iso: string, lang: 'vi' | 'en'): string => {
  const text = iso.trim();
  // A timestamp (created_at…) is a moment: show the day it was where the reader is (Vietnam is
  // UTC+7, so 20:00 UTC is already the next day there). A bare date is shown as written.
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const time = new Date(text);
    if (Number.isNaN(time.getTime())) throw new RangeError(`Not an ISO date: ${JSON.stringify(iso)}`);
    const [y, m, d] = [pad(time.getFullYear(), 4), pad(time.getMonth() + 1), pad(time.getDate())];
    return lang === 'en' ? `${m}/${d}/${y}` : `${d}/${m}/${y}`;
  }
  const match = ISO_DATE_PREFIX.exec(text);
  const valid = match && toIsoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  if (!match || !valid) throw new RangeError(`Not an ISO date: ${JSON.stringify(iso)}`);
  const [, year, month, day] = match;
  return lang === 'en' ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
};

/**
 * The build time for the footer, "YYYY.MM.DD-HH:mm", in the time zone of whoever runs this (the
 * user's browser), so it reads as their own clock. Throws a RangeError on an unreadable timestamp.
 */
export const formatBuildTime = (iso: string): string => {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) throw new RangeError(`Not a timestamp: ${JSON.stringify(iso)}`);
  const date = `${pad(time.getFullYear(), 4)}.${pad(time.getMonth() + 1)}.${pad(time.getDate())}`;
  return `${date}-${pad(time.getHours())}:${pad(time.getMinutes())}`;
};
