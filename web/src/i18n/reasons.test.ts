/**
 * Every refusal the server can send has its words in both languages: the reasons are read from the
 * server's own source (each `unprocessable(…, 'reason')`, plus the payment workflow's refusals and
 * the contract's refusal codes, which are built from keys), so a new rule without a translation
 * fails here instead of reaching a Vietnamese user in English. The same holds for the message keys
 * of field errors (`fieldError(field, 'key')` on the server, `error: 'key'` in the domain's schemas),
 * which land on their fields as `validation.<key>`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { refusalMessage } from '@sitepay/domain/payment-workflow';
import { describe, expect, test } from 'vitest';
import en from './reasons.en.json' with { type: 'json' };
import vi from './reasons.vi.json' with { type: 'json' };

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
const domainSource = files(path.resolve(import.meta.dirname, '../../../domain/src'))
  .filter((f) => !f.endsWith('.test.ts'))
  .map((f) => fs.readFileSync(f, 'utf8'));

/** Every `validation.*` key of the main files and of each area's own files (system, admin…). */
function validationKeys(lang: 'vi' | 'en'): Set<string> {
  const dir = import.meta.dirname;
  const keys = new Set<string>();
  for (const name of fs.readdirSync(dir))
    if (name === `${lang}.json` || name.endsWith(`.${lang}.json`)) {
      const texts = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as {
        validation?: Record<string, string>;
      };
      for (const key of Object.keys(texts.validation ?? {})) keys.add(key);
    }
  return keys;
}

function fieldMessageKeys(): string[] {
  const found = new Set<string>();
  for (const text of source) {
    for (const m of text.matchAll(/fieldError\(\s*[^,;]+,\s*'([a-z_]+)'\s*\)/g)) found.add(m[1]!);
    for (const m of text.matchAll(/\{\s*field:\s*[^,}]+,\s*message:\s*'([a-z_]+)'\s*\}/g)) found.add(m[1]!);
  }
  for (const text of domainSource)
    for (const m of text.matchAll(/(?:error|message):\s*'([a-z_]+)'/g)) found.add(m[1]!);
  return [...found].sort();
}

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
    // a contract's reasons refuse new requests (prefixed) and approvals (as they are)
    for (const m of text.matchAll(/reasons\.push\(\{\s*code: '([a-z_]+)'/g)) {
      found.add(`contract_refuses_requests_${m[1]}`);
      found.add(m[1]!);
    }
  }
  for (const refusal of Object.keys(refusalMessage)) found.add(refusal);
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
        'own_request',
        'payee_changed',
        'in_use',
        'contract_refuses_requests_no_beneficiary',
      ]),
    );
    expect(reasons.length).toBeGreaterThanOrEqual(30);
  });

  test('the reasons’ words live in reasons.vi|en.json (loaded with the first refusal), not the main files', () => {
    const main = (lang: string) =>
      JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `${lang}.json`), 'utf8')) as {
        errors?: { reasons?: unknown };
      };
    expect(main('vi').errors?.reasons).toBeUndefined();
    expect(main('en').errors?.reasons).toBeUndefined();
  });

  test('every reason has Vietnamese and English words', () => {
    const missing = (texts: { errors: { reasons: Record<string, string> } }) =>
      serverReasons().filter((r) => !texts.errors.reasons[r]);
    expect(missing(vi)).toEqual([]);
    expect(missing(en)).toEqual([]);
  });

  test('every field message key of the server and the domain has Vietnamese and English words', () => {
    const keys = fieldMessageKeys();
    expect(keys).toEqual(
      expect.arrayContaining(['required', 'duplicate', 'not_in_checklist', 'invalid_tax_code']),
    );
    expect(keys.filter((k) => !validationKeys('vi').has(k))).toEqual([]);
    expect(keys.filter((k) => !validationKeys('en').has(k))).toEqual([]);
  });
});
