/**
 * A list's filter fields (list-filters.tsx): a choice, a day, or a record picked by name. A chunk of
 * their own, with the picker's code (MUI's Autocomplete and Popper): a phone draws them when its
 * filters are first opened, and a wide screen asks for them with its first screen
 * (docs/adr/0115-what-a-phone-list-does-not-show.md).
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../date-input.tsx';
import { optionLabel } from '../format-value.ts';
import { referenceOptionsQuery } from '../resource.queries.ts';
import type { ListFilterField, ResourceRecord } from '../resource.types.ts';
import { FILTER_GRID, type FilterProps, REFERENCE_CELL } from './list-filter-grid.ts';

export default function FilterFields({ fields, values, onChange }: FilterProps) {
  const { t } = useTranslation();
  return (
    <Box data-testid="list-filters" sx={FILTER_GRID}>
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
  onChange: FilterProps['onChange'];
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
      sx={REFERENCE_CELL}
    />
  );
}
