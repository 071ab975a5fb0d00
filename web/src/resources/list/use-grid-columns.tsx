/**
 * The generic list's columns: the row number, the description's columns and the row actions, sized
 * to what the page shows and to the grid's width (`list-columns.ts`; until the grid is measured, the
 * description's own widths), with the columns a screen size leaves out (`hideBelow`, and on phones
 * the row number by default) hidden.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef, GridColumnVisibilityModel, GridRowId } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAbility } from '../../app/use-ability.ts';
import { StatusChip } from '../../components/status-chip.tsx';
import { currentLang, type Lang } from '../../i18n/i18n.ts';
import type { AppAbility } from '../../lib/ability.ts';
import { rowNumber } from '../../lib/list-params.ts';
import { displayValue } from '../format-value.ts';
import { actionsWidth, type ColumnNeed, type Fitted, fitColumns, textWidth } from '../list-columns.ts';
import { FlagChip, offeredActions, type PendingAction } from '../record-actions.tsx';
import type { ColumnSpec, ResourceDescription, ResourceRecord } from '../resource.types.ts';
import {
  offersRowActions,
  type PendingStatus,
  RowActions,
  rowActionCount,
  rowShows,
  rowViewPath,
} from './row-actions.tsx';

/** Which breakpoints the window is below. */
export type Screens = { belowXl: boolean; belowLarge: boolean; narrow: boolean; phone: boolean };

/** Whether the column's `hideBelow` leaves it out on this screen. */
export const hiddenOnScreen = (c: ColumnSpec, s: Screens): boolean =>
  (c.hideBelow === 'xl' && s.belowXl) ||
  (c.hideBelow === 'lg' && s.belowLarge) ||
  (c.hideBelow === 'md' && s.narrow) ||
  (c.hideBelow === 'sm' && s.phone);

/** A column's header: `resources.<name>.columns.<field>`, else the field's label. */
export const columnHeader = (resource: string, field: string, t: TFunction): string =>
  t(`resources.${resource}.columns.${field}`, {
    defaultValue: t(`resources.${resource}.fields.${field}`, { defaultValue: field }),
  });

/** A cell's text: the column's own, else the value formatted for its kind. */
export const cellText = (
  resource: string,
  column: ColumnSpec,
  row: ResourceRecord,
  t: TFunction,
  lang: Lang,
): string =>
  column.text
    ? column.text(row, t, lang)
    : displayValue(resource, column.field, row[column.field], column.kind, lang, t);

/** What one column needs to show its header and the page's values (`list-columns.ts` fits them). */
export function columnNeed(
  resource: Pick<ResourceDescription, 'name' | 'titleField'>,
  column: ColumnSpec,
  rows: ResourceRecord[],
  t: TFunction,
  lang: Lang,
): ColumnNeed {
  const chip = (label: string) => textWidth(label, 400, 13) + 26 + 20;
  const sortable = column.sortable ?? true;
  const headerNeed = textWidth(columnHeader(resource.name, column.field, t), 600) + 20 + (sortable ? 28 : 0);
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
            : textWidth(cellText(resource.name, column, row, t, lang)) +
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
}

export type FittedList = Fitted & { numberWidth: number; actionWidth: number; available: number };

/**
 * The widths of the grid's columns: the row number's (the last one shown and its header), the
 * actions' (their icons, one "more" button on phones) and the described columns' fitted into what is
 * left of `gridWidth` after them, the checkboxes and the grid's borders.
 */
export function fitListColumns(args: {
  needs: ColumnNeed[];
  gridWidth: number;
  /** The last row number on the page, when the row numbers show. */
  lastNumber: number | null;
  /** The actions' icons, when the actions show. */
  icons: number | null;
  phone: boolean;
  selection: boolean;
  t: TFunction;
}): FittedList {
  const { needs, gridWidth, lastNumber, icons, phone, selection, t } = args;
  const numberWidth =
    lastNumber !== null
      ? Math.ceil(Math.max(textWidth(t('common.rowNumber'), 600), textWidth(String(lastNumber))) + 24)
      : 0;
  const actionWidth =
    icons !== null
      ? phone
        ? 56
        : Math.max(actionsWidth(icons), Math.ceil(textWidth(t('common.actions'), 600)) + 24)
      : 0;
  // the checkbox column, and a little for the grid's borders
  const available = gridWidth - numberWidth - actionWidth - (selection ? 52 : 0) - 4;
  return { ...fitColumns(needs, available), numberWidth, actionWidth, available };
}

/** The columns the grid hides: those of the screen size, those that did not fit, numbers, actions. */
export function columnVisibility(
  columns: ColumnSpec[],
  screens: Screens,
  fitted: Fitted | null,
  showNumbers: boolean,
  showActions: boolean,
): GridColumnVisibilityModel {
  return Object.fromEntries([
    ...columns.filter((c) => hiddenOnScreen(c, screens)).map((c) => [c.field, false]),
    ...(fitted?.hidden ?? []).map((name) => [name, false]),
    ...(showNumbers ? [] : [['__row', false]]),
    ...(showActions ? [] : [['__actions', false]]),
  ]);
}

function useScreens(): Screens {
  const theme = useTheme();
  return {
    belowXl: useMediaQuery(theme.breakpoints.down('xl')),
    belowLarge: useMediaQuery(theme.breakpoints.down('lg')),
    narrow: useMediaQuery(theme.breakpoints.down('md')),
    phone: useMediaQuery(theme.breakpoints.down('sm')),
  };
}

