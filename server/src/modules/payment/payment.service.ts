/**
 * Payment requests' reads and writes behind the routes of payment.routes.ts
 * (docs/product.md#payment-transactions): create with its first history line, the requests of a
 * contract, where a contract stands for requests, the next payment day, a request's status and
 * moves, the contracts the form offers, the document checklist, the timeline and the VietQR code.
 */
import { compareAmounts } from '@sitepay/domain/money';
import type {
  PaymentContractStatus,
  paymentInputSchema,
  paymentListQuerySchema,
} from '@sitepay/domain/payment.schema';
import { asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { businessToday } from '../../core/business-time.ts';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { appUser, paymentDate, paymentHistory, paymentTransaction } from '../../db/schema.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { listRecords } from '../../http/record-reads.ts';
import { createRecord, findRecord } from '../../http/records.ts';
import { contractKind } from '../contract/contract.resource.ts';
import { summarize } from '../contract/contract.totals.ts';
import { paymentKind } from './payment.resource.ts';
import { contractPosition, contractRefusals, contractState, peekRequirementNo } from './payment.rules.ts';
import { movesOf, writeMove } from './payment.workflow.ts';
import { requestChecklist } from './payment-readiness.ts';
import { paymentVietQr, vietQrDataUrl } from './payment-vietqr.ts';

const p = paymentTransaction;

/** Creates a request (printed with `template`) and writes its first history line. */
export function createPayment(
  db: Db,
  input: z.infer<typeof paymentInputSchema>,
  template: string | undefined,
  user: CurrentUser,
) {
  return db.transaction(async (tx) => {
    const row = await createRecord(tx, paymentKind, { ...input, template } as never, user);
    await writeMove(tx, row.id, 'create', null, 'O', null, user);
    return row;
  });
}

/** The requests of a contract the user may see, by number (at most 1000). */
export async function paymentsOfContract(db: Db, contractId: number, user: CurrentUser) {
  await findRecord(db, contractKind, contractId, user);
  const page = await listRecords(
    db,
    paymentKind,
    { page: 1, itemsPerPage: 1000, sortBy: 'requirement_no', sortDesc: false } as never,
    user,
    eq(p.contract_id, contractId),
  );
  return page.items;
}

/** A page of the requests of a contract the user may see. */
export async function paymentPageOfContract(
  db: Db,
  contractId: number,
  query: z.infer<typeof paymentListQuerySchema>,
  user: CurrentUser,
) {
  await findRecord(db, contractKind, contractId, user);
  return listRecords(db, paymentKind, query as never, user, eq(p.contract_id, contractId));
}

/** Where a contract stands for payment requests: summary, advance, warranty, next number. */
export async function contractStatusOf(
  tx: Tx,
  contractId: number,
  user: CurrentUser,
): Promise<PaymentContractStatus> {
  const c = await contractState(tx, contractId, user);
  const pos = await contractPosition(tx, contractId);
  const summary = summarize(pos.money, pos.sums);
  const reasons = contractRefusals(c);
  if (compareAmounts(summary.remaining, '0') <= 0)
    reasons.push({ code: 'ceiling_reached', message: 'nothing remains payable under the ceiling' });
  return {
    contract_id: contractId,
    summary,
    advance_requested: pos.sums.advance,
    advance_recovered: pos.sums.recovered,
    advance_outstanding: pos.advanceOutstanding,
    retention_amount: pos.retention,
    retention_requested: pos.sums.requested_warranty,
    retention_remaining: pos.retentionRemaining,
    retention_release_date: pos.money.retention_release_date,
    next_requirement_no: await peekRequirementNo(tx, contractId),
    can_request: reasons.length === 0,
    reasons,
  };
}

/** The next payment day on or after today among the company's payment dates (else today). */
export async function nextPaymentDate(tx: Tx): Promise<{ date: string; days: number[] }> {
  const days = (
    await tx
      .select({ day: paymentDate.day_of_month })
      .from(paymentDate)
      .where(eq(paymentDate.status, 'O'))
      .orderBy(asc(paymentDate.day_of_month))
  ).map((d) => d.day);
  const today = businessToday();
  if (!days.length) return { date: today, days };
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  for (let add = 0; add < 2; add++) {
    const month = new Date(Date.UTC(y, m - 1 + add, 1));
    const last = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)).getUTCDate();
    for (const day of days) {
      const dd = Math.min(day, last);
      if (add === 0 && dd < d) continue;
      return {
        date: new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), dd)).toISOString().slice(0, 10),
        days,
      };
    }
  }
  return { date: today, days };
}

