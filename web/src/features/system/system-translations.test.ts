import { describe, expect, test } from 'vitest';
import adminEn from '../../i18n/admin.en.json' with { type: 'json' };
import adminVi from '../../i18n/admin.vi.json' with { type: 'json' };
import contractEn from '../../i18n/contract.en.json' with { type: 'json' };
import contractVi from '../../i18n/contract.vi.json' with { type: 'json' };
import mainEn from '../../i18n/en.json' with { type: 'json' };
import en from '../../i18n/system.en.json' with { type: 'json' };
import vi from '../../i18n/system.vi.json' with { type: 'json' };
import mainVi from '../../i18n/vi.json' with { type: 'json' };

const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

describe('system administration translations', () => {
  test('every string exists in Vietnamese and in English', () => {
    expect(keys(en).sort()).toEqual(keys(vi).sort());
  });

  test('they stay in their own keys and clash with none of the other files (which would win silently)', () => {
    const own =
      /^(resources\.(role|group|privilege|menu|endpoint|application|email|mail-outbox)\.|system\.|history\.(actions|fields)\.|validation\.)/;
    expect(keys(vi).filter((key) => !own.test(key))).toEqual([]);
    const others = new Set(
      [mainVi, mainEn, contractVi, contractEn, adminVi, adminEn].flatMap((file) => keys(file)),
    );
    expect(keys(vi).filter((key) => others.has(key))).toEqual([]);
  });

  test('Vietnamese labels are in sentence case (the described entities: domain/src/entities.test.ts)', () => {
    const labels = [
      vi.resources.email.name,
      vi.resources.email.plural,
      ...Object.values(vi.resources.email.fields),
      ...Object.values(vi.resources.application.fields),
    ];
    // only the first word capitalised; acronyms and proper names (tiếng Việt, tiếng Anh) stay as written
    const kept = ['API', 'SMTP', 'URL', 'ID', 'TLS', 'STARTTLS', 'Việt', 'Anh'];
    const offending = labels.filter((label) =>
      label
        .split(' ')
        .slice(1)
        .some((word) => /^[A-ZĐÂĂÊÔƠƯ]/.test(word) && !kept.includes(word.replace(/[()]/g, ''))),
    );
    expect(offending).toEqual([]);
  });
});
