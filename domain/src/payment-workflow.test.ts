import { describe, expect, it } from 'vitest';
import {
  type Actor,
  allowedMoves,
  approvalStatuses,
  capacityRight,
  decide,
  type PaymentAction,
  type PaymentState,
  paymentActions,
  paymentChangeable,
  paymentMoveRoutes,
  paymentTransitions,
  type RequestPlace,
  stateOf,
  targetOf,
  workflowMoves,
} from './payment-workflow.ts';

const who = (capacities: Actor['capacities'], flags: Partial<Omit<Actor, 'capacities'>> = {}): Actor => ({
  capacities,
  isPreparer: false,
  isSender: false,
  isAccepter: false,
  changedPayee: false,
  ...flags,
});
const accountant = who(['accountant']);
const preparerAccountant = who(['accountant'], { isPreparer: true });
const sender = who(['accountant'], { isPreparer: true, isSender: true });
const approver = who(['approver']);
const preparerApprover = who(['approver'], { isPreparer: true });
const admin = who(['accountant', 'approver']);
const adminPreparer = who(['accountant', 'approver'], { isPreparer: true });
const adminAccepter = who(['accountant', 'approver'], { isAccepter: true });
const adminSender = who(['accountant', 'approver'], { isPreparer: true, isSender: true });
const nobody = who([]);

const live = (state: PaymentState, payeeHold = false): RequestPlace => ({
  state,
  recordStatus: 'O',
  payeeHold,
});

/**
 * The expected moves written out by hand, per state (live record, not on hold) and actor: the table
 * the product promises, independent of how payment-workflow.ts builds it.
 */
const expected: Record<PaymentState, Record<string, PaymentAction[]>> = {
  O: {
    accountant: ['edit', 'delete', 'deactivate', 'send'],
    preparerAccountant: ['edit', 'delete', 'deactivate', 'send'],
    sender: ['edit', 'delete', 'deactivate', 'send'],
    approver: [],
    preparerApprover: [],
    admin: ['edit', 'delete', 'deactivate', 'send'],
    adminPreparer: ['edit', 'delete', 'deactivate', 'send'],
    adminAccepter: ['edit', 'delete', 'deactivate', 'send'],
    adminSender: ['edit', 'delete', 'deactivate', 'send'],
    nobody: [],
  },
  W: {
    accountant: [],
    preparerAccountant: [],
    sender: ['recall'],
    approver: ['accept', 'reject'],
    preparerApprover: [],
    admin: ['accept', 'reject'],
    adminPreparer: [],
    adminAccepter: ['accept', 'reject'],
    adminSender: ['recall'],
    nobody: [],
  },
  // a payment, part or the rest; reversing one (someone else's: see below) is not paying
  A: {
    accountant: ['record_payment', 'confirm_paid', 'reverse_payment'],
    preparerAccountant: ['record_payment', 'confirm_paid', 'reverse_payment'],
    sender: ['record_payment', 'confirm_paid', 'reverse_payment'],
    approver: [],
    preparerApprover: [],
    admin: ['record_payment', 'confirm_paid', 'reverse_payment'],
    adminPreparer: ['record_payment', 'confirm_paid', 'reverse_payment'],
    adminAccepter: ['reverse_payment'],
    adminSender: ['record_payment', 'confirm_paid', 'reverse_payment'],
    nobody: [],
  },
  R: {
    accountant: ['edit', 'delete', 'deactivate', 'send'],
    preparerAccountant: ['edit', 'delete', 'deactivate', 'send'],
    sender: ['edit', 'delete', 'deactivate', 'send'],
    approver: [],
    preparerApprover: [],
    admin: ['edit', 'delete', 'deactivate', 'send'],
    adminPreparer: ['edit', 'delete', 'deactivate', 'send'],
    adminAccepter: ['edit', 'delete', 'deactivate', 'send'],
    adminSender: ['edit', 'delete', 'deactivate', 'send'],
    nobody: [],
  },
  P: {
    accountant: ['reverse_payment'],
    preparerAccountant: ['reverse_payment'],
    sender: ['reverse_payment'],
    approver: [],
    preparerApprover: [],
    admin: ['reverse_payment'],
    adminPreparer: ['reverse_payment'],
    adminAccepter: ['reverse_payment'],
    adminSender: ['reverse_payment'],
    nobody: [],
  },
};
const actors: Record<string, Actor> = {
  accountant,
  preparerAccountant,
  sender,
  approver,
  preparerApprover,
  admin,
  adminPreparer,
  adminAccepter,
  adminSender,
  nobody,
};

