import { describe, expect, test } from 'vitest';
import { testT } from '../lib/test-i18n.ts';
import { formatHistoryValue, formatMoment, historyActionLabel, historyFieldLabel } from './history-values.ts';

describe('change history as the view page shows it', () => {
  test('empty values read as a dash, flags as yes/no, statuses by their label', async () => {
    const t = await testT('vi');
    expect(formatHistoryValue('note', null, 'vi', t)).toBe('—');
    expect(formatHistoryValue('note', '', 'vi', t)).toBe('—');
    expect(formatHistoryValue('closed', true, 'vi', t)).toBe('Có');
    expect(formatHistoryValue('status', 'C', 'vi', t)).toBe('Ngừng hoạt động');
    const en = await testT('en');
    expect(formatHistoryValue('closed', false, 'en', en)).toBe('No');
    expect(formatHistoryValue('status', 'D', 'en', en)).toBe('Deleted');
  });

  test('dates follow the language; account numbers and codes stay as typed', async () => {
    const t = await testT('en');
    expect(formatHistoryValue('start_date', '2026-03-05', 'vi', t)).toBe('05/03/2026');
    expect(formatHistoryValue('start_date', '2026-03-05', 'en', t)).toBe('03/05/2026');
    expect(formatHistoryValue('account_number', '0011223344', 'en', t)).toBe('0011223344');
    expect(formatHistoryValue('bank_id', 3, 'en', t)).toBe('3');
    expect(formatHistoryValue('ids', [1, 2], 'en', t)).toBe('[1,2]');
  });

  test('a moment is shown with the local time of day', () => {
    const local = new Date(2026, 2, 5, 14, 7).toISOString();
    expect(formatMoment(local, 'vi')).toBe('05/03/2026 14:07');
    expect(formatMoment(local, 'en')).toBe('03/05/2026 14:07');
  });

  test("a moment in PostgreSQL's own text reads the same as its ISO form", () => {
    const iso = '2026-11-23T06:44:35.534Z';
    expect(formatMoment('2026-11-23 06:44:35.534+00', 'vi')).toBe(formatMoment(iso, 'vi'));
    expect(formatMoment('2026-11-23 06:44:35.534+07', 'en')).toBe(
      formatMoment('2026-11-22T23:44:35.534Z', 'en'),
    );
  });

  test('labels: the resource field label, else a shared one, else the raw name', async () => {
    const t = await testT('en');
    expect(historyFieldLabel('company', 'tax_code', t)).toBe('Tax code');
    expect(historyFieldLabel('company', 'closed', t)).toBe('Closed');
    expect(historyFieldLabel('company', 'mystery_field', t)).toBe('mystery_field');
    expect(historyActionLabel('close', t)).toBe('Construction closed');
    expect(historyActionLabel('something-new', t)).toBe('something-new');
  });
});
