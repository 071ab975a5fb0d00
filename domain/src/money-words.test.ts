import { describe, expect, it } from 'vitest';
import { amountToVietnameseWords } from './money-words.ts';

describe('amountToVietnameseWords', () => {
  it.each([
    [0, 'Không đồng'],
    [5, 'Năm đồng'],
    [10, 'Mười đồng'],
    [11, 'Mười một đồng'],
    [14, 'Mười bốn đồng'],
    [15, 'Mười lăm đồng'],
    [20, 'Hai mươi đồng'],
    [21, 'Hai mươi mốt đồng'],
    [24, 'Hai mươi tư đồng'],
    [25, 'Hai mươi lăm đồng'],
    [99, 'Chín mươi chín đồng'],
  ])('reads the small amount %s as "%s"', (amount, words) => {
    expect(amountToVietnameseWords(amount)).toBe(words);
  });

  it.each([
    [100, 'Một trăm đồng'],
    [101, 'Một trăm linh một đồng'],
    [104, 'Một trăm linh bốn đồng'],
    [105, 'Một trăm linh năm đồng'],
    [110, 'Một trăm mười đồng'],
    [111, 'Một trăm mười một đồng'],
    [115, 'Một trăm mười lăm đồng'],
    [121, 'Một trăm hai mươi mốt đồng'],
    [999, 'Chín trăm chín mươi chín đồng'],
  ])('reads the hundreds amount %s with "linh" for a zero ten: "%s"', (amount, words) => {
    expect(amountToVietnameseWords(amount)).toBe(words);
  });

  it.each([
    [1_000, 'Một nghìn đồng'],
    [1_005, 'Một nghìn không trăm linh năm đồng'],
    [1_010, 'Một nghìn không trăm mười đồng'],
    [1_100, 'Một nghìn một trăm đồng'],
    [10_000, 'Mười nghìn đồng'],
    [15_000, 'Mười lăm nghìn đồng'],
    [21_000, 'Hai mươi mốt nghìn đồng'],
    [100_000_000, 'Một trăm triệu đồng'],
    [1_000_005, 'Một triệu không trăm linh năm đồng'],
    [1_050_000, 'Một triệu không trăm năm mươi nghìn đồng'],
    [1_500_000, 'Một triệu năm trăm nghìn đồng'],
    [1_000_000_000, 'Một tỷ đồng'],
    [1_000_000_005, 'Một tỷ không trăm linh năm đồng'],
    [1_005_000_000, 'Một tỷ không trăm linh năm triệu đồng'],
    [1_000_000_000_000, 'Một nghìn tỷ đồng'],
    [2_005_000_000_000, 'Hai nghìn không trăm linh năm tỷ đồng'],
    [1_000_000_000_000_000, 'Một triệu tỷ đồng'],
  ])('names the groups nghìn, triệu, tỷ and reads inner groups in full: %s', (amount, words) => {
    expect(amountToVietnameseWords(amount)).toBe(words);
  });

  it('reads 10^18 as "tỷ tỷ"', () => {
    expect(amountToVietnameseWords(10n ** 18n)).toBe('Một tỷ tỷ đồng');
    expect(amountToVietnameseWords('1000000000000000000')).toBe('Một tỷ tỷ đồng');
    expect(amountToVietnameseWords(10n ** 21n)).toBe('Một nghìn tỷ tỷ đồng');
  });

  it('reads a 20-digit amount exactly', () => {
    expect(amountToVietnameseWords('12345678901234567890')).toBe(
      'Mười hai tỷ ba trăm bốn mươi lăm triệu sáu trăm bảy mươi tám nghìn chín trăm linh một tỷ ' +
        'hai trăm ba mươi tư triệu năm trăm sáu mươi bảy nghìn tám trăm chín mươi đồng',
    );
  });

  it('prefixes a negative amount with "Âm"', () => {
    expect(amountToVietnameseWords(-5)).toBe('Âm năm đồng');
    expect(amountToVietnameseWords('-1500000.00')).toBe('Âm một triệu năm trăm nghìn đồng');
    expect(amountToVietnameseWords(-21n)).toBe('Âm hai mươi mốt đồng');
  });

  it('reads zero without a sign', () => {
    expect(amountToVietnameseWords('-0')).toBe('Không đồng');
    expect(amountToVietnameseWords('0.00')).toBe('Không đồng');
  });

  it('accepts the decimal string the API sends', () => {
    expect(amountToVietnameseWords('1500000.00')).toBe('Một triệu năm trăm nghìn đồng');
    expect(amountToVietnameseWords('0001500000')).toBe('Một triệu năm trăm nghìn đồng');
  });

  it('ignores a non-zero fraction, since the đồng has no subunit', () => {
    expect(amountToVietnameseWords('1500000.40')).toBe('Một triệu năm trăm nghìn đồng');
    expect(amountToVietnameseWords(5.99)).toBe('Năm đồng');
    expect(amountToVietnameseWords('-5.5')).toBe('Âm năm đồng');
    expect(amountToVietnameseWords('0.50')).toBe('Không đồng');
  });

  it('gives the words in composed Unicode, as printed documents and searches expect', () => {
    const words = amountToVietnameseWords(1_234_567_894);
    expect(words).toBe(words.normalize('NFC'));
  });

  it.each([
    ['abc'],
    [''],
    ['1,500,000'],
    ['1.5.0'],
    ['1e6'],
    ['12a'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
  ])('refuses the non-numeric input %j', (input) => {
    expect(() => amountToVietnameseWords(input)).toThrow(RangeError);
  });
});
