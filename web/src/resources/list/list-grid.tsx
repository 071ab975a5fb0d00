/**
 * The generic list's data grid: its columns (`use-grid-columns.tsx`), server-side paging and sorting,
 * the ticked rows, the highlighted rows and the footer's total with "Count exactly". A chunk of its
 * own (MUI's data grid is the largest part of a list): a phone showing a list as cards
 * (`list-cards.tsx`) never loads it (docs/adr/0089-payment-list-first-visit.md).
 */
import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import { DataGrid, GridOverlay, type GridOverlayProps } from '@mui/x-data-grid';
import { enUS, viVN } from '@mui/x-data-grid/locales';
import { cloneElement, createContext, type ReactElement, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { hint } from '../../components/hint.ts';
import { pagerSlots } from '../../components/pager-slots.tsx';
import { currentLang } from '../../i18n/i18n.ts';
import { DisplayedRows } from '../list-pager.tsx';
import { displayedRows } from '../list-total.ts';
import type { ResourceDescription, ResourceRecord } from '../resource.types.ts';
import type { ListBodyProps } from './list-body-props.ts';
import { useGridColumns } from './use-grid-columns.tsx';

/**
 * The grid's tooltips (its column headers' menu buttons, a cut header's whole title) as the app's
 * hints, describing what the grid has named already (docs/adr/0110-one-hint-layer.md).
 */
function GridHint({
  title,
  children,
}: {
  title: ReactNode;
  children: ReactElement<Record<string, unknown>>;
}) {
  if (typeof title !== 'string' || title === '') return children;
  return cloneElement(children, hint(title, { describes: true }));
}

/** MUI's column headers' height (the grid's default density): the notice of an empty list sits under them. */
const GRID_HEADER_HEIGHT = 56;

/** Whether the notice of an empty filtered list covers the grid's body (then its own "no data" is left out). */
const FilteredEmpty = createContext(false);

export function ListGrid({
  resource,
  state,
  selection,
  ticked,
  onStatus,
  onAction,
  emptyNotice,
}: ListBodyProps) {
  const { rows } = state;
  const { columns, columnVisibilityModel, gridBox } = useGridColumns({
    resource,
    rows,
    page: state.list.page,
    itemsPerPage: state.list.itemsPerPage,
    selection,
    onStatus,
    onAction,
  });
  const texts = useGridTexts(state);
  const style = useGridStyle(resource);
  return (
    <Box ref={gridBox} sx={{ width: '100%', display: 'flex', flexDirection: 'column', position: 'relative' }}>
      <FilteredEmpty.Provider value={Boolean(emptyNotice)}>
        <DataGrid<ResourceRecord>
          rows={rows}
          columns={columns}
          getRowId={(row) => row.id}
          {...state.shownCount}
          checkboxSelection={selection}
          rowSelectionModel={ticked.selected}
          onRowSelectionModelChange={ticked.setSelected}
          getRowClassName={highlightClass(resource)}
          loading={state.busy}
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
          slots={{ noRowsOverlay: NoRowsOverlay, baseTooltip: GridHint }}
          sx={style}
        />
      </FilteredEmpty.Provider>
      {emptyNotice && (
        // over the grid's body, where the rows would be: nothing on the page moves when the answer
        // comes back empty, and the notice is no child of the grid's role (docs/adr/0082-first-visit-loads-what-it-shows.md)
        <Box sx={{ position: 'absolute', top: GRID_HEADER_HEIGHT + 12, left: 12, right: 12 }}>
          {emptyNotice}
        </Box>
      )}
    </Box>
  );
}

/** The grid without rows: "no data", unless the notice of the filter stands there instead. */
function NoRowsOverlay(props: GridOverlayProps) {
  const { t } = useTranslation();
  return <GridOverlay {...props}>{useContext(FilteredEmpty) ? null : t('common.noData')}</GridOverlay>;
}

/** The class of a row the description highlights (a priority request). */
const highlightClass = (resource: ResourceDescription) => {
  const highlight = resource.list?.highlight;
  return highlight
    ? ({ row }: { row: ResourceRecord }) => (row[highlight.field] === true ? 'row-highlight' : '')
    : undefined;
};

/** The grid's words in the app's language, and its footer's total with "Count exactly". */
function useGridTexts(state: ListBodyProps['state']) {
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
          slots: pagerSlots,
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
    // room for the notice of an empty filtered list (over the grid's body), which wraps more on a phone
    minHeight: { xs: 400, sm: 320 },
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
