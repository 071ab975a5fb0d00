/**
 * What stands above the generic list's grid: the title with the construction it follows, the export,
 * a feature's own buttons and create; the search box and the status select; and the chips of the
 * list's own statuses, its quick views and the filters its URL carries.
 */
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { statusFilters } from '@sitepay/domain/paging';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConstructionFilter } from '../../app/layout/construction-filter.tsx';
import { useAbility } from '../../app/use-ability.ts';
import { ExportButton } from '../../components/export-button.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { currentLang } from '../../i18n/i18n.ts';
import { api } from '../../lib/api-client.ts';
import { toExportQuery } from '../../lib/list-params.ts';
import {
  type ListFilterField,
  type ListOptions,
  type ResourceDescription,
  type ResourceRecord,
  withId,
} from '../resource.types.ts';
import { ListFilters } from './list-filters.tsx';
import { listActions } from './row-actions.tsx';
import type { ListState } from './use-list-state.ts';

export function ListToolbar({
  resource,
  state,
  toolbar,
  headingOnly,
}: {
  resource: ResourceDescription;
  state: ListState;
  /** A feature's own buttons beside create. */
  toolbar?: React.ReactNode;
  /** The heading's row alone: the first part of a screen drawn in two (lib/drawn-in-two.ts). */
  headingOnly?: boolean;
}) {
  const options = resource.list ?? {};
  const { list } = state;
  const heading = <ListHeading resource={resource} state={state} toolbar={toolbar} />;
  if (headingOnly) return heading;
  return (
    <>
      {heading}
      <ListSearch
        search={state.search}
        onSearch={state.setSearch}
        status={options.statuses ? null : list.status}
        onStatus={state.setStatus}
      />
      <ListFilters fields={options.filterFields ?? []} values={list.filters} onChange={state.setFilter} />
      <ListChips
        resource={resource.name}
        statuses={options.statuses ?? []}
        status={list.status}
        views={options.views?.map((v) => v.key) ?? []}
        view={list.view}
        filters={withoutControls(list.filters, options.filterFields)}
        filterRecords={options.filterRecords}
        onStatus={state.setStatus}
        onView={state.setView}
        onClearFilter={state.clearFilter}
      />
    </>
  );
}

/** The URL's filters that have no control of their own: those show as removable chips. */
const withoutControls = (
  filters: Record<string, string> | undefined,
  controls?: readonly ListFilterField[],
) =>
  filters &&
  Object.fromEntries(Object.entries(filters).filter(([key]) => !controls?.some((c) => c.key === key)));

