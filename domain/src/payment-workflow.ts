/**
 * The payment request (YCTT) workflow as data: one transition table that the server enforces and
 * the screens read to offer only the moves the caller may make (DESIGN.md §5).
 *
 *   O --send--> W --accept--> A --confirm paid--> P
 *                 W --reject(reason)--> R --edit, send--> W
 *
 * A request's place is its approval status (O created, W waiting, A approved, R rejected) and, once
 * approved, its payment status (P paid): `P` below is "approved and paid". Editing, deleting,
 * deactivating and activating happen only in O or R. A deactivated request (record status C) can
 * only be activated again or deleted. Who may act is a capacity the server works out per request:
 * `accountant` (the payment screens' write right within the request's scope, or admin) or
 * `approver` (the head of the request's department or its named director, a ROLE_DIRECTOR within
 * scope, or admin) — and an approver never decides a request he created himself.
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
  'accept',
  'reject',
  'confirm_paid',
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
  /** Refused to the request's creator (four eyes). */
  notCreator?: boolean;
  /** A note is required (the reason of a rejection). */
  noteRequired?: boolean;
};

const editable = (from: 'O' | 'R'): Transition[] => [
  { from, action: 'edit', to: from, by: 'accountant', recordStatus: 'O' },
  { from, action: 'delete', to: from, by: 'accountant', recordStatus: 'any' },
  { from, action: 'deactivate', to: from, by: 'accountant', recordStatus: 'O' },
  { from, action: 'activate', to: from, by: 'accountant', recordStatus: 'C' },
  { from, action: 'send', to: 'W', by: 'accountant', recordStatus: 'O' },
];

export const paymentTransitions: readonly Transition[] = [
  ...editable('O'),
  ...editable('R'),
  { from: 'W', action: 'accept', to: 'A', by: 'approver', recordStatus: 'O', notCreator: true },
  {
    from: 'W',
    action: 'reject',
    to: 'R',
    by: 'approver',
    recordStatus: 'O',
    notCreator: true,
    noteRequired: true,
  },
  { from: 'A', action: 'confirm_paid', to: 'P', by: 'accountant', recordStatus: 'O' },
];

export const stateOf = (r: { approval_status: string; payment_status: string }): PaymentState =>
  r.approval_status === 'A' && r.payment_status === 'P' ? 'P' : (r.approval_status as PaymentState);

export type Actor = { capacities: readonly Capacity[]; isCreator: boolean };

export type Refusal =
  | 'not_allowed_in_state' // no such move from here
  | 'inactive' // the request is deactivated (or active, for activate)
  | 'no_capacity' // the caller is not an accountant / approver of this request
  | 'own_request' // an approver deciding his own request
  | 'note_required'; // a rejection without its reason

export type Decision = { ok: true; transition: Transition } | { ok: false; refusal: Refusal };

/** Whether `actor` may make `action` on a request in `state` with record status `recordStatus`. */
export function decide(
  state: PaymentState,
  recordStatus: string,
  action: PaymentAction,
  actor: Actor,
  note?: string | null,
): Decision {
  const t = paymentTransitions.find((x) => x.from === state && x.action === action);
  if (!t || recordStatus === 'D') return { ok: false, refusal: 'not_allowed_in_state' };
  if (t.recordStatus !== 'any' && t.recordStatus !== recordStatus) return { ok: false, refusal: 'inactive' };
  if (!actor.capacities.includes(t.by)) return { ok: false, refusal: 'no_capacity' };
  if (t.notCreator && actor.isCreator) return { ok: false, refusal: 'own_request' };
  if (t.noteRequired && !note?.trim()) return { ok: false, refusal: 'note_required' };
  return { ok: true, transition: t };
}

/** Every move the actor may make now (the note of a rejection is asked for when it is made). */
export const allowedMoves = (state: PaymentState, recordStatus: string, actor: Actor): PaymentAction[] =>
  paymentActions.filter((a) => decide(state, recordStatus, a, actor, 'x').ok);

/** The user's words for a refusal, as the API's 422 message says it. */
export const refusalMessage: Record<Refusal, string> = {
  not_allowed_in_state: 'this move is not allowed in the request’s current state',
  inactive: 'the request is deactivated: activate it first',
  no_capacity: 'you may not make this move on this request',
  own_request: 'you cannot approve or reject a request you created',
  note_required: 'a rejection needs its reason',
};
