/**
 * The one error envelope of the API: {status, code, message, errors?}. Handlers throw an
 * HttpError; validation, body-size, rate-limit and database errors are translated here, and
 * anything unexpected answers a bare 500 with no stack trace or SQL.
 */
import type { ErrorCode, ErrorEnvelope } from '@sitepay/domain/common.schema';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConcurrentChange, isDatabaseUnavailable } from '../db/connection-errors.ts';

type FieldError = { field: string; message: string };

/** Values a reason's text is filled with (amounts as exact decimal strings, dates ISO). */
export type ReasonParams = Record<string, string | number>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    message: string,
    readonly errors?: FieldError[],
    /** Which rule refused, a stable key the screens translate (`errors.reasons.<reason>`). */
    readonly reason?: string,
    readonly params?: ReasonParams,
    /** Seconds after which the same request may pass: answered as `Retry-After`. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new HttpError(400, 'bad_request', message, errors);
export const fieldError = (field: string, message: string) =>
  badRequest(`${field}: ${message}`, [{ field, message }]);
export const notFound = (what = 'record') =>
  new HttpError(404, 'not_found', `${what} not found`, undefined, 'not_found', { entity: what });
export const staleVersion = () => new HttpError(409, 'invalid_version', 'data is out of date, press F5');
/** A business rule refused: the English message, and the rule's `reason` with its `params` for the screens. */
export const unprocessable = (message: string, reason?: string, params?: ReasonParams) =>
  new HttpError(422, 'unprocessable', message, undefined, reason, params);
export const invalidToken = () => new HttpError(401, 'invalid_token', 'Session timeout. Please login!');
export const forbidden = (path: string) =>
  new HttpError(403, 'forbidden', `You don't have permission to access ${path}`);
export const passwordChangeRequired = () =>
  new HttpError(
    403,
    'password_change_required',
    'change your password first (PUT /api/account/change-password)',
  );

/** Maps a zod issue to our message keys, which the web translates. */
function issueMessage(issue: {
  code?: string;
  message?: string;
  minimum?: unknown;
  maximum?: unknown;
}): string {
  if (issue.message && /^[a-z_]+$/.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'too_big':
      return 'too_long';
    case 'too_small':
      return 'required';
    case 'invalid_type':
      return issue.message?.includes('received undefined') ? 'required' : 'invalid_type';
    case 'invalid_format':
      return 'invalid_format';
    default:
      return issue.message || 'invalid';
  }
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let envelope: ErrorEnvelope;
    if (error instanceof HttpError) {
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      envelope = {
        status: error.status,
        code: error.code,
        message: error.message,
        errors: error.errors,
        ...(error.reason ? { reason: error.reason, params: error.params ?? {} } : {}),
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const all = error.validation.flatMap((v) => {
        const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        // a strict body's unknown fields (http/strict-body.ts): one entry for each
        if (v.keyword === 'unrecognized_keys')
          return ((v.params as { keys?: string[] }).keys ?? []).map((key) => ({
            field: field ? `${field}.${key}` : key,
            message: 'unknown_field',
          }));
        return [
          { field, message: issueMessage({ ...(v.params as object), code: v.keyword, message: v.message }) },
        ];
      });
      // one entry per field: its first message (docs/product.md#error-messages)
      const errors = all.filter((e, i) => all.findIndex((x) => x.field === e.field) === i);
      const where = error.validationContext === 'body' ? 'input' : error.validationContext;
      envelope = {
        status: 400,
        code: 'bad_request',
        message: `invalid ${where}: ${errors.map((e) => `${e.field || where} ${e.message}`).join(', ')}`,
        errors,
      };
    } else if (error.statusCode === 429) {
      envelope = { status: 429, code: 'too_many_requests', message: 'too many requests, try again later' };
    } else if (error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      envelope = { status: 413, code: 'payload_too_large', message: 'request body too large' };
    } else if (isConcurrentChange(error)) {
      // a deadlock or a serialization failure with another request: rolled back, so nothing was
      // written; the same request again will very likely pass (a known one is a bug to fix: the
      // log says which request)
      request.log.warn({ err: error }, 'transaction given up against another');
      reply.header('retry-after', '1');
      envelope = {
        status: 409,
        code: 'conflict',
        message:
          'another change to the same data was being saved at the same moment: nothing was saved, try again',
        reason: 'concurrent_change',
        params: {},
      };
    } else if (isDatabaseUnavailable(error)) {
      // PostgreSQL down, restarting or out of connections: a retry will do, nothing was written
      // (a write whose commit was cut off is not acknowledged either; docs/adr/0047-database-trouble-answers-503-or-409.md)
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      envelope = {
        status: 503,
        code: 'service_unavailable',
        message: 'the database is unavailable, try again in a moment',
      };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, …
      envelope = { status: error.statusCode, code: 'bad_request', message: safeClientMessage(error) };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      if (process.env.DEBUG_500) console.error(error);
      envelope = { status: 500, code: 'internal_error', message: 'Internal Server Error' };
    }
    if (envelope.errors === undefined) delete envelope.errors;
    // A request refused before its body was read (an upload over the limit): the unread bytes would
    // be taken for the next request on a kept-alive connection, which then never gets its answer.
    if (!request.raw.complete) reply.header('connection', 'close');
    reply.status(envelope.status).send(envelope);
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ status: 404, code: 'not_found', message: `${request.method} ${request.url} not found` });
  });
}

function safeClientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'the body is not valid JSON';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported content type';
    default:
      return error.message.split('\n')[0]?.slice(0, 200) ?? 'bad request';
  }
}
