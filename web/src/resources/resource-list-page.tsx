/**
 * The generic list: server-side paging and sorting, search, status filter, row numbers, status chips
 * and row actions with confirmations. Its whole state is in the URL. A resource plugs in through its
 * description (columns, endpoints, name); nothing here knows a particular entity.
 *
 * Next and Previous go by the server's cursors (the URL keeps `cursor` beside `page`), so a deep page
 * costs what the first does; past 1,000 rows the total is an estimate until the user counts exactly.
 */
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SearchIcon from '@mui/icons-material/Search';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { alpha, useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  DataGrid,
  type GridColDef,
  type GridRowId,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { enUS, viVN } from '@mui/x-data-grid/locales';
import { statusFilters } from '@sitepay/domain/common.schema';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigation, useSearchParams } from 'react-router';
import { ConstructionFilter } from '../app/layout/construction-filter.tsx';
import { useSelectedConstruction } from '../app/layout/construction-selector.tsx';
import { useAbility } from '../app/use-ability.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { ExportButton } from '../components/export-button.tsx';
import { StatusChip } from '../components/status-chip.tsx';
import { currentLang } from '../i18n/i18n.ts';
import {
  listingKey,
  PAGE_SIZE_OPTIONS,
  pageStep,
  readListParams,
  rowNumber,
  toExportQuery,
  withParams,
} from '../lib/list-params.ts';
import { displayValue } from './format-value.ts';
import { actionsWidth, type ColumnNeed, fitColumns, textWidth } from './list-columns.ts';
import { type CountExactly, DisplayedRows } from './list-pager.tsx';
import { displayedRows, isEstimated, rowCountProps } from './list-total.ts';
import {
  actionIcons,
  FlagChip,
  offeredActions,
  type PendingAction,
  RecordActionDialog,
} from './record-actions.tsx';
import { resourceListQuery, type StatusAction, useStatusAction } from './resource.queries.ts';
import {
  type ColumnSpec,
  type RecordAction,
  type ResourceDescription,
  type ResourceRecord,
  withId,
} from './resource.types.ts';

const SEARCH_DEBOUNCE_MS = 400;
const MAX_GRID_PAGE_SIZE = 100;
const NO_ROWS: ResourceRecord[] = [];

type Pending = { action: StatusAction; record: ResourceRecord } | null;
const NO_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/**
 * `selection`: rows may be ticked, and what the feature offers for the ticked rows of the page shown
 * (the approval queue's accept and reject) is rendered above the grid; `clear` unticks them.
 */
