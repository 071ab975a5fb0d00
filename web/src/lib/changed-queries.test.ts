import { describe, expect, test } from 'vitest';
import { changedQueries } from './changed-queries.ts';

describe('what a change refreshes', () => {
  test('an annex refreshes its contract and everything derived from the contract', () => {
    expect(changedQueries('contract-annex')).toEqual([
      ['resource', 'contract-annex'],
      ['resource', 'contract'],
      ['resource', 'payment'],
      ['resource', 'approval'],
      ['report'],
      ['picker', 'payable-contracts'],
      ['resource', 'history-payment'],
      ['options'],
    ]);
  });

  test('a kind nothing derives from refreshes its own queries and the pickers', () => {
    expect(changedQueries('bank')).toEqual([['resource', 'bank'], ['options']]);
  });

  test('a kind named as an inherited property still refreshes (the contractors are "constructor")', () => {
    expect(changedQueries('constructor')).toEqual([['resource', 'constructor'], ['options']]);
    expect(changedQueries('toString')).toEqual([['resource', 'toString'], ['options']]);
  });
});
