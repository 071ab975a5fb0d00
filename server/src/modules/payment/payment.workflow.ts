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
  capacityRight,
  decide,
  type PaymentAction,
  type PaymentState,
  placeOf,
  type RequestPlace,
  refusalMessage,
  stateOf,
  type Transition,
  targetOf,
  type WorkflowMove,
} from '@sitepay/domain/payment-workflow';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { department, paymentHistory, paymentPayout } from '../../db/schema.ts';
import { ADMIN_ROLE, endpointAllowed, scopeConstructionIds, userRoleIds } from '../../http/access-sql.ts';
import type { CurrentUser } from '../../http/auth.ts';
import { staleVersion, unprocessable } from '../../http/errors.ts';
import type { Row } from '../../http/record-kind.ts';
import { findRecord, type RecordKind, updateRecord } from '../../http/records.ts';
import { lockContract } from '../contract/contract.totals.ts';
import {
  assertContractPays,
  assertContractTakesRequests,
  checkMoneyRules,
  contractState,
  prepareWrite,
} from './payment.rules.ts';
import { assertInvoicesPass, keepInvoiceAmount, releaseInvoices } from './payment-invoice.rules.ts';
import { accountColumns, type PayeeAccount, payeeAccount } from './payment-payee.service.ts';
import { assertAdvanceGuaranteed, assertDocumentsReady } from './payment-readiness.ts';
import {
  acceptedAStep,
  decideStep,
  delegatorsOfSql,
  dropSteps,
  preparedSql,
  type StepStanding,
  startSteps,
  stepStanding,
} from './payment-steps.service.ts';

export const DIRECTOR_ROLE = 'ROLE_DIRECTOR';
/** Whether `roles` give a capacity's right (the transition table's `capacityRight`). */
const rightSql = (roles: SQL, capacity: Capacity) => {
  const { method, endpoint } = capacityRight(capacity);
  return endpointAllowed(roles, method, endpoint);
};

/**
 * Whether user `u` (SQL) may open the approvals at all: an administrator, or a role with the
 * approver's right — what rightsOf answers as `mayDecide`, for a query over many users.
 */
export const mayDecideSql = (u: SQL): SQL => {
  const roles = userRoleIds(u as never);
  return sql`(exists (select 1 from role r where r.code = ${ADMIN_ROLE} and r.id in (${roles})) or ${rightSql(roles, 'approver')})`;
};

type Rights = { isAdmin: boolean; isDirector: boolean; mayWrite: boolean; mayDecide: boolean };