describe('payment workflow transition table', () => {
  for (const state of Object.keys(expected) as PaymentState[]) {
    for (const [name, actor] of Object.entries(actors)) {
      it(`${state} × ${name}: exactly the promised moves on a live request`, () => {
        expect(allowedMoves(live(state), actor)).toEqual(expected[state][name]);
        for (const action of paymentActions) {
          const d = decide(live(state), action, actor, 'reason');
          expect(d.ok, `${state} ${action} by ${name}`).toBe(expected[state][name]!.includes(action));
        }
      });
    }
  }

  it('moves lead where the workflow says', () => {
    const to = (s: PaymentState, a: PaymentAction, actor: Actor = admin, hold = false) => {
      const d = decide(live(s, hold), a, actor, 'reason');
      return d.ok ? d.transition.to : null;
    };
    expect(to('O', 'send')).toBe('W');
    expect(to('W', 'accept')).toBe('A');
    expect(to('A', 'confirm_paid')).toBe('P');
    expect(to('W', 'reject')).toBe('R');
    expect(to('R', 'edit')).toBe('R');
    expect(to('R', 'send')).toBe('W');
    expect(to('W', 'recall', sender)).toBe('O');
    expect(to('O', 'edit')).toBe('O');
    expect(to('W', 'confirm_payee', admin, true)).toBe('W');
    expect(to('A', 'confirm_payee', admin, true)).toBe('A');
  });

  it('a deactivated request can only be activated or deleted, in O or R', () => {
    const off = (state: PaymentState): RequestPlace => ({ state, recordStatus: 'C', payeeHold: false });
    expect(allowedMoves(off('O'), accountant)).toEqual(['delete', 'activate']);
    expect(allowedMoves(off('R'), accountant)).toEqual(['delete', 'activate']);
    expect(decide(off('O'), 'send', accountant)).toEqual({ ok: false, refusal: 'payment_inactive' });
    expect(decide(live('O'), 'activate', accountant)).toEqual({ ok: false, refusal: 'payment_inactive' });
    expect(allowedMoves(off('O'), approver)).toEqual([]);
  });

  it('a deleted request allows nothing', () => {
    for (const s of ['O', 'R', 'W', 'A', 'P'] as PaymentState[])
      expect(allowedMoves({ state: s, recordStatus: 'D', payeeHold: false }, admin)).toEqual([]);
  });

  it('four eyes: whoever prepared a request never decides it, whoever accepted it never pays it', () => {
    expect(decide(live('W'), 'accept', adminPreparer)).toEqual({ ok: false, refusal: 'own_request' });
    expect(decide(live('W'), 'reject', preparerApprover, 'x')).toEqual({ ok: false, refusal: 'own_request' });
    expect(decide(live('A'), 'confirm_paid', adminAccepter)).toEqual({
      ok: false,
      refusal: 'approver_cannot_pay',
    });
    expect(decide(live('A'), 'confirm_paid', preparerAccountant).ok).toBe(true);
    expect(decide(live('A'), 'record_payment', adminAccepter)).toEqual({
      ok: false,
      refusal: 'approver_cannot_pay',
    });
    // whoever recorded a payment does not reverse it
    const recorder = who(['accountant'], { recordedPayment: true });
    expect(decide(live('P'), 'reverse_payment', recorder)).toEqual({ ok: false, refusal: 'own_payment' });
    expect(decide(live('P'), 'reverse_payment', accountant)).toEqual({
      ok: true,
      transition: expect.objectContaining({ to: 'A' }),
    });
  });

  it('a request on hold for a changed payee account: no accept, no payment, until someone else confirms', () => {
    const changer = who(['accountant', 'approver'], { changedPayee: true });
    expect(decide(live('W', true), 'accept', admin)).toEqual({ ok: false, refusal: 'payee_changed' });
    expect(decide(live('A', true), 'confirm_paid', accountant)).toEqual({
      ok: false,
      refusal: 'payee_changed',
    });
    // rejecting stays open: the approver may refuse a request whose account he does not trust
    expect(decide(live('W', true), 'reject', admin, 'x').ok).toBe(true);
    expect(allowedMoves(live('W', true), admin)).toEqual(['reject', 'confirm_payee']);
    // a reversal lowers what is paid: it stays open while the account awaits confirmation
    expect(allowedMoves(live('A', true), admin)).toEqual(['confirm_payee', 'reverse_payment']);
    expect(allowedMoves(live('A', true), accountant)).toEqual(['reverse_payment']);
    expect(decide(live('A', true), 'record_payment', accountant)).toEqual({
      ok: false,
      refusal: 'payee_changed',
    });
    expect(decide(live('W', true), 'confirm_payee', changer)).toEqual({
      ok: false,
      refusal: 'own_payee_change',
    });
    expect(decide(live('W', true), 'confirm_payee', adminPreparer)).toEqual({
      ok: false,
      refusal: 'own_request',
    });
    expect(decide(live('W', true), 'confirm_payee', accountant)).toEqual({
      ok: false,
      refusal: 'no_capacity',
    });
    expect(decide(live('W'), 'confirm_payee', admin)).toEqual({ ok: false, refusal: 'payee_not_changed' });
    expect(decide(live('P', true), 'confirm_payee', admin)).toEqual({
      ok: false,
      refusal: 'not_allowed_in_state',
    });
  });

  it('says why a move is refused', () => {
    expect(decide(live('W'), 'accept', accountant)).toEqual({ ok: false, refusal: 'no_capacity' });
    expect(decide(live('A'), 'edit', admin)).toEqual({ ok: false, refusal: 'not_allowed_in_state' });
    expect(decide(live('W'), 'reject', approver, '  ')).toEqual({ ok: false, refusal: 'note_required' });
    expect(decide(live('W'), 'reject', approver, null)).toEqual({ ok: false, refusal: 'note_required' });
    expect(decide(live('W'), 'accept', approver).ok).toBe(true);
  });

  it('only whoever sent a waiting request recalls it, and only before anyone decides it', () => {
    expect(decide(live('W'), 'recall', sender).ok).toBe(true);
    expect(decide(live('W', true), 'recall', sender).ok).toBe(true); // on hold too: nobody decided
    expect(decide(live('W'), 'recall', preparerAccountant)).toEqual({ ok: false, refusal: 'not_sender' });
    expect(decide(live('W'), 'recall', admin)).toEqual({ ok: false, refusal: 'not_sender' });
    expect(decide(live('W'), 'recall', who(['approver'], { isSender: true }))).toEqual({
      ok: false,
      refusal: 'no_capacity',
    });
    for (const decided of ['A', 'R', 'P', 'O'] as PaymentState[])
      expect(decide(live(decided), 'recall', sender)).toEqual({ ok: false, refusal: 'not_allowed_in_state' });
    // whoever sent it still never decides it
    expect(decide(live('W'), 'accept', adminSender)).toEqual({ ok: false, refusal: 'own_request' });
  });

  it('reads the state from the two statuses', () => {
    expect(stateOf({ approval_status: 'A', payment_status: 'P' })).toBe('P');
    expect(stateOf({ approval_status: 'A', payment_status: 'O' })).toBe('A');
    expect(stateOf({ approval_status: 'W', payment_status: 'O' })).toBe('W');
  });
});

