/**
 * A request's invoices table reads each invoice's VAT rate: a typed rate as printed ("10%", "KCT"),
 * and the two an invoice read from XML may hold (docs/adr/0092-einvoice-xml-checks.md) — `MIXED`
 * (its lines differ) and `KHAC` (its lines carry other rates) — in words, in both languages.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import '../i18n/payment-strings.ts';
import { i18n } from '../i18n/i18n.ts';
import { appWords } from '../lib/test-i18n.ts';
import { resource } from './payment.resource.ts';
import type { ResourceRecord } from './resource.types.ts';

describe('the invoices table’s VAT rate', () => {
  beforeAll(appWords);

  test('reads MIXED and KHAC in words, in Vietnamese and in English', () => {
    const section = resource.related?.find((r) => r.key === 'invoices');
    const column =
      section && 'columns' in section ? section.columns?.find((c) => c.field === 'vat_rate') : undefined;
    const text = (lng: 'vi' | 'en', rate: string) =>
      column?.text?.({ id: 1, vat_rate: rate } as unknown as ResourceRecord, i18n.getFixedT(lng), lng);
    expect(['10', '0', 'KCT', 'KKKNT'].map((r) => text('vi', r))).toEqual(['10%', '0%', 'KCT', 'KKKNT']);
    expect(text('vi', 'MIXED')).toBe('Nhiều thuế suất');
    expect(text('vi', 'KHAC')).toBe('Thuế suất khác');
    expect(text('en', 'MIXED')).toBe('Several rates');
    expect(text('en', 'KHAC')).toBe('Other rate');
  });
});
