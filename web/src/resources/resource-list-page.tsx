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
import { alpha, useTheme } from '@mui/material/styles';
import { DataGrid } from '@mui/x-data-grid';
import { enUS, viVN } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';
import { ConstructionFilter } from '../app/layout/construction-filter.tsx';
import { currentLang } from '../i18n/i18n.ts';
import { ListToolbar } from './list/list-toolbar.tsx';
import { ListTotals } from './list/list-totals.tsx';
import { RowActionDialogs, usePendingRowActions } from './list/row-actions.tsx';
import { useGridColumns } from './list/use-grid-columns.tsx';
import { type ListState, useListState, useRowSelection } from './list/use-list-state.ts';
import { DisplayedRows } from './list-pager.tsx';
import { displayedRows } from './list-total.ts';
import type { ResourceDescription, ResourceRecord } from './resource.types.ts';

/**
 * `selection`: rows may be ticked, and what the feature offers for the ticked rows of the page shown
 * (the approval queue's accept and reject) is rendered above the grid; `clear` unticks them.
 */
export type ListSelection = (rows: ResourceRecord[], clear: () => void) => React.ReactNode;

/**
 * The page: its state (`list/use-list-state.ts`), the toolbar (`list/list-toolbar.tsx`), the grid
 * with its columns (`list/use-grid-columns.tsx`) and the confirmations of the rows' actions
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
  const state = useListState(resource);
  const { rows, answer, query } = state;
  const ticked = useRowSelection(rows, query.data);
  const dialogs = usePendingRowActions();
  const { columns, columnVisibilityModel, gridBox } = useGridColumns({
    resource,
    rows,
    page: state.list.page,
    itemsPerPage: state.list.itemsPerPage,
    selection: Boolean(selection),
    onStatus: dialogs.setPending,
    onAction: dialogs.setPendingAction,
  });
  const texts = useGridTexts(state);
  const style = useGridStyle(resource);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <ListToolbar resource={resource} state={state} toolbar={toolbar} />
      {selection && ticked.selectedRows.length > 0 && (
        <Box sx={{ mb: 1.5 }}>{selection(ticked.selectedRows, ticked.clear)}</Box>
      )}
      {answer && rows.length === 0 && (
        <ConstructionFilter
          constructionId={state.effective.constructionId}
          empty={t(`resources.${resource.name}.plural`)}
        />
      )}
      <Box ref={gridBox} sx={{ width: '100%', display: 'flex', flexDirection: 'column' }}>
        <DataGrid<ResourceRecord>
          rows={rows}
          columns={columns}
          getRowId={(row) => row.id}
          {...state.shownCount}
          checkboxSelection={Boolean(selection)}
          rowSelectionModel={ticked.selected}
          onRowSelectionModelChange={ticked.setSelected}
          getRowClassName={highlightClass(resource)}
          loading={query.isFetching}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          paginationModel={{ page: state.list.page - 1, pageSize: state.list.itemsPerPage }}
          onPaginationModelChange={state.onPaginationModelChange}
          pageSizeOptions={state.pageSizeOptions}
          sortModel={state.sortModel}
          onSortModelChange={state.onSortModelChange}
          columnVisibilityModel={columnVisibilityModel}
          disableColumnFilter
          disableRowSelectionOnClick
          disableColumnSelector
          {...texts}
          sx={style}
        />
      </Box>
      <ListTotals name={resource.name} totals={answer?.totals} />
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

/** The class of a row the description highlights (a priority request). */
const highlightClass = (resource: ResourceDescription) => {
  const highlight = resource.list?.highlight;
  return highlight
    ? ({ row }: { row: ResourceRecord }) => (row[highlight.field] === true ? 'row-highlight' : '')
    : undefined;
};

/** The grid's words in the app's language, and its footer's total with "Count exactly". */
function useGridTexts(state: ListState) {
  const { t } = useTranslation();
  const lang = currentLang();
  return {
    localeText: {
      ...(lang === 'vi' ? viVN : enUS).components.MuiDataGrid.defaultProps.localeText,
      paginationRowsPerPage: t('common.rowsPerPage'),
      noRowsLabel: t('common.noData'),
    },
    slotProps: {
      basePagination: {
        material: {
          labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) => (
            <DisplayedRows
              text={displayedRows(
                { from, to, count, estimated: state.shownCount.estimatedRowCount },
                lang,
                t,
              )}
              countExactly={state.countExactly}
            />
          ),
        },
      },
    },
  };
}

/** The grid's look: no border, bold headers, the highlighted rows marked in their colour. */
function useGridStyle(resource: ResourceDescription) {
  const theme = useTheme();
  const highlight = resource.list?.highlight;
  return {
    border: 0,
    minHeight: 320,
    '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
    ...(highlight && {
      '& .row-highlight': {
        bgcolor: alpha(theme.palette[highlight.color].main, 0.07),
        boxShadow: `inset 3px 0 0 ${theme.palette[highlight.color].main}`,
      },
      '& .row-highlight:hover': { bgcolor: alpha(theme.palette[highlight.color].main, 0.12) },
    }),
  };
}