describe('the moves’ routes and effects', () => {
  it('calls each move at the path the API has always had', () => {
    const calls = Object.fromEntries(
      Object.entries(paymentMoveRoutes).map(([action, r]) => [action, `${r.method} ${r.path}`]),
    );
    expect(calls).toEqual({
      edit: 'PUT payment-transaction/update/{id}',
      delete: 'DELETE payment-transaction/delete/{id}',
      deactivate: 'PATCH payment-transaction/deactivate/{id}',
      activate: 'PATCH payment-transaction/active/{id}',
      send: 'PATCH payment-transaction/require-approval/{id}',
      recall: 'PATCH payment-transaction/recall/{id}',
      accept: 'PATCH payment-approval/accept/{id}',
      reject: 'PATCH payment-approval/reject/{id}',
      confirm_payee: 'PATCH payment-transaction/confirm-payee/{id}',
      record_payment: 'POST payment-transaction/payments/{id}',
      confirm_paid: 'PATCH payment-transaction/require-paid/{id}',
      reverse_payment: 'PATCH payment-transaction/payments/reverse/{id}',
    });
    // a rejection's call requires its reason, as the table does
    expect(paymentMoveRoutes.reject.note).toBe('required');
    expect(paymentTransitions.find((t) => t.action === 'reject')?.noteRequired).toBe(true);
  });

  it('gives a capacity the right of the move it needs', () => {
    expect(capacityRight('accountant')).toEqual({
      method: 'PATCH',
      endpoint: '/api/payment-transaction/require-approval/{id}',
    });
    expect(capacityRight('approver')).toEqual({
      method: 'PATCH',
      endpoint: '/api/payment-approval/accept/{id}',
    });
  });

  it('tells the approvers of a sent or recalled request and its creator of a decision or a payment, and nobody else', () => {
    const told = paymentTransitions.filter((t) => t.notify).map((t) => `${t.from} ${t.action} → ${t.notify}`);
    expect(told).toEqual([
      'O send → approvers',
      'R send → approvers',
      'W accept → creator',
      'W reject → creator',
      'W recall → approvers',
      'A confirm_paid → creator',
    ]);
    // only moves with routes of their own tell anyone
    for (const t of paymentTransitions.filter((x) => x.notify))
      expect(workflowMoves as readonly string[]).toContain(t.action);
  });
});

