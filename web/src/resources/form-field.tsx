/**
 * One form control per field kind. Text-like kinds are plain inputs; a date accepts DD/MM/YYYY,
 * D/M/YYYY or YYYY-MM-DD, is kept as ISO and asks for a new date when malformed; an amount shows
 * thousands separators and the Vietnamese words under it; integers and decimals are typed as text
 * and checked by the schema (a minus typed where the schema takes no negative number is flagged at
 * once); a reference picks a record from an API list (searchable without
 * diacritics), `references` several of them (references-input.tsx); a choice picks one of a fixed
 * set of values; a boolean is a switch.
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Control, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../components/amount-field.tsx';
import { currentLang } from '../i18n/i18n.ts';
import { translateFieldError } from '../lib/field-errors.ts';
import { DateInput } from './date-input.tsx';
import { numericFieldError } from './form-values.ts';
import { optionLabel } from './format-value.ts';
import type { InputProps } from './input-props.ts';
import { optionDetail, optionMatches } from './reference-search.ts';
import { OptionText, ReferencesInput } from './references-input.tsx';
import { referenceOptionsQuery } from './resource.queries.ts';
import type { FieldSpec, ReferenceSource } from './resource.types.ts';

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
  /** Whether the field takes a negative number (numeric kinds; from the schema). */
  negative?: boolean;
};

export function FormField(props: Props) {
  const { t } = useTranslation();
  const { spec, resource, label } = props;
  if (spec.kind !== 'amount') return <ControlledField {...props} />;
  const hintKey = typeof spec.hint === 'function' ? spec.hint(props.record) : spec.hint ? spec.name : null;
  return (
    <AmountField
      name={spec.name}
      control={props.control}
      label={label}
      required={props.required}
      allowNegative={props.negative}
      hint={hintKey ? t(`resources.${resource}.hints.${hintKey}`) : undefined}
      errorText={(error) => translateFieldError(t, label, numericFieldError('amount', error))}
      sx={spec.width === 'full' ? { gridColumn: { md: '1 / -1' } } : undefined}
    />
  );
}

function ControlledField({ spec, control, resource, label, required, autoFocus, record, negative }: Props) {
  const { t } = useTranslation();
  // a minus typed where no negative number is taken is said at once, not only when saving
  const [minusRefused, setMinusRefused] = useState(false);
  const { field, fieldState } = useController({ name: spec.name, control });
  const kind = spec.kind ?? 'text';
  const hintKey = typeof spec.hint === 'function' ? spec.hint(record) : spec.hint ? spec.name : null;
  const hint = hintKey ? t(`resources.${resource}.hints.${hintKey}`) : undefined;
  const common = {
    label,
    required,
    autoFocus,
    name: field.name,
    inputRef: field.ref,
    onBlur: field.onBlur,
    error: Boolean(fieldState.error) || minusRefused,
    helperText:
      translateFieldError(t, label, numericFieldError(kind, fieldState.error)) ??
      (minusRefused ? t('validation.negative_not_allowed', { field: label }) : hint),
    placeholder: spec.placeholder ? t(`resources.${resource}.placeholders.${spec.name}`) : undefined,
    sx:
      spec.width === 'full' || kind === 'textarea' || kind === 'references'
        ? { gridColumn: { md: '1 / -1' } }
        : undefined,
  };

  if (kind === 'date') return <DateInput {...common} value={field.value} onChange={field.onChange} />;
  if (kind === 'reference' && spec.options)
    return (
      <ReferenceInput
        {...common}
        source={spec.options}
        fallback={spec.display ? (record?.[spec.display] as string | undefined) : undefined}
        value={field.value}
        onChange={field.onChange}
      />
    );
  if (kind === 'references' && spec.options)
    return (
      <ReferencesInput {...common} source={spec.options} value={field.value} onChange={field.onChange} />
    );
  if (kind === 'boolean') return <BooleanInput {...common} value={field.value} onChange={field.onChange} />;
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
      onChange={(event) => {
        if (numeric) setMinusRefused(!negative && event.target.value.includes('-'));
        field.onChange(event);
      }}
      type={
        kind === 'email'
          ? 'email'
          : kind === 'tel'
            ? 'tel'
            : kind === 'number'
              ? 'number'
              : kind === 'password'
                ? 'password'
                : 'text'
      }
      autoComplete={kind === 'password' ? 'new-password' : undefined}
      multiline={kind === 'textarea'}
      minRows={kind === 'textarea' ? 3 : undefined}
      slotProps={{
        ...(numeric && {
          htmlInput: {
            inputMode: kind === 'integer' ? 'numeric' : 'decimal',
            style: { textAlign: 'right' },
          },
          formHelperText: { role: minusRefused ? 'alert' : undefined } as object,
          input:
            kind === 'percent'
              ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
              : undefined,
        }),
        // a placeholder is a hint ("starts with ROLE_"): seen before the field is focused
        ...(common.placeholder && { inputLabel: { shrink: true } }),
      }}
    />
  );
}

function BooleanInput({ value, onChange, onBlur, label, name, inputRef, helperText, error, sx }: InputProps) {
  return (
    <Box sx={{ alignSelf: 'center', ...sx }}>
      <FormControlLabel
        label={label}
        control={
          <Switch
            name={name}
            slotProps={{ input: { ref: inputRef } }}
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
            onBlur={onBlur}
          />
        }
      />
      {helperText && <FormHelperText error={error}>{helperText}</FormHelperText>}
    </Box>
  );
}

type Option = { id: number } & Record<string, unknown>;

function ReferenceInput({
  source,
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
  placeholder,
  sx,
}: InputProps & { source: ReferenceSource; fallback?: string }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const options = useQuery(referenceOptionsQuery(source.endpoint));
  const list = (options.data ?? []) as Option[];
  const key = source.valueField ?? 'id';
  const labelOf = (o: Option) => (source.label ? source.label(o, lang) : optionLabel(o));
  const searched = source.searchFields ?? [];
  const empty = value === '' || value === null || value === undefined;
  const current = key === 'id' && !empty ? Number(value) : value;
  // a record's current reference may be inactive and so missing from the list: keep showing it
  const selected = empty
    ? null
    : (list.find((o) => o[key] === current) ??
      ({
        id: -1,
        [key]: current,
        name: fallback ?? (key === 'id' ? `#${current}` : String(current)),
      } as Option));
  return (
    <Autocomplete<Option>
      options={list}
      value={selected}
      loading={options.isPending}
      onChange={(_, option) => onChange(option ? option[key] : '')}
      onBlur={onBlur}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(a, b) => a[key] === b[key]}
      filterOptions={(all, state) =>
        all.filter((o) => optionMatches(o, labelOf(o), searched, state.inputValue))
      }
      renderOption={({ key, ...props }, option, { inputValue }) => (
        <OptionText
          key={key}
          props={props}
          label={labelOf(option)}
          detail={optionDetail(option, labelOf(option), searched, inputValue)}
        />
      )}
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
          placeholder={placeholder}
        />
      )}
    />
  );
}
