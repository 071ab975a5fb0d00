/**
 * Answers written by a serializer compiled from each route's response schema (fast-json-stringify,
 * Fastify's own) instead of a zod pass over every answer and then JSON.stringify: zod checked each
 * of a page's 20 × 60 fields on every list, 8 % of a payment list's server time
 * (docs/adr/0024-answers-written-by-fast-json-stringify.md).
 *
 * What the answer holds is the same: the schema's properties only (an object's other keys, such as
 * a password hash or the search text, are never written), the same JSON. What changes is that the
 * answer is no longer checked in production: a value of the wrong type is converted as
 * fast-json-stringify converts it, where zod refused with a 500. The tests check both: under Vitest
 * (and wherever `SITEPAY_CHECK_RESPONSES=1`) each answer also goes through zod's serializer, which
 * refuses what the schema does not allow, and the two must say the same JSON (the same values; the
 * order of an object's keys may differ) — so every answer of the test suite shows the compiled
 * serializer writing what zod would have written. A
 * schema that JSON Schema cannot say (a transform) keeps zod's serializer.
 */

import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const checkResponses = Boolean(process.env.VITEST) || process.env.SITEPAY_CHECK_RESPONSES === '1';

const isNullType = (s: unknown) =>
  typeof s === 'object' && s !== null && (s as JsonSchema).type === 'null' && Object.keys(s).length === 1;

/**
 * zod writes `x.nullable()` as `anyOf: [x, {type: 'null'}]`, which fast-json-stringify resolves by
 * validating each value against each branch: written as a nullable `x` instead, and recursively.
 */
function simplified(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplified);
  if (typeof schema !== 'object' || schema === null) return schema;
  const s = schema as JsonSchema;
  const anyOf = s.anyOf as unknown[] | undefined;
  if (anyOf?.length === 2 && anyOf.some(isNullType)) {
    const { anyOf: _, ...rest } = s;
    const other = simplified(anyOf.find((b) => !isNullType(b))) as JsonSchema;
    const type = other.type;
    if (typeof type === 'string' && !other.anyOf && !other.oneOf && !other.allOf && !other.$ref)
      return { ...rest, ...other, type: type === 'null' ? 'null' : [type, 'null'] };
  }
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(s)) out[k] = simplified(v);
  return out;
}

/** The response schema as JSON Schema, or null when zod cannot say it (a transform, a custom type). */
function jsonSchemaOf(schema: z.ZodType): JsonSchema | null {
  try {
    const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    const { $schema: _, ...rest } = simplified(json) as JsonSchema;
    return rest;
  } catch {
    return null;
  }
}

const zodSchemaOf = (schema: unknown): z.ZodType | null => {
  if (schema instanceof z.ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  return inner instanceof z.ZodType ? inner : null;
};

export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const zodSchema = zodSchemaOf(route.schema);
  const json = zodSchema ? jsonSchemaOf(zodSchema) : null;
  if (!zodSchema || !json) return zodSerializerCompiler(route as never);
  // compiled on first use: a server (or a test's app) registers hundreds of routes and answers a few
  let stringify: ((data: unknown) => string) | undefined;
  const check = checkResponses ? zodSerializerCompiler(route as never) : undefined;
  return (data: unknown) => {
    const expected = check?.(data); // throws zod's error (a 500) for an answer the schema refuses
    stringify ??= fastJson(json as never) as (data: unknown) => string;
    const text = stringify(data);
    if (
      expected !== undefined &&
      expected !== text &&
      !isDeepStrictEqual(JSON.parse(expected), JSON.parse(text))
    )
      throw new Error(
        `${route.method} ${route.url}: the compiled serializer wrote ${text.slice(0, 2000)} where zod wrote ${expected.slice(0, 2000)}`,
      );
    return text;
  };
};
