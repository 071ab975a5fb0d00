/**
 * The ticket routes: the generic list, get, create, update and delete of /api/manage/zendesk
 * (ticket.resource.ts), and the Zendesk importer (zendesk-import.ts).
 */
import {
  ticketImportResultSchema,
  ticketInputSchema,
  ticketListQuerySchema,
  ticketSchema,
  ticketUpdateSchema,
} from '@sitepay/domain/receivables.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth.ts';
import { registerResource } from '../../http/resource.routes.ts';
import { ticketKind } from './ticket.resource.ts';
import { importTickets, MAX_IMPORT_BYTES } from './zendesk-import.ts';

/** A Zendesk export: the API's `{tickets: [...]}` (users side-loaded or not), an array, or NDJSON text. */
const importBodySchema = z.union([
  // Zendesk's own document, with its paging fields (next_page, count, end_of_stream…): not ours to
  // refuse, so its other keys are allowed explicitly (bodies are strict otherwise: http/strict-body.ts)
  z.looseObject({
    tickets: z.array(z.unknown()).max(50_000),
    users: z.array(z.unknown()).max(50_000).optional(),
  }),
  z.array(z.unknown()).max(50_000),
  z.string().max(MAX_IMPORT_BYTES),
]);

export function registerTicketRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = ['ticket', 'ticket-create', 'ticket-update'];
  registerResource(app, {
    kind: ticketKind,
    basePath: '/api/manage/zendesk',
    tag: 'ticket',
    record: ticketSchema,
    input: ticketInputSchema,
    update: ticketUpdateSchema,
    listQuery: ticketListQuerySchema,
    menus: { read, create: ['ticket-create'], update: ['ticket-update'] },
    paths: { paging: 'list/paging', all: false, active: false, deactivate: false },
  });

  // Zendesk's export files are NDJSON (one ticket per line): taken as text, like text/plain
  app.addContentTypeParser(
    ['application/x-ndjson', 'application/ndjson', 'application/jsonl', 'application/x-jsonlines'],
    { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES },
    (_req, body, done) => done(null, body),
  );
  r.post(
    '/api/manage/zendesk/import',
    {
      bodyLimit: MAX_IMPORT_BYTES,
      config: { menus: ['ticket-create'] },
      schema: { tags: ['ticket'], body: importBodySchema, response: { 200: ticketImportResultSchema } },
    },
    (req) => importTickets(app.db, req.body, currentUser(req)),
  );
}
