import { LISTED_ALWAYS } from '@sitepay/domain/common.schema';
import { describe, expect, test } from 'vitest';
import { APPROVAL_QUEUE_FIELDS, PAYMENT_LIST_FIELDS } from '../../../bench/web-list-fields.ts';
import {
  BATCH_REQUEST_FIELDS,
  type BatchRequest,
  batchable,
} from '../features/payment-batch/batch-request.ts';
import { resource as approval } from './approval.resource.ts';
import { resource as company } from './company.resource.ts';
import { resource as payment } from './payment.resource.ts';
import { listFields } from './resource.queries.ts';
import type { ResourceDescription, ResourceRecord } from './resource.types.ts';

/** A row that notes every field read of it (each a plausible value), as a list's code reads its rows. */
function recordingRow() {
  const read = new Set<string>();
  const row = new Proxy({} as ResourceRecord, {
    get(_, key) {
      if (typeof key !== 'string') return undefined;
      read.add(key);
      return key === 'steps' ? [] : key.endsWith('_at') || key === 'date' ? '2026-12-04T01:02:03Z' : '1';
    },
  });
  return { row, read };
}

const t = ((key: string) => key) as never;

/** What the description's own functions read of a row: cells' texts and links, flags' words, whether it changes. */
function readByDescription(resource: ResourceDescription) {
  const { row, read } = recordingRow();
  for (const column of resource.columns) {
    read.add(column.field);
    column.text?.(row, t, 'vi');
    column.link?.(row);
    for (const flag of column.flags ?? []) flag.detail?.(row, t, 'vi');
  }
  resource.changeable?.(row);
  return read;
}

describe('the fields a list asks for', () => {
  test('the payment list: its columns, their flags, the marked rows, the card and what its bar reads', () => {
    const fields = listFields(payment)!.split(',');
    for (const field of ['id', 'code', 'contract_no', 'constructor_name', 'amount', 'overdue', 'payee_hold'])
      expect(fields).toContain(field);
    // the ticked rows' bar tells a request already in a batch, and its dialog what remains to pay
    expect(fields).toEqual(expect.arrayContaining(['batch_code', 'company_id', 'paid_amount']));
    expect(new Set(fields).size).toBe(fields.length);
    // what the bench asks, as a user's screen does
    expect(listFields(payment)).toBe(PAYMENT_LIST_FIELDS);
  });

  test("the approver's queue reads the steps for the step's name", () => {
    expect(listFields(approval)!.split(',')).toEqual(expect.arrayContaining(['steps', 'requirement_no']));
    expect(listFields(approval)).toBe(APPROVAL_QUEUE_FIELDS);
  });

  test('a list asks for every field its code reads: the server answers nothing else', () => {
    for (const resource of [payment, approval]) {
      const asked = new Set([...listFields(resource)!.split(','), ...LISTED_ALWAYS]);
      const missing = [...readByDescription(resource)].filter((field) => !asked.has(field));
      expect({ list: resource.name, missing }).toEqual({ list: resource.name, missing: [] });
    }
    // the payment list's ticked rows go to the new-batch dialog as batch lines
    const { row, read } = recordingRow();
    batchable(row as unknown as BatchRequest);
    const asked = new Set(listFields(payment)!.split(','));
    for (const field of [...read, ...BATCH_REQUEST_FIELDS]) expect(asked).toContain(field);
  });

  test('a flag whose words read other fields has them asked for', () => {
    const { row, read } = recordingRow();
    const code = payment.columns.find((c) => c.field === 'code')!;
    for (const flag of code.flags ?? []) flag.detail?.(row, t, 'vi');
    expect([...read].sort()).toEqual(['payee_changed_at', 'payee_changed_by']);
    expect(listFields(payment)!.split(',')).toEqual(expect.arrayContaining([...read]));
  });

  test('a list that names nothing it reads asks for every field', () => {
    expect(company.list?.reads).toBeUndefined();
    expect(listFields(company)).toBeUndefined();
  });
});
