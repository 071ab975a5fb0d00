/**
 * A report's filters, written into the URL as they change: a date range (typed DD/MM/YYYY, D/M/YYYY
 * or YYYY-MM-DD like every date field, or picked from the usual periods), company, project (those of
 * the company picked), contractor and contract type — each report shows the ones it takes. The
 * construction is the top bar's selector. On a phone the filters fold under one button.
 */
import FilterListIcon from '@mui/icons-material/FilterList';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatDate, parseDateInput } from '@sitepay/domain/date-format';
import { foldSearchText } from '@sitepay/domain/search-text';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CalendarButton } from '../../components/calendar-button.tsx';
import {
  companiesQuery,
  contractorsQuery,
  contractTypesQuery,
  type NamedRecord,
  projectsQuery,
} from './report.queries.ts';
import {
  datePresets,
  localToday,
  type ReportFilterKey,
  rangeReversed,
  readReportFilters,
  withFilter,
  withoutFilters,
} from './report-filters.ts';

export function ReportFilterBar({
  keys,
  dates,
}: {
  keys: readonly ReportFilterKey[];
  /** What the range picks: requests by payment date, contracts by signing date, bills by bill date. */
  dates: 'payment' | 'signed' | 'billed';
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [params, setParams] = useSearchParams();
  const filters = readReportFilters(params);
  const active = keys.filter((key) => filters[key] !== undefined).length;
  const [open, setOpen] = useState(false);
  const set = (patch: Partial<Record<ReportFilterKey, string | number | undefined>>) =>
    setParams(withFilter(params, patch), { replace: false });
  const shows = (key: ReportFilterKey) => keys.includes(key);

  const fields = (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(200px, 1fr))' },
        alignItems: 'start',
      }}
      data-testid="report-filters"
    >
      {shows('from') && <PeriodSelect from={filters.from} to={filters.to} onPick={set} fullRow={phone} />}
      {shows('from') && (
        <DateFilter
          label={t(`report.filters.${dates === 'payment' ? 'paid' : dates}From`)}
          value={filters.from}
          onChange={(from) => set({ from })}
          testId="filter-from"
        />
      )}
      {shows('to') && (
        <DateFilter
          label={t(`report.filters.${dates === 'payment' ? 'paid' : dates}To`)}
          value={filters.to}
          onChange={(to) => set({ to })}
          error={rangeReversed(filters) ? t('report.filters.reversed') : undefined}
          testId="filter-to"
        />
      )}
      {shows('companyId') && (
        <RecordFilter
          label={t('report.filters.company')}
          query={companiesQuery}
          value={filters.companyId}
          onChange={(companyId) => set({ companyId, projectId: undefined })}
          testId="filter-company"
        />
      )}
      {shows('projectId') && (
        <RecordFilter
          label={t('report.filters.project')}
          query={projectsQuery}
          value={filters.projectId}
          only={filters.companyId ? (p) => p.company_id === filters.companyId : undefined}
          onChange={(projectId) => set({ projectId })}
          testId="filter-project"
        />
      )}
      {shows('constructorId') && (
        <RecordFilter
          label={t('report.filters.constructor')}
          query={contractorsQuery}
          value={filters.constructorId}
          onChange={(constructorId) => set({ constructorId })}
          testId="filter-constructor"
        />
      )}
      {shows('contractTypeId') && (
        <RecordFilter
          label={t('report.filters.contractType')}
          query={contractTypesQuery}
          value={filters.contractTypeId}
          onChange={(contractTypeId) => set({ contractTypeId })}
          testId="filter-contract-type"
          withoutCode
        />
      )}
      {active > 0 && (
        <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, alignSelf: 'center' }}>
          <Button onClick={() => setParams(withoutFilters(params))} size="small" data-testid="filters-clear">
            {t('report.filters.clear')}
          </Button>
        </Box>
      )}
    </Box>
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      {phone ? (
        <>
          <Button
            onClick={() => setOpen(!open)}
            startIcon={
              <Badge color="primary" badgeContent={active}>
                <FilterListIcon />
              </Badge>
            }
            aria-expanded={open}
            data-testid="filters-toggle"
          >
            {t('report.filters.title')}
          </Button>
          <Collapse in={open}>
            <Box sx={{ pt: 1.5 }}>{fields}</Box>
          </Collapse>
        </>
      ) : (
        fields
      )}
    </Paper>
  );
}

