/**
 * A `references` form field: several records picked from an API list (a privilege's or a menu's
 * endpoints), kept as an array of ids. Searchable without diacritics, the picked ones as chips; an id
 * no longer in the list (an inactive record) stays picked and shows as "#id".
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../i18n/i18n.ts';
import { optionLabel } from './format-value.ts';
import { optionDetail, optionMatches } from './reference-search.ts';
import { referenceOptionsQuery } from './resource.queries.ts';
import type { ReferenceSource } from './resource.types.ts';

type Option = { id: number } & Record<string, unknown>;

/** At most this many options are drawn at once; typing narrows them. */
const SHOWN = 200;

type Props = {
  source: ReferenceSource;
  value: unknown;
  onChange: (value: number[]) => void;
  onBlur: () => void;
  name: string;
  label: string;
  required: boolean;
  autoFocus?: boolean;
  error: boolean;
  helperText?: string;
  placeholder?: string;
  sx?: object;
};

export function ReferencesInput({
  source,
  value,
  onChange,
  onBlur,
  name,
  label,
  required,
  autoFocus,
  error,
  helperText,
  placeholder,
  sx,
}: Props) {
  const { t } = useTranslation();
  const lang = currentLang();
  const options = useQuery(referenceOptionsQuery(source.endpoint));
  const labelOf = (o: Option) => (source.label ? source.label(o, lang) : optionLabel(o));
  const searched = source.searchFields ?? [];
  const ids = Array.isArray(value) ? (value as number[]) : [];
  const byId = useMemo(
    () => new Map(((options.data ?? []) as Option[]).map((o) => [o.id, o])),
    [options.data],
  );
  // The same array while the picked ids and their records stay the same: Autocomplete clears what is
  // being typed whenever `value` changes identity, as it did when the options arrived mid-typing.
  const idsKey = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `idsKey` stands for `ids`' content
  const selected = useMemo(
    () => ids.map((id) => byId.get(id) ?? ({ id, name: `#${id}` } as Option)),
    [idsKey, ids.length ? byId : null],
  );
  return (
    <Autocomplete<Option, true>
      multiple
      disableCloseOnSelect
      options={(options.data ?? []) as Option[]}
      value={selected}
      loading={options.isPending}
      onChange={(_, picked) => onChange(picked.map((o) => o.id))}
      onBlur={onBlur}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(all, state) =>
        all.filter((o) => optionMatches(o, labelOf(o), searched, state.inputValue)).slice(0, SHOWN)
      }
      renderOption={({ key, ...props }, option, { inputValue }) => (
        <OptionText
          key={key}
          props={props}
          label={labelOf(option)}
          detail={optionDetail(option, labelOf(option), searched, inputValue)}
        />
      )}
      renderValue={(picked, getItemProps) =>
        picked.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip key={key} size="small" label={labelOf(option)} {...itemProps} sx={{ maxWidth: '100%' }} />
          );
        })
      }
      noOptionsText={t('common.noData')}
      loadingText={t('common.loading')}
      sx={sx}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          required={required}
          autoFocus={autoFocus}
          error={error}
          helperText={helperText}
          placeholder={selected.length ? undefined : placeholder}
        />
      )}
    />
  );
}

/** A picker's option: its label, and what else found it ("Vietcombank · 970436") after it, muted. */
export function OptionText({
  props,
  label,
  detail,
}: {
  props: React.HTMLAttributes<HTMLLIElement>;
  label: string;
  detail: string;
}) {
  return (
    <Box component="li" {...props}>
      <span>
        {label}
        {detail && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            ({detail})
          </Typography>
        )}
      </span>
    </Box>
  );
}
