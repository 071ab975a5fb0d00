import { describe, expect, test } from 'vitest';
import { exceeds, requestAllowance } from './payment-allowance.ts';

const status = { summary: { remaining: '1045000000.00' }, retention_remaining: '55000000.00' };
const own = (over: Partial<Parameters<typeof requestAllowance>[2] & object> = {}) => ({
  status: 'O',
  approval_status: 'O',
  payment_code: 'TD',
  amount: '250000000.00',
  penalty_amount: null,
  ...over,
});

describe('what a request may still ask of its contract', () => {
  test('a new request: what remains under the ceiling, less the penalty typed', () => {
    expect(requestAllowance(status, { paymentCode: 'TD', penalty: '' })).toBe('1045000000.00');
    expect(requestAllowance(status, { paymentCode: 'TD', penalty: '5000000' })).toBe('1040000000.00');
    expect(requestAllowance(status, { paymentCode: 'TD', penalty: '5,0' })).toBe('1045000000.00');
  });

  test('a warranty request: the retention left to release', () => {
    expect(requestAllowance(status, { paymentCode: 'bh', penalty: '' })).toBe('55000000.00');
  });

  test('a request being edited gets back its own amount and penalty while the server counts it', () => {
    expect(
      requestAllowance(status, { paymentCode: 'TD', penalty: '' }, own({ penalty_amount: '1000000.00' })),
    ).toBe('1296000000.00');
    // rejected or deactivated requests are not counted: nothing comes back
    expect(requestAllowance(status, { paymentCode: 'TD', penalty: '' }, own({ approval_status: 'R' }))).toBe(
      '1045000000.00',
    );
    expect(requestAllowance(status, { paymentCode: 'TD', penalty: '' }, own({ status: 'C' }))).toBe(
      '1045000000.00',
    );
    // a warranty request's amount counts against the retention, not the ceiling
    expect(
      requestAllowance(
        status,
        { paymentCode: 'BH', penalty: '' },
        own({ payment_code: 'BH', amount: '5000000.00' }),
      ),
    ).toBe('60000000.00');
    expect(
      requestAllowance(
        status,
        { paymentCode: 'TD', penalty: '' },
        own({ payment_code: 'BH', amount: '5000000.00' }),
      ),
    ).toBe('1045000000.00');
  });

  test('only a whole typed amount is compared', () => {
    expect(exceeds('1045000000.01', '1045000000.00')).toBe(true);
    expect(exceeds('1045000000', '1045000000.00')).toBe(false);
    expect(exceeds('12,5', '1')).toBe(false);
    expect(exceeds('', '1')).toBe(false);
  });
});
