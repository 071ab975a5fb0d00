/**
 * A list's own filters as controls above the grid (the payment list's approval and payment status,
 * contractor and date range): each writes its URL parameter, which the list passes to the API, so a
 * filtered list is a link like any other. A filter with a control has no removable chip.
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../form-field.tsx';
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
  if (!fields.length) return null;
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
