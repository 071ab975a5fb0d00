/**
 * A list on a phone, for a description with a `phoneCard`: each row a card whose lines are the cells
 * of the card's columns (the grid's own cells: chips, links, flags; the first line its heading), the
 * row's actions in one "more" menu, a tick box when rows may be ticked, and the pager under the cards
 * (as the grid's footer). Drawn without the data grid: a phone's first visit needs
 * neither the grid's chunk nor its measuring (docs/adr/0089-payment-list-first-visit.md).
 */
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import { alpha, type SxProps, type Theme, useTheme } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../app/use-ability.ts';
import { hint } from '../../components/hint.ts';
import { currentLang, type Lang } from '../../i18n/i18n.ts';
import { DisplayedRows } from '../list-pager.tsx';
import { displayedRows } from '../list-total.ts';
import { offeredActions } from '../record-actions.tsx';
import type { ColumnSpec, ResourceDescription, ResourceRecord } from '../resource.types.ts';
import type { ListBodyProps } from './list-body-props.ts';
import { offersRowActions, RowActions, rowShows, rowViewPath } from './row-actions.tsx';
import { renderCell } from './use-grid-columns.tsx';
import { isSelected } from './use-list-state.ts';

/** The columns of each of the card's lines, as the description names them. */
export function cardLines(
  resource: Pick<ResourceDescription, 'name' | 'columns'>,
  lines: readonly (readonly string[])[],
): ColumnSpec[][] {
  const byField = new Map(resource.columns.map((c) => [c.field, c]));
  return lines.map((fields) =>
    fields.map((field) => {
      const column = byField.get(field);
      if (!column) throw new Error(`${resource.name}: phoneCard names no column ${field}`);
      return column;
    }),
  );
}

export function ListCards({
  resource,
  lines,
  state,
  selection,
  ticked,
  onStatus,
  onAction,
  emptyNotice,
}: ListBodyProps & { lines: readonly (readonly string[])[] }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const ability = useAbility();
  const theme = useTheme();
  const { rows, answer } = state;
  const columns = cardLines(resource, lines);
  const hidden = resource.list?.hideOnPhones ?? ['rowNumber'];
  const showActions = offersRowActions(resource) && !hidden.includes('actions');
  const highlight = resource.list?.highlight;
  const tickedCount = rows.filter((row) => isSelected(ticked.selected, row.id)).length;
  const tick = (ids: ResourceRecord['id'][]) => ticked.setSelected({ type: 'include', ids: new Set(ids) });

  return (
    <Box
      data-testid="list-cards"
      aria-busy={state.busy}
      // as tall as the grid was on a phone: the first answer and an empty one move nothing below
      sx={{ position: 'relative', minHeight: 400, display: 'flex', flexDirection: 'column' }}
    >
      {state.busy && (
        <LinearProgress aria-hidden sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 3 }} />
      )}
      {selection && rows.length > 0 && (
        <Box
          component="label"
          sx={{
            display: 'flex',
            alignItems: 'center',
            borderBottom: 1,
            borderColor: 'divider',
            fontWeight: 600,
          }}
        >
          <Checkbox
            checked={tickedCount === rows.length}
            indeterminate={tickedCount > 0 && tickedCount < rows.length}
            onChange={(event) => tick(event.target.checked ? rows.map((row) => row.id) : [])}
          />
          {t('common.selectAllRows')}
        </Box>
      )}
      <Box
        component="ul"
        aria-label={t(`resources.${resource.name}.plural`)}
        sx={cardsStyle(theme, highlight?.color)}
      >
        {rows.map((row) => {
          const marked = highlight && row[highlight.field] === true;
          const name = String(row[resource.titleField] ?? row.id);
          return (
            <li key={row.id} className={marked ? 'row-highlight' : undefined}>
              {selection && (
                <Checkbox
                  checked={isSelected(ticked.selected, row.id)}
                  onChange={(event) => {
                    const others = rows
                      .filter((r) => r.id !== row.id && isSelected(ticked.selected, r.id))
                      .map((r) => r.id);
                    tick(event.target.checked ? [...others, row.id] : others);
                  }}
                  slotProps={{ input: { 'aria-label': t('common.selectRow', { name }) } }}
                />
              )}
              <Card resource={resource} columns={columns} row={row} t={t} lang={lang} />
              {showActions && (
                <div className="card-actions">
                  <RowActions
                    row={row}
                    resource={resource}
                    compact
                    show={rowShows(resource, row, ability)}
                    viewPath={rowViewPath(resource, row)}
                    extra={offeredActions(resource, row, ability, 'list')}
                    onAction={(action) => onStatus({ action, record: row })}
                    onExtra={(action) => onAction({ action, record: row })}
                  />
                </div>
              )}
            </li>
          );
        })}
      </Box>
      {answer && rows.length === 0 && (
        <Box
          sx={{
            position: 'absolute',
            top: 12,
            left: 12,
            right: 12,
            textAlign: emptyNotice ? 'start' : 'center',
          }}
        >
          {emptyNotice ?? t('common.noData')}
        </Box>
      )}
      <Pager state={state} />
    </Box>
  );
}

