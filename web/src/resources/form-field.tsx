/**
 * One form control per field kind. Text-like kinds are plain inputs; a date accepts DD/MM/YYYY,
 * D/M/YYYY or YYYY-MM-DD, is kept as ISO and asks for a new date when malformed; an amount shows
 * thousands separators and the Vietnamese words under it.
 */
import TextField from '@mui/material/TextField';
import { parseDateInput } from '@sitepay/domain/date-format';
import { amountToVietnameseWords } from '@sitepay/domain/money-words';
import { formatAmount, parseAmountInput } from '@sitepay/domain/number-format';
import { useState } from 'react';
import { type Control, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../i18n/i18n.ts';
import { translateFieldError } from '../lib/field-errors.ts';
import { formatValue } from './format-value.ts';
import type { FieldSpec } from './resource.types.ts';

type Props = {
  spec: FieldSpec;
  control: Control<FieldValues>;
  label: string;
  required: boolean;
  autoFocus?: boolean;
};

export function FormField({ spec, control, label, required, autoFocus }: Props) {
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
    helperText: translateFieldError(t, label, fieldState.error),
    sx: spec.width === 'full' || kind === 'textarea' ? { gridColumn: { md: '1 / -1' } } : undefined,
  };

  if (kind === 'date') return <DateInput {...common} value={field.value} onChange={field.onChange} />;
  if (kind === 'amount') return <AmountInput {...common} value={field.value} onChange={field.onChange} />;
  return (
    <TextField
      {...common}
      value={field.value ?? ''}
      onChange={field.onChange}
      type={kind === 'email' ? 'email' : kind === 'tel' ? 'tel' : kind === 'number' ? 'number' : 'text'}
      multiline={kind === 'textarea'}
      minRows={kind === 'textarea' ? 3 : undefined}
    />
  );
}

type InputProps = Omit<Props, 'spec' | 'control'> & {
  name: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  inputRef: React.Ref<HTMLInputElement>;
  error: boolean;
  helperText?: string;
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
        const iso = text.trim() ? parseDateInput(text) : null;
        setMalformed(Boolean(text.trim()) && !iso);
        onChange(iso ?? (text.trim() ? text : ''));
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
