/**
 * A customer's credits as other modules read them (the bill's page lists the notes applied to it):
 * the credit record kind and the live credits of a customer or a bill the user may see.
 */
import { and, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { billing, credit } from '../../db/schema.ts';
import type { CurrentUser } from '../../http/auth.ts';
import type { RecordKind } from '../../http/records.ts';
import { inScope } from './customer.resource.ts';

const k = credit;
export const creditKind: RecordKind = {
  name: 'credit',
  table: k,
  searchFields: ['reason', 'reference'],
  sortable: { credit_date: k.credit_date, created_at: k.created_at, amount: k.amount },
  defaultSort: { by: 'credit_date', desc: true },
};

const creditColumns = {
  id: k.id,
  customer_id: k.customer_id,
  billing_id: k.billing_id,
  billing_number: sql<string | null>`(select b.number from ${billing} b where b.id = ${k.billing_id})`,
  kind: k.kind,
  amount: k.amount,
  reason: k.reason,
  credit_date: k.credit_date,
  reference: k.reference,
  status: k.status,
  version: k.version,
  created_at: k.created_at,
  created_by: k.created_by,
};

/** Live credits of a customer or of a bill, newest first; notes on bills the user does not see are left out. */
export async function creditsOf(
  db: Tx,
  of: { customerId?: number; billingId?: number; id?: number },
  user: CurrentUser,
) {
  const where: SQL[] = [ne(k.status, 'D')];
  if (of.customerId) where.push(eq(k.customer_id, of.customerId));
  if (of.billingId) where.push(eq(k.billing_id, of.billingId));
  if (of.id) where.push(eq(k.id, of.id));
  const seen = or(
    sql`${k.billing_id} is null`,
    sql`exists (select 1 from ${billing} b where b.id = ${k.billing_id} and ${inScope(sql`b.construction_id`, user)})`,
  );
  const rows = await db
    .select(creditColumns)
    .from(k)
    .where(and(...where, seen))
    .orderBy(desc(k.credit_date), desc(k.id));
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}
