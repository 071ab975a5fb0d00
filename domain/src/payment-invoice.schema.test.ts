import { describe, expect, test } from 'vitest';
import {
  invoiceAmounts,
  paymentInvoiceInputSchema,
  paymentInvoiceUpdateSchema,
} from './payment-invoice.schema.ts';

const body = {
  payment_id: 7,
  form: ' 1 ',
  symbol: 'C26TAA',
  number: '0000123',
  date: '2026-01-15',
  seller_tax_code: '0101234565',
  amount_before_vat: '100000000',
  vat_rate: '10',
};

const messageOf = (over: Record<string, unknown>) =>
  paymentInvoiceInputSchema.safeParse({ ...body, ...over }).error?.issues.map((i) => [i.path[0], i.message]);

describe('an invoice’s VAT and total', () => {
  test('a percentage of the amount before VAT, to the whole đồng, half away from zero', () => {
    expect(invoiceAmounts('100000000', '10')).toEqual({ vat_amount: '10000000.00', total: '110000000.00' });
    expect(invoiceAmounts('100000000', '8')).toEqual({ vat_amount: '8000000.00', total: '108000000.00' });
    expect(invoiceAmounts('100000000', '5')).toEqual({ vat_amount: '5000000.00', total: '105000000.00' });
    expect(invoiceAmounts('100000000', '0')).toEqual({ vat_amount: '0.00', total: '100000000.00' });
    // 12,345 × 8 % = 987.6 → 988; 12,343 × 10 % = 1,234.3 → 1,234; 15 × 10 % = 1.5 → 2
    expect(invoiceAmounts('12345', '8').vat_amount).toBe('988.00');
    expect(invoiceAmounts('12343', '10').vat_amount).toBe('1234.00');
    expect(invoiceAmounts('15', '10')).toEqual({ vat_amount: '2.00', total: '17.00' });
    // a fraction of a đồng before VAT stays in the total; the VAT is whole
    expect(invoiceAmounts('1000.50', '10')).toEqual({ vat_amount: '100.00', total: '1100.50' });
  });

  test('KCT and KKKNT charge no VAT', () => {
    expect(invoiceAmounts('250000000', 'KCT')).toEqual({ vat_amount: '0.00', total: '250000000.00' });
    expect(invoiceAmounts('250000000', 'KKKNT')).toEqual({ vat_amount: '0.00', total: '250000000.00' });
  });

  test('exact at the largest amount the API takes', () => {
    expect(invoiceAmounts('999999999999999', '10')).toEqual({
      vat_amount: '100000000000000.00',
      total: '1099999999999999.00',
    });
  });
});

describe('the invoice body', () => {
  test('trims the texts, reads a rate sent as a number or in small letters', () => {
    expect(paymentInvoiceInputSchema.parse({ ...body, vat_rate: 8 })).toMatchObject({
      form: '1',
      vat_rate: '8',
    });
    expect(paymentInvoiceInputSchema.parse({ ...body, vat_rate: ' kct ' }).vat_rate).toBe('KCT');
  });

  test('refuses what an invoice cannot say, naming the field', () => {
    expect(messageOf({ vat_rate: '7' })).toEqual([['vat_rate', 'invalid']]);
    expect(messageOf({ vat_rate: '10.00' })).toEqual([['vat_rate', 'invalid']]);
    expect(messageOf({ vat_rate: undefined })).toEqual([['vat_rate', 'required']]);
    expect(messageOf({ seller_tax_code: '01012345' })).toEqual([['seller_tax_code', 'invalid_tax_code']]);
    expect(messageOf({ seller_tax_code: '0101234565-001' })).toBeUndefined();
    expect(messageOf({ form: '123456789012' })).toEqual([['form', 'too_long']]);
    expect(messageOf({ symbol: 'x'.repeat(21) })).toEqual([['symbol', 'too_long']]);
    expect(messageOf({ number: ' ' })).toEqual([['number', 'required']]);
    expect(messageOf({ amount_before_vat: '-1' })).toEqual([['amount_before_vat', 'too_small']]);
    expect(messageOf({ amount_before_vat: '1,5' })).toEqual([['amount_before_vat', 'invalid_amount']]);
    expect(messageOf({ date: '15/01/2026' })).toEqual([['date', 'invalid_date']]);
  });

  test('takes a VAT and a total sent with it, in the amount form only', () => {
    expect(messageOf({ vat_amount: '10000001', total: '110000001' })).toBeUndefined();
    expect(messageOf({ vat_amount: '10,000,000' })).toEqual([['vat_amount', 'invalid_amount']]);
  });

  test('an update names no request and carries the version read', () => {
    const { payment_id: _, ...fields } = body;
    expect(paymentInvoiceUpdateSchema.safeParse({ ...fields, version: 3 }).success).toBe(true);
    expect(paymentInvoiceUpdateSchema.safeParse(fields).success).toBe(false);
  });
});
