import { describe, expect, test } from 'vitest';
import {
  billingEvents,
  currentCreditLimit,
  readZendeskExport,
  receiptTooLarge,
  settledPercent,
} from './receivables-figures.ts';

const credit = (id: number, kind: string, credit_date: string, amount = '1.00', extra = {}) => ({
  id,
  kind,
  amount,
  credit_date,
  created_at: `${credit_date}T08:00:00Z`,
  status: 'O',
  ...extra,
});

describe('receivables figures', () => {
  test('the credit limit in force is the latest limit, credit notes and deleted ones aside', () => {
    const credits = [
      credit(1, 'limit', '2026-01-01', '100000000.00'),
      credit(2, 'note', '2026-03-01', '5.00'),
      credit(3, 'limit', '2026-02-01', '200000000.00'),
      credit(4, 'limit', '2026-04-01', '1.00', { status: 'D' }),
    ];
    expect(currentCreditLimit(credits)?.amount).toBe('200000000.00');
    expect(currentCreditLimit([credit(2, 'note', '2026-03-01')])).toBeUndefined();
    // two on one day: the one written last
    expect(
      currentCreditLimit([credit(5, 'limit', '2026-05-01', '7.00'), credit(6, 'limit', '2026-05-01', '8.00')])
        ?.amount,
    ).toBe('8.00');
  });

  test('the settled share counts receipts and credits, rounds down and never passes 100%', () => {
    expect(settledPercent('110000000.00', '40000000.00', '0')).toBe(36);
    expect(settledPercent('100.00', '50.00', '49.99')).toBe(99);
    expect(settledPercent('100.00', '60.00', '40.00')).toBe(100);
    expect(settledPercent('100.00', '100.00', '10.00')).toBe(100);
    expect(settledPercent('0', '0', '0')).toBe(0);
  });

  test('a receipt above what remains is refused before it is sent, exactly', () => {
    expect(receiptTooLarge('70000000.01', '70000000.00')).toBe(true);
    expect(receiptTooLarge('70000000', '70000000.00')).toBe(false);
    expect(receiptTooLarge('', '10')).toBe(false);
  });

  test("a customer's billing events come newest first; a plain history has none", () => {
    const events = billingEvents<{ at: string; kind: string }>({
      changes: [],
      billing: [
        { at: '2026-01-02T01:00:00Z', kind: 'bill' },
        { at: '2026-01-05T01:00:00Z', kind: 'receipt' },
      ],
    });
    expect(events.map((e) => e.kind)).toEqual(['receipt', 'bill']);
    expect(billingEvents([])).toEqual([]);
    expect(billingEvents(undefined)).toEqual([]);
  });

  test('a Zendesk export is read as the API answers it, as a bare array, or as NDJSON', () => {
    const api = readZendeskExport(JSON.stringify({ tickets: [{ id: 1 }, { id: 2 }], users: [{ id: 9 }] }));
    expect(api).toMatchObject({ format: 'json', count: 2 });
    expect(api.format === 'json' && api.body.users).toEqual([{ id: 9 }]);
    expect(readZendeskExport('\uFEFF[{"id":1}]')).toMatchObject({ format: 'json', count: 1 });
    const ndjson = readZendeskExport('{"id":1,"subject":"a"}\n\n{"id":2,"subject":"b"}\r\n{"id":3}\n');
    expect(ndjson).toMatchObject({ format: 'ndjson', count: 3 });
    expect(ndjson.format === 'ndjson' && ndjson.text.startsWith('{"id":1')).toBe(true);
    // a broken line is still sent: the server says which line it could not read
    expect(readZendeskExport('{"id":1}\n{"id":2')).toMatchObject({ format: 'ndjson', count: 2 });
    expect(readZendeskExport('subject,requester\nx,y')).toEqual({ format: 'unreadable', count: 0 });
    expect(readZendeskExport('   ')).toEqual({ format: 'unreadable', count: 0 });
  });
});
