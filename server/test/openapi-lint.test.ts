/**
 * The OpenAPI document as integrators read it: Redocly's recommended rules (the linter a peer
 * review used) find no error — every operation has an operationId, a summary and its 4xx answers;
 * every 200 says what it holds (a schema, or a file's media type), and the file answers say which.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MEDIA_TYPES } from '../src/http/openapi.ts';
import { createTestServer, type TestServer } from './helpers.ts';

type Content = Record<string, { schema?: Record<string, unknown> }>;
type Operation = { responses?: Record<string, { content?: Content }> };

/** A schema that says something: a type, a reference, properties, items or alternatives. */
const saysSomething = (schema: Record<string, unknown> | undefined) =>
  Boolean(schema) &&
  ['type', '$ref', 'properties', 'items', 'anyOf', 'oneOf', 'allOf', 'enum', 'const'].some(
    (key) => key in schema!,
  );

const binary = { type: 'string', format: 'binary' };
const { xlsx, docx, pdf, file } = FILE_MEDIA_TYPES;

describe('the OpenAPI document', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer('pglite', { demo: false });
  });
  afterAll(() => s?.close());

  it('passes Redocly’s recommended rules with no error', async () => {
    const doc = (await s.call('GET', '/api/openapi.json')).body;
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.slice(0, 5).map((e) => `${e.ruleId}: ${e.message} at ${e.location[0]?.pointer}`)).toEqual(
      [],
    );
  });

  it('gives every operation a unique operationId, a summary and the error envelope for its 4xx answers', async () => {
    const doc = (await s.call('GET', '/api/openapi.json')).body;
    const ids = new Set<string>();
    let operations = 0;
    for (const [path, item] of Object.entries(
      doc.paths as Record<
        string,
        Record<string, { operationId?: string; summary?: string; responses?: Record<string, unknown> }>
      >,
    )) {
      for (const [method, op] of Object.entries(item)) {
        operations += 1;
        expect(op.operationId, `${method} ${path}`).toBeTruthy();
        expect(ids.has(op.operationId!), op.operationId).toBe(false);
        ids.add(op.operationId!);
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        const codes = Object.keys(op.responses ?? {});
        expect(
          codes.some((c) => c.startsWith('2')),
          `${method} ${path}`,
        ).toBe(true);
        // only the public reads without input (health, version) cannot be refused
        if (!['/api/health', '/api/version'].includes(path))
          expect(
            codes.some((c) => c.startsWith('4')),
            `${method} ${path}`,
          ).toBe(true);
        const refusal = (
          op.responses as Record<string, { content?: Record<string, { schema?: { properties?: object } }> }>
        )[codes.find((c) => c.startsWith('4')) ?? ''];
        if (refusal)
          expect(Object.keys(refusal.content?.['application/json']?.schema?.properties ?? {})).toEqual(
            expect.arrayContaining(['status', 'code', 'message']),
          );
      }
    }
    expect(operations).toBeGreaterThan(200);
  });

  it('documents what every 200 holds: a schema, or the media type of the file it is', async () => {
    const doc = (await s.call('GET', '/api/openapi.json')).body;
    const empty: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>))
      for (const [method, op] of Object.entries(item)) {
        const ok = op.responses?.['200'];
        if (!ok) continue;
        const content = Object.entries(ok.content ?? {});
        if (content.length === 0 || content.some(([, media]) => !saysSomething(media.schema)))
          empty.push(`${method.toUpperCase()} ${path}`);
      }
    expect(empty).toEqual([]);
  });

  it('says which files the exports, the print, the reports and the downloads answer', async () => {
    const doc = (await s.call('GET', '/api/openapi.json')).body;
    const mediaOf = (path: string) => {
      const content = (doc.paths[path]?.get as Operation | undefined)?.responses?.['200']?.content ?? {};
      return Object.fromEntries(Object.entries(content).map(([type, media]) => [type, media.schema]));
    };
    for (const entity of ['construction', 'constructor', 'contract', 'payment'])
      expect(mediaOf(`/api/export/${entity}`), entity).toEqual({ [xlsx]: binary });
    expect(mediaOf('/api/payment-transaction/download/{id}')).toEqual({ [docx]: binary, [pdf]: binary });
    for (const path of [
      '/api/payment-file-upload/download/{id}',
      '/api/download/contracts/{contractId}/{uploadId}',
      '/api/admin/project/file/download/{id}',
      '/api/admin/company/file/download/{id}',
    ])
      expect(mediaOf(path), path).toEqual({ [file]: binary });
    const reports = Object.keys(doc.paths).filter(
      (p) => p.startsWith('/api/report/') && p !== '/api/report/home',
    );
    expect(reports.length).toBeGreaterThanOrEqual(8);
    for (const path of reports) {
      const media = mediaOf(path);
      expect(media[xlsx], path).toEqual(binary);
      expect(saysSomething(media['application/json']), path).toBe(true);
    }
  });
});
