import { eq, sql } from 'drizzle-orm';
import { company, ticket } from '../../db/schema.ts';
import { companyScope, settleOwnerCompany } from '../../http/owner-company.ts';
import { outer, type RecordKind } from '../../http/records.ts';

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
