/**
 * Support tickets (docs/receivables.md "Support tickets"): kept in SitePay, since this machine
 * cannot reach Zendesk; a company that uses Zendesk brings its tickets in with the importer
 * (zendesk-import.ts), idempotent by the Zendesk id (`external_id`). A ticket belongs to its
 * creator's company (the importer's, for imported ones; owner-company.ts) and is seen and changed by
 * whoever's scope covers that company.
 */
import {
  ticketImportResultSchema,
  ticketInputSchema,
  ticketListQuerySchema,
  ticketSchema,
  ticketUpdateSchema,
} from '@sitepay/domain/receivables.schema';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { company, ticket } from '../../db/schema.ts';
import { currentUser } from '../../http/auth.ts';
import { companyScope, settleOwnerCompany } from '../../http/owner-company.ts';
import { outer, type RecordKind } from '../../http/records.ts';
import { registerResource } from '../../http/resource.routes.ts';
import { importTickets, MAX_IMPORT_BYTES } from './zendesk-import.ts';

const t = ticket;
export const ticketKind: RecordKind = {
  name: 'ticket',
  table: t,
  searchFields: ['subject', 'requester_name', 'requester_email', 'external_id'],
  sortable: {
    opened_at: t.opened_at,
    created_at: t.created_at,
    updated_at: t.updated_at,
    subject: t.subject,
    state: t.state,
    priority: t.priority,
    status: t.status,
  },
  defaultSort: { by: 'created_at', desc: true },
  filters: (q) => [
    q.state ? eq(t.state, String(q.state)) : undefined,
    q.priority ? eq(t.priority, String(q.priority)) : undefined,
  ],
  readOnly: ['external_id', 'opened_at'],
  references: [{ field: 'company_id', table: company as never }],
  lookups: { company_name: { key: 'company_id', table: company as never, column: 'name' } },
  scope: (user) => companyScope(sql`${outer(t.company_id)}`, user),
  beforeWrite: (tx, values, existing, user) => settleOwnerCompany(tx, values, existing, user),
};

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
