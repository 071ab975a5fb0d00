import { describe, expect, it } from 'vitest';
import { formatBuildTime, formatDate, parseDateInput } from './date-format.ts';

describe('parseDateInput', () => {
  it.each([
    ['05/03/2024', '2024-03-05'],
    ['5/3/2024', '2024-03-05'],
    ['31/12/2023', '2023-12-31'],
    ['2024-03-05', '2024-03-05'],
    ['29/02/2024', '2024-02-29'],
    ['29/02/2000', '2000-02-29'],
    [' 05/03/2024 ', '2024-03-05'],
    // the digits alone, day first (issue 30): DDMMYYYY, and DDMMYY in the 2000s
    ['15102026', '2026-10-15'],
    ['151026', '2026-10-15'],
    ['01012000', '2000-01-01'],
    ['290224', '2024-02-29'],
    // any of / . - between the parts
    ['15.10.2026', '2026-10-15'],
    ['5.3.2026', '2026-03-05'],
    ['15-10-2026', '2026-10-15'],
    ['5-3-2026', '2026-03-05'],
  ])('reads the typed date %j as %s', (text, iso) => {
    expect(parseDateInput(text)).toBe(iso);
  });

  it.each([
    ['31/02/2024'],
    ['29/02/2023'],
    ['29/02/1900'],
    ['31/04/2024'],
    ['12/13/2024'],
    ['00/01/2024'],
    ['01/00/2024'],
    ['2024-2-3'],
    ['2024-02-30'],
    ['2024-13-01'],
    ['05/03/24'],
    ['05/03-2024'],
    ['05.03/2024'],
    ['5102026'],
    ['1510202'],
    ['31022026'],
    ['290223'],
    ['20261015'],
    ['151026x'],
    ['15 10 2026'],
    ['005/03/2024'],
    ['05/03/2024x'],
    ['2024-03-05T00:00:00'],
    ['01/01/0000'],
    [''],
    ['abc'],
  ])('a malformed date %j is refused', (text) => {
    expect(parseDateInput(text)).toBeNull();
  });
});

describe('formatDate', () => {
  it('shows day first in Vietnamese and month first in English', () => {
    expect(formatDate('2024-03-05', 'vi')).toBe('05/03/2024');
    expect(formatDate('2024-03-05', 'en')).toBe('03/05/2024');
  });

  it('shows a timestamp by the day it is where the reader is (Vietnam: UTC+7)', () => {
    const before = process.env.TZ;
    process.env.TZ = 'Asia/Ho_Chi_Minh';
    try {
      expect(formatDate('2024-03-05T20:30:00Z', 'vi')).toBe('06/03/2024');
      expect(formatDate('2024-03-05T00:30:00+07:00', 'en')).toBe('03/05/2024');
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('refuses a malformed stored date', () => {
    expect(() => formatDate('2024-02-30', 'vi')).toThrow(RangeError);
    expect(() => formatDate('05/03/2024', 'vi')).toThrow(RangeError);
    expect(() => formatDate('', 'en')).toThrow(RangeError);
  });
});

describe('formatBuildTime', () => {
  it('shows the build time as YYYY.MM.DD-HH:mm on the local clock', () => {
    // Without an offset the timestamp is local time, so this holds in any time zone.
    expect(formatBuildTime('2024-03-05T14:07:00')).toBe('2024.03.05-14:07');
    expect(formatBuildTime('2024-12-31T00:00:59')).toBe('2024.12.31-00:00');
  });

  it('converts a UTC build time to the local clock', () => {
    const local = new Date('2024-03-05T14:07:00Z');
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${local.getFullYear()}.${pad(local.getMonth() + 1)}.${pad(local.getDate())}-${pad(local.getHours())}:${pad(local.getMinutes())}`;
    expect(formatBuildTime('2024-03-05T14:07:00Z')).toBe(expected);
  });

  it('refuses an unreadable build time', () => {
    expect(() => formatBuildTime('yesterday')).toThrow(RangeError);
  });
});
