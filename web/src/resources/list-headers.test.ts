/**
 * Every list's column headers are unique, in both languages: the row number ("STT", "No.") and each
 * column (a short header, else the field's label) — on the list pages and in the view pages' related
 * tables. Two columns headed alike ("No." and "No.") leave the reader guessing which is which.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import '../i18n/admin-strings.ts';
import '../i18n/payment-strings.ts';
import '../i18n/receivables-strings.ts';
import '../i18n/relations-strings.ts';
import '../i18n/report-strings.ts';
import '../i18n/system-strings.ts';
import { i18n } from '../i18n/i18n.ts';
import { appWords } from '../lib/test-i18n.ts';
import { columnHeader } from './list/use-grid-columns.tsx';
import { resourceRegistry } from './registry.ts';

describe('list headers', () => {
  beforeAll(appWords);

  test('are unique per list, the row number’s too, in Vietnamese and in English', async () => {
    const clashes: string[] = [];
    for (const entry of resourceRegistry) {
      const { resource } = await entry.load();
      for (const lng of ['vi', 'en'] as const) {
        const t = i18n.getFixedT(lng);
        const lists: [string, string[]][] = [
          [entry.name, resource.columns.map((c) => columnHeader(resource.name, c.field, t))],
          ...(resource.related ?? []).flatMap((section): [string, string[]][] =>
            'columns' in section && section.columns
              ? [
                  [
                    `${entry.name} → ${section.key}`,
                    section.columns.map((c) =>
                      t(`resources.${resource.name}.related.${section.key}.columns.${c.field}`, {
                        defaultValue: t(`resources.${section.childResource}.fields.${c.field}`, {
                          defaultValue: c.field,
                        }),
                      }),
                    ),
                  ],
                ]
              : [],
          ),
        ];
        for (const [name, headers] of lists) {
          const all = [t('common.rowNumber'), ...headers];
          const twice = all.filter((h, i) => all.indexOf(h) !== i);
          if (twice.length) clashes.push(`${name} (${lng}): ${twice.join(', ')}`);
        }
      }
    }
    expect(clashes).toEqual([]);
  });
});
