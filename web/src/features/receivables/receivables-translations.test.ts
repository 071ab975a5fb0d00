import fs from 'node:fs';
import path from 'node:path';
import { billing } from '@sitepay/domain/entities/billing.entity';
import { ticket } from '@sitepay/domain/entities/ticket.entity';
import { choiceLabels } from '@sitepay/domain/entity';
import { billingStates, ticketPriorities, ticketStates } from '@sitepay/domain/receivables.schema';
import { describe, expect, test } from 'vitest';
import en from '../../i18n/receivables.en.json' with { type: 'json' };
import vi from '../../i18n/receivables.vi.json' with { type: 'json' };

const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

// every other translation file of the web (the main ones and each area's)
const dir = path.resolve(import.meta.dirname, '../../i18n');
const others = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.json') && !name.startsWith('receivables.'))
  .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as unknown);

describe('receivables translations', () => {
  test('every string exists in Vietnamese and in English', () => {
    expect(keys(en).sort()).toEqual(keys(vi).sort());
  });

  test('they stay in their own keys and clash with none of the other files (which would win silently)', () => {
    const own =
      /^(resources\.(customer|billing|credit|receipt|ticket|mail-list)\.|receivables\.|history\.actions\.|validation\.)/;
    expect(keys(vi).filter((key) => !own.test(key))).toEqual([]);
    const taken = new Set(others.flatMap((file) => keys(file)));
    expect(keys(vi).filter((key) => taken.has(key))).toEqual([]);
  });

  test('every state, priority and kind the API sends has its words', () => {
    // the records' choices are described in domain/src/entities (in both languages)
    expect(Object.keys(choiceLabels(billing, 'state')).sort()).toEqual([...billingStates].sort());
    expect(Object.keys(choiceLabels(ticket, 'state')).sort()).toEqual([...ticketStates].sort());
    expect(Object.keys(choiceLabels(ticket, 'priority')).sort()).toEqual([...ticketPriorities].sort());
    expect(Object.keys(vi.receivables.events.kinds).sort()).toEqual(['bill', 'credit', 'receipt']);
  });

  test('Vietnamese labels are in sentence case (the described records’ in domain/src/entities.test.ts)', () => {
    const labels = (['credit', 'receipt', 'mail-list'] as const).flatMap((name) => [
      vi.resources[name].name,
      vi.resources[name].plural,
      ...Object.values(vi.resources[name].fields),
    ]);
    const kept = ['VAT', 'Zendesk', 'HĐ', 'TT'];
    const offending = labels.filter((label) =>
      label
        .split(' ')
        .slice(1)
        .some((word) => /^[A-ZĐÂĂÊÔƠƯ]/.test(word) && !kept.includes(word.replace(/[()]/g, ''))),
    );
    expect(offending).toEqual([]);
  });
});
