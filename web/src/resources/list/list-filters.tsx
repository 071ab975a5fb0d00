/**
 * A list's own filters as controls above the grid (the payment list's approval and payment status,
 * contractor and date range): each writes its URL parameter, which the list passes to the API, so a
 * filtered list is a link like any other. A filter with a control has no removable chip. On a phone
 * they fold under one button, as the reports' do, and are drawn when first opened: the list is the
 * phone's first screen, not its filters (docs/adr/0082-first-visit-loads-what-it-shows.md).
 */
import FilterListIcon from '@mui/icons-material/FilterList';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../date-input.tsx';
import { optionLabel } from '../format-value.ts';
import { referenceOptionsQuery } from '../resource.queries.ts';
import type { ListFilterField, ResourceRecord } from '../resource.types.ts';

type Props = {
  fields: readonly ListFilterField[];
  values: Record<string, string> | undefined;
  onChange: (key: string, value: string | undefined) => void;
};

export function ListFilters({ fields, values, onChange }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(false);
  if (!fields.length) return null;
  if (!phone) return <FilterFields fields={fields} values={values} onChange={onChange} />;
  const active = fields.filter((f) => values?.[f.key]).length;
  return (
    <Box sx={{ mb: 1.5 }}>
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
        {t('common.filtersToggle')}
      </Button>
      <Collapse in={open} mountOnEnter>
        <Box sx={{ pt: 1.5 }}>
          <FilterFields fields={fields} values={values} onChange={onChange} />
        </Box>
      </Collapse>
    </Box>
  );
}

function FilterFields({ fields, values, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="list-filters"
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
      }}
    >
      {fields.map((f) => {
        const value = values?.[f.key] ?? '';
        const label = t(f.label);
        if (f.kind === 'reference')
          return <ReferenceFilter key={f.key} field={f} label={label} value={value} onChange={onChange} />;
        if (f.kind === 'date')
          return (
            <DateInput
              key={`${f.key}:${value}`}
              name={f.key}
              label={label}
              required={false}
              value={value || null}
              // a day typed whole (ISO once read) filters; a half-typed one waits
              onChange={(day) =>
                (day === null || /^\d{4}-\d{2}-\d{2}$/.test(String(day))) &&
                onChange(f.key, (day as string | null) ?? undefined)
              }
              onBlur={() => {}}
              inputRef={null}
              error={false}
            />
          );
        return (
          <TextField
            key={f.key}
            select
            label={label}
            value={value}
            onChange={(e) => onChange(f.key, e.target.value || undefined)}
          >
            <MenuItem value="">{t('common.all')}</MenuItem>
            {f.choices.map((c) => (
              <MenuItem key={c} value={c}>
                {t(`${f.words}.${c}`)}
              </MenuItem>
            ))}
          </TextField>
        );
      })}
    </Box>
  );
}

function ReferenceFilter({
  field,
  label,
  value,
  onChange,
}: {
  field: Extract<ListFilterField, { kind: 'reference' }>;
  label: string;
  value: string;
  onChange: Props['onChange'];
}) {
  const { t } = useTranslation();
  const options = useQuery(referenceOptionsQuery(field.endpoint));
  const list = options.data ?? [];
  const chosen = list.find((o) => String(o.id) === value) ?? null;
  return (
    <Autocomplete<ResourceRecord>
      options={list}
      value={chosen}
      loading={options.isPending}
      getOptionLabel={(o) => optionLabel(o)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, o) => onChange(field.key, o ? String(o.id) : undefined)}
      noOptionsText={t('common.noData')}
      renderInput={(params) => <TextField {...params} label={label} />}
      sx={{ gridColumn: { xs: '1 / -1', md: 'auto', lg: 'span 2' } }}
    />
  );
}
