import type { Payment } from '@sitepay/domain/payment.schema';
import { describe, expect, test } from 'vitest';
import { paymentBody, paymentDefaults, withCurrent, withCurrentChoice } from './use-payment-form.ts';

describe('what the payment form starts from', () => {
  test("a new request: the URL's construction and contract, else the top bar's construction; the defaults given", () => {
    const values = paymentDefaults(
      undefined,
      new URLSearchParams('constructionId=7&contractId=3'),
      5,
      '2025-01-31',
      2,
    );
    expect(values).toMatchObject({
      construction_id: 7,
      contract_id: 3,
      date: '2025-01-31',
      isPriority: false,
      attached_documents: [],
      department_id: 2,
      amount: '',
    });
    expect(paymentDefaults(undefined, new URLSearchParams(), 5, null, null)).toMatchObject({
      construction_id: 5,
      contract_id: '',
      department_id: '',
    });
    expect(paymentDefaults(undefined, new URLSearchParams(), -1, null, null).construction_id).toBe('');
  });

  test('an edited request: its own values and version', () => {
    const payment = {
      id: 1,
      version: 4,
      construction_id: 9,
      contract_id: 11,
      amount: '1000',
      isPriority: true,
      attached_documents: null,
    } as unknown as Payment;
    expect(paymentDefaults(payment, new URLSearchParams('constructionId=7'), 5, null, null)).toMatchObject({
      construction_id: 9,
      contract_id: 11,
      amount: '1000',
      isPriority: true,
      attached_documents: [],
      version: 4,
      note: '',
    });
  });
});

describe('what the payment form sends', () => {
  test('the construction never; advance recovery only for a progress or settlement payment', () => {
    const values = { construction_id: 1, contract_id: 2, amount: '5', advance_recovery: '1' };
    expect(paymentBody(values, 'create', 'progress', undefined)).toEqual({
      contract_id: 2,
      amount: '5',
      advance_recovery: '1',
    });
    expect(paymentBody(values, 'create', 'advance', undefined).advance_recovery).toBeNull();
  });

  test('an update keeps its contract and sends the version read', () => {
    expect(
      paymentBody({ construction_id: 1, contract_id: 2, amount: '5' }, 'update', 'settlement', 3),
    ).toEqual({
      amount: '5',
      version: 3,
    });
  });

  test("a record's current choice stays offered", () => {
    expect(withCurrent([{ id: 1, label: 'A' }], 2, 'B')).toEqual([
      { id: 1, label: 'A' },
      { id: 2, label: 'B' },
    ]);
    expect(withCurrent([{ id: 1, label: 'A' }], 1, 'A')).toHaveLength(1);
    expect(withCurrent([], 3, null)).toEqual([{ id: 3, label: '#3' }]);
    expect(withCurrentChoice([], 'TU', null)).toEqual([{ value: 'TU', label: 'TU' }]);
    expect(withCurrentChoice([{ value: 'TU', label: 'Advance' }], 'TU', 'x')).toHaveLength(1);
  });
});