/** The caller's standing in one query: admin, ROLE_DIRECTOR, and the rights to send and to decide. */
export async function rightsOf(tx: Tx, user: CurrentUser): Promise<Rights> {
  const roles = sql`select id from roles`;
  const [row] = await queryRows<{ is_director: boolean; may_write: boolean; may_decide: boolean }>(
    tx,
    sql`with roles as materialized (${userRoleIds(user.id)})
        select exists (select 1 from role r where r.code = ${DIRECTOR_ROLE} and r.id in (${roles})) as is_director,
          ${rightSql(roles, 'accountant')} as may_write,
          ${rightSql(roles, 'approver')} as may_decide`,
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

/** Whoever created, edited or sent the request, or changed its files (its `prepared_by`). */
export const preparedBy = (payment: Row, user: CurrentUser): boolean =>
  payment.user_id === user.id || (payment.prepared_by ?? []).includes(user.id);

/** `prepared_by` with the user in it: he prepared the request too. */
export const withPreparer = (payment: Row | undefined, user: CurrentUser): number[] => {
  const ids: number[] = payment?.prepared_by ?? [];
  return ids.includes(user.id) ? ids : [...ids, user.id];
};

/** Who sent the request as it waits now: the user of its last `send` line (null unless it waits). */
async function senderOf(tx: Tx, payment: Row): Promise<number | null> {
  if (payment.approval_status !== 'W') return null;
  const [line] = await tx
    .select({ user_id: paymentHistory.user_id })
    .from(paymentHistory)
    .where(and(eq(paymentHistory.payment_id, payment.id), eq(paymentHistory.action, 'send')))
    .orderBy(desc(paymentHistory.id))
    .limit(1);
  return line?.user_id ?? null;
}

/** Who the caller is to the request, from his rights and what he did on it. */
function actorFrom(
  rights: Rights,
  isApprover: boolean,
  user: CurrentUser,
  payment: Row,
  senderId: number | null = null,
): Actor {
  const capacities: Capacity[] = [];
  if (rights.mayWrite) capacities.push('accountant');
  if (isApprover) capacities.push('approver');
  return {
    capacities,
    isPreparer: preparedBy(payment, user),
    isSender: senderId === user.id,
    isAccepter: payment.approval_status === 'A' && payment.decided_by_id === user.id,
    changedPayee: Boolean(payment.payee_hold) && payment.payee_changed_by_id === user.id,
  };
}

/**
 * Whether user `u` decides request `r` (SQL) where its company has no flow: an administrator, or a
 * holder of the deciding right whose scope holds the request and who is a ROLE_DIRECTOR, its named
 * director or its department's director. A delegate decides for such a user (docs/adr/0085-delegation.md).
 */
export const flowlessDeciderSql = (u: SQL, r: string): SQL => {
  const req = sql.raw(r);
  const roles = userRoleIds(u as never);
  const isRole = (code: string) =>
    sql`exists (select 1 from role fr where fr.code = ${code} and fr.id in (${roles}))`;
  return sql`(${isRole(ADMIN_ROLE)} or (${rightSql(roles, 'approver')}
    and ${req}.construction_id in (${scopeConstructionIds(u as never)})
    and (${isRole(DIRECTOR_ROLE)} or ${req}.director_id = ${u}
      or exists (select 1 from ${department} fd where fd.id = ${req}.department_id and fd.director_id = ${u}))))`;
};

/** The delegator a delegate would decide a request without steps for, if any. */
async function flowlessDelegator(tx: Tx, user: CurrentUser, payment: Row) {
  const [row] = await queryRows<{ id: number; user_name: string }>(
    tx,
    sql`select du.id, du.user_name from (${delegatorsOfSql(user.id)}) for_whom
        join app_user du on du.id = for_whom.delegator_id
        cross join (select * from payment_transaction where id = ${payment.id}) the_req
        where ${flowlessDeciderSql(sql`for_whom.delegator_id`, 'the_req')}
          and not ${preparedSql(sql`for_whom.delegator_id`, 'the_req')}
        order by du.id limit 1`,
  );
  return row ?? null;
}

/** The caller to a request, with whom he decides it for (a delegator) and its steps' standing. */
export type WorkflowActor = Actor & {
  onBehalfOf: { id: number; user_name: string } | null;
  steps: StepStanding | null;
};

export async function actorOf(tx: Tx, user: CurrentUser, payment: Row): Promise<WorkflowActor> {
  const rights = await rightsOf(tx, user);
  const waiting = payment.approval_status === 'W';
  const steps = waiting ? await stepStanding(tx, user, payment) : null;
  let isApprover: boolean;
  let onBehalfOf: WorkflowActor['onBehalfOf'] = null;
  if (steps) {
    isApprover = rights.mayDecide && steps.decides;
    onBehalfOf = steps.onBehalfOf;
  } else {
    isApprover = await isApproverOf(tx, user, payment, rights);
    if (!isApprover && waiting && rights.mayDecide) {
      onBehalfOf = await flowlessDelegator(tx, user, payment);
      isApprover = onBehalfOf !== null;
    }
  }
  const actor = actorFrom(rights, isApprover, user, payment, await senderOf(tx, payment));
  // whoever accepted any step (or had it accepted for him) pays no more than the last step's accepter
  if (payment.approval_status === 'A' && !actor.isAccepter)
    actor.isAccepter = await acceptedAStep(tx, payment.id, user.id);
  return { ...actor, decidedStep: steps?.decidedStep ?? false, onBehalfOf, steps };
}

/** The request's place, with its steps' progress when it waits on steps. */
const placeWith = (payment: Row, steps: StepStanding | null): RequestPlace => ({
  ...placeOf(payment as never),
  ...(steps ? { steps: { decided: steps.decided, after: steps.after } } : {}),
});

export async function movesOf(tx: Tx, user: CurrentUser, payment: Row): Promise<PaymentAction[]> {
  const actor = await actorOf(tx, user, payment);
  // a reversal is offered when some payment not reversed was recorded by someone else
  const [other] = await queryRows<{ id: number }>(
    tx,
    sql`select id from ${paymentPayout} where payment_id = ${payment.id} and reversed_at is null
          and recorded_by_id <> ${user.id} limit 1`,
  );
  return allowedMoves(placeWith(payment, actor.steps), { ...actor, recordedPayment: !other });
}

/** Refuses (422, with the reason) a move the table does not allow; answers its transition. */
export function check(
  existing: Row,
  action: PaymentAction,
  actor: Actor,
  note?: string | null,
  place: RequestPlace = placeOf(existing as never),
): Transition {
  const d = decide(place, action, actor, note);
  if (!d.ok) throw unprocessable(refusalMessage[d.refusal], d.refusal);
  return d.transition;
}

/** A move as its listeners hear it, once it is written: the request as the move left it. */
export type PaymentMoveEvent = {
  payment: Row;
  /** The request as it was before the move (its step before a step is decided or a recall). */
  before: Row;
  action: PaymentAction;
  /** The transition table's word on whom to tell (`notify`). */
  notify: Transition['notify'];
  /** The move's payment_history line. */
  historyId: number;
  note: string | null | undefined;
  actor: CurrentUser;
};
type MoveListener = (tx: Tx, event: PaymentMoveEvent) => Promise<void>;
const moveListeners = new Set<MoveListener>();

/**
 * Adds a listener of written moves (the mails: mail.payment.ts). It runs in the move's own
 * transaction, after the request and its history line are written, so what it writes (an outbox
 * row) commits with the move or not at all; a listener that throws undoes the move. The workflow
 * knows its listeners only through this: it imports none of them. Adding one twice adds it once.
 */
export function onPaymentMove(listener: MoveListener) {
  moveListeners.add(listener);
}

export async function writeMove(
  tx: Tx,
  paymentId: number,
  action: PaymentAction | 'create',
  from: PaymentState | null,
  to: PaymentState | null,
  note: string | null | undefined,
  user: CurrentUser,
  step?: StepDecision,
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
      step_no: step?.no ?? null,
      step_name: step?.name ?? null,
      on_behalf_of_id: step?.onBehalfOf?.id ?? null,
      on_behalf_of: step?.onBehalfOf?.user_name ?? null,
    })
    .returning({ id: paymentHistory.id });
  return line!.id;
}

