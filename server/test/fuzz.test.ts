/**
 * Hostile input on every route of the route table (property-based, fast-check): wrong types,
 * missing and extra fields, huge and deep bodies, null bytes, lone surrogates, 30-digit decimals,
 * odd ids, traversal strings, broken multipart. Never a 5xx, never a hang, and a refused request
 * writes nothing. Every JSON body also refuses a field it does not know (issue 26). A fixed seed in CI; FUZZ_RUNS=N (per route) and FUZZ_SEED for a longer run.
 */

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { authHeaders, createTestServer, type TestServer } from './helpers.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '../../../etc/passwd',
    '..\\..\\windows',
    '%00',
    "'; drop table company; --",
    '<script>alert(1)</script>',
    '999999999999999999999999999999',
    '1e20',
    '-1',
    '0',
    'NaN',
    '',
    ' ',
    '\u202Efdp.exe',
    'x'.repeat(10_000),
  ),
);
const hostileNumber = fc.constantFrom(
  -1,
  0,
  1e20,
  2 ** 31,
  -(2 ** 31) - 1,
  0.5,
  Number.MAX_SAFE_INTEGER,
  1e-9,
);
const hostileId = fc.constantFrom(
  '1',
  '2',
  '-1',
  '0',
  '1e20',
  'abc',
  '99999999999',
  '2147483648',
  '%2e%2e',
  '1.5',
  '%00',
);
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(
    fc.constantFrom(
      'id',
      'version',
      'amount',
      'code',
      'name',
      'items',
      'note',
      'date',
      'contract_id',
      '__proto__',
      'constructor',
      'x',
    ),
    tie('value'),
    { maxKeys: 5 },
  ),
})).value;

// biome-ignore lint/suspicious/noExplicitAny: JSON schemas of the OpenAPI document
type Schema = Record<string, any>;

/** A minimal valid value of a JSON schema (required properties only): the base hostile fields go into. */
export function sampleOf(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return sampleOf(alt.find((x: Schema) => x.type !== 'null') ?? alt[0], depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  switch (Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sampleOf(schema.properties?.[key], depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items, depth + 1));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'date') return '2025-01-15';
      if (schema.format === 'email') return 'a@b.vn';
      if (schema.pattern && /\\d/.test(schema.pattern)) return '1000';
      return 'Mẫu 1';
    default:
      return 'Mẫu 1';
  }
}

/** A JSON text nested `depth` levels deep. */
const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

type Raw = { contentType?: string; payload?: string };
const rawBodies: Raw[] = [
  { contentType: 'application/json', payload: deep(5000) },
  { contentType: 'application/json', payload: '{"amount": 1' },
  { contentType: 'application/json', payload: JSON.stringify({ note: 'x'.repeat(900_000) }) },
  { contentType: 'multipart/form-data', payload: 'no boundary' },
  {
    contentType: 'multipart/form-data; boundary=zz',
    payload: '--zz\r\nContent-Disposition: form-data; name="file"; filename="../a.pdf"\r\n\r\n%PDF',
  },
  { contentType: 'text/plain', payload: 'hello' },
];

