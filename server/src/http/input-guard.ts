/**
 * Text no stored record may hold, refused once for every route before validation: a string of the
 * JSON body, the query string or the path (keys included) with a character XML 1.0 cannot hold
 * answers 400 naming the field (`invalid_character`). That is U+0000, which PostgreSQL's text
 * columns reject (a 500 from the database before this check), and the rest of what XML 1.0 cannot
 * write — the other C0 controls but tab, LF and CR, U+FFFE, U+FFFF and half a surrogate pair (JSON's
 * "\ud800" parses into one) — which a record keeps until it is printed or exported: Word refuses
 * the file then (documents/xml-text.ts).
 */
import type { FastifyInstance } from 'fastify';
import { hasNonXmlCharacter } from '../documents/xml-text.ts';
import { fieldError } from './errors.ts';

const MAX_DEPTH = 64;

/** The path ("items.0.note") of the first string or key holding such a character, or null. */
export function badCharacterPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return hasNonXmlCharacter(value) ? path : null;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, inner] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (hasNonXmlCharacter(key)) return here;
    const found = badCharacterPath(inner, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The query string's first field whose percent-encoding is malformed (`%E0%A4%A`: a cut escape, or
 * bytes that are not UTF-8), or null. The query parser keeps such text as it came, unread.
 */
export function malformedQueryField(url: string): string | null {
  const at = url.indexOf('?');
  if (at < 0) return null;
  for (const pair of url.slice(at + 1).split('&')) {
    const [key = '', value = ''] = pair.split('=', 2);
    try {
      decodeURIComponent(key.replace(/\+/g, ' '));
    } catch {
      return 'query';
    }
    try {
      decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      return key || 'query';
    }
  }
  return null;
}

export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const malformed = malformedQueryField(request.url);
    if (malformed !== null) throw fieldError(malformed, 'invalid_encoding');
    const field =
      badCharacterPath(request.query) ?? badCharacterPath(request.body) ?? badCharacterPath(request.params);
    if (field !== null) throw fieldError(field || 'body', 'invalid_character');
  });
}
