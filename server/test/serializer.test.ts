/**
 * The compiled response serializer (http/serializer.ts): an answer holds the schema's properties
 * and nothing else, with the values zod would write; a schema JSON Schema cannot say (a date) keeps zod; and
 * under the tests an answer the schema refuses still fails.
 */
import { pageSchema } from '@sitepay/domain/common.schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from '../src/http/serializer.ts';

const serializerFor = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/api/test', httpStatus: '200' } as never) as (
    data: unknown,
  ) => string;

const record = z.object({
  id: z.number(),
  name: z.string(),
  amount: z.string(),
  note: z.string().nullable(),
  due_date: z.string().nullable().optional(),
  is_priority: z.boolean(),
  attached_documents: z.array(z.object({ name: z.string(), copies: z.number() })).nullable(),
  changes: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })).optional(),
});

describe('compiled response serializer', () => {
  it('writes the schema’s properties only, with the values zod writes', () => {
    const page = {
      items: [
        {
          id: 7,
          name: 'Thanh toán đợt 1 "móng"\n',
          amount: '1234567890123.45',
          note: null,
          is_priority: false,
          attached_documents: [{ name: 'Hóa đơn', copies: 2, secret: 'x' }],
          changes: { amount: { old: '1.00', new: { nested: [1, null] } } },
          password_hash: '$argon2id$secret',
          search_text: 'thanh toan dot 1',
        },
        {
          id: 8,
          name: 'B',
          amount: '0.00',
          note: 'n',
          due_date: '2026-12-01',
          is_priority: true,
          attached_documents: null,
        },
      ],
      total: 2,
      totalExact: true,
      page: 1,
      itemsPerPage: 20,
      nextCursor: null,
      prevCursor: null,
    };
    const schema = pageSchema(record);
    const text = serializerFor(schema)(page);
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(schema.parse(page))));
    expect(text).not.toContain('argon2id');
    expect(text).not.toContain('search_text');
    expect(text).not.toContain('secret');
    expect(JSON.parse(text).items[0].name).toBe('Thanh toán đợt 1 "móng"\n');
  });

  it('keeps zod for a schema JSON Schema cannot say', () => {
    const schema = z.object({ at: z.date(), n: z.number() });
    expect(serializerFor(schema)({ at: new Date(0), n: 1, extra: 2 })).toBe(
      '{"at":"1970-01-01T00:00:00.000Z","n":1}',
    );
    expect(() => serializerFor(schema)({ at: 'yesterday', n: 1 })).toThrow();
  });

  it('refuses, under the tests, an answer its schema does not allow', () => {
    expect(() => serializerFor(record)({ id: 'seven', name: 'A' })).toThrow();
  });
});
