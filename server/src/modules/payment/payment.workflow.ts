/**
 * The payment workflow on the server: who the caller is to a request (accountant, approver,
 * creator), the transition table's verdict (domain/src/payment-workflow.ts), the effects of each
 * move and its line in the payment history — all in the caller's transaction, with the request row
 * locked and its version checked, so two approvers acting at once leave exactly one winner.
 */
import {
  type Actor,
  allowedMoves,
  type Capacity,
  decide,
  type PaymentAction,
  type PaymentState,
  refusalMessage,
  stateOf,
} from '@sitepay/domain/payment-workflow';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { department, paymentHistory } from '../../db/schema.ts';
import { endpointAllowed, userRoleIds } from '../../http/access-sql.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { staleVersion, unprocessable } from '../../http/errors.ts';
import { findRecord, type RecordKind, type Row, updateRecord } from '../../http/records.ts';
import { mailPaymentMove } from '../mail/mail.payment.ts';
import {
  assertContractTakesRequests,
  checkMoneyRules,
  contractState,
  prepareWrite,
} from './payment.rules.ts';

export const DIRECTOR_ROLE = 'ROLE_DIRECTOR';
/** The endpoint whose right makes a user an accountant of the requests in his scope. */
const SEND_ENDPOINT = '/api/payment-transaction/require-approval/{id}';
const ACCEPT_ENDPOINT = '/api/payment-approval/accept/{id}';

type Rights = { isAdmin: boolean; isDirector: boolean; mayWrite: boolean; mayDecide: boolean };

/** The caller's standing in one query: admin, ROLE_DIRECTOR, and the rights to send and to decide. */
export async function rightsOf(tx: Tx, user: CurrentUser): Promise<Rights> {
  const roles = sql`select id from roles`;
  const [row] = await queryRows<{ is_director: boolean; may_write: boolean; may_decide: boolean }>(
    tx,
    sql`with roles as materialized (${userRoleIds(user.id)})
        select exists (select 1 from role r where r.code = ${DIRECTOR_ROLE} and r.id in (${roles})) as is_director,
          ${endpointAllowed(roles, 'PATCH', SEND_ENDPOINT)} as may_write,
          ${endpointAllowed(roles, 'PATCH', ACCEPT_ENDPOINT)} as may_decide`,
  );
  return {
    isAdmin: user.isAdmin,
    isDirector: Boolean(row?.is_director) || user.isAdmin,
    mayWrite: user.isAdmin || Boolean(row?.may_write),
    mayDecide: user.isAdmin || Boolean(row?.may_decide),
  };
}

/** Whether the caller heads the request's unit: its named director or its department's director. */
async function headsRequest(tx: Tx, user: CurrentUser, payment: Row): Promise<boolean> {
  if (payment.director_id === user.id) return true;
  if (!payment.department_id) return false;
  const [d] = await tx
    .select({ director_id: department.director_id })
    .from(department)
    .where(eq(department.id, payment.department_id));
  return d?.director_id === user.id;
}

/** May this caller decide (accept / reject) this request, setting aside the creator rule? */
export async function isApproverOf(tx: Tx, user: CurrentUser, payment: Row, rights?: Rights) {
  const r = rights ?? (await rightsOf(tx, user));
  return r.mayDecide && (r.isAdmin || r.isDirector || (await headsRequest(tx, user, payment)));
}

export async function actorOf(tx: Tx, user: CurrentUser, payment: Row): Promise<Actor> {
  const rights = await rightsOf(tx, user);
  const capacities: Capacity[] = [];
  if (rights.mayWrite) capacities.push('accountant');
  if (await isApproverOf(tx, user, payment, rights)) capacities.push('approver');
  return { capacities, isCreator: payment.user_id === user.id };
}

export async function movesOf(tx: Tx, user: CurrentUser, payment: Row): Promise<PaymentAction[]> {
  return allowedMoves(stateOf(payment as never), payment.status, await actorOf(tx, user, payment));
}

/** Refuses (422, with the reason) a move the table does not allow; answers where it leads. */
function check(existing: Row, action: PaymentAction, actor: Actor, note?: string | null): PaymentState {
  const d = decide(stateOf(existing as never), existing.status, action, actor, note);
  if (!d.ok) throw unprocessable(refusalMessage[d.refusal], `payment_${d.refusal}`);
  return d.transition.to;
}

