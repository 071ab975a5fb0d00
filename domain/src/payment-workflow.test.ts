import { describe, expect, it } from 'vitest';
import {
  type Actor,
  allowedMoves,
  decide,
  type PaymentAction,
  type PaymentState,
  paymentActions,
  stateOf,
} from './payment-workflow.ts';

const accountant: Actor = { capacities: ['accountant'], isCreator: false };
const creatorAccountant: Actor = { capacities: ['accountant'], isCreator: true };
const approver: Actor = { capacities: ['approver'], isCreator: false };
const creatorApprover: Actor = { capacities: ['approver'], isCreator: true };
const admin: Actor = { capacities: ['accountant', 'approver'], isCreator: false };
const adminCreator: Actor = { capacities: ['accountant', 'approver'], isCreator: true };
const nobody: Actor = { capacities: [], isCreator: false };

/**
 * The expected moves written out by hand, per state (live record) and actor: the table the product
 * promises, independent of how payment-workflow.ts builds it.
 */
const expected: Record<PaymentState, Record<string, PaymentAction[]>> = {
  O: {
    accountant: ['edit', 'delete', 'deactivate', 'send'],
    creatorAccountant: ['edit', 'delete', 'deactivate', 'send'],
    approver: [],
    creatorApprover: [],
    admin: ['edit', 'delete', 'deactivate', 'send'],
    adminCreator: ['edit', 'delete', 'deactivate', 'send'],
    nobody: [],
  },
  W: {
    accountant: [],
    creatorAccountant: [],
    approver: ['accept', 'reject'],
    creatorApprover: [],
    admin: ['accept', 'reject'],
    adminCreator: [],
    nobody: [],
  },
  A: {
    accountant: ['confirm_paid'],
    creatorAccountant: ['confirm_paid'],
    approver: [],
    creatorApprover: [],
    admin: ['confirm_paid'],
    adminCreator: ['confirm_paid'],
    nobody: [],
  },
  R: {
    accountant: ['edit', 'delete', 'deactivate', 'send'],
    creatorAccountant: ['edit', 'delete', 'deactivate', 'send'],
    approver: [],
    creatorApprover: [],
    admin: ['edit', 'delete', 'deactivate', 'send'],
    adminCreator: ['edit', 'delete', 'deactivate', 'send'],
    nobody: [],
  },
  P: {
    accountant: [],
    creatorAccountant: [],
    approver: [],
    creatorApprover: [],
    admin: [],
    adminCreator: [],
    nobody: [],
  },
};
const actors: Record<string, Actor> = {
  accountant,
  creatorAccountant,
  approver,
  creatorApprover,
  admin,
  adminCreator,
  nobody,
};

describe('payment workflow transition table', () => {
  for (const state of Object.keys(expected) as PaymentState[]) {
    for (const [name, actor] of Object.entries(actors)) {
      it(`${state} × ${name}: exactly the promised moves on a live request`, () => {
        expect(allowedMoves(state, 'O', actor)).toEqual(expected[state][name]);
        for (const action of paymentActions) {
          const d = decide(state, 'O', action, actor, 'reason');
          expect(d.ok, `${state} ${action} by ${name}`).toBe(expected[state][name]!.includes(action));
        }
      });
    }
  }

  it('moves lead where the workflow says', () => {
    const to = (s: PaymentState, a: PaymentAction, actor: Actor = admin) => {
      const d = decide(s, 'O', a, actor, 'reason');
      return d.ok ? d.transition.to : null;
    };
    expect(to('O', 'send')).toBe('W');
    expect(to('W', 'accept')).toBe('A');
    expect(to('A', 'confirm_paid')).toBe('P');
    expect(to('W', 'reject')).toBe('R');
    expect(to('R', 'edit')).toBe('R');
    expect(to('R', 'send')).toBe('W');
    expect(to('O', 'edit')).toBe('O');
  });

  it('a deactivated request can only be activated or deleted, in O or R', () => {
    expect(allowedMoves('O', 'C', accountant)).toEqual(['delete', 'activate']);
    expect(allowedMoves('R', 'C', accountant)).toEqual(['delete', 'activate']);
    expect(decide('O', 'C', 'send', accountant)).toEqual({ ok: false, refusal: 'inactive' });
    expect(decide('O', 'O', 'activate', accountant)).toEqual({ ok: false, refusal: 'inactive' });
    expect(allowedMoves('O', 'C', approver)).toEqual([]);
  });

  it('a deleted request allows nothing', () => {
    for (const s of ['O', 'R', 'W', 'A', 'P'] as PaymentState[])
      expect(allowedMoves(s, 'D', admin)).toEqual([]);
  });

  it('says why a move is refused', () => {
    expect(decide('W', 'O', 'accept', adminCreator)).toEqual({ ok: false, refusal: 'own_request' });
    expect(decide('W', 'O', 'accept', accountant)).toEqual({ ok: false, refusal: 'no_capacity' });
    expect(decide('A', 'O', 'edit', admin)).toEqual({ ok: false, refusal: 'not_allowed_in_state' });
    expect(decide('W', 'O', 'reject', approver, '  ')).toEqual({ ok: false, refusal: 'note_required' });
    expect(decide('W', 'O', 'reject', approver, null)).toEqual({ ok: false, refusal: 'note_required' });
    expect(decide('W', 'O', 'accept', approver).ok).toBe(true);
  });

  it('reads the state from the two statuses', () => {
    expect(stateOf({ approval_status: 'A', payment_status: 'P' })).toBe('P');
    expect(stateOf({ approval_status: 'A', payment_status: 'O' })).toBe('A');
    expect(stateOf({ approval_status: 'W', payment_status: 'O' })).toBe('W');
  });
});
