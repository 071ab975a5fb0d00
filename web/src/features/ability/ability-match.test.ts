import { describe, expect, test } from 'vitest';
import { checkRequest, endpointMatches, parseEndpointQuery, pathMatches } from './ability-match.ts';

const endpoints = [
  { method: 'GET', path: '/api/contract/get/{id}', via: ['contract-view'] },
  { method: 'GET', path: '/api/contract/paging', via: ['contract'] },
  { method: 'PUT', path: '/api/contract/update/{id}', via: ['contract-update'] },
  { method: 'GET', path: '/api/admin/company/list/all', via: ['Xem công ty', 'company'] },
];

describe('the ability screen filter', () => {
  test('a method first, then a path, reads as a request; /api is added when left out', () => {
    expect(parseEndpointQuery('get /api/contract/get/12')).toEqual({
      method: 'GET',
      path: '/api/contract/get/12',
      text: '/api/contract/get/12',
    });
    expect(parseEndpointQuery('/contract/paging?page=2').path).toBe('/api/contract/paging');
    expect(parseEndpointQuery('hợp đồng')).toEqual({ method: undefined, path: undefined, text: 'hợp đồng' });
  });

  test('a concrete path falls under the pattern with {id} or :id, and only one segment long', () => {
    expect(pathMatches('/api/contract/get/{id}', '/api/contract/get/12')).toBe(true);
    expect(pathMatches('/api/contract/get/:id', '/api/contract/get/12/')).toBe(true);
    expect(pathMatches('/api/contract/get/{id}', '/api/contract/get/12/files')).toBe(false);
    expect(pathMatches('/api/contract/get/{id}', '/api/contract/list/12')).toBe(false);
  });

  test('a pasted request finds the endpoint that opens it, and the method narrows it', () => {
    const found = endpoints.filter((e) => endpointMatches(e, parseEndpointQuery('/api/contract/update/7')));
    expect(found.map((e) => e.path)).toEqual(['/api/contract/update/{id}']);
    expect(
      endpoints.filter((e) => endpointMatches(e, parseEndpointQuery('GET /api/contract/update/7'))),
    ).toEqual([]);
  });

  test('words match method, path and what opens it, without diacritics', () => {
    const found = endpoints.filter((e) => endpointMatches(e, parseEndpointQuery('xem cong ty')));
    expect(found.map((e) => e.path)).toEqual(['/api/admin/company/list/all']);
    expect(endpoints.filter((e) => endpointMatches(e, parseEndpointQuery('put'))).length).toBe(1);
    expect(endpoints.filter((e) => endpointMatches(e, parseEndpointQuery(''))).length).toBe(4);
  });

  test('checking a request says what grants it, or that nothing does', () => {
    expect(checkRequest(endpoints, parseEndpointQuery('GET /api/contract/get/5'))?.granted).toEqual([
      endpoints[0],
    ]);
    const refused = checkRequest(endpoints, parseEndpointQuery('DELETE /api/contract/delete/5'));
    expect(refused).toEqual({ method: 'DELETE', path: '/api/contract/delete/5', granted: [] });
    expect(checkRequest(endpoints, parseEndpointQuery('contract'))).toBeNull();
  });
});
