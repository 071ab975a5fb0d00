/**
 * What the grid (`list-grid.tsx`) and a phone's cards (`list-cards.tsx`) are given to draw a list's
 * rows (docs/adr/0089-payment-list-first-visit.md); a module of its own, so that neither imports
 * `list-body.ts`, which loads the grid.
 */
import type { PendingAction } from '../record-actions.tsx';
import type { ResourceDescription } from '../resource.types.ts';
import type { PendingStatus } from './row-actions.tsx';
import type { ListState, useRowSelection } from './use-list-state.ts';

export type ListBodyProps = {
  resource: ResourceDescription;
  state: ListState;
  /** Rows may be ticked (the approval queue's decisions). */
  selection: boolean;
  ticked: ReturnType<typeof useRowSelection>;
  onStatus: (pending: PendingStatus) => void;
  onAction: (pending: PendingAction) => void;
  /** The notice of an empty filtered list, drawn where the rows would be; null otherwise. */
  emptyNotice: React.ReactNode;
};
