import { withVat } from '@sitepay/domain/money';
import { describe, expect, test } from 'vitest';
import { amountWords } from '../../components/amount-words.ts';
import { previewContract } from './contract-amounts.ts';

describe('the contract form preview', () => {
  test('VAT, amount incl. VAT and words are those the server computes', () => {
    const preview = previewContract({ amountBeforeVat: '1234567', vatRate: '10.00' });
    expect(preview).toMatchObject({ vatAmount: '123457.00', amountVat: '1358024.00' });
    expect(preview.amountVat).toBe(withVat('1234567', '10.00').amount_vat);
    expect(preview.words).toBe('Một triệu ba trăm năm mươi tám nghìn không trăm hai mươi tư đồng');
  });

  test('the contract value adds the annexes, negatives included', () => {
    const preview = previewContract({
      amountBeforeVat: '100000000',
      vatRate: '10',
      annexAmount: '-5000000.50',
    });
    expect(preview.contractValue).toBe('104999999.50');
    expect(preview.words).toBe(
      'Một trăm linh bốn triệu chín trăm chín mươi chín nghìn chín trăm chín mươi chín đồng',
    );
  });

  test('a retention percentage is taken of the amount incl. VAT, rounded to the đồng', () => {
    expect(
      previewContract({ amountBeforeVat: '1000000000', vatRate: '8.00', retentionPercent: '5' })
        .retentionAmount,
    ).toBe('54000000.00');
  });

  test('nothing is shown until both the amount and the tax are known', () => {
    expect(previewContract({ amountBeforeVat: '', vatRate: '10' }).amountVat).toBeNull();
    expect(previewContract({ amountBeforeVat: '-', vatRate: '10' }).words).toBe('');
    expect(previewContract({ amountBeforeVat: '1000', vatRate: undefined }).amountVat).toBeNull();
  });

  test('words of an amount, or nothing for what is not one yet', () => {
    expect(amountWords('-20000000')).toBe('Âm hai mươi triệu đồng');
    expect(amountWords('12abc')).toBe('');
  });
});
