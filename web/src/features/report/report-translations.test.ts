import { VALUE_BUCKETS } from '@sitepay/domain/report.schema';
import { describe, expect, test } from 'vitest';
import adminEn from '../../i18n/admin.en.json' with { type: 'json' };
import adminVi from '../../i18n/admin.vi.json' with { type: 'json' };
import contractEn from '../../i18n/contract.en.json' with { type: 'json' };
import contractVi from '../../i18n/contract.vi.json' with { type: 'json' };
import mainEn from '../../i18n/en.json' with { type: 'json' };
import paymentEn from '../../i18n/payment.en.json' with { type: 'json' };
import paymentVi from '../../i18n/payment.vi.json' with { type: 'json' };
import en from '../../i18n/report.en.json' with { type: 'json' };
import vi from '../../i18n/report.vi.json' with { type: 'json' };
import systemEn from '../../i18n/system.en.json' with { type: 'json' };
import systemVi from '../../i18n/system.vi.json' with { type: 'json' };
import mainVi from '../../i18n/vi.json' with { type: 'json' };
import { bucketRange } from './report-figures.ts';

const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

describe('report translations', () => {
  test('every report string exists in Vietnamese and in English', () => {
    expect(keys(en).sort()).toEqual(keys(vi).sort());
  });

  test('they stay under report.* and clash with no other file (which would win silently)', () => {
    expect(keys(vi).filter((key) => !key.startsWith('report.'))).toEqual([]);
    const others = new Set(
      [
        mainVi,
        mainEn,
        contractVi,
        contractEn,
        paymentVi,
        paymentEn,
        adminVi,
        adminEn,
        systemVi,
        systemEn,
      ].flatMap((file) => keys(file)),
    );
    expect(keys(vi).filter((key) => others.has(key))).toEqual([]);
  });

  test('every value bucket of the API has its words', () => {
    for (const bucket of VALUE_BUCKETS) {
      expect(vi.report.buckets).toHaveProperty([bucket.key]);
      expect(en.report.buckets).toHaveProperty([bucket.key]);
    }
  });

  test('a bucket’s range in short is written from its bounds, compact in the reader’s language', () => {
    expect(VALUE_BUCKETS.map((b) => bucketRange(b.key, 'vi'))).toEqual([
      '< 100 triệu',
      '100 triệu – 1 tỷ',
      '1 tỷ – 10 tỷ',
      '≥ 10 tỷ',
    ]);
    expect(VALUE_BUCKETS.map((b) => bucketRange(b.key, 'en'))).toEqual([
      '< 100M',
      '100M – 1B',
      '1B – 10B',
      '≥ 10B',
    ]);
  });

  test('Vietnamese labels are in sentence case', () => {
    const labels = [
      ...Object.values(vi.report.fields),
      ...Object.values(vi.report.filters),
      ...Object.values(vi.report.periods),
      ...Object.values(vi.report.links),
      vi.report.payment.title,
      vi.report.construction.title,
      vi.report.constructor.title,
      vi.report.contract.title,
    ];
    const offending = labels.filter((label) =>
      label
        .split(' ')
        .slice(1)
        .some((word) => /^[A-ZĐÂĂÊÔƠƯ]/.test(word)),
    );
    expect(offending).toEqual([]);
  });
});
