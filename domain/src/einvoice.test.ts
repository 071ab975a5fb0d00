import { describe, expect, it } from 'vitest';
import {
  blockingChecks,
  type EInvoiceContext,
  type EInvoiceFacts,
  einvoiceChecks,
  lineSums,
  normalTaxCode,
  ratePercent,
  recordRate,
} from './einvoice.ts';

const facts = (over: Partial<EInvoiceFacts> = {}): EInvoiceFacts => ({
  form: '1',
  symbol: 'C26TAA',
  number: '1',
  date: '2025-06-01',
  currency: 'VND',
  seller: { name: 'A', tax_code: '0312345673', account: null },
  buyer: { name: 'B', tax_code: '0101234565' },
  lines: [{ kind: 1, name: 'x', amount: '100', rate: '10%' }],
  totals: { before_vat: '100', vat: '10', total: '110', discount: null, fees: null },
  authority_code: 'CODE',
  related: null,
  signatures: { seller: true, buyer: false },
  file: 'a.xml',
  ...over,
});
const context = (over: Partial<EInvoiceContext> = {}): EInvoiceContext => ({
  contractor_tax_code: '0312345673',
  company_tax_code: '0101234565',
  payee_account: null,
  amount_due: '100',
  invoices_total: '110',
  related_found: null,
  ...over,
});

describe('e-invoice checks', () => {
  it('compares tax codes normalised, without validating them', () => {
    expect(normalTaxCode(' 0312 345 673 ')).toBe('0312345673');
    expect(normalTaxCode('0312345673 - 001')).toBe('0312345673-001');
    expect(normalTaxCode(null)).toBe('');
  });

  it('reads rates as printed, never a KHAC or KCT as 0 %', () => {
    expect(ratePercent('KHAC:5.26%')).toBe('5.26');
    expect(ratePercent('KCT')).toBeNull();
    expect(ratePercent('8%')).toBe('8');
    expect(recordRate([{ kind: 1, name: '', amount: '1', rate: 'KHAC:5.26%' }])).toBe('KHAC');
    expect(
      recordRate([
        { kind: 1, name: '', amount: '1', rate: 'KCT' },
        { kind: 1, name: '', amount: '1', rate: '8%' },
      ]),
    ).toBe('MIXED');
    expect(recordRate([{ kind: 1, name: '', amount: '1', rate: 'KKKNT' }])).toBe('KKKNT');
  });

  it('sums the lines: a discount subtracts, a note counts nothing', () => {
    expect(
      lineSums([
        { kind: 1, name: '', amount: '1000', rate: '10%' },
        { kind: 3, name: '', amount: '100', rate: '10%' },
        { kind: 4, name: '', amount: '0', rate: null },
        { kind: 1, name: '', amount: '500', rate: 'KCT' },
      ]),
    ).toEqual({ before_vat: '1400.00', vat: '90.00' });
  });

  it('passes a sound invoice, and blocks each fault', () => {
    expect(blockingChecks(einvoiceChecks(facts(), context()))).toEqual([]);
    const codes = (f: EInvoiceFacts, c = context()) =>
      blockingChecks(einvoiceChecks(f, c)).map((x) => x.code);
    expect(codes(facts({ seller: { name: '', tax_code: '0209998887', account: null } }))).toEqual([
      'parties',
    ]);
    expect(codes(facts({ authority_code: null }))).toEqual(['authority_code']);
    expect(codes(facts({ authority_code: null, symbol: 'K26TAA' }))).toEqual([]);
    expect(codes(facts(), context({ invoices_total: '99' }))).toEqual(['totals']);
    expect(codes(facts({ signatures: { seller: false, buyer: false } }))).toEqual(['signature']);
    expect(
      codes(facts({ related: { kind: 1, form: '1', symbol: 'C26TAA', number: '9', date: null } })),
    ).toEqual(['duplicate']);
  });

  it('warns on another bank account, and keeps a waiver only while the check blocks', () => {
    const checks = einvoiceChecks(
      facts({ seller: { name: '', tax_code: '0312345673', account: '123' } }),
      context({ payee_account: '456' }),
    );
    expect(checks.find((c) => c.code === 'bank_account')!.result).toBe('warn');
    const waived = [
      {
        code: 'signature' as const,
        result: 'block' as const,
        vi: '',
        en: '',
        waived: { by: 'admin', at: '', reason: 'r' },
      },
    ];
    expect(
      blockingChecks(
        einvoiceChecks(facts({ signatures: { seller: false, buyer: false } }), context(), waived),
      ),
    ).toEqual([]);
    expect(
      einvoiceChecks(facts(), context(), waived).find((c) => c.code === 'signature')!.waived,
    ).toBeUndefined();
  });
});
