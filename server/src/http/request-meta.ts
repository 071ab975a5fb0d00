import type { FastifyRequest } from 'fastify';

/** Where a request came from, as the access history keeps it: the address and the browser. */
export const requestMeta = (request: FastifyRequest) => ({
  address: request.ip?.slice(0, 64) ?? null,
  user_agent: request.headers['user-agent']?.slice(0, 500) ?? null,
});
