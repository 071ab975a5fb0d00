/**
 * One form control per field kind. Text-like kinds are plain inputs; a date accepts DD/MM/YYYY,
 * D/M/YYYY or YYYY-MM-DD, is kept as ISO and asks for a new date when malformed; an amount shows
 * thousands separators and the Vietnamese words under it; integers and decimals are typed as text
 * and checked by the schema; a reference picks a record from an API list (searchable without
 * diacritics); a choice picks one of a fixed set of values.
 */
import Autocomplete from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { parseDateInput } from '@sitepay/domain/date-format';
import { amountToVietnameseWords } from '@sitepay/domain/money-words';
import { formatAmount, parseAmountInput } from '@sitepay/domain/number-format';
import { foldSearchText } from '@sitepay/domain/search-text';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Control, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../i18n/i18n.ts';
import { translateFieldError } from '../lib/field-errors.ts';
import { numericFieldError } from './form-values.ts';
import { formatValue, optionLabel } from './format-value.ts';
import { referenceOptionsQuery } from './resource.queries.ts';
import type { FieldSpec } from './resource.types.ts';

type Props = {
  spec: FieldSpec;
  control: Control<FieldValues>;
  /** The resource whose `choices` labels a choice field uses. */
  resource: string;
  label: string;
  required: boolean;
  autoFocus?: boolean;
  /** The record being edited, for a reference's name when its record is not among the options. */
  record?: Record<string, unknown>;
};

export function FormField({ spec, control, resource, label, required, autoFocus, record }: Props) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name: spec.name, control });
  const kind = spec.kind ?? 'text';
  const common = {
    label,
    required,
    autoFocus,
    name: field.name,
    inputRef: field.ref,
    onBlur: field.onBlur,
    error: Boolean(fieldState.error),
    helperText: translateFieldError(t, label, numericFieldError(kind, fieldState.error)),
    sx: spec.width === 'full' || kind === 'textarea' ? { gridColumn: { md: '1 / -1' } } : undefined,
  };

  if (kind === 'date') return <DateInput {...common} value={field.value} onChange={field.onChange} />;
  if (kind === 'amount') return <AmountInput {...common} value={field.value} onChange={field.onChange} />;
  if (kind === 'reference' && spec.options)
    return (
      <ReferenceInput
        {...common}
        endpoint={spec.options.endpoint}
        fallback={spec.display ? (record?.[spec.display] as string | undefined) : undefined}
        value={field.value}
        onChange={field.onChange}
      />
    );
  if (kind === 'choice')
    return (
      <TextField {...common} select value={field.value ?? ''} onChange={field.onChange}>
        {(spec.choices ?? []).map((choice) => (
          <MenuItem key={choice} value={choice}>
            {t(`resources.${resource}.choices.${spec.name}.${choice}`, { defaultValue: choice })}
          </MenuItem>
        ))}
      </TextField>
    );
  const numeric = kind === 'integer' || kind === 'decimal' || kind === 'percent';
  return (
    <TextField
      {...common}
      value={field.value ?? ''}
      onChange={field.onChange}
      type={kind === 'email' ? 'email' : kind === 'tel' ? 'tel' : kind === 'number' ? 'number' : 'text'}
      multiline={kind === 'textarea'}
      minRows={kind === 'textarea' ? 3 : undefined}
      slotProps={
        numeric
          ? {
              htmlInput: {
                inputMode: kind === 'integer' ? 'numeric' : 'decimal',
                style: { textAlign: 'right' },
              },
              input:
                kind === 'percent'
                  ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
                  : undefined,
            }
          : undefined
      }
    />
  );
}

type InputProps = Omit<Props, 'spec' | 'control' | 'resource' | 'record'> & {
  name: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  inputRef: React.Ref<HTMLInputElement>;
  error: boolean;
  helperText?: string;
  sx?: object;
};

function DateInput({ value, onChange, onBlur, helperText, error, ...rest }: InputProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [text, setText] = useState(() => (value ? formatValue(value, 'date', 'vi') : ''));
  const [malformed, setMalformed] = useState(false);
  return (
    <TextField
      {...rest}
      value={text}
      placeholder="DD/MM/YYYY"
      error={error || malformed}
      helperText={malformed ? t('validation.invalid_date') : helperText}
      onChange={(e) => {
        setText(e.target.value);
        setMalformed(false);
      }}
      onBlur={() => {
        const typed = text.trim();
        const iso = typed ? parseDateInput(typed) : null;
        setMalformed(Boolean(typed) && !iso);
        // empty is "no date" (null); a malformed text stays, so the schema refuses it
        onChange(iso ?? (typed ? typed : null));
        if (iso) setText(formatValue(iso, 'date', 'vi'));
        onBlur();
      }}
      slotProps={{ htmlInput: { inputMode: 'numeric', lang } }}
    />
  );
}

function AmountInput({ value, onChange, onBlur, helperText, ...rest }: InputProps) {
  const [text, setText] = useState(() =>
    value === '' || value == null ? '' : formatAmount(value as string),
  );
  const parsed = text ? parseAmountInput(text) : null;
  let words = '';
  try {
    words = parsed ? amountToVietnameseWords(parsed) : '';
  } catch {
    words = '';
  }
  return (
    <TextField
      {...rest}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseAmountInput(e.target.value) ?? e.target.value);
      }}
      onBlur={() => {
        if (parsed) setText(formatAmount(parsed));
        onBlur();
      }}
      helperText={helperText ?? words}
      slotProps={{ htmlInput: { inputMode: 'decimal', style: { textAlign: 'right' } } }}
    />
  );
}

type Option = { id: number } & Record<string, unknown>;

function ReferenceInput({
  endpoint,
  fallback,
  value,
  onChange,
  onBlur,
  name,
  label,
  required,
  autoFocus,
  error,
  helperText,
  sx,
}: InputProps & { endpoint: string; fallback?: string }) {
  const { t } = useTranslation();
  const options = useQuery(referenceOptionsQuery(endpoint));
  const list = (options.data ?? []) as Option[];
  const id = value === '' || value === null || value === undefined ? null : Number(value);
  // a record's current reference may be inactive and so missing from the list: keep showing it
  const selected =
    id === null ? null : (list.find((o) => o.id === id) ?? ({ id, name: fallback ?? `#${id}` } as Option));
  return (
    <Autocomplete<Option>
      options={list}
      value={selected}
      loading={options.isPending}
      onChange={(_, option) => onChange(option ? option.id : '')}
      onBlur={onBlur}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(all, state) => {
        const query = foldSearchText(state.inputValue);
        return query ? all.filter((o) => foldSearchText(optionLabel(o)).includes(query)) : all;
      }}
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
        />
      )}
    />
  );
}