export type ListSelection = (rows: ResourceRecord[], clear: () => void) => React.ReactNode;

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
  const { t, i18n } = useTranslation();
  const lang = currentLang();
  const [params, setParams] = useSearchParams();
  const options = resource.list ?? {};
  // The MIT data grid shows at most 100 rows a page.
  const read = readListParams(params, {
    statuses: options.statuses?.length ? options.statuses : undefined,
    views: options.views?.map((v) => v.key),
    filters: options.filters,
  });
  const list = { ...read, itemsPerPage: Math.min(read.itemsPerPage, MAX_GRID_PAGE_SIZE) };
  const pageSizeOptions = [...new Set([...PAGE_SIZE_OPTIONS, list.itemsPerPage])].sort((a, b) => a - b);
  const selectedConstruction = useSelectedConstruction();
  const effective = {
    ...list,
    sortBy: list.sortBy ?? resource.defaultSort?.field,
    sortDesc: list.sortBy ? list.sortDesc : resource.defaultSort?.desc,
    constructionId:
      resource.scopedByConstruction === true
        ? (list.constructionId ?? selectedConstruction)
        : resource.scopedByConstruction === 'explicit'
          ? list.constructionId
          : undefined,
  };
  // "Count exactly" holds for the listing it was asked on; another sort, search or filter estimates again
  const listing = listingKey(effective);
  const [exactFor, setExactFor] = useState<string | null>(null);
  const exactTotal = exactFor === listing;
  const query = useQuery(resourceListQuery(resource, effective, { exactTotal }));
  const statusAction = useStatusAction(resource);
  const [pending, setPending] = useState<Pending>(null);
  const [pendingAction, setPendingAction] = useState<PendingAction>(null);
  const ability = useAbility();
  const theme = useTheme();
  const subject = resource.name;
  const actions = { view: true, update: true, status: true, delete: true, create: true, ...resource.actions };
  const field = (name: string) => t(`resources.${resource.name}.fields.${name}`, { defaultValue: name });
  const resourceName = t(`resources.${resource.name}.name`);
  const viewPath = (row: ResourceRecord) =>
    withId(resource.viewRoute ?? `${resource.routeBase}/view/{id}`, row.id);
  const changeable = (row: ResourceRecord) => row.status !== 'D' && (resource.changeable?.(row) ?? true);

  // The search box types freely; the URL (and the request) follow after a pause.
  const [search, setSearch] = useState(list.search ?? '');
  useEffect(() => setSearch(list.search ?? ''), [list.search]);
  // while another screen loads (a row's link was followed), a late search must not pull the user back
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if ((list.search ?? '') === search || navigating) return;
    const timer = setTimeout(
      () => setParams(withParams(params, { search: search.trim(), page: 1 }), { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [search, list.search, params, setParams, navigating]);

  // The server may answer another page than asked: Previous from page 2 when rows were removed meanwhile,
  // or a refused cursor read again by page number. The URL follows, without a cursor.
  const answer = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (!answer || (answer.page === list.page && !(answer.cursorDropped && list.cursor))) return;
    setParams(withParams(params, { page: answer.page, cursor: undefined }), { replace: true });
  }, [answer, list.page, list.cursor, params, setParams]);

  const shownCount = rowCountProps(query.data);
  const countExactly: CountExactly = isEstimated(query.data)
    ? { busy: exactTotal && query.isFetching, onClick: () => setExactFor(listing) }
    : null;

  const rows = query.data?.items ?? NO_ROWS;
  const rowIndex = useMemo(() => new Map(rows.map((row, index) => [row.id as GridRowId, index])), [rows]);
  // ticked rows belong to the page shown: another page, sort or filter unticks them
  const [selected, setSelected] = useState<GridRowSelectionModel>(NO_SELECTION);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer is what unticks
  useEffect(() => setSelected(NO_SELECTION), [query.data]);
  const selectedRows = rows.filter((row) =>
    selected.type === 'include' ? selected.ids.has(row.id) : !selected.ids.has(row.id),
  );
  const belowXl = useMediaQuery(theme.breakpoints.down('xl'));
  const belowLarge = useMediaQuery(theme.breakpoints.down('lg'));
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  // phones leave out the row number by default, and fold a row's actions into one menu
  const phoneHidden = phone ? (options.hideOnPhones ?? ['rowNumber']) : [];
  const breakpointHidden = (c: ColumnSpec) =>
    (c.hideBelow === 'xl' && belowXl) ||
    (c.hideBelow === 'lg' && belowLarge) ||
    (c.hideBelow === 'md' && narrow) ||
    (c.hideBelow === 'sm' && phone);
  const canUpdate = ability.can('update', subject);
  const iconCount = phone
    ? 1
    : [
        actions.view && ability.can('read', subject),
        actions.update && canUpdate,
        actions.status && canUpdate,
        actions.delete && ability.can('delete', subject),
      ].filter(Boolean).length +
      (resource.recordActions?.filter((a) => !a.viewOnly && ability.can(a.right ?? 'update', subject))
        .length ?? 0);
  const anyAction =
    actions.view ||
    actions.update ||
    actions.status ||
    actions.delete ||
    Boolean(resource.recordActions?.some((a) => !a.viewOnly));
  const showActions = anyAction && !phoneHidden.includes('actions');
  const showNumbers = !phoneHidden.includes('rowNumber');
  const header = (name: string) =>
    t(`resources.${resource.name}.columns.${name}`, { defaultValue: field(name) });
  const cellText = (column: ColumnSpec, row: ResourceRecord) =>
    column.text
      ? column.text(row, t, lang)
      : displayValue(resource.name, column.field, row[column.field], column.kind, lang, t);

  // Columns sized to what the page shows and to the grid's width (list-columns.ts); until the grid
  // is measured, the description's own widths.
  const [gridWidth, setGridWidth] = useState(0);
  const gridBox = useElementWidth(setGridWidth);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listed inputs are what the widths depend on
  const fitted = useMemo(() => {
    if (!gridWidth) return null;
    const chip = (label: string) => textWidth(label, 400, 13) + 26 + 20;
    const needs = resource.columns
      .filter((c) => !breakpointHidden(c))
      .map<ColumnNeed>((column) => {
        const sortable = column.sortable ?? true;
        const headerNeed = textWidth(header(column.field), 600) + 20 + (sortable ? 28 : 0);
        let values = 56;
        for (const row of rows) {
          const value = row[column.field];
          const width =
            column.kind === 'status'
              ? chip(t(`status.${String(value)}`, { defaultValue: t('status.unknown') }))
              : column.kind === 'state'
                ? value == null || value === ''
                  ? 0
                  : chip(displayValue(resource.name, column.field, value, 'choice', lang, t))
                : column.kind === 'flag'
                  ? value === true
                    ? chip(t(`resources.${resource.name}.flags.${column.field}`)) + 24
                    : 0
                  : textWidth(cellText(column, row)) +
                    20 +
                    (column.flags ?? []).filter((f) => row[f.field] === true).length * 26;
          values = Math.max(values, width);
        }
        const text = !column.kind || column.kind === 'text';
        const named =
          column.field === resource.titleField ||
          Boolean(column.link) ||
          column.kind === 'status' ||
          column.kind === 'state';
        return {
          field: column.field,
          natural: Math.max(headerNeed, values),
          values,
          grow: text,
          priority: named ? 2 : column.kind === 'amount' ? 1 : 0,
        };
      });
    const lastNumber = rowNumber(Math.max(rows.length - 1, 0), list.itemsPerPage, list.page);
    const numberWidth = showNumbers
      ? Math.ceil(Math.max(textWidth(t('common.rowNumber'), 600), textWidth(String(lastNumber))) + 24)
      : 0;
    const actionWidth = showActions
      ? phone
        ? 56
        : Math.max(actionsWidth(iconCount), Math.ceil(textWidth(t('common.actions'), 600)) + 24)
      : 0;
    // the checkbox column, and a little for the grid's borders
    const available = gridWidth - numberWidth - actionWidth - (selection ? 52 : 0) - 4;
    return { ...fitColumns(needs, available), numberWidth, actionWidth };
  }, [
    gridWidth,
    rows,
    lang,
    i18n.language,
    phone,
    narrow,
    belowLarge,
    belowXl,
    iconCount,
    showActions,
    showNumbers,
  ]);

  // Rebuilt when the language, the page, the widths or the rules change (labels, row numbers, actions).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listed inputs are what the columns depend on
  const columns = useMemo<GridColDef<ResourceRecord>[]>(() => {
    const numbered: GridColDef<ResourceRecord> = {
      field: '__row',
      headerName: t('common.rowNumber'),
      width: fitted?.numberWidth || 60,
      sortable: false,
      disableColumnMenu: true,
      renderCell: ({ id }) => rowNumber(rowIndex.get(id) ?? 0, list.itemsPerPage, list.page),
    };
    const described = resource.columns.map<GridColDef<ResourceRecord>>((column) => ({
      field: column.field,
      headerName: header(column.field),
      description: header(column.field),
      sortable: column.sortable ?? true,
      disableColumnMenu: true,
      ...(fitted?.widths[column.field]
        ? { width: fitted.widths[column.field] }
        : column.width
          ? { width: column.width }
          : { flex: column.flex ?? 1, minWidth: column.minWidth ?? 140 }),
      renderCell: ({ value, row }) => {
        if (column.kind === 'status') return <StatusChip status={String(value ?? '')} />;
        if (column.kind === 'flag')
          return value === true ? (
            <FlagChip resource={resource.name} field={column.field} icon={column.icon} />
          ) : null;

        if (column.kind === 'state')
          return value == null || value === '' ? null : (
            <Chip
              size="small"
              variant="outlined"
              color={column.colors?.[String(value)] ?? 'default'}
              label={displayValue(resource.name, column.field, value, 'choice', lang, t)}
              data-state={String(value)}
            />
          );
        const text = cellText(column, row);
        const to = column.link?.(row);
        // a value cut to fit ends with "…"; the whole of it shows on hover
        const content = to ? (
          <Link component={RouterLink} to={to} underline="hover" title={text} sx={ELLIPSIS}>
            {text}
          </Link>
        ) : (
          <Box component="span" title={text} sx={ELLIPSIS}>
            {text}
          </Box>
        );
        const flags = (column.flags ?? []).filter((flag) => row[flag.field] === true);
        if (!flags.length) return content;
        return (
          <Box
            sx={{
              display: 'flex',
              gap: 0.5,
              alignItems: 'center',
              height: '100%',
              justifyContent: 'inherit',
              minWidth: 0,
            }}
          >
            {content}
            {flags.map((flag) => (
              <FlagChip
                key={flag.field}
                resource={resource.name}
                field={flag.field}
                icon={flag.icon}
                detail={flag.detail?.(row, t, lang)}
                compact
              />
            ))}
          </Box>
        );
      },
      ...(column.kind === 'amount' || column.kind === 'number' || column.kind === 'percent'
        ? { align: 'right', headerAlign: 'right' }
        : {}),
    }));
    const actionColumn: GridColDef<ResourceRecord> = {
      field: '__actions',
      headerName: t('common.actions'),
      // on phones the one "more" button needs no visible header (screen readers still read it)
      ...(phone && {
        renderHeader: () => (
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {t('common.actions')}
          </Box>
        ),
      }),
      width: fitted?.actionWidth || Math.max(110, actionsWidth(iconCount)),
      sortable: false,
      disableColumnMenu: true,
      renderCell: ({ row }) => (
        <RowActions
          row={row}
          resource={resource}
          compact={phone}
          show={{
            view: actions.view && ability.can('read', subject),
            update: actions.update && changeable(row) && ability.can('update', subject),
            status: actions.status && changeable(row) && ability.can('update', subject),
            delete: actions.delete && changeable(row) && ability.can('delete', subject),
          }}
          viewPath={viewPath(row)}
          extra={offeredActions(resource, row, ability, 'list')}
          onAction={(action) => setPending({ action, record: row })}
          onExtra={(action) => setPendingAction({ action, record: row })}
        />
      ),
    };
    return anyAction ? [numbered, ...described, actionColumn] : [numbered, ...described];
  }, [
    resource,
    lang,
    i18n.language,
    list.page,
    list.itemsPerPage,
    ability,
    ability.rules,
    rowIndex,
    fitted,
    phone,
    iconCount,
  ]);

  const columnVisibilityModel = Object.fromEntries([
    ...resource.columns.filter(breakpointHidden).map((c) => [c.field, false]),
    ...(fitted?.hidden ?? []).map((name) => [name, false]),
    ...(showNumbers ? [] : [['__row', false]]),
    ...(showActions ? [] : [['__actions', false]]),
  ]);
  // The same model object while the sort stands: the grid takes a new object for a new sort and goes
  // back to the first page, so a page past the first fell back to page 1 on the next render.
  const sortModel = useMemo<GridSortModel>(
    () => (list.sortBy ? [{ field: list.sortBy, sort: list.sortDesc ? 'desc' : 'asc' }] : []),
    [list.sortBy, list.sortDesc],
  );
  const title = t(`resources.${resource.name}.plural`);
  const recordName = pending ? String(pending.record[resource.titleField] ?? pending.record.id) : '';

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <ConstructionFilter constructionId={effective.constructionId} />
        <Box sx={{ flex: '1 1 0', minWidth: 0 }} />
        {resource.exportPath && ability.can('read', subject) && (
          <ExportButton
            path={resource.exportPath}
            query={toExportQuery(effective, Boolean(resource.scopedByConstruction), lang)}
            fallbackName={`${resource.name}.xlsx`}
            action={t('export.doing', { resource: title })}
          />
        )}
        {toolbar}
        {actions.create && ability.can('create', subject) && (
          <Button
            component={RouterLink}
            to={`${resource.routeBase}/create`}
            variant="contained"
            startIcon={<AddIcon />}
          >
            {t('common.create')}
          </Button>
        )}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: options.statuses ? '1fr' : '1fr 200px' },
          mb: 2,
        }}
      >
        <TextField
          type="search"
          label={t('common.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {!options.statuses && (
          <TextField
            select
            label={t('common.status')}
            value={list.status}
            onChange={(e) =>
              setParams(
                withParams(params, {
                  status: e.target.value === 'all' ? undefined : e.target.value,
                  page: 1,
                }),
              )
            }
            slotProps={{ htmlInput: { 'data-testid': 'status-filter' } }}
          >
            {statusFilters.map((status) => (
              <MenuItem key={status} value={status}>
                {t(`statusFilter.${status}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      <ListChips
        resource={resource.name}
        statuses={options.statuses ?? []}
        status={list.status}
        views={options.views?.map((v) => v.key) ?? []}
        view={list.view}
        filters={list.filters}
        onStatus={(status) =>
          setParams(withParams(params, { status: status === 'all' ? undefined : status, page: 1 }))
        }
        onView={(view) => setParams(withParams(params, { view, page: 1 }))}
        onClearFilter={(key) =>
          setParams(withParams(params, { [key]: undefined, page: 1, cursor: undefined }))
        }
      />
      {selection && selectedRows.length > 0 && (
        <Box sx={{ mb: 1.5 }}>{selection(selectedRows, () => setSelected(NO_SELECTION))}</Box>
      )}
      {answer && rows.length === 0 && (
        <ConstructionFilter constructionId={effective.constructionId} empty={title} />
      )}
      <Box ref={gridBox} sx={{ width: '100%', display: 'flex', flexDirection: 'column' }}>
        <DataGrid<ResourceRecord>
          rows={rows}
          columns={columns}
          getRowId={(row) => row.id}
          {...shownCount}
          checkboxSelection={Boolean(selection)}
          rowSelectionModel={selected}
          onRowSelectionModelChange={setSelected}
          getRowClassName={
            options.highlight
              ? ({ row }) => (row[options.highlight!.field] === true ? 'row-highlight' : '')
              : undefined
          }
          loading={query.isFetching}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          paginationModel={{ page: list.page - 1, pageSize: list.itemsPerPage }}
          onPaginationModelChange={(model) => {
            // the cursors to step by are those of the page shown, not of one still loading
            if (!answer) return;
            if (model.page + 1 === list.page && model.pageSize === list.itemsPerPage) return;
            if (model.pageSize !== list.itemsPerPage) {
              setParams(withParams(params, { page: 1, itemsPerPage: model.pageSize }));
              return;
            }
            setParams(withParams(params, pageStep(answer, model.page + 1)));
          }}
          pageSizeOptions={pageSizeOptions}
          sortModel={sortModel}
          onSortModelChange={(model) => {
            const first = model[0];
            const current = sortModel[0];
            if (first?.field === current?.field && first?.sort === current?.sort) return;
            setParams(
              withParams(params, {
                sortBy: first?.field,
                sortDesc: first ? first.sort === 'desc' : undefined,
                page: 1,
              }),
            );
          }}
          columnVisibilityModel={columnVisibilityModel}
          disableColumnFilter
          disableRowSelectionOnClick
          disableColumnSelector
          localeText={{
            ...(lang === 'vi' ? viVN : enUS).components.MuiDataGrid.defaultProps.localeText,
            paginationRowsPerPage: t('common.rowsPerPage'),
            noRowsLabel: t('common.noData'),
          }}
          slotProps={{
            basePagination: {
              material: {
                labelDisplayedRows: ({ from, to, count }) => (
                  <DisplayedRows
                    text={displayedRows(
                      { from, to, count, estimated: shownCount.estimatedRowCount },
                      lang,
                      t,
                    )}
                    countExactly={countExactly}
                  />
                ),
              },
            },
          }}
          sx={{
            border: 0,
            minHeight: 320,
            '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
            ...(options.highlight && {
              '& .row-highlight': {
                bgcolor: alpha(theme.palette[options.highlight.color].main, 0.07),
                boxShadow: `inset 3px 0 0 ${theme.palette[options.highlight.color].main}`,
              },
              '& .row-highlight:hover': { bgcolor: alpha(theme.palette[options.highlight.color].main, 0.12) },
            }),
          }}
        />
      </Box>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`actions.${pending.action}`, { resource: resourceName }) : ''}
        message={
          pending
            ? t(
                `confirm.${pending.action === 'active' ? 'activate' : pending.action === 'deactive' ? 'deactivate' : 'delete'}`,
                {
                  resource: resourceName,
                  name: recordName,
                },
              )
            : ''
        }
        color={
          pending?.action === 'delete' ? 'error' : pending?.action === 'deactive' ? 'warning' : 'primary'
        }
        busy={statusAction.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => pending && statusAction.mutate(pending, { onSettled: () => setPending(null) })}
      />
      <RecordActionDialog
        resource={resource}
        pending={pendingAction}
        onClose={() => setPendingAction(null)}
      />
    </Paper>
  );
}

/**
 * A row's actions: icon buttons, each named for a screen reader; `compact` (phones) folds them into
 * one "more" button opening a menu, so the row keeps its name and status in sight.
 */
function RowActions({
  row,
  resource,
  show,
  extra,
  viewPath,
  onAction,
  onExtra,
  compact,
}: {
  row: ResourceRecord;
  resource: ResourceDescription;
  show: { view: boolean; update: boolean; status: boolean; delete: boolean };
  viewPath: string;
  extra: RecordAction[];
  onAction: (action: StatusAction) => void;
  onExtra: (action: RecordAction) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const name = String(row[resource.titleField] ?? row.id);
  type Item = { key: string; label: string; icon: React.ReactNode; props: object };
  const items: Item[] = [];
  if (show.view)
    items.push({
      key: 'view',
      label: t('common.view'),
      icon: <VisibilityOutlinedIcon fontSize="small" />,
      props: { component: RouterLink, to: viewPath },
    });
  if (show.update)
    items.push({
      key: 'update',
      label: t('common.edit'),
      icon: <EditOutlinedIcon fontSize="small" />,
      props: { component: RouterLink, to: `${resource.routeBase}/update/${row.id}` },
    });
  if (show.status)
    items.push(
      row.status === 'O'
        ? {
            key: 'deactivate',
            label: t('common.deactivate'),
            icon: <BlockIcon fontSize="small" color="warning" />,
            props: { onClick: () => onAction('deactive') },
          }
        : {
            key: 'activate',
            label: t('common.activate'),
            icon: <CheckCircleOutlineIcon fontSize="small" color="success" />,
            props: { onClick: () => onAction('active') },
          },
    );
  for (const action of extra) {
    const Icon = actionIcons[action.icon ?? 'lock'];
    items.push({
      key: action.key,
      label: t(`resources.${resource.name}.actions.${action.key}`),
      icon: <Icon fontSize="small" color={action.color ?? 'primary'} />,
      props: { onClick: () => onExtra(action) },
    });
  }
  if (show.delete)
    items.push({
      key: 'delete',
      label: t('common.delete'),
      icon: <DeleteOutlineIcon fontSize="small" color="error" />,
      props: { onClick: () => onAction('delete') },
    });
  if (!items.length) return null;
  if (compact)
    return (
      <>
        <IconButton
          size="small"
          aria-label={`${t('common.actions')}: ${name}`}
          aria-haspopup="menu"
          aria-expanded={menu ? 'true' : undefined}
          onClick={(event) => setMenu(event.currentTarget)}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
        <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
          {items.map((item) => (
            <MenuItem
              key={item.key}
              {...item.props}
              onClick={(event: React.MouseEvent) => {
                setMenu(null);
                (item.props as { onClick?: (e: React.MouseEvent) => void }).onClick?.(event);
              }}
            >
              <ListItemIcon>{item.icon}</ListItemIcon>
              {item.label}
            </MenuItem>
          ))}
        </Menu>
      </>
    );
  return (
    <Box sx={{ display: 'flex', gap: 0.25, alignItems: 'center', height: '100%' }}>
      {items.map((item) => (
        <Tooltip key={item.key} title={item.label}>
          <IconButton size="small" aria-label={`${item.label}: ${name}`} {...item.props}>
            {item.icon}
          </IconButton>
        </Tooltip>
      ))}
    </Box>
  );
}

/**
 * The chips above a list: its own status filters (one chosen, "all" first), its quick views (one or
 * none) and the filters its URL carries (each removable).
 */
function ListChips({
  resource,
  statuses,
  status,
  views,
  view,
  filters,
  onStatus,
  onView,
  onClearFilter,
}: {
  resource: string;
  statuses: readonly string[];
  status: string;
  views: string[];
  view: string | undefined;
  filters: Record<string, string> | undefined;
  onStatus: (status: string) => void;
  onView: (view: string | undefined) => void;
  onClearFilter: (key: string) => void;
}) {
  const { t } = useTranslation();
  const filterEntries = Object.entries(filters ?? {});
  if (!statuses.length && !views.length && !filterEntries.length) return null;
  const group = (label: string, testId: string, children: React.ReactNode) => (
    <Box
      role="group"
      aria-label={label}
      data-testid={testId}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        // one line a group on a phone, scrolled sideways, so the list itself stays in sight
        flexWrap: { xs: 'nowrap', sm: 'wrap' },
        overflowX: { xs: 'auto', sm: 'visible' },
        scrollbarWidth: 'none',
        '& > *': { flexShrink: 0 },
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
        {label}:
      </Typography>
      {children}
    </Box>
  );
  return (
    <Box sx={{ display: 'grid', gap: 1.25, mb: 2 }}>
      {statuses.length > 0 &&
        group(
          t('common.status'),
          'status-chips',
          statuses.map((value) => (
            <Chip
              key={value}
              label={t(`resources.${resource}.statusFilter.${value}`, {
                defaultValue: t(`statusFilter.${value}`, { defaultValue: value }),
              })}
              color={status === value ? 'primary' : 'default'}
              variant={status === value ? 'filled' : 'outlined'}
              aria-pressed={status === value}
              onClick={() => onStatus(value)}
            />
          )),
        )}
      {views.length > 0 &&
        group(
          t('common.quickViews'),
          'view-chips',
          views.map((key) => (
            <Chip
              key={key}
              label={t(`resources.${resource}.views.${key}`)}
              color={view === key ? 'secondary' : 'default'}
              variant={view === key ? 'filled' : 'outlined'}
              aria-pressed={view === key}
              onClick={() => onView(view === key ? undefined : key)}
            />
          )),
        )}
      {filterEntries.length > 0 &&
        group(
          t('common.filters'),
          'filter-chips',
          filterEntries.map(([key, value]) => (
            <Chip
              key={key}
              label={t(`resources.${resource}.filters.${key}`, { value })}
              onDelete={() => onClearFilter(key)}
            />
          )),
        )}
    </Box>
  );
}

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A cell's text cut with "…" when it does not fit (its `title` carries the whole of it). */
const ELLIPSIS = {
  display: 'block',
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/** A ref that reports the element's width, now and whenever it changes (window, drawer). */
function useElementWidth(onWidth: (width: number) => void) {
  const observer = useRef<ResizeObserver | null>(null);
  return useCallback(
    (element: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element) return;
      onWidth(Math.floor(element.getBoundingClientRect().width));
      observer.current = new ResizeObserver(([entry]) => {
        if (entry) onWidth(Math.floor(entry.contentRect.width));
      });
      observer.current.observe(element);
    },
    [onWidth],
  );
}