export async function writeMove(
  tx: Tx,
  paymentId: number,
  action: PaymentAction | 'create',
  from: PaymentState | null,
  to: PaymentState | null,
  note: string | null | undefined,
  user: CurrentUser,
): Promise<number> {
  const [line] = await tx
    .insert(paymentHistory)
    .values({
      payment_id: paymentId,
      action,
      from_status: from,
      to_status: to,
      note: note ?? null,
      user_id: user.id,
      user_name: user.user_name,
    })
    .returning({ id: paymentHistory.id });
  return line!.id;
}

/** The route's own right makes the caller an accountant; the generic edit and status hooks use it. */
const accountant = (existing: Row, user: CurrentUser): Actor => ({
  capacities: ['accountant'],
  isCreator: existing.user_id === user.id,
});

/** RecordKind hook: an edit is a move of its own (O or R only) and passes every money rule again. */
export async function beforePaymentWrite(tx: Tx, values: Row, existing: Row | undefined, user: CurrentUser) {
  if (existing) {
    const state = check(existing, 'edit', accountant(existing, user));
    await prepareWrite(tx, values, existing, user);
    await writeMove(tx, existing.id, 'edit', state, state, null, user);
  } else {
    await prepareWrite(tx, values, undefined, user);
  }
}

/** RecordKind hook: deactivate, activate and delete are moves of the table too. */
export async function beforePaymentStatus(tx: Tx, existing: Row, status: 'O' | 'C' | 'D', user: CurrentUser) {
  const action = ({ O: 'activate', C: 'deactivate', D: 'delete' } as const)[status];
  const state = check(existing, action, accountant(existing, user));
  if (action === 'activate') {
    assertContractTakesRequests(await contractState(tx, existing.contract_id, user));
    await checkMoneyRules(tx, existing as never, existing.id);
  }
  await writeMove(tx, existing.id, action, state, state, null, user);
}

const stamp = () => new Date();

/**
 * Send, accept, reject or confirm paid: locks the request, checks its version and the transition
 * table, applies the move's effects and writes its history line. Answers the updated request.
 */
export async function applyMove(
  tx: Tx,
  kind: RecordKind,
  id: number,
  version: number,
  action: 'send' | 'accept' | 'reject' | 'confirm_paid',
  user: CurrentUser,
  note?: string | null,
): Promise<Row> {
  const existing = await findRecord(tx, kind, id, user, true);
  if (existing.version !== version) throw staleVersion();
  const from = stateOf(existing as never);
  const to = check(existing, action, await actorOf(tx, user, existing), note);
  const changes: Row = {} as Row;
  switch (action) {
    case 'send': {
      assertContractTakesRequests(await contractState(tx, existing.contract_id, user));
      await checkMoneyRules(tx, existing as never, existing.id);
      Object.assign(changes, { approval_status: 'W', sent_at: stamp() });
      break;
    }
    case 'accept': {
      // the account paid is the one the approver saw: later changes of the beneficiary do not move it
      const c = await contractState(tx, existing.contract_id, user);
      if (!c.beneficiary_id || c.beneficiary_status !== 'O' || !c.account_number)
        throw unprocessable('the contract names no active beneficiary account to pay', 'no_beneficiary');
      Object.assign(changes, {
        approval_status: 'A',
        decided_at: stamp(),
        decided_by: user.user_name,
        decision_note: note ?? null,
        bank_id: c.bank_id,
        bank_name: c.bank_name,
        account_number: c.account_number,
        account_holder: c.beneficiary_name,
      });
      break;
    }
    case 'reject':
      Object.assign(changes, {
        approval_status: 'R',
        decided_at: stamp(),
        decided_by: user.user_name,
        decision_note: note ?? null,
      });
      break;
    case 'confirm_paid':
      Object.assign(changes, { payment_status: 'P', paid_at: stamp(), paid_by: user.user_name });
      break;
  }
  const updated = await updateRecord(tx, kind, id, version, changes, user, action);
  const historyId = await writeMove(tx, id, action, from, to, note, user);
  // the move's mails (approvers, creator) commit with it, or not at all
  await mailPaymentMove(tx, updated, action, historyId, note, user);
  return updated;
}
