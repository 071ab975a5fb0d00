/**
 * An amount input bound to react-hook-form: thousands separators written as the user types (caret
 * kept in place), the value held as the API's plain decimal string, the amount in Vietnamese words
 * under it. A half-typed value ("-") is kept as typed so the schema reports it. What the field does
 * not take (a minus where amounts cannot be negative, a letter, a third decimal) is dropped with a
 * message under the field until the field is left, never silently.
 */
import TextField from '@mui/material/TextField';
import { parseAmountInput } from '@sitepay/domain/number-format';
import { useLayoutEffect, useRef, useState } from 'react';
import { type Control, type FieldError, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { amountToTyping, formatAmountTyping, type Refusal, refusalMessage } from './amount-typing.ts';
import { amountWords } from './amount-words.ts';

type Props = {
  name: string;
  control: Control<FieldValues>;
  label: string;
  required?: boolean;
  allowNegative?: boolean;
  /** Shown under the field instead of the words (an error wins over both). */
  hint?: string;
  /** A line under the words about this amount (an annex's "negative lowers the contract value"). */
  note?: string;
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
  note,
  words = true,
  errorText,
  disabled,
  sx,
}: Props) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name, control });
  const [refused, setRefused] = useState<Refusal | undefined>();
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
        // the message stays while the user types on (digits after a refused minus): until the field is left
        if (typed.refused) setRefused(typed.refused);
        setText(typed.text);
        field.onChange(typed.text ? (parseAmountInput(typed.text) ?? typed.text) : '');
      }}
      onBlur={() => {
        setRefused(undefined);
        field.onBlur();
      }}
      error={Boolean(fieldState.error) || Boolean(refused)}
      helperText={
        fieldState.error
          ? errorText(fieldState.error)
          : refused
            ? t(`validation.${refusalMessage[refused]}`, { field: label })
            : helper(hint ?? spoken, note)
      }
      sx={sx}
      slotProps={{
        // a refusal is said at once to a screen reader too
        formHelperText: { role: refused ? 'alert' : undefined, 'data-refused': refused } as object,
        htmlInput: {
          inputMode: allowNegative ? 'text' : 'decimal',
          autoComplete: 'off',
          style: { textAlign: 'right' },
        },
      }}
    />
  );
}

/** The words and the note, one a line. */
function helper(words: string, note: string | undefined): React.ReactNode {
  if (!note) return words || undefined;
  if (!words) return note;
  return (
    <>
      {words}
      <br />
      {note}
    </>
  );
}