describe('what may be changed', () => {
  it('a request is edited, deactivated or deleted only while created or rejected', () => {
    expect(approvalStatuses.filter((approval_status) => paymentChangeable({ approval_status }))).toEqual([
      'O',
      'R',
    ]);
  });
});

describe('requests with approval steps (docs/adr/0084-approval-steps.md)', () => {
  const stepped = (decided: number, after: number): RequestPlace => ({
    ...live('W'),
    steps: { decided, after },
  });
  const accepted = (place: RequestPlace, actor: Actor) => {
    const d = decide(place, 'accept', actor);
    return d.ok ? targetOf(d.transition, place) : d.refusal;
  };

  it('an accept that is not of the last step leaves the request waiting; the last one accepts it', () => {
    expect(accepted(stepped(0, 1), approver)).toBe('W');
    expect(accepted(stepped(1, 0), approver)).toBe('A');
    expect(accepted(live('W'), approver)).toBe('A');
  });

  it('a rejection at any step rejects the request', () => {
    const d = decide(stepped(1, 1), 'reject', approver, 'too dear');
    expect(d.ok && targetOf(d.transition, stepped(1, 1))).toBe('R');
  });

  it('nobody decides two steps of one request', () => {
    const again = who(['approver'], { decidedStep: true });
    expect(accepted(stepped(1, 0), again)).toBe('decided_other_step');
    expect(decide(stepped(1, 0), 'reject', again, 'no')).toEqual({
      ok: false,
      refusal: 'decided_other_step',
    });
  });

  it('the sender recalls a request only before its first step is decided', () => {
    expect(decide(stepped(0, 1), 'recall', sender).ok).toBe(true);
    expect(decide(stepped(1, 0), 'recall', sender)).toEqual({ ok: false, refusal: 'step_decided' });
  });
});
