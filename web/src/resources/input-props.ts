/** What an input takes from the form field that draws it (form-field.tsx; date-input.tsx, a list's filter too). */
export type InputProps = {
  label: string;
  required: boolean;
  autoFocus?: boolean;
  /** Whether the field takes a negative number (numeric kinds; from the schema). */
  negative?: boolean;
  name: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  inputRef: React.Ref<HTMLInputElement>;
  error: boolean;
  helperText?: string;
  placeholder?: string;
  sx?: object;
};
