import { describe, expect, test } from 'vitest';
import mainEn from '../../i18n/en.json' with { type: 'json' };
import en from '../../i18n/payment.en.json' with { type: 'json' };
import vi from '../../i18n/payment.vi.json' with { type: 'json' };
import mainVi from '../../i18n/vi.json' with { type: 'json' };

const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

describe('payment translations', () => {
  test('every payment string exists in Vietnamese and in English', () => {
    expect(keys(en).sort()).toEqual(keys(vi).sort());
  });

  test('they stay in their own keys and clash with none of the main files', () => {
    for (const key of keys(vi))
      expect(key).toMatch(
        /^(resources\.(payment|approval|history-payment|delegation)\.|payment\.|history\.actions\.(send|recall|accept|reject|confirm_paid|record_payment|reverse_payment|edit|payee_changed|confirm_payee|invoice-add|invoice-update|invoice-remove|invoice-waive)$|history\.fields\.invoice$)/,
      );
    const main = new Set([...keys(mainVi), ...keys(mainEn)]);
    expect(keys(vi).filter((key) => main.has(key))).toEqual([]);
  });

  test('every workflow state, move and list filter has its words', () => {
    for (const state of ['O', 'W', 'A', 'R', 'P']) expect(vi.payment.state).toHaveProperty(state);
    for (const move of [
      'edit',
      'delete',
      'deactivate',
      'activate',
      'send',
      'recall',
      'accept',
      'reject',
      'confirm_paid',
    ])
      expect(en.payment.moves).toHaveProperty(move);
    for (const status of ['all', 'open', 'deactive', 'unpaid', 'paid', 'over due'])
      expect(vi.resources.payment.statusFilter).toHaveProperty([status]);
  });
});
