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
import SearchIcon from '@mui/icons-material/Search';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
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
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigation, useSearchParams } from 'react-router';
import { useSelectedConstruction } from '../app/layout/construction-selector.tsx';
import { useAbility } from '../app/use-ability.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { StatusChip } from '../components/status-chip.tsx';
import { currentLang } from '../i18n/i18n.ts';
import {
  listingKey,
  PAGE_SIZE_OPTIONS,
  pageStep,
  readListParams,
  rowNumber,
  withParams,
} from '../lib/list-params.ts';
import { displayValue } from './format-value.ts';
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
}: {
  resource: ResourceDescription;
  selection?: ListSelection;
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
  // Rebuilt when the language, the page or the rules change (labels, row numbers, allowed actions).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listed inputs are what the columns depend on
  const columns = useMemo<GridColDef<ResourceRecord>[]>(() => {
    const numbered: GridColDef<ResourceRecord> = {
      field: '__row',
      headerName: t('common.rowNumber'),
      width: 60,
      sortable: false,
      disableColumnMenu: true,
      renderCell: ({ id }) => rowNumber(rowIndex.get(id) ?? 0, list.itemsPerPage, list.page),
    };
    const described = resource.columns.map<GridColDef<ResourceRecord>>((column) => ({
      field: column.field,
      headerName: t(`resources.${resource.name}.columns.${column.field}`, {
        defaultValue: field(column.field),
      }),
      sortable: column.sortable ?? true,
      disableColumnMenu: true,
      ...(column.width
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
        const text = column.text
          ? column.text(row, t, lang)
          : displayValue(resource.name, column.field, value, column.kind, lang, t);
        const to = column.link?.(row);
        const content = to ? (
          <Link component={RouterLink} to={to} underline="hover">
            {text}
          </Link>
        ) : (
          text
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
            }}
          >
            {content}
            {flags.map((flag) => (
              <FlagChip
                key={flag.field}
                resource={resource.name}
                field={flag.field}
                icon={flag.icon}
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
    // room for every icon a row may show: view, edit, status, delete and the description's own
    const iconCount =
      [actions.view, actions.update, actions.status, actions.delete].filter(Boolean).length +
      (resource.recordActions?.filter((a) => !a.viewOnly).length ?? 0);
    const actionColumn: GridColDef<ResourceRecord> = {
      field: '__actions',
      headerName: t('common.actions'),
      width: Math.max(110, 20 + iconCount * 36),
      sortable: false,
      disableColumnMenu: true,
      renderCell: ({ row }) => (
        <RowActions
          row={row}
          resource={resource}
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
    const anyAction = actions.view || actions.update || actions.status || actions.delete;
    return anyAction ? [numbered, ...described, actionColumn] : [numbered, ...described];
  }, [resource, lang, i18n.language, list.page, list.itemsPerPage, ability, ability.rules, rowIndex]);

  const belowXl = useMediaQuery(theme.breakpoints.down('xl'));
  const belowLarge = useMediaQuery(theme.breakpoints.down('lg'));
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const phoneHidden = phone ? (options.hideOnPhones ?? []) : [];
  const columnVisibilityModel = Object.fromEntries([
    ...resource.columns
      .filter(
        (c) =>
          (c.hideBelow === 'xl' && belowXl) ||
          (c.hideBelow === 'lg' && belowLarge) ||
          (c.hideBelow === 'md' && narrow) ||
          (c.hideBelow === 'sm' && phone),
      )
      .map((c) => [c.field, false]),
    ...(phoneHidden.includes('rowNumber') ? [['__row', false]] : []),
    ...(phoneHidden.includes('actions') ? [['__actions', false]] : []),
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
        <Typography variant="h5" component="h1" sx={{ flex: '1 1 auto', mr: 'auto' }}>
          {title}
        </Typography>
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
      <Box sx={{ width: '100%', display: 'flex', flexDirection: 'column' }}>
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

function RowActions({
  row,
  resource,
  show,
  extra,
  viewPath,
  onAction,
  onExtra,
}: {
  row: ResourceRecord;
  resource: ResourceDescription;
  show: { view: boolean; update: boolean; status: boolean; delete: boolean };
  viewPath: string;
  extra: RecordAction[];
  onAction: (action: StatusAction) => void;
  onExtra: (action: RecordAction) => void;
}) {
  const { t } = useTranslation();
  const name = String(row[resource.titleField] ?? row.id);
  const button = (label: string, icon: React.ReactNode, props: object) => (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={`${label}: ${name}`} {...props}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <Box sx={{ display: 'flex', gap: 0.25, alignItems: 'center', height: '100%' }}>
      {show.view &&
        button(t('common.view'), <VisibilityOutlinedIcon fontSize="small" />, {
          component: RouterLink,
          to: viewPath,
        })}
      {show.update &&
        button(t('common.edit'), <EditOutlinedIcon fontSize="small" />, {
          component: RouterLink,
          to: `${resource.routeBase}/update/${row.id}`,
        })}
      {show.status &&
        (row.status === 'O'
          ? button(t('common.deactivate'), <BlockIcon fontSize="small" color="warning" />, {
              onClick: () => onAction('deactive'),
            })
          : button(t('common.activate'), <CheckCircleOutlineIcon fontSize="small" color="success" />, {
              onClick: () => onAction('active'),
            }))}
      {extra.map((action) => {
        const Icon = actionIcons[action.icon ?? 'lock'];
        return (
          <Box key={action.key} component="span" sx={{ display: 'contents' }}>
            {button(
              t(`resources.${resource.name}.actions.${action.key}`),
              <Icon fontSize="small" color={action.color ?? 'primary'} />,
              { onClick: () => onExtra(action) },
            )}
          </Box>
        );
      })}
      {show.delete &&
        button(t('common.delete'), <DeleteOutlineIcon fontSize="small" color="error" />, {
          onClick: () => onAction('delete'),
        })}
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