/** The route's own right makes the caller an accountant; the generic edit and status hooks use it. */
const accountant = (existing: Row, user: CurrentUser): Actor =>
  actorFrom({ isAdmin: false, isDirector: false, mayWrite: true, mayDecide: false }, false, user, existing);

/**
 * Refuses (422, with the edit's own reason: `not_allowed_in_state`, `payment_inactive`) a change of
 * what a request carries — its fields, its invoices — when the table refuses it an edit now.
 */
export const assertEditable = (existing: Row, user: CurrentUser): Transition =>
  check(existing, 'edit', accountant(existing, user));

/**
 * RecordKind hook: an edit is a move of its own (O or R only) and passes every money rule again;
 * whoever creates or edits a request prepared it, and never decides it. While the request has
 * invoices, their totals are its invoice amount (payment-invoice.rules.ts).
 */
export async function beforePaymentWrite(tx: Tx, values: Row, existing: Row | undefined, user: CurrentUser) {
  if (existing) {
    const state = assertEditable(existing, user).to;
    await keepInvoiceAmount(tx, values, existing);
    await prepareWrite(tx, values, existing, user);
    values.prepared_by = withPreparer(existing, user);
    await writeMove(tx, existing.id, 'edit', state, state, null, user);
  } else {
    await prepareWrite(tx, values, undefined, user);
    values.prepared_by = withPreparer(undefined, user);
  }
}