/** The number the next request on a contract the user may see would take. */
export async function requirementNoOf(db: Db, contractId: number, user: CurrentUser) {
  await findRecord(db, contractKind, contractId, user);
  return { contract_id: contractId, requirement_no: await peekRequirementNo(db, contractId) };
}

/** A request's state, the moves the user may make on it now, and where its contract stands. */
export async function paymentStatusOf(db: Db, id: number, user: CurrentUser) {
  const row = await findRecord(db, paymentKind, id, user);
  const contract = await contractStatusOf(db, row.contract_id, user);
  // a contract that no longer takes requests is neither sent to nor approved on: the screen
  // offers neither and shows the contract's reasons instead
  const stopped = contract.reasons.some((r) => r.code !== 'ceiling_reached');
  const moves = (await movesOf(db, user, row)).filter((m) => !stopped || (m !== 'send' && m !== 'accept'));
  return {
    id: row.id,
    contract_id: row.contract_id,
    requirement_no: row.requirement_no,
    approval_status: row.approval_status,
    payment_status: row.payment_status,
    status: row.status,
    version: row.version,
    amount: row.amount,
    overdue: Boolean(row.overdue),
    moves,
    contract,
  };
}

/**
 * The open contracts in the user's scope that take requests (on an open construction, with an
 * active contractor and payee), with their payee's account and value; of one construction when
 * `constructionId` is above 0.
 */
export function contractOptionsOf(db: Db, constructionId: number | undefined, user: CurrentUser) {
  const selected = constructionId && constructionId > 0 ? constructionId : null;
  const scope = user.isAdmin ? sql`true` : contractKind.scope!(user)!;
  return queryRows(
    db,
    sql`select contract.id, contract.version, contract.contract_no, contract.signed_date::text, contract.construction_id,
          cs.code as construction_code, cs.name as construction_name,
          contract.constructor_id, k.code as constructor_code, k.name as constructor_name,
          contract.beneficiary_id, b.name as beneficiary_name, bk.name as bank_name, b.account_number,
          contract.amount_vat::text,
          (contract.amount_vat + coalesce((select sum(a.amount) from contract_annex a
             where a.contract_id = contract.id and a.status <> 'D'), 0))::numeric(18,2)::text as contract_value
        from contract
        join construction cs on cs.id = contract.construction_id
        join constructor k on k.id = contract.constructor_id
        join beneficiary b on b.id = contract.beneficiary_id and b.status = 'O'
        left join bank bk on bk.id = b.bank_id
        where ${scope} and contract.status = 'O' and cs.status = 'O' and not cs.closed and k.status = 'O'
          ${selected ? sql`and contract.construction_id = ${selected}` : sql``}
        order by cs.code, contract.contract_no, contract.id
        limit 2000`,
  );
}

/**
 * The documents a request's transaction type asks for, each attached, received or missing
 * (docs/adr/0094-required-documents.md).
 */
export async function documentChecklist(db: Db, id: number, user: CurrentUser) {
  return requestChecklist(db as never, await findRecord(db, paymentKind, id, user));
}

/** A request's history lines, newest first (at most 500), a delegate's naming whom he decided for. */
export async function paymentTimeline(db: Db, id: number, user: CurrentUser) {
  await findRecord(db, paymentKind, id, user);
  const rows = await db
    .select({
      ...getTableColumns(paymentHistory),
      user_full_name: sql<
        string | null
      >`(select coalesce(nullif(u.full_name, ''), u.user_name) from ${appUser} u
        where u.id = ${paymentHistory.user_id})`,
      // a delegate's decision names whom it was made for: "X thay Y" (docs/adr/0085-delegation.md)
      on_behalf_of_name: sql<
        string | null
      >`(select coalesce(nullif(u.full_name, ''), u.user_name) from ${appUser} u
        where u.id = ${paymentHistory.on_behalf_of_id})`,
    })
    .from(paymentHistory)
    .where(eq(paymentHistory.payment_id, id))
    .orderBy(desc(paymentHistory.id))
    .limit(500);
  return rows.map((h) => ({ ...h, at: h.at.toISOString() }));
}

/** A request's VietQR code, with its image. */
export async function paymentVietQrOf(db: Db, id: number, user: CurrentUser) {
  const row = await findRecord(db, paymentKind, id, user);
  const qr = await paymentVietQr(db, row);
  return { ...qr, png: await vietQrDataUrl(qr.payload) };
}
