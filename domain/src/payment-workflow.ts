/**
 * The payment request (YCTT) workflow as data: one transition table that the server enforces and
 * the screens read to offer only the moves the caller may make (docs/product.md#payment-requests).
 *
 *   O --send--> W --accept--> A --record payment (part)--> A --confirm paid (the rest)--> P
 *                 W --reject(reason)--> R --edit, send--> W       A, P --reverse payment--> A
 *                 W --recall (by its sender)--> O
 *
 * A request's place is its approval status (O created, W waiting, A approved, R rejected) and, once
 * approved, its payment status (P paid): `P` below is "approved and paid". Editing, deleting,
 * deactivating and activating happen only in O or R. A deactivated request (record status C) can
 * only be activated again or deleted. Whoever sent a request may recall it while it waits, before
 * anyone decides it: it is back in O, editable again. Who may act is a capacity the server works
 * out per request: `accountant` (the payment screens' write right within the request's scope, or
 * admin) or `approver` (the head of the request's department or its named director, a
 * ROLE_DIRECTOR within scope, or admin).
 *
 * Four eyes over the whole life of a request: whoever created, edited or sent it (or changed its
 * files) never accepts or rejects it, administrators included; whoever accepted it never confirms
 * it paid. A request whose payee account changed while it waited or awaited payment is on hold:
 * accept and confirm paid are refused until an approver other than whoever changed the account
 * confirms the new account on the request (`confirm_payee`).
 *
 * A request of a company with an approval flow goes through the steps it was sent with
 * (docs/adr/0084-approval-steps.md): accept and reject decide its current step; it stays W until its
 * last step is accepted. Nobody decides two steps of one request (himself or through a delegate), and
 * a recall is refused once a step is decided.
 */

