/**
 * The generic list: server-side paging and sorting, search, status filter, row numbers, status chips
 * and row actions with confirmations. Its whole state is in the URL. A resource plugs in through its
 * description (columns, endpoints, name); nothing here knows a particular entity.
 *
 * Next and Previous go by the server's cursors (the URL keeps `cursor` beside `page`), so a deep page
 * costs what the first does; past 1,000 rows the total is an estimate until the user counts exactly.
 */

import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConstructionFilter } from '../app/layout/construction-filter.tsx';
import { useAbility } from '../app/use-ability.ts';
import { useDrawnInTwo } from '../lib/drawn-in-two.ts';
import { ALL_CONSTRUCTIONS } from '../lib/list-params.ts';
import { loadListGrid, PHONE_QUERY, phoneCardOf } from './list/list-body.ts';
import { ListCards } from './list/list-cards.tsx';
import { ListToolbar } from './list/list-toolbar.tsx';
import { ListTotals } from './list/list-totals.tsx';
import { RowActionDialogs, usePendingRowActions } from './list/row-actions.tsx';
import { useListState, useRowSelection } from './list/use-list-state.ts';
import type { ResourceDescription, ResourceRecord } from './resource.types.ts';

/** The data grid, a chunk of its own: a phone showing cards never loads it (list/list-body.ts). */
const ListGrid = lazy(() => loadListGrid().then((module) => ({ default: module.ListGrid })));

/**
 * `selection`: rows may be ticked, and what the feature offers for the ticked rows of the page shown
 * (the approval queue's accept and reject) is rendered above the grid; `clear` unticks them.
 */
export type ListSelection = (rows: ResourceRecord[], clear: () => void) => React.ReactNode;

/**
 * The page: its state (`list/use-list-state.ts`), the toolbar (`list/list-toolbar.tsx`), the grid
 * with its columns (`list/list-grid.tsx`, `list/use-grid-columns.tsx`) — or on a phone, for a list
 * with a `phoneCard`, the cards (`list/list-cards.tsx`) — and the confirmations of the rows' actions
 * (`list/row-actions.tsx`).
 */
export function ResourceListPage({
  resource,
  selection,
  toolbar,
}: {
  resource: ResourceDescription;
  selection?: ListSelection;
  /** A feature's own buttons beside create (the tickets' import from a Zendesk export). */
  toolbar?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const described = useDescribedSelection(resource);
  selection ??= described;
  const state = useListState(resource);
  const { rows, answer, data } = state;
  const ticked = useRowSelection(rows, data);
  const dialogs = usePendingRowActions();
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const lines = phoneCardOf(resource, phone);
  const filteredBy = state.effective.constructionId;
  const emptyAndFiltered =
    Boolean(answer) && rows.length === 0 && filteredBy !== undefined && filteredBy !== ALL_CONSTRUCTIONS;
  const body = {
    resource,
    state,
    selection: Boolean(selection),
    ticked,
    onStatus: dialogs.setPending,
    onAction: dialogs.setPendingAction,
    emptyNotice: emptyAndFiltered ? (
      <ConstructionFilter
        constructionId={state.effective.constructionId}
        empty={t(`resources.${resource.name}.plural`)}
      />
    ) : null,
  };

  // The page's first screen, a phone's list of cards: its heading first, the rest a moment later
  // (lib/drawn-in-two.ts). Meanwhile a screen's height stands in for the rest, so what is below (the
  // footer) is below the fold from the first frame, as the toolbar and the cards' least height
  // (400 px) put it once drawn: nothing in sight moves.
  const whole = useDrawnInTwo(Boolean(lines));
  if (!whole)
    return (
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <ListToolbar resource={resource} state={state} toolbar={toolbar} headingOnly />
        <Box sx={{ minHeight: '100vh' }} />
      </Paper>
    );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <ListToolbar resource={resource} state={state} toolbar={toolbar} />
      {selection && ticked.selectedRows.length > 0 && (
        <Box sx={{ mb: 1.5 }}>{selection(ticked.selectedRows, ticked.clear)}</Box>
      )}
      {lines ? (
        <ListCards {...body} lines={lines} />
      ) : (
        // the grid's room while its chunk arrives (its least height), so nothing below moves
        <Suspense fallback={<Box sx={{ minHeight: { xs: 400, sm: 320 } }} />}>
          <ListGrid {...body} />
        </Suspense>
      )}
      <ListTotals
        name={resource.name}
        totals={answer?.totals}
        pending={resource.list?.totals ? state.countExactly : null}
      />
      <RowActionDialogs
        resource={resource}
        pending={dialogs.pending}
        pendingAction={dialogs.pendingAction}
        onClose={() => dialogs.setPending(null)}
        onCloseAction={() => dialogs.setPendingAction(null)}
      />
    </Paper>
  );
}

/** The description's selection bar (`list.selection`), for a user who may use it; else none. */
function useDescribedSelection(resource: ResourceDescription): ListSelection | undefined {
  const ability = useAbility();
  const spec = resource.list?.selection;
  const may = Boolean(spec?.may(ability));
  const Bar = useMemo(
    () => (spec && may ? lazy(() => spec.bar().then((component) => ({ default: component }))) : null),
    [spec, may],
  );
  if (!Bar) return undefined;
  return (rows, clear) => (
    <Suspense fallback={null}>
      <Bar rows={rows} clear={clear} />
    </Suspense>
  );
}
