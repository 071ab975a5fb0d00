import { describe, expect, it } from 'vitest';
import { optionDetail, optionMatches, searchedFields } from './reference-search.ts';

const vcb = {
  id: 1,
  code: 'VCB',
  name: 'Ngân hàng TMCP Ngoại thương Việt Nam',
  short_name: 'Vietcombank',
  bin: '970436',
};
const label = 'VCB – Ngân hàng TMCP Ngoại thương Việt Nam';

describe('a picker finds a record by every name a user would type', () => {
  it('searches the fields the description searches: a bank by code, name, short name and BIN', () => {
    expect(searchedFields('bank')).toEqual(['code', 'name', 'short_name', 'bin']);
  });

  it.each(['Vietcombank', 'vietcombank', 'VIETCOMBANK', 'vcb', '970436', 'ngoai thuong', 'Ngoại Thương'])(
    'finds Vietcombank by %j',
    (typed) => {
      expect(optionMatches(vcb, label, searchedFields('bank'), typed)).toBe(true);
    },
  );

  it('finds nothing that is not there', () => {
    expect(optionMatches(vcb, label, searchedFields('bank'), 'agribank')).toBe(false);
    // without the description's fields, only the label is searched
    expect(optionMatches(vcb, label, [], 'vietcombank')).toBe(false);
  });

  it('names beside the label what found it when the label does not show it', () => {
    expect(optionDetail(vcb, label, searchedFields('bank'), 'vietcom')).toBe('Vietcombank');
    expect(optionDetail(vcb, label, searchedFields('bank'), '9704')).toBe('970436');
    // nothing typed, or found by the label itself: nothing more said
    expect(optionDetail(vcb, label, searchedFields('bank'), '')).toBe('');
    expect(optionDetail(vcb, label, searchedFields('bank'), 'ngoai thuong')).toBe('');
    expect(optionDetail(vcb, label, searchedFields('bank'), 'vcb')).toBe('');
  });
});