/** The list's title, the construction it follows, the export, a feature's buttons and create. */
function ListHeading({
  resource,
  state,
  toolbar,
}: {
  resource: ResourceDescription;
  state: ListState;
  toolbar?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const ability = useAbility();
  const subject = resource.name;
  const title = t(`resources.${resource.name}.plural`);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
      <PageHeading variant="h5" remembered>
        {title}
      </PageHeading>
      <ConstructionFilter constructionId={state.effective.constructionId} />
      <Box sx={{ flex: '1 1 0', minWidth: 0 }} />
      {resource.exportPath && ability.can('read', subject) && (
        <ExportButton
          path={resource.exportPath}
          query={toExportQuery(state.effective, Boolean(resource.scopedByConstruction), lang)}
          fallbackName={`${resource.name}.xlsx`}
          action={t('export.doing', { resource: title })}
        />
      )}
      {toolbar}
      {listActions(resource).create && ability.can('create', subject) && (
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
  );
}

/** The search box, and the common status select (`status` null: the list has chips of its own). */
function ListSearch({
  search,
  onSearch,
  status,
  onStatus,
}: {
  search: string;
  onSearch: (search: string) => void;
  status: string | null;
  onStatus: (status: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: status === null ? '1fr' : '1fr 200px' },
        mb: 2,
      }}
    >
      <TextField
        type="search"
        label={t('common.search')}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
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
      {status !== null && (
        <TextField
          select
          label={t('common.status')}
          value={status}
          onChange={(e) => onStatus(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'status-filter' } }}
        >
          {statusFilters.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`statusFilter.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
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
  filterRecords,
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
  filterRecords: ListOptions['filterRecords'];
  onStatus: (status: string) => void;
  onView: (view: string | undefined) => void;
  onClearFilter: (key: string) => void;
}) {
  const { t } = useTranslation();
  const filterEntries = Object.entries(filters ?? {});
  if (!statuses.length && !views.length && !filterEntries.length) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1.25, mb: 2 }}>
      {statuses.length > 0 && (
        <ChipGroup label={t('common.status')} testId="status-chips">
          {statuses.map((value) => (
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
          ))}
        </ChipGroup>
      )}
      {views.length > 0 && (
        <ChipGroup label={t('common.quickViews')} testId="view-chips">
          {views.map((key) => (
            <Chip
              key={key}
              label={t(`resources.${resource}.views.${key}`)}
              color={view === key ? 'secondary' : 'default'}
              variant={view === key ? 'filled' : 'outlined'}
              aria-pressed={view === key}
              onClick={() => onView(view === key ? undefined : key)}
            />
          ))}
        </ChipGroup>
      )}
      {filterEntries.length > 0 && (
        <ChipGroup label={t('common.filters')} testId="filter-chips">
          {filterEntries.map(([key, value]) => (
            <Chip
              key={key}
              label={
                <FilterWords resource={resource} name={key} value={value} record={filterRecords?.[key]} />
              }
              onDelete={() => onClearFilter(key)}
            />
          ))}
        </ChipGroup>
      )}
    </Box>
  );
}

/** A filter chip's words; a record's id by the record's own words once read ("Yêu cầu YCTT-…"). */
function FilterWords({
  resource,
  name,
  value,
  record,
}: {
  resource: string;
  name: string;
  value: string;
  record?: NonNullable<ListOptions['filterRecords']>[string];
}) {
  const { t } = useTranslation();
  const read = useQuery({
    queryKey: ['filter-record', record?.get, value],
    queryFn: ({ signal }) => api.get<ResourceRecord>(withId(record!.get, value), { signal }),
    enabled: Boolean(record),
    staleTime: 60_000,
  });
  const words = read.data && record ? record.name(read.data) : `#${value}`;
  return <>{t(`resources.${resource}.filters.${name}`, { value: record ? words : value })}</>;
}

/**
 * A labelled group of chips: one line on a phone, scrolled sideways, so the list stays in sight; the
 * edge where more chips wait fades, so that the cut chip reads as "more this way".
 */
function ChipGroup({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: React.ReactNode;
}) {
  const { ref, more } = useHiddenSides<HTMLDivElement>();
  const fade = more.right && more.left ? 'both' : more.right ? 'right' : more.left ? 'left' : undefined;
  return (
    <Box
      ref={ref}
      role="group"
      aria-label={label}
      data-testid={testId}
      data-more={fade}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: { xs: 'nowrap', sm: 'wrap' },
        overflowX: { xs: 'auto', sm: 'visible' },
        scrollbarWidth: 'none',
        '& > *': { flexShrink: 0 },
        ...(fade && { maskImage: FADES[fade] }),
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
        {label}:
      </Typography>
      {children}
    </Box>
  );
}

const FADES = {
  right: 'linear-gradient(to right, #000 calc(100% - 40px), transparent)',
  left: 'linear-gradient(to left, #000 calc(100% - 40px), transparent)',
  both: 'linear-gradient(to right, transparent, #000 40px, #000 calc(100% - 40px), transparent)',
} as const;

/** Whether a box scrolled sideways hides content to its left or right, kept as it scrolls or resizes. */
function useHiddenSides<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [more, setMore] = useState({ left: false, right: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const left = box.scrollLeft > 1;
      const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setMore((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    // no measure now: the observer's first call, after the frame's layout, measures the box (a measure
    // here asked for that layout inside React's commit, then the observer measured again)
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    box.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', measure);
    };
  }, []);
  return { ref, more };
}
