/**
 * The OpenAPI document as integrators and generated clients read it, from the route table: every
 * operation gets a stable operationId and a summary in plain words (unless the route declares its
 * own), and the 4xx answers it can give, each with the one error envelope (docs/product.md#error-envelope):
 * 400 for input it validates, 401 unless public, 403 when an endpoint right is needed, 404 for a
 * record in its path, 409 when it takes a version, 422 for writes (business rules). A route that
 * answers a file names its kinds in `config.files` (an export's xlsx, the print's docx and pdf, an
 * upload's own type), and its 200 says those media types, beside its JSON when it has one.
 */
import { errorEnvelopeSchema } from '@sitepay/domain/common.schema';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

const envelope = z.toJSONSchema(errorEnvelopeSchema, { target: 'draft-7' }) as Record<string, unknown>;
delete envelope.$schema;

const words = (segment: string) => segment.replace(/[{}:]/g, '').split(/[-_]/).filter(Boolean);
const cap = (w: string) => (w ? w[0]!.toUpperCase() + w.slice(1) : w);

/** GET /api/payment-transaction/get/{id} → getPaymentTransactionGetById */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      /^[:{]/.test(segment) ? ['By', ...words(segment).map(cap)] : words(segment).map(cap),
    );
  return method.toLowerCase() + parts.join('');
}

/** GET /api/payment-transaction/get/{id} → "Payment transaction: get {id}" */
export function summaryOf(method: string, url: string): string {
  const [resource = '', ...rest] = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/^:(\w+)$/, '{$1}'));
  const what = cap(words(resource).join(' '));
  const verb =
    { GET: 'read', POST: 'create', PUT: 'update', PATCH: 'change', DELETE: 'delete' }[method] ?? method;
  const action = rest.map((s) => (s.startsWith('{') ? s : words(s).join(' '))).join(' ');
  return `${what}: ${action || verb}`;
}

const error = (description: string) => ({ description, ...envelope });

/** The media types of the files routes answer (`config.files`). */
export const FILE_MEDIA_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  /** An uploaded file, answered with its own type (from its extension, files/file-types.ts). */
  file: 'application/octet-stream',
} as const;
export type FileKind = keyof typeof FILE_MEDIA_TYPES;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The kinds of file the route answers with 200, for the OpenAPI document. */
    files?: FileKind[];
  }
}

const fileDescriptions: Record<FileKind, string> = {
  xlsx: 'an Excel workbook',
  docx: 'a Word document',
  pdf: 'a PDF document',
  file: 'the file, with its own media type',
};

/** A 200 answering files (and the route's JSON, when it has a schema: a report's `format=json`). */
function fileAnswer(json: unknown, files: FileKind[]) {
  const content: Record<string, { schema: object }> = {};
  if (json) content['application/json'] = { schema: json as object };
  for (const kind of files)
    content[FILE_MEDIA_TYPES[kind]] = { schema: { type: 'string', format: 'binary' } };
  const what = files.map((kind) => fileDescriptions[kind]).join(' or ');
  return { description: json ? `The answer, or ${what} (\`format\`)` : `The file: ${what}`, content };
}

type TransformArgs = { schema: FastifySchema; url: string; route: RouteOptions } & Record<string, unknown>;

export function openApiTransform(args: TransformArgs) {
  const out = jsonSchemaTransform(args as never) as { schema: Record<string, unknown>; url: string };
  const schema = out.schema;
  if (!schema || schema.hide) return out;
  const method = [args.route.method].flat()[0]!.toString().toUpperCase();
  const access = (args.route.config as { access?: string } | undefined)?.access ?? 'endpoint';
  const url = out.url;
  // the body as JSON Schema: its zod schema may be a pipe (SPEC's aliases, http/strict-body.ts)
  const body = schema.body as { properties?: Record<string, unknown> } | undefined;
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  const add = (code: number, description: string) => {
    response[code] ??= error(description);
  };
  if (args.schema?.body || args.schema?.querystring || args.schema?.params || method !== 'GET')
    add(400, 'Invalid input: `errors` names each field');
  if (access !== 'public') add(401, 'No valid session (`invalid_token`)');
  if (access === 'endpoint') add(403, 'No right to this endpoint');
  if (/[{:]/.test(url)) add(404, 'Not found, or outside the caller’s data scope');
  if (body?.properties && 'version' in body.properties)
    add(409, 'Stale version (`invalid_version`): nothing written');
  if (method !== 'GET') add(422, 'A business rule refused the request; the message says which');
  if (access === 'public' && /login/.test(url)) add(429, 'Too many attempts; see Retry-After');
  const files = (args.route.config as { files?: FileKind[] } | undefined)?.files;
  if (files?.length) response[200] = fileAnswer(response[200], files);
  return {
    ...out,
    schema: {
      ...schema,
      operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, url),
      summary: (schema.summary as string | undefined) ?? summaryOf(method, url),
      response,
    },
  };
}
