/**
 * The ability screen's filter over a user's or a role's endpoints. Typed text narrows the list
 * (method, path, the menus or privileges opening it; no case, no diacritics); a typed request —
 * "GET /api/contract/get/12", or a bare path — also matches the endpoint patterns it falls under
 * (`{id}` or `:id` stand for one segment), so "why can X not open Y" is answered by pasting Y.
 * Pure, tested beside it.
 */
import { foldSearchText } from '@sitepay/domain/search-text';

export type AbilityEndpoint = { method: string; path: string; via: string[] };

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

export type EndpointQuery = {
  method?: string;
  /** A request path ("/api/contract/get/12"), when the text is one. */
  path?: string;
  text: string;
};

/** Reads the filter box: an optional method first, then a path or words. */
export function parseEndpointQuery(input: string): EndpointQuery {
  const trimmed = input.trim();
  const [first = '', ...rest] = trimmed.split(/\s+/);
  const method = METHODS.has(first.toUpperCase()) ? first.toUpperCase() : undefined;
  const text = method ? rest.join(' ') : trimmed;
  const bare = text.split(/[?#]/)[0] ?? '';
  const path = /^\/\S*$/.test(bare)
    ? bare.startsWith('/api/') || bare === '/api'
      ? bare
      : `/api${bare}`
    : undefined;
  return { method, path, text };
}

const segments = (path: string) => path.replace(/\/+$/, '').split('/');
const isParam = (segment: string) => /^\{[^}]+\}$/.test(segment) || segment.startsWith(':');

/** Whether a request path falls under an endpoint's pattern (`/api/contract/get/{id}`). */
export function pathMatches(pattern: string, path: string): boolean {
  const want = segments(pattern);
  const have = segments(path);
  if (want.length !== have.length) return false;
  return want.every((segment, i) => isParam(segment) || segment === have[i]);
}

export function endpointMatches(endpoint: AbilityEndpoint, query: EndpointQuery): boolean {
  if (query.method && endpoint.method.toUpperCase() !== query.method) return false;
  if (query.path && pathMatches(endpoint.path, query.path)) return true;
  const needle = foldSearchText(query.text);
  if (!needle) return true;
  const hay = foldSearchText(`${endpoint.method} ${endpoint.path} ${endpoint.via.join(' ')}`);
  return hay.includes(needle);
}

/**
 * The answer to a typed request (method and path): the endpoints it falls under with what opens
 * them; `null` when the text is no request.
 */
export function checkRequest(
  endpoints: AbilityEndpoint[],
  query: EndpointQuery,
): { method: string; path: string; granted: AbilityEndpoint[] } | null {
  if (!query.path) return null;
  const granted = endpoints.filter(
    (e) => (!query.method || e.method.toUpperCase() === query.method) && pathMatches(e.path, query.path!),
  );
  return { method: query.method ?? '', path: query.path, granted };
}