/** The grid's columns and their visibility, and the ref that measures the grid's box. */
export function useGridColumns({
  resource,
  rows,
  page,
  itemsPerPage,
  selection,
  onStatus,
  onAction,
}: {
  resource: ResourceDescription;
  rows: ResourceRecord[];
  page: number;
  itemsPerPage: number;
  selection: boolean;
  onStatus: (pending: PendingStatus) => void;
  onAction: (pending: PendingAction) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = currentLang();
  const ability = useAbility();
  const screens = useScreens();
  const { phone, narrow, belowLarge, belowXl } = screens;
  const rowIndex = useMemo(() => new Map(rows.map((row, index) => [row.id as GridRowId, index])), [rows]);
  // phones leave out the row number by default, and fold a row's actions into one menu
  const phoneHidden = phone ? (resource.list?.hideOnPhones ?? ['rowNumber']) : [];
  const iconCount = rowActionCount(resource, ability, phone);
  const anyAction = offersRowActions(resource);
  const showActions = anyAction && !phoneHidden.includes('actions');
  // (on phones a list with a `phoneCard` shows cards instead of this grid: list-cards.tsx)
  const showNumbers = !phoneHidden.includes('rowNumber');

  const [gridWidth, setGridWidth] = useState(0);
  const gridBox = useElementWidth(setGridWidth);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listed inputs are what the widths depend on
  const fitted = useMemo(() => {
    if (!gridWidth) return null;
    const needs = resource.columns
      .filter((c) => !hiddenOnScreen(c, screens))
      .map((column) => columnNeed(resource, column, rows, t, lang));
    return fitListColumns({
      needs,
      gridWidth,
      lastNumber: showNumbers ? rowNumber(Math.max(rows.length - 1, 0), itemsPerPage, page) : null,
      icons: showActions ? iconCount : null,
      phone,
      selection,
      t,
    });
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
      renderCell: ({ id }) => rowNumber(rowIndex.get(id) ?? 0, itemsPerPage, page),
    };
    const described = resource.columns.map((column) => describedColumn(resource, column, fitted, t, lang));
    const actions = actionColumn({ resource, ability, phone, fitted, iconCount, onStatus, onAction, t });
    return anyAction ? [numbered, ...described, actions] : [numbered, ...described];
  }, [
    resource,
    lang,
    i18n.language,
    page,
    itemsPerPage,
    ability,
    ability.rules,
    rowIndex,
    fitted,
    phone,
    iconCount,
  ]);

  const columnVisibilityModel = columnVisibility(resource.columns, screens, fitted, showNumbers, showActions);
  return { columns, columnVisibilityModel, gridBox };
}

/** The row actions' column: its header (hidden on phones), its width, each row's actions. */
function actionColumn({
  resource,
  ability,
  phone,
  fitted,
  iconCount,
  onStatus,
  onAction,
  t,
}: {
  resource: ResourceDescription;
  ability: AppAbility;
  phone: boolean;
  fitted: FittedList | null;
  iconCount: number;
  onStatus: (pending: PendingStatus) => void;
  onAction: (pending: PendingAction) => void;
  t: TFunction;
}): GridColDef<ResourceRecord> {
  return {
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
        show={rowShows(resource, row, ability)}
        viewPath={rowViewPath(resource, row)}
        extra={offeredActions(resource, row, ability, 'list')}
        onAction={(action) => onStatus({ action, record: row })}
        onExtra={(action) => onAction({ action, record: row })}
      />
    ),
  };
}

/** One described column of the grid: its header, its width (fitted, else the description's), its cell. */
function describedColumn(
  resource: ResourceDescription,
  column: ColumnSpec,
  fitted: Fitted | null,
  t: TFunction,
  lang: Lang,
): GridColDef<ResourceRecord> {
  const header = columnHeader(resource.name, column.field, t);
  return {
    field: column.field,
    headerName: header,
    description: header,
    sortable: column.sortable ?? true,
    disableColumnMenu: true,
    ...(fitted?.widths[column.field]
      ? { width: fitted.widths[column.field] }
      : column.width
        ? { width: column.width }
        : { flex: column.flex ?? 1, minWidth: column.minWidth ?? 140 }),
    renderCell: ({ value, row }) => renderCell(resource.name, column, value, row, t, lang),
    ...(column.kind === 'amount' || column.kind === 'number' || column.kind === 'percent'
      ? { align: 'right', headerAlign: 'right' }
      : {}),
  };
}

/** A cell (the grid's, a phone card's): a status chip, a flag chip, a state chip, or the text (a link when the column links). */
export function renderCell(
  resource: string,
  column: ColumnSpec,
  value: unknown,
  row: ResourceRecord,
  t: TFunction,
  lang: Lang,
): React.ReactNode {
  if (column.kind === 'status') return <StatusChip status={String(value ?? '')} />;
  if (column.kind === 'flag')
    return value === true ? <FlagChip resource={resource} field={column.field} icon={column.icon} /> : null;

  if (column.kind === 'state')
    return value == null || value === '' ? null : (
      <Chip
        size="small"
        variant="outlined"
        color={column.colors?.[String(value)] ?? 'default'}
        label={displayValue(resource, column.field, value, 'choice', lang, t)}
        data-state={String(value)}
      />
    );
  const text = cellText(resource, column, row, t, lang);
  const to = column.link?.(row);
  // a value cut to fit ends with "…" (the global class sp-cut: web/src/app/app.tsx); the whole of it
  // shows on hover
  const content = to ? (
    <Link component={RouterLink} to={to} underline="hover" title={text} className="sp-cut">
      {text}
    </Link>
  ) : (
    <span title={text} className="sp-cut">
      {text}
    </span>
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
          resource={resource}
          field={flag.field}
          icon={flag.icon}
          detail={flag.detail?.(row, t, lang)}
          compact
        />
      ))}
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
