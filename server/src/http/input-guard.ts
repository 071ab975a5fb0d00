/**
 * Input PostgreSQL cannot store, refused once for every route before validation: a U+0000 in any
 * string of the JSON body or the query string answers 400 naming the field (text columns reject it,
 * and before this check it surfaced as a 500 from the database).
 */
import type { FastifyInstance } from 'fastify';
import { fieldError } from './errors.ts';

const MAX_DEPTH = 64;

/** The path ("items.0.note") of the first string holding U+0000, or null. */
export function nullBytePath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, inner] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return here;
    const found = nullBytePath(inner, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field = nullBytePath(request.query) ?? nullBytePath(request.body) ?? nullBytePath(request.params);
    if (field !== null) throw fieldError(field || 'body', 'invalid_character');
  });
}