/**
 * RecordKind hook: deactivate, activate and delete are moves of the table too; a deleted request
 * lets go of its invoices (another request may claim them).
 */
export async function beforePaymentStatus(tx: Tx, existing: Row, status: 'O' | 'C' | 'D', user: CurrentUser) {
  const action = ({ O: 'activate', C: 'deactivate', D: 'delete' } as const)[status];
  const state = check(existing, action, accountant(existing, user)).to;
  if (action === 'activate') {
    assertContractTakesRequests(await contractState(tx, existing.contract_id, user));
    await checkMoneyRules(tx, existing as never, existing.id);
  }
  if (action === 'delete') await releaseInvoices(tx, existing.id, user);
  await writeMove(tx, existing.id, action, state, state, null, user);
}

const stamp = () => new Date();

/**
 * A request sent after its payee's account changed during its life (after the request was created,
 * or after its account was last confirmed) goes out on hold too: whoever prepared it may have
 * changed the account himself.
 */
function heldAtSend(existing: Row, account: PayeeAccount): Record<string, unknown> {
  const changed = account.account_changed_at;
  const since = existing.payee_confirmed_at ?? existing.created_at;
  if (!changed || changed <= new Date(since)) return {};
  return {
    payee_hold: true,
    payee_changed_at: changed,
    payee_changed_by: account.account_changed_by,
    payee_changed_by_id: account.account_changed_by_id,
    payee_confirmed_at: null,
    payee_confirmed_by: null,
  };
}

/**
 * Send, recall, accept, reject, confirm payee or confirm paid: locks the request, checks its
 * version and the transition table, applies the move's effects and writes its history line.
 * Answers the updated request.
 */
export type Move = WorkflowMove;

/** A decision's step (null: a request without steps) and whom a delegate made it for. */
export type StepDecision = {
  no: number | null;
  name?: string | null;
  onBehalfOf: { id: number; user_name: string } | null;
};