type HighlightColor = NonNullable<NonNullable<ResourceDescription['list']>['highlight']>['color'];

/**
 * The cards' styles, written once for the list rather than once per card, line and cell: a card is
 * plain elements under the list (a page of ten cards was some 150 styled boxes, each its styles
 * worked out at every render of the list; docs/adr/0113-first-screen-drawn-without-waste.md).
 */
function cardsStyle(theme: Theme, highlight: HighlightColor | undefined): SxProps<Theme> {
  return {
    listStyle: 'none',
    m: 0,
    p: 0,
    flex: 1,
    '& > li': {
      display: 'flex',
      alignItems: 'flex-start',
      gap: 0.5,
      px: 1,
      borderBottom: 1,
      borderColor: 'divider',
    },
    ...(highlight && {
      '& > li.row-highlight': {
        bgcolor: alpha(theme.palette[highlight].main, 0.07),
        boxShadow: `inset 3px 0 0 ${theme.palette[highlight].main}`,
      },
    }),
    '& > li > .MuiCheckbox-root': { ml: -1 },
    '& .card': { py: 1, display: 'grid', gap: 0.25, minWidth: 0, flex: 1 },
    '& .card-line': {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      columnGap: 1,
      rowGap: 0.5,
      minWidth: 0,
      lineHeight: 1.4,
      color: 'text.secondary',
      fontSize: '0.875rem',
    },
    '& .card-line:first-of-type': { fontWeight: 700, fontSize: '1.05rem', color: 'inherit' },
    '& .card-line:nth-of-type(2)': { color: 'text.primary' },
    '& .card-line > div': { minWidth: 0, maxWidth: '100%' },
    '& .card-actions': { py: 0.5, flexShrink: 0 },
  };
}

/** A card: its lines, the first its heading, each the cells of its columns. */
function Card({
  resource,
  columns,
  row,
  t,
  lang,
}: {
  resource: ResourceDescription;
  columns: ColumnSpec[][];
  row: ResourceRecord;
  t: TFunction;
  lang: Lang;
}) {
  return (
    <div className="card" data-testid="list-card">
      {columns.map((line, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed by the description
        <div key={n} className="card-line">
          {line.map((column) => (
            <div key={column.field} data-field={column.field}>
              {renderCell(resource.name, column, row[column.field], row, t, lang)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * The pager under the cards, as the grid's footer on a phone: "1–20 of about 100,000" with "Count
 * exactly", Previous and Next by the server's cursors (Next only while the answer has a next page
 * when the total is an estimate); the page size is the URL's (its choice is the wide grid's). Drawn
 * as MUI's table pager draws it, without its hidden page-size menu and its arrows' Tooltips, whose
 * code (a menu, a popover, a popper) a phone's first screen would load and not show
 * (docs/adr/0115-what-a-phone-list-does-not-show.md); the arrows keep MUI's words in each language.
 */
function Pager({ state }: { state: ListBodyProps['state'] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const lang = currentLang();
  const arrowName = theme.components?.MuiTablePagination?.defaultProps?.getItemAriaLabel ?? englishArrows;
  const { rowCount, estimatedRowCount, paginationMeta } = state.shownCount;
  const pageSize = state.list.itemsPerPage;
  const page = rowCount === 0 ? 0 : state.list.page - 1;
  // TablePagination's own reckoning: -1 is a count not known
  const from = rowCount === 0 ? 0 : page * pageSize + 1;
  const to = rowCount === -1 ? (page + 1) * pageSize : Math.min(rowCount, (page + 1) * pageSize);
  const last = rowCount === -1 ? !paginationMeta?.hasNextPage : page >= Math.ceil(rowCount / pageSize) - 1;
  const turn = (next: number) => state.onPaginationModelChange({ page: next, pageSize });
  const arrow = (type: 'previous' | 'next', disabled: boolean, icon: ReactNode) => {
    const name = arrowName(type);
    return (
      <IconButton {...hint(name)} disabled={disabled} onClick={() => turn(page + (type === 'next' ? 1 : -1))}>
        {icon}
      </IconButton>
    );
  };
  return (
    <Box
      data-testid="cards-pager"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        minHeight: 52,
        pl: 1,
        borderTop: 1,
        borderColor: 'divider',
        typography: 'body2',
      }}
    >
      <Box sx={{ flexShrink: 0 }}>
        <DisplayedRows
          text={displayedRows({ from, to, count: rowCount, estimated: estimatedRowCount }, lang, t)}
          countExactly={state.countExactly}
        />
      </Box>
      <Box sx={{ flexShrink: 0, ml: 1 }}>
        {arrow('previous', page === 0, <KeyboardArrowLeft />)}
        {arrow('next', last, <KeyboardArrowRight />)}
      </Box>
    </Box>
  );
}

const englishArrows = (type: string) => `Go to ${type} page`;
