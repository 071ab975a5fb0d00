import { amountText } from '@sitepay/domain/money';
import { parseAmountInput } from '@sitepay/domain/number-format';
import { describe, expect, test } from 'vitest';
import { amountToTyping, formatAmountTyping } from './amount-typing.ts';

/** Types `text` one character at a time at the end, as a user does. */
const typeIn = (text: string, allowNegative = false) =>
  [...text].reduce((typed, c) => formatAmountTyping(typed + c, typed.length + 1, allowNegative).text, '');

describe('amounts typed with thousands separators', () => {
  test('commas appear as the digits are typed and the caret stays at the end', () => {
    expect(typeIn('1234567')).toBe('1,234,567');
    expect(formatAmountTyping('1,234,5678', 10)).toEqual({ text: '12,345,678', caret: 10 });
  });

  test('a digit typed in the middle keeps the caret after it', () => {
    // "1,000|,000" + "5" → "10,005,000" with the caret after the 5
    const result = formatAmountTyping('1,0005,000', 6);
    expect(result.text).toBe('10,005,000');
    expect(result.text.slice(0, result.caret)).toBe('10,005');
  });

  test('deleting a comma deletes nothing and the caret does not jump', () => {
    // "1,234|,567" backspace over nothing but the comma → "1,234567", caret at 5
    const result = formatAmountTyping('1,234567', 5);
    expect(result.text).toBe('1,234,567');
    expect(result.text.slice(0, result.caret)).toBe('1,234');
  });

  test('letters, a second point and a third decimal are refused', () => {
    expect(typeIn('12a3.4.56')).toBe('123.45');
    expect(typeIn('1500000.999')).toBe('1,500,000.99');
  });

  test('a minus only where negatives are allowed, and only in front', () => {
    expect(typeIn('-5000000')).toBe('5,000,000');
    expect(typeIn('-5000000', true)).toBe('-5,000,000');
    expect(typeIn('50-00', true)).toBe('5,000');
  });

  test('leading zeros go, a zero before the point stays', () => {
    expect(typeIn('007')).toBe('7');
    expect(typeIn('0.5')).toBe('0.5');
    expect(formatAmountTyping('0012', 2)).toEqual({ text: '12', caret: 0 });
  });

  test('at most 15 integer digits, as the API takes', () => {
    expect(typeIn('1234567890123456789')).toBe('123,456,789,012,345');
  });

  test('a pasted "1.500.000" reads its points as thousands separators', () => {
    expect(formatAmountTyping('1.500.000', 9).text).toBe('1,500,000');
    expect(formatAmountTyping('1.500', 5).text).toBe('1.50');
  });

  test('a pasted "1.500.000,50" reads its comma as the decimal mark, as Vietnamese papers write it', () => {
    expect(formatAmountTyping('1.500.000,50', 12)).toEqual({ text: '1,500,000.50', caret: 12 });
    expect(formatAmountTyping('1.500,5', 7).text).toBe('1,500.5');
    expect(formatAmountTyping('-2.000.000,25', 13, true).text).toBe('-2,000,000.25');
    // anything else keeps the field's own reading: commas are thousands separators
    expect(formatAmountTyping('1,5', 3).text).toBe('15');
  });

  test("what the form sends is exactly the API's amount form", () => {
    for (const [typed, caret] of [
      ['1.500.000', 9],
      ['1.500.000,50', 12],
      ['1 500 000', 9],
      ['1,500,000.5', 11],
      ['0.5', 3],
      ['12.', 3],
    ] as const) {
      const sent = parseAmountInput(formatAmountTyping(typed, caret, true).text);
      expect(sent, typed).not.toBeNull();
      expect(amountText(sent), typed).toBe(sent);
    }
  });

  test("the API's decimal strings are shown without needless decimals", () => {
    expect(amountToTyping('1500000.00')).toBe('1,500,000');
    expect(amountToTyping('-5000000.50')).toBe('-5,000,000.5');
    expect(amountToTyping(null)).toBe('');
  });

  test('what the field drops is named, so the form can say so', () => {
    // a minus where amounts cannot be negative: the number stays, the minus is refused
    expect(formatAmountTyping('-1,500', 1)).toEqual({ text: '1,500', caret: 0, refused: 'negative' });
    expect(formatAmountTyping('1,500-', 6)).toMatchObject({ text: '1,500', refused: 'negative' });
    // where negatives are allowed, a leading minus is taken and a second one is not
    expect(formatAmountTyping('-1500', 5, true)).toEqual({ text: '-1,500', caret: 6 });
    expect(formatAmountTyping('-15-00', 4, true)).toMatchObject({ text: '-1,500', refused: 'characters' });
    expect(formatAmountTyping('1,500a', 6)).toMatchObject({ text: '1,500', refused: 'characters' });
    expect(formatAmountTyping('1.999', 5)).toMatchObject({ text: '1.99', refused: 'decimals' });
    expect(formatAmountTyping('1234567890123456', 16)).toMatchObject({ refused: 'digits' });
    // separators and spaces are the field's own: nothing refused
    expect(formatAmountTyping('1,234 567', 9).refused).toBeUndefined();
    expect(formatAmountTyping('1.500.000', 9).refused).toBeUndefined();
  });
});