describe('fuzz: every route, hostile input (pglite)', () => {
  let s: TestServer;
  let admin: string;
  let accountant: string;

  beforeAll(async () => {
    s = await createTestServer('pglite', { demo: true, bodyLimit: 1024 * 1024 });
    admin = await s.login();
    accountant = await s.login('ketoan', 'ketoan123');
  });
  afterAll(() => s?.close());

  /** What a write leaves behind: history lines, files, and every record's version. */
  const writes = async () =>
    (
      await queryRows<{ n: string }>(
        s.database.db,
        sql`select ((select count(*) from record_history) + (select count(*) from payment_history)
          + (select count(*) from file_upload) + (select coalesce(sum(version), 0) from company)
          + (select coalesce(sum(version), 0) from contract) + (select count(*) from session where revoked_at is not null))::text as n`,
      )
    )[0]!.n;

  it('answers every route below 500, within 10 s, and a refused request writes nothing', async () => {
    // every operation of the OpenAPI document (public and signed-in ones too), but logout
    const doc = (await s.call('GET', '/api/openapi.json')).body as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>
      >;
    };
    const routes = Object.entries(doc.paths)
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          body: op.requestBody?.content?.['application/json']?.schema,
        })),
      )
      .filter((r) => !/logout/.test(r.path));
    let requests = 0;
    const failures: string[] = [];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          hostileId,
          fc.oneof(
            fc.option(hostileValue, { nil: undefined }),
            // a valid body with one field made hostile: what reaches the database
            fc.tuple(fc.nat(), leaf).map(([i, value]) => {
              const base = (sampleOf(route.body) ?? {}) as Record<string, unknown>;
              const keys = Object.keys(route.body?.properties ?? {});
              if (!keys.length || typeof base !== 'object') return value;
              return { ...base, [keys[i % keys.length]!]: value };
            }),
          ),
          fc.dictionary(
            fc.constantFrom(
              'page',
              'itemsPerPage',
              'search',
              'status',
              'sortBy',
              'cursor',
              'constructionId',
              'id',
              'template',
              'from',
            ),
            hostileString,
            { maxKeys: 3 },
          ),
          fc.constantFrom(admin, accountant),
          async (id, body, query, token) => {
            const before = await writes();
            const url = `${route.path.replace(/\{[^}]+\}/g, id)}?${new URLSearchParams(query).toString()}`;
            const res = await Promise.race([
              s.app.inject({
                method: route.method as never,
                url,
                headers: { ...authHeaders(token) },
                ...(route.method !== 'GET' && body !== undefined ? { payload: body as object } : {}),
              }),
              new Promise<never>((_, reject) =>
                setTimeout(() => reject(new Error('no answer in 10 s')), 10_000),
              ),
            ]);
            requests += 1;
            if (res.statusCode >= 500)
              failures.push(
                `${route.method} ${url} ${JSON.stringify(body)?.slice(0, 120)} → ${res.statusCode}`,
              );
            if (res.statusCode >= 400 && (await writes()) !== before)
              failures.push(`${route.method} ${url} refused with ${res.statusCode} but wrote`);
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      // every field of a valid body, one at a time, with the characters a database refuses
      const base = sampleOf(route.body);
      if (route.method !== 'GET' && base && typeof base === 'object' && !Array.isArray(base)) {
        for (const key of Object.keys(route.body?.properties ?? {})) {
          for (const value of ['a\u0000b', 'x\ud800y', '9'.repeat(30), -1]) {
            const before = await writes();
            const url = route.path.replace(/\{[^}]+\}/g, '1');
            const res = await s.app.inject({
              method: route.method as never,
              url,
              headers: { ...authHeaders(admin) },
              payload: { ...(base as object), [key]: value },
            });
            requests += 1;
            if (res.statusCode >= 500)
              failures.push(`${route.method} ${url} ${key}=${JSON.stringify(value)} → ${res.statusCode}`);
            if (res.statusCode >= 400 && (await writes()) !== before)
              failures.push(`${route.method} ${url} ${key} refused with ${res.statusCode} but wrote`);
          }
        }
      }
      if (route.method !== 'GET') {
        for (const raw of rawBodies) {
          const before = await writes();
          const res = await s.app.inject({
            method: route.method as never,
            url: route.path.replace(/\{[^}]+\}/g, '1'),
            headers: { ...authHeaders(admin), 'content-type': raw.contentType! },
            payload: raw.payload,
          });
          requests += 1;
          if (res.statusCode >= 500)
            failures.push(`${route.method} ${route.path} raw ${raw.contentType} → ${res.statusCode}`);
          if (res.statusCode >= 400 && (await writes()) !== before)
            failures.push(`${route.method} ${route.path} raw refused but wrote`);
        }
      }
    }
    console.log(
      `fuzz: ${requests} requests over ${routes.length} routes (seed ${SEED}, ${RUNS} runs a route)`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
  }, 900_000);

  it('an ApplicationId that names no active application: 401 unknown_application everywhere, nothing written', async () => {
    // printable header values (HTTP allows no control characters), never the web app's own id
    const unknownId = fc
      .oneof(
        fc.stringMatching(/^[\x21-\x7e]{0,300}$/),
        fc.constantFrom('evil-app', 'SITEPAY-WEB', 'sitepay-web2', 'sitepay_web', '%00', "' or 1=1 --", '*'),
      )
      .filter((id) => id.trim() !== 'sitepay-web');
    const targets = [
      ...s.app.protectedRoutes.map((r) => ({ method: r.method, path: r.path })),
      { method: 'POST', path: '/api/auth/login' },
    ];
    const failures: string[] = [];
    let requests = 0;
    for (const route of targets) {
      await fc.assert(
        fc.asyncProperty(unknownId, fc.constantFrom(admin, accountant), async (applicationId, token) => {
          const before = await writes();
          const res = await s.app.inject({
            method: route.method as never,
            url: route.path.replace(/\{[^}]+\}/g, '1'),
            headers: { ...authHeaders(token), applicationid: applicationId },
            ...(route.method !== 'GET'
              ? { payload: route.path.endsWith('/login') ? { user_name: 'admin', password: 'x' } : {} }
              : {}),
          });
          requests += 1;
          if (res.statusCode !== 401 || res.json().code !== 'unknown_application')
            failures.push(
              `${route.method} ${route.path} ${JSON.stringify(applicationId)} → ${res.statusCode}`,
            );
          if ((await writes()) !== before) failures.push(`${route.method} ${route.path} refused but wrote`);
        }),
        { numRuns: Math.max(2, Math.ceil(RUNS / 4)), seed: SEED, endOnFailure: true },
      );
    }
    expect(requests).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  });

  it('every JSON body refuses a field it does not know, naming it, and writes nothing', async () => {
    const doc = (await s.call('GET', '/api/openapi.json')).body as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>
      >;
    };
    /** The object a body schema is (a nullable body's object branch), or null. */
    const objectOf = (schema: Schema | undefined): Schema | null =>
      !schema
        ? null
        : schema.type === 'object'
          ? schema
          : ((schema.anyOf ?? []).map(objectOf).find(Boolean) ?? null);
    // a Zendesk export is a foreign document with its own paging fields: its keys are allowed
    const open = new Set(['POST /api/manage/zendesk/import']);
    const failures: string[] = [];
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const body = objectOf(op.requestBody?.content?.['application/json']?.schema);
        const name = `${method.toUpperCase()} ${path}`;
        if (!body || /logout/.test(path)) continue;
        if (open.has(name)) {
          if (body.additionalProperties === false) failures.push(`${name} was expected to be open`);
          continue;
        }
        if (body.additionalProperties !== false) failures.push(`${name} does not declare its fields closed`);
        const before = await writes();
        const res = await s.app.inject({
          method: method.toUpperCase() as never,
          url: path.replace(/\{[^}]+\}/g, '1'),
          headers: { ...authHeaders(admin) },
          payload: { ...(sampleOf(body) as object), surplus_field: 'x' },
        });
        checked += 1;
        const errors = (res.json() as { errors?: { field: string; message: string }[] }).errors ?? [];
        if (
          res.statusCode !== 400 ||
          !errors.some((e) => e.field === 'surplus_field' && e.message === 'unknown_field')
        )
          failures.push(`${name} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        if ((await writes()) !== before) failures.push(`${name} refused a surplus field but wrote`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });
  it('every list refuses a sort and a query field it does not know, naming them, on every route', async () => {
    const doc = (await s.call('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    const failures: string[] = [];
    let sorted = 0;
    let queried = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      const query = (ops.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      if (!ops.get || query.length === 0) continue;
      const url = path.replace(/\{[^}]+\}/g, '1');
      const ask = (q: string) =>
        s.app.inject({ method: 'GET', url: `${url}?${q}`, headers: authHeaders(admin) });
      // a route whose record 1 does not exist answers 404 before it reads its list: not reached
      const unreached = (await ask('')).statusCode === 404;
      /** Refused naming `field`, or the same 404 as without it; never 200, never a 5xx. */
      const refuses = async (q: string, field: string, message?: string) => {
        const res = await ask(q);
        const errors =
          (JSON.parse(res.body) as { errors?: { field: string; message: string }[] }).errors ?? [];
        const named = errors.some((e) => e.field === field && (!message || e.message === message));
        if ((res.statusCode === 400 && named) || (unreached && res.statusCode === 404)) return;
        failures.push(`GET ${path}?${q} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      };
      if (query.includes('sortBy'))
        for (const sortBy of ['__proto__', 'constructor', 'id;drop']) {
          sorted += 1;
          await refuses(`sortBy=${encodeURIComponent(sortBy)}`, 'sortBy');
        }
      queried += 1;
      await refuses('surplus_field=x', 'surplus_field', 'unknown_field');
    }
    expect(sorted).toBeGreaterThan(60);
    expect(queried).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  });
});
