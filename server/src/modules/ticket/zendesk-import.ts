/**
 * The Zendesk importer: tickets from a Zendesk export into SitePay's tickets, idempotent by the
 * Zendesk id (kept as `external_id`): a ticket seen before is updated when something changed and
 * skipped when not, so importing one file twice changes nothing.
 *
 * Accepted: the Search/Tickets API's answer `{ "tickets": [...], "users": [...]? }` (line = the
 * ticket's position, 1-based), a bare array, or NDJSON text as Zendesk's export files are (one
 * ticket per line; line = the line's number). The requester is the ticket's `requester` object
 * (exports), else the side-loaded user of `requester_id`, else `via.source.from`. Zendesk's
 * statuses map to ours (`hold` → `pending`); `deleted` tickets are skipped. A line that cannot be
 * read is reported in `errors` with its reason and the others are imported: never a 500.
 */
import { type TicketState, ticketPriorities } from '@sitepay/domain/receivables.schema';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ticket } from '../../db/schema.ts';
import type { CurrentUser } from '../../http/auth.ts';
import type { Row } from '../../http/record-kind.ts';
import { createRecord, findRecord, patchRecord } from '../../http/records.ts';
import { ticketKind } from './ticket.resource.ts';

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** One import at a time: two at once would both create the same new ticket. */
const IMPORT_LOCK = 727016;

type Mapped = {
  external_id: string;
  subject: string;
  description: string | null;
  requester_name: string;
  requester_email: string | null;
  state: TicketState;
  priority: (typeof ticketPriorities)[number];
  opened_at: Date;
};
type Item = { line: number; value: unknown };
type Result = {
  imported: number;
  updated: number;
  skipped: number;
  errors: { line: number; reason: string }[];
};

const clean = (v: unknown, max: number): string | null => {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const text = String(v).replaceAll('\u0000', '').trim();
  return text ? text.slice(0, max) : null;
};
const emailLike = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const STATES: Record<string, TicketState | 'skip'> = {
  new: 'new',
  open: 'open',
  pending: 'pending',
  hold: 'pending',
  solved: 'solved',
  closed: 'closed',
  deleted: 'skip',
};

/** The items of the body and the side-loaded users, or the lines that could not be read. */
function itemsOf(body: unknown): {
  items: Item[];
  users: Map<string, Record<string, unknown>>;
  errors: Result['errors'];
} {
  const users = new Map<string, Record<string, unknown>>();
  const errors: Result['errors'] = [];
  const fromObject = (o: Record<string, unknown>): Item[] => {
    for (const u of Array.isArray(o.users) ? o.users : [])
      if (isObject(u) && u.id != null) users.set(String(u.id), u);
    if (Array.isArray(o.tickets)) return o.tickets.map((value, i) => ({ line: i + 1, value }));
    return [{ line: 1, value: isObject(o.ticket) ? o.ticket : o }];
  };
  if (Array.isArray(body)) return { items: body.map((value, i) => ({ line: i + 1, value })), users, errors };
  if (isObject(body)) return { items: fromObject(body), users, errors };
  const text = String(body ?? '');
  // a JSON document sent as text (the API's answer saved to a file) rather than NDJSON
  try {
    const whole = JSON.parse(text);
    if (isObject(whole) && Array.isArray(whole.tickets)) return { items: fromObject(whole), users, errors };
    if (Array.isArray(whole))
      return { items: whole.map((value, i) => ({ line: i + 1, value })), users, errors };
  } catch {
    // NDJSON: read line by line below
  }
  const items: Item[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (!raw.trim()) return;
    try {
      items.push({ line: i + 1, value: JSON.parse(raw) });
    } catch {
      errors.push({ line: i + 1, reason: 'not valid JSON' });
    }
  });
  return { items, users, errors };
}

