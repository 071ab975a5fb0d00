import { describe, expect, test } from 'vitest';
import { APPROVAL_QUEUE_FIELDS, PAYMENT_LIST_FIELDS } from '../../../bench/web-list-fields.ts';
import { resource as approval } from './approval.resource.ts';
import { resource as company } from './company.resource.ts';
import { resource as payment } from './payment.resource.ts';
import { listFields } from './resource.queries.ts';

describe('the fields a list asks for', () => {
  test('the payment list: its columns, their flags, the marked rows, the card and what its bar reads', () => {
    const fields = listFields(payment)!.split(',');
    for (const field of ['id', 'code', 'contract_no', 'constructor_name', 'amount', 'overdue', 'payee_hold'])
      expect(fields).toContain(field);
    // the ticked rows' bar tells a request already in a batch
    expect(fields).toContain('batch_code');
    expect(new Set(fields).size).toBe(fields.length);
    // what the bench asks, as a user's screen does
    expect(listFields(payment)).toBe(PAYMENT_LIST_FIELDS);
  });

  test("the approver's queue reads the steps for the step's name", () => {
    expect(listFields(approval)!.split(',')).toContain('steps');
    expect(listFields(approval)).toBe(APPROVAL_QUEUE_FIELDS);
  });

  test('a list that names nothing it reads asks for every field', () => {
    expect(company.list?.reads).toBeUndefined();
    expect(listFields(company)).toBeUndefined();
  });
});
