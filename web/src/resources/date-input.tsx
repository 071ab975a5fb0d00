/**
 * The date field of the forms and the lists' date filters, in a module of its own: a list loads it
 * without the forms' react-hook-form (docs/adr/0082-first-visit-loads-what-it-shows.md).
 */
import TextField from '@mui/material/TextField';
import { parseDateInput } from '@sitepay/domain/date-format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarButton } from '../components/calendar-button.tsx';
import { currentLang } from '../i18n/i18n.ts';
import { formatValue } from './format-value.ts';
import type { InputProps } from './input-props.ts';

/**
 * A day typed (DD/MM/YYYY, the digits alone "15102026", or with . or - between: parseDateInput) or
 * picked from the calendar, shown DD/MM/YYYY and kept as ISO; also the lists' date filters.
 */
export function DateInput({ value, onChange, onBlur, helperText, error, ...rest }: InputProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [text, setText] = useState(() => (value ? formatValue(value, 'date', 'vi') : ''));
  const [malformed, setMalformed] = useState(false);
  const iso = typeof value === 'string' && parseDateInput(value) === value ? value : null;
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
        const read = typed ? parseDateInput(typed) : null;
        setMalformed(Boolean(typed) && !read);
        // empty is "no date" (null); a malformed text stays, so the schema refuses it
        onChange(read ?? (typed ? typed : null));
        if (read) setText(formatValue(read, 'date', 'vi'));
        onBlur();
      }}
      slotProps={{
        htmlInput: { inputMode: 'numeric', lang },
        input: {
          endAdornment: (
            <CalendarButton
              label={rest.label}
              value={iso}
              onPick={(picked) => {
                setText(formatValue(picked, 'date', 'vi'));
                setMalformed(false);
                onChange(picked);
              }}
            />
          ),
        },
      }}
    />
  );
}