export async function applyMove(
  tx: Tx,
  kind: RecordKind,
  id: number,
  version: number,
  action: Move,
  user: CurrentUser,
  note?: string | null,
): Promise<Row> {
  const existing = await lockRequest(tx, kind, id, version, user);
  const from = stateOf(existing as never);
  const actor = await actorOf(tx, user, existing);
  const place = placeWith(existing, actor.steps);
  const transition = check(existing, action, actor, note, place);
  const to = targetOf(transition, place);
  const changes: Row = {} as Row;
  // a decision records its step and whom a delegate made it for (docs/adr/0085-delegation.md)
  const step: StepDecision | undefined =
    action === 'accept' || action === 'reject'
      ? { no: existing.current_step ?? null, name: actor.steps?.name ?? null, onBehalfOf: actor.onBehalfOf }
      : undefined;
  if (step && actor.steps) {
    const next = await decideStep(tx, existing, action === 'accept', user, actor.onBehalfOf, note);
    changes.current_step = next;
  }
  if (to === 'W' && action === 'accept') {
    // a step decided, the next one pending: the request waits on, for the next step's deciders
    // (docs/adr/0084-approval-steps.md)
    const moved = {
      changes,
      action,
      from,
      transition: { ...transition, to, notify: 'approvers' as const },
      note,
      step,
    };
    return writeMoveChanges(tx, kind, existing, moved, user);
  }
  switch (action) {
    case 'send': {
      const c = await contractState(tx, existing.contract_id, user, true);
      assertContractTakesRequests(c);
      await checkMoneyRules(tx, existing as never, existing.id);
      // ready to pay: the block documents there, an advance guaranteed (docs/adr/0094-required-documents.md,
      // docs/adr/0095-bank-guarantees-checked.md)
      await assertDocumentsReady(tx, existing);
      await assertAdvanceGuaranteed(tx, existing);
      // and no XML invoice's blocking check left unwaived (docs/adr/0092-einvoice-xml-checks.md)
      await assertInvoicesPass(tx, existing.id);
      // from now on the request shows, prints and pays this account
      const account = c.beneficiary_id ? await payeeAccount(tx, c.beneficiary_id) : undefined;
      if (!account)
        throw unprocessable('the contract names no active beneficiary account to pay', 'no_beneficiary');
      // a request sent again after a rejection waits for a new decision: the old one is history
      // (payment_history), not the current decision
      Object.assign(changes, {
        approval_status: 'W',
        sent_at: stamp(),
        decided_at: null,
        decided_by: null,
        decided_by_id: null,
        decision_note: null,
        prepared_by: withPreparer(existing, user),
        ...accountColumns(account),
        ...heldAtSend(existing, account),
        // a (re)send starts from the first step of the company's flow as it is now
        current_step: await startSteps(tx, existing),
      });
      break;
    }
    case 'accept': {
      // a contract deactivated, a construction closed (or a contractor stopped) since the request
      // was sent: nothing more is approved on it
      assertContractPays(await contractState(tx, existing.contract_id, user, true));
      if (!existing.account_number)
        throw unprocessable('the contract names no active beneficiary account to pay', 'no_beneficiary');
      Object.assign(changes, {
        approval_status: 'A',
        decided_at: stamp(),
        decided_by: user.user_name,
        decided_by_id: user.id,
        decision_note: note ?? null,
      });
      break;
    }
    case 'recall':
      // back to a draft: unsent, editable; its history keeps when it was sent and recalled
      Object.assign(changes, { approval_status: 'O', sent_at: null, current_step: null });
      break;
    case 'reject':
      Object.assign(changes, {
        approval_status: 'R',
        decided_at: stamp(),
        decided_by: user.user_name,
        decided_by_id: user.id,
        decision_note: note ?? null,
      });
      break;
    case 'confirm_payee':
      Object.assign(changes, {
        payee_hold: false,
        payee_confirmed_at: stamp(),
        payee_confirmed_by: user.user_name,
      });
      break;
    // confirm paid records a payment: payment-payout.service.ts
  }
  const moved = await writeMoveChanges(
    tx,
    kind,
    existing,
    { changes, action, from, transition, note, step },
    user,
  );
  if (action !== 'recall' || existing.current_step == null) return moved;
  // the recall's mail went to the steps' deciders (read by the listeners); now the steps go
  await dropSteps(tx, existing.id);
  return { ...moved, steps: [] };
}

/**
 * The end of every move: the request's changed columns (its version checked and raised, its field
 * history written), the move's payment_history line, then the listeners. Answers the request.
 */
export async function writeMoveChanges(
  tx: Tx,
  kind: RecordKind,
  existing: Row,
  move: {
    changes: Record<string, unknown>;
    action: PaymentAction;
    from: PaymentState;
    transition: Transition;
    note?: string | null;
    step?: StepDecision;
  },
  user: CurrentUser,
): Promise<Row> {
  const { changes, action, from, transition, note, step } = move;
  const updated = await updateRecord(tx, kind, existing.id, existing.version, changes as Row, user, action);
  const historyId = await writeMove(tx, existing.id, action, from, transition.to, note, user, step);
  const event = {
    payment: updated,
    before: existing,
    action,
    notify: transition.notify,
    historyId,
    note,
    actor: user,
  };
  for (const listener of moveListeners) await listener(tx, event);
  return updated;
}

/**
 * Locks a request for a move — its contract first, then the request: the order of every writer of
 * a contract's requests (payment-payout.service.ts, payment-payee.service.ts) — and checks the
 * version read. Answers the request as stored.
 */
export async function lockRequest(tx: Tx, kind: RecordKind, id: number, version: number, user: CurrentUser) {
  const { contract_id } = await findRecord(tx, kind, id, user);
  await lockContract(tx, contract_id);
  const existing = await findRecord(tx, kind, id, user, true);
  if (existing.version !== version) throw staleVersion();
  return existing;
}