/** A Zendesk ticket as ours, or why it cannot be imported ('skip': a deleted ticket). */
function mapTicket(value: unknown, users: Map<string, Record<string, unknown>>): Mapped | 'skip' | string {
  if (!isObject(value)) return 'not a ticket object';
  const id = value.id;
  if (
    !(typeof id === 'number' && Number.isInteger(id) && id > 0) &&
    !(typeof id === 'string' && /^\d{1,20}$/.test(id))
  )
    return 'missing ticket id';
  const status = String(value.status ?? 'new').toLowerCase();
  const state = STATES[status];
  if (!state) return `unknown status "${clean(value.status, 30)}"`;
  if (state === 'skip') return 'skip';
  const priority = value.priority == null ? 'normal' : String(value.priority).toLowerCase();
  if (!(ticketPriorities as readonly string[]).includes(priority))
    return `unknown priority "${clean(value.priority, 30)}"`;
  const description = clean(value.description, 20000);
  const subject =
    clean(value.subject, 500) ?? clean(value.raw_subject, 500) ?? clean(description?.split('\n')[0], 120);
  if (!subject) return 'missing subject';
  const via =
    isObject(value.via) && isObject(value.via.source) && isObject(value.via.source.from)
      ? value.via.source.from
      : {};
  const requester = isObject(value.requester)
    ? value.requester
    : value.requester_id != null
      ? (users.get(String(value.requester_id)) ?? {})
      : {};
  const email = clean(requester.email ?? via.address, 255);
  const name =
    clean(requester.name, 255) ??
    clean(via.name, 255) ??
    email ??
    (value.requester_id != null ? `Zendesk #${clean(value.requester_id, 30)}` : null);
  if (!name) return 'missing requester';
  const opened = value.created_at == null ? new Date() : new Date(String(value.created_at));
  const year = opened.getUTCFullYear();
  if (Number.isNaN(opened.getTime()) || year < 1900 || year > 9999)
    return `invalid created_at "${clean(value.created_at, 40)}"`;
  return {
    external_id: String(id),
    subject,
    description,
    requester_name: name,
    requester_email: email && emailLike.test(email) ? email : null,
    state: state as TicketState,
    priority: priority as Mapped['priority'],
    opened_at: opened,
  };
}

const same = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date
    ? new Date(a as Date).getTime() === new Date(b as Date).getTime()
    : (a ?? null) === (b ?? null);

async function upsert(tx: Tx, m: Mapped, user: CurrentUser): Promise<'imported' | 'updated' | 'skipped'> {
  const [existing] = await tx
    .select()
    .from(ticket)
    .where(eq(ticket.external_id, m.external_id))
    .for('update');
  if (!existing) {
    await createRecord(tx, { ...ticketKind, readOnly: [] }, m as unknown as Row, user);
    return 'imported';
  }
  if (existing.status === 'D') return 'skipped'; // deleted in SitePay on purpose: not brought back
  // another company's ticket (the same Zendesk id brought in by them): not the importer's to change
  if (!(await findRecord(tx, ticketKind, existing.id, user).catch(() => null))) return 'skipped';
  const changes = Object.fromEntries(
    Object.entries(m).filter(([key, value]) => !same((existing as Record<string, unknown>)[key], value)),
  );
  if (!Object.keys(changes).length) return 'skipped';
  await patchRecord(tx, ticketKind, existing.id, changes as Row, user, 'import');
  return 'updated';
}

export async function importTickets(db: Db, body: unknown, user: CurrentUser): Promise<Result> {
  const { items, users, errors } = itemsOf(body);
  const result: Result = { imported: 0, updated: 0, skipped: 0, errors };
  const valid: Mapped[] = [];
  for (const item of items) {
    const m = mapTicket(item.value, users);
    if (m === 'skip') result.skipped += 1;
    else if (typeof m === 'string') result.errors.push({ line: item.line, reason: m });
    else valid.push(m);
  }
  if (valid.length)
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
      for (const m of valid) result[await upsert(tx, m, user)] += 1;
    });
  result.errors.sort((a, b) => a.line - b.line);
  return result;
}
