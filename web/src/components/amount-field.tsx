/**
 * An amount input bound to react-hook-form: thousands separators written as the user types (caret
 * kept in place), the value held as the API's plain decimal string, the amount in Vietnamese words
 * under it. A half-typed value ("-") is kept as typed so the schema reports it.
 */
import TextField from '@mui/material/TextField';
import { parseAmountInput } from '@sitepay/domain/number-format';
import { useLayoutEffect, useRef, useState } from 'react';
import { type Control, type FieldError, type FieldValues, useController } from 'react-hook-form';
import { amountToTyping, formatAmountTyping } from './amount-typing.ts';
import { amountWords } from './amount-words.ts';

type Props = {
  name: string;
  control: Control<FieldValues>;
  label: string;
  required?: boolean;
  allowNegative?: boolean;
  /** Shown under the field instead of the words (an error wins over both). */
  hint?: string;
  words?: boolean;
  /** The message for a field error, in the active language. */
  errorText: (error: FieldError) => string | undefined;
  disabled?: boolean;
  sx?: object;
};

export function AmountField({
  name,
  control,
  label,
  required,
  allowNegative,
  hint,
  words = true,
  errorText,
  disabled,
  sx,
}: Props) {
  const { field, fieldState } = useController({ name, control });
  const [text, setText] = useState(() => amountToTyping(field.value));
  const input = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (caret.current === null || !input.current || document.activeElement !== input.current) return;
    input.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const value = text ? (parseAmountInput(text) ?? text) : '';
  const spoken = words && value ? amountWords(value) : '';
  return (
    <TextField
      label={label}
      required={required}
      disabled={disabled}
      name={field.name}
      value={text}
      inputRef={(el: HTMLInputElement | null) => {
        input.current = el;
        field.ref(el);
      }}
      onChange={(event) => {
        const typed = formatAmountTyping(
          event.target.value,
          event.target.selectionStart ?? event.target.value.length,
          allowNegative,
        );
        caret.current = typed.caret;
        setText(typed.text);
        field.onChange(typed.text ? (parseAmountInput(typed.text) ?? typed.text) : '');
      }}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error ? errorText(fieldState.error) : (hint ?? spoken) || undefined}
      sx={sx}
      slotProps={{
        htmlInput: {
          inputMode: allowNegative ? 'text' : 'decimal',
          autoComplete: 'off',
          style: { textAlign: 'right' },
        },
      }}
    />
  );
}
