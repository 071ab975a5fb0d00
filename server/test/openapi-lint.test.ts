/**
 * The OpenAPI document as integrators read it: Redocly's recommended rules (the linter a peer
 * review used) find no error — every operation has an operationId, a summary and its 4xx answers.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers.ts';

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
});
