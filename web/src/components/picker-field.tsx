/**
 * A searchable choice of one record (construction, contractor, beneficiary, contract type) bound to
 * react-hook-form by id. Search ignores case and Vietnamese diacritics, as the lists' search does.
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { foldSearchText } from '@sitepay/domain/search-text';
import { type Control, type FieldError, type FieldValues, useController } from 'react-hook-form';

export type PickerOption = {
  id: number;
  label: string;
  /** A code shown before the label and searched with it. */
  code?: string | null;
  /** A short flag shown after the label ("closed"). */
  flag?: string;
};

type Props = {
  name: string;
  control: Control<FieldValues>;
  label: string;
  options: PickerOption[];
  loading?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** Shown under the field when there is no error. */
  hint?: string;
  noOptionsText: string;
  errorText: (error: FieldError) => string | undefined;
  /** Called with the new id after the user changes the choice. */
  onPicked?: (id: number | '') => void;
  autoFocus?: boolean;
};

const optionText = (o: PickerOption) => (o.code ? `${o.code} – ${o.label}` : o.label);

export function PickerField({
  name,
  control,
  label,
  options,
  loading,
  required,
  disabled,
  hint,
  noOptionsText,
  errorText,
  onPicked,
  autoFocus,
}: Props) {
  const { field, fieldState } = useController({ name, control });
  const value = options.find((o) => o.id === Number(field.value)) ?? null;
  return (
    <Autocomplete<PickerOption>
      options={options}
      value={value}
      loading={loading}
      disabled={disabled}
      getOptionLabel={optionText}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={noOptionsText}
      filterOptions={(list, state) => {
        const needle = foldSearchText(state.inputValue);
        return needle ? list.filter((o) => foldSearchText(optionText(o)).includes(needle)) : list;
      }}
      onChange={(_, picked) => {
        const id = picked ? picked.id : '';
        field.onChange(id);
        onPicked?.(id);
      }}
      onBlur={field.onBlur}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            {optionText(option)}
            {option.flag && (
              <Typography component="span" variant="body2" color="warning.main" sx={{ ml: 1 }}>
                ({option.flag})
              </Typography>
            )}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={label}
          required={required}
          autoFocus={autoFocus}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? errorText(fieldState.error) : hint}
        />
      )}
    />
  );
}