export const approvalStatuses = ['O', 'W', 'A', 'R'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];
export const paymentStatuses = ['O', 'P'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Where a request stands in the workflow: its approval status, or P once approved and paid. */
export type PaymentState = ApprovalStatus | 'P';

export const paymentActions = [
  'edit',
  'delete',
  'deactivate',
  'activate',
  'send',
  'recall',
  'accept',
  'reject',
  'confirm_payee',
  'record_payment',
  'confirm_paid',
  'reverse_payment',
] as const;
export type PaymentAction = (typeof paymentActions)[number];

export type Capacity = 'accountant' | 'approver';

export type Transition = {
  from: PaymentState;
  action: PaymentAction;
  /** The approval status after the move (a status change keeps it). */
  to: PaymentState;
  by: Capacity;
  /** The record status the move needs: live (O) or deactivated (C). */
  recordStatus: 'O' | 'C' | 'any';
  /** Refused to whoever created, edited or sent the request (four eyes). */
  notPreparer?: boolean;
  /** Refused to whoever accepted the request: the approver does not pay. */
  notAccepter?: boolean;
  /** Refused to whoever recorded the payment it undoes (four eyes on a reversal). */
  notRecorder?: boolean;
  /** Refused while the request is on hold for a changed payee account. */
  notOnHold?: boolean;
  /** Only while the request is on hold, and never by whoever changed the account. */
  releasesHold?: boolean;
  /** Only by whoever sent the request (the user of its last `send`): a recall. */
  senderOnly?: boolean;
  /** A note is required (the reason of a rejection). */
  noteRequired?: boolean;
  /**
   * With steps, the move decides the request's current step: an accept reaches `to` only with its
   * last step, before that the request stays where it is (docs/adr/0084-approval-steps.md).
   */
  decidesStep?: boolean;
  /** Refused to whoever decided another step of the request, or was represented in one. */
  oneStepEach?: boolean;
  /** Refused once a step of the request is decided. */
  beforeAnyStep?: boolean;
  /** Who is told of the move by mail: the request's approvers, or its creator. */
  notify?: 'approvers' | 'creator';
};

const editable = (from: 'O' | 'R'): Transition[] => [
  { from, action: 'edit', to: from, by: 'accountant', recordStatus: 'O' },
  { from, action: 'delete', to: from, by: 'accountant', recordStatus: 'any' },
  { from, action: 'deactivate', to: from, by: 'accountant', recordStatus: 'O' },
  { from, action: 'activate', to: from, by: 'accountant', recordStatus: 'C' },
  { from, action: 'send', to: 'W', by: 'accountant', recordStatus: 'O', notify: 'approvers' },
];

const confirmPayee = (from: 'W' | 'A'): Transition => ({
  from,
  action: 'confirm_payee',
  to: from,
  by: 'approver',
  recordStatus: 'O',
  notPreparer: true,
  releasesHold: true,
});

export const paymentTransitions: readonly Transition[] = [
  ...editable('O'),
  ...editable('R'),
  {
    from: 'W',
    action: 'accept',
    to: 'A',
    by: 'approver',
    recordStatus: 'O',
    notPreparer: true,
    notOnHold: true,
    decidesStep: true,
    oneStepEach: true,
    notify: 'creator',
  },
  {
    from: 'W',
    action: 'reject',
    to: 'R',
    by: 'approver',
    recordStatus: 'O',
    notPreparer: true,
    noteRequired: true,
    decidesStep: true,
    oneStepEach: true,
    notify: 'creator',
  },
  {
    // the sender takes back what no one has decided yet, to edit it (docs/adr/0067-recall-and-comments.md)
    from: 'W',
    action: 'recall',
    to: 'O',
    by: 'accountant',
    recordStatus: 'O',
    senderOnly: true,
    beforeAnyStep: true,
    notify: 'approvers',
  },
  confirmPayee('W'),
  confirmPayee('A'),
  // a payment that leaves something to pay; the one that pays the rest is `confirm_paid`
  {
    from: 'A',
    action: 'record_payment',
    to: 'A',
    by: 'accountant',
    recordStatus: 'O',
    notAccepter: true,
    notOnHold: true,
  },
  {
    from: 'A',
    action: 'confirm_paid',
    to: 'P',
    by: 'accountant',
    recordStatus: 'O',
    notAccepter: true,
    notOnHold: true,
    notify: 'creator',
  },
  ...(['A', 'P'] as const).map(
    (from): Transition => ({
      from,
      action: 'reverse_payment',
      to: 'A',
      by: 'accountant',
      recordStatus: 'O',
      notRecorder: true,
    }),
  ),
];

/**
 * The call that makes each move (the API's paths: docs/product.md#payment-requests): its method,
 * its path under /api with `{id}` the request's, and what its body carries beside the version read
 * (`note`: the decision's note, required to reject). The server registers the workflow's own moves
 * from it (send, recall, accept, reject, confirm payee, confirm paid; edit, delete, deactivate and
 * activate are the generic record routes, whose hooks are moves of the same table), the screens call
 * it, and the server reads a capacity's right from the route of the move that needs it (`capacityMove`).
 */
/** Whether a request may be edited (hence deactivated, activated, deleted) now: the states with an `edit` move. */
export const paymentChangeable = (r: Record<string, unknown>) =>
  paymentTransitions.some((t) => t.action === 'edit' && t.from === r.approval_status);

export type MoveRoute = {
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  note?: 'optional' | 'required';
};
export const paymentMoveRoutes: Record<PaymentAction, MoveRoute> = {
  edit: { method: 'PUT', path: 'payment-transaction/update/{id}' },
  delete: { method: 'DELETE', path: 'payment-transaction/delete/{id}' },
  deactivate: { method: 'PATCH', path: 'payment-transaction/deactivate/{id}' },
  activate: { method: 'PATCH', path: 'payment-transaction/active/{id}' },
  send: { method: 'PATCH', path: 'payment-transaction/require-approval/{id}' },
  recall: { method: 'PATCH', path: 'payment-transaction/recall/{id}' },
  accept: { method: 'PATCH', path: 'payment-approval/accept/{id}', note: 'optional' },
  reject: { method: 'PATCH', path: 'payment-approval/reject/{id}', note: 'required' },
  confirm_payee: { method: 'PATCH', path: 'payment-transaction/confirm-payee/{id}' },
  // a payment's own routes (payment-payout.routes.ts): the first takes the request's id, the
  // reversal the payment's; require-paid records what remains, today
  record_payment: { method: 'POST', path: 'payment-transaction/payments/{id}' },
  confirm_paid: { method: 'PATCH', path: 'payment-transaction/require-paid/{id}' },
  reverse_payment: { method: 'PATCH', path: 'payment-transaction/payments/reverse/{id}' },
};
/** The moves with routes of their own (the others are the generic record routes with hooks). */
export const workflowMoves = ['send', 'recall', 'accept', 'reject', 'confirm_payee', 'confirm_paid'] as const;
export type WorkflowMove = (typeof workflowMoves)[number];
/** The move whose right makes a user hold a capacity: writing requests is sending them, deciding is accepting. */
export const capacityMove: Record<Capacity, WorkflowMove> = { accountant: 'send', approver: 'accept' };
/** The endpoint whose right (a role's menu or privilege listing it) gives a capacity. */
export const capacityRight = (capacity: Capacity) => {
  const route = paymentMoveRoutes[capacityMove[capacity]];
  return { method: route.method, endpoint: `/api/${route.path}` };
};

export const stateOf = (r: { approval_status: string; payment_status: string }): PaymentState =>
  r.approval_status === 'A' && r.payment_status === 'P' ? 'P' : (r.approval_status as PaymentState);

/** Who the caller is to one request. */
export type Actor = {
  capacities: readonly Capacity[];
  /** Created, edited or sent the request, or changed its files. */
  isPreparer: boolean;
  /** Sent the request as it waits now (the user of its last `send`). */
  isSender: boolean;
  /** Accepted the request. */
  isAccepter: boolean;
  /** Changed the payee account that put the request on hold. */
  changedPayee: boolean;
  /** Recorded the payment a reversal would undo. */
  recordedPayment?: boolean;
  /** Decided a step of the request, or a delegate decided one for him. */
  decidedStep?: boolean;
};

/** Where one request stands: its workflow state, record status, and whether it is on hold. */
export type RequestPlace = {
  state: PaymentState;
  recordStatus: string;
  payeeHold: boolean;
  /** A request sent with steps: how many are decided, how many still to decide after the current one. */
  steps?: { decided: number; after: number };
};

/** The request's place, from its stored columns. */
export const placeOf = (r: {
  approval_status: string;
  payment_status: string;
  status: string;
  payee_hold?: boolean | null;
}): RequestPlace => ({ state: stateOf(r), recordStatus: r.status, payeeHold: Boolean(r.payee_hold) });

export type Refusal =
  | 'not_allowed_in_state' // no such move from here
  | 'payment_inactive' // the request is deactivated (or active, for activate)
  | 'no_capacity' // the caller is not an accountant / approver of this request
  | 'not_sender' // recalling a request someone else sent
  | 'own_request' // deciding a request he created, edited or sent
  | 'approver_cannot_pay' // confirming paid a request he accepted
  | 'own_payment' // reversing a payment he recorded
  | 'payee_changed' // accept or pay while the payee account change awaits confirmation
  | 'payee_not_changed' // confirming a payee account that did not change
  | 'own_payee_change' // confirming the account change he made himself
  | 'note_required' // a rejection without its reason
  | 'decided_other_step' // deciding a second step of one request (docs/adr/0084-approval-steps.md)
  | 'step_decided'; // recalling a request one of whose steps is decided

export type Decision = { ok: true; transition: Transition } | { ok: false; refusal: Refusal };

/** Whether `actor` may make `action` on a request at `place`. */
export function decide(
  place: RequestPlace,
  action: PaymentAction,
  actor: Actor,
  note?: string | null,
): Decision {
  const t = paymentTransitions.find((x) => x.from === place.state && x.action === action);
  if (!t || place.recordStatus === 'D') return { ok: false, refusal: 'not_allowed_in_state' };
  if (t.recordStatus !== 'any' && t.recordStatus !== place.recordStatus)
    return { ok: false, refusal: 'payment_inactive' };
  if (!actor.capacities.includes(t.by)) return { ok: false, refusal: 'no_capacity' };
  if (t.senderOnly && !actor.isSender) return { ok: false, refusal: 'not_sender' };
  if (t.notPreparer && actor.isPreparer) return { ok: false, refusal: 'own_request' };
  if (t.notAccepter && actor.isAccepter) return { ok: false, refusal: 'approver_cannot_pay' };
  if (t.notRecorder && actor.recordedPayment) return { ok: false, refusal: 'own_payment' };
  if (t.notOnHold && place.payeeHold) return { ok: false, refusal: 'payee_changed' };
  if (t.releasesHold && !place.payeeHold) return { ok: false, refusal: 'payee_not_changed' };
  if (t.releasesHold && actor.changedPayee) return { ok: false, refusal: 'own_payee_change' };
  if (t.oneStepEach && actor.decidedStep) return { ok: false, refusal: 'decided_other_step' };
  if (t.beforeAnyStep && (place.steps?.decided ?? 0) > 0) return { ok: false, refusal: 'step_decided' };
  if (t.noteRequired && !note?.trim()) return { ok: false, refusal: 'note_required' };
  return { ok: true, transition: t };
}

/**
 * Where a move leaves the request: its transition's `to`, except an accept of a step that is not the
 * last, which leaves it waiting for the next (docs/adr/0084-approval-steps.md).
 */
export const targetOf = (t: Transition, place: RequestPlace): PaymentState =>
  t.decidesStep && t.to === 'A' && place.steps && place.steps.after > 0 ? place.state : t.to;

/** Every move the actor may make now (the note of a rejection is asked for when it is made). */
export const allowedMoves = (place: RequestPlace, actor: Actor): PaymentAction[] =>
  paymentActions.filter((a) => decide(place, a, actor, 'x').ok);

/** The user's words for a refusal, as the API's 422 message says it. */
export const refusalMessage: Record<Refusal, string> = {
  not_allowed_in_state: 'this move is not allowed in the request’s current state',
  payment_inactive: 'the request is deactivated: activate it first',
  no_capacity: 'you may not make this move on this request',
  not_sender: 'only whoever sent the request may recall it',
  own_request: 'you cannot approve or reject a request you created, edited or sent',
  approver_cannot_pay: 'you accepted this request: someone else confirms it paid',
  own_payment: 'you recorded this payment: someone else reverses it',
  payee_changed: 'the payee’s account changed: an approver must confirm the new account on the request first',
  payee_not_changed: 'the payee’s account has not changed: there is nothing to confirm',
  own_payee_change: 'you changed the payee’s account: someone else must confirm it',
  note_required: 'a rejection needs its reason',
  decided_other_step: 'you decided another step of this request: someone else decides this one',
  step_decided: 'a step of this request is already decided: it can no longer be recalled',
};

/**
 * A request's own number (`code`): `YCTT-<year>-<6 digits>`, sequential per company and year of
 * creation, never reused (docs/adr/0065-request-numbers.md).
 */
export const requestCode = (year: number, no: number): string =>
  `YCTT-${year}-${String(no).padStart(6, '0')}`;
