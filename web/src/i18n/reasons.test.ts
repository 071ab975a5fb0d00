/**
 * Every refusal the server can send has its words in both languages: the reasons are read from the
 * server's own source (each `unprocessable(…, 'reason')`, plus the payment workflow's refusals and
 * the contract's refusal codes, which are built from keys), so a new rule without a translation
 * fails here instead of reaching a Vietnamese user in English.
 */
import fs from 'node:fs';
import path from 'node:path';
import { refusalMessage } from '@sitepay/domain/payment-workflow';
import { describe, expect, test } from 'vitest';
import en from './en.json' with { type: 'json' };
import vi from './vi.json' with { type: 'json' };

const serverSrc = path.resolve(import.meta.dirname, '../../../server/src');
const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? files(path.join(dir, e.name))
        : e.name.endsWith('.ts')
          ? [path.join(dir, e.name)]
          : [],
    );
const source = files(serverSrc).map((f) => fs.readFileSync(f, 'utf8'));

function serverReasons(): string[] {
  const found = new Set<string>(['not_found']);
  for (const text of source) {
    // unprocessable(message, 'reason' …) and HttpError(…, 'reason'): the literal reasons
    for (const m of text.matchAll(
      /unprocessable\(\s*(?:[^;]*?),\s*(?:[^;,]*\?\s*)?'([a-z_]+)'(?:\s*:\s*'([a-z_]+)')?/g,
    )) {
      found.add(m[1]!);
      if (m[2]) found.add(m[2]);
    }
    for (const m of text.matchAll(/new HttpError\([^;]*?undefined,\s*'([a-z_]+)'/g)) found.add(m[1]!);
    for (const m of text.matchAll(/reasons\.push\(\{\s*code: '([a-z_]+)'/g))
      found.add(`contract_refuses_requests_${m[1]}`);
  }
  for (const refusal of Object.keys(refusalMessage)) found.add(`payment_${refusal}`);
  return [...found].sort();
}

describe('server refusals in the user’s language', () => {
  test('the source names the reasons this test expects to find', () => {
    const reasons = serverReasons();
    // a sample of each way a reason is written, so a change of style cannot empty the list unseen
    expect(reasons).toEqual(
      expect.arrayContaining([
        'ceiling_exceeded',
        'ceiling_exhausted',
        'warranty_not_yet',
        'warranty_no_date',
        'admin_last',
        'template_not_found',
        'payment_own_request',
        'contract_refuses_requests_no_beneficiary',
      ]),
    );
    expect(reasons.length).toBeGreaterThanOrEqual(30);
  });

  test('every reason has Vietnamese and English words', () => {
    const missing = (texts: { errors: { reasons: Record<string, string> } }) =>
      serverReasons().filter((r) => !texts.errors.reasons[r]);
    expect(missing(vi)).toEqual([]);
    expect(missing(en)).toEqual([]);
  });
});