/** The usual periods; "custom" while the typed range is none of them. */
function PeriodSelect({
  from,
  to,
  onPick,
  fullRow,
}: {
  from?: string;
  to?: string;
  onPick: (patch: { from?: string; to?: string }) => void;
  fullRow: boolean;
}) {
  const { t } = useTranslation();
  const presets = useMemo(() => datePresets(localToday()), []);
  const current =
    !from && !to ? 'all' : (presets.find((p) => p.from === from && p.to === to)?.key ?? 'custom');
  return (
    <TextField
      select
      size="small"
      label={t('report.filters.period')}
      value={current}
      onChange={(e) => {
        const preset = presets.find((p) => p.key === e.target.value);
        if (preset) onPick({ from: preset.from, to: preset.to });
        else if (e.target.value === 'all') onPick({ from: undefined, to: undefined });
      }}
      sx={{ gridColumn: fullRow ? '1 / -1' : undefined }}
      slotProps={{ htmlInput: { 'data-testid': 'filter-period' } }}
    >
      <MenuItem value="all">{t('report.periods.all')}</MenuItem>
      {presets.map((p) => (
        <MenuItem key={p.key} value={p.key}>
          {t(`report.periods.${p.key}`)}
        </MenuItem>
      ))}
      <MenuItem value="custom" disabled>
        {t('report.periods.custom')}
      </MenuItem>
    </TextField>
  );
}

/** A date typed as the other date fields take it; applied on Enter or when leaving the field. */
function DateFilter({
  label,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  value?: string;
  onChange: (iso: string | undefined) => void;
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const shown = value ? formatDate(value, 'vi') : '';
  const [text, setText] = useState(shown);
  const [malformed, setMalformed] = useState(false);
  // a period picked or a link followed changes the URL: show what it says
  useEffect(() => {
    setText(shown);
    setMalformed(false);
  }, [shown]);
  const apply = () => {
    const typed = text.trim();
    if (!typed) {
      setMalformed(false);
      if (value) onChange(undefined);
      return;
    }
    const iso = parseDateInput(typed);
    setMalformed(!iso);
    if (iso && iso !== value) onChange(iso);
    if (iso) setText(formatDate(iso, 'vi'));
  };
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      placeholder="DD/MM/YYYY"
      error={malformed || Boolean(error)}
      helperText={malformed ? t('validation.invalid_date') : error}
      onChange={(e) => {
        setText(e.target.value);
        setMalformed(false);
      }}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
      slotProps={{
        htmlInput: { inputMode: 'numeric', 'data-testid': testId },
        input: {
          endAdornment: (
            <CalendarButton
              label={label}
              value={value ?? null}
              onPick={(iso) => {
                setText(formatDate(iso, 'vi'));
                setMalformed(false);
                if (iso !== value) onChange(iso);
              }}
            />
          ),
        },
      }}
    />
  );
}

type PickerQuery = typeof companiesQuery;

/** One record picked from a list, searched without diacritics; hidden when the list cannot be read. */
function RecordFilter({
  label,
  query,
  value,
  onChange,
  only,
  testId,
  withoutCode,
}: {
  label: string;
  query: PickerQuery;
  value?: number;
  onChange: (id: number | undefined) => void;
  only?: (record: NamedRecord) => boolean;
  testId: string;
  withoutCode?: boolean;
}) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery(query);
  const options = useMemo(() => (only ? (data ?? []).filter(only) : (data ?? [])), [data, only]);
  if (isError) return null;
  const text = (r: NamedRecord) => (r.code && !withoutCode ? `${r.code} – ${r.name}` : r.name);
  const picked = (data ?? []).find((r) => r.id === value) ?? null;
  return (
    <Autocomplete<NamedRecord>
      size="small"
      options={options}
      value={picked}
      loading={isPending}
      getOptionLabel={text}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={t('report.filters.none')}
      filterOptions={(list, state) => {
        const needle = foldSearchText(state.inputValue);
        return needle ? list.filter((r) => foldSearchText(text(r)).includes(needle)) : list;
      }}
      onChange={(_, record) => onChange(record?.id)}
      sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
