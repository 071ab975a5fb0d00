/**
 * Pieces of the contract form: the tax choice, the guarantee percentage with what it comes to, and
 * the box that shows VAT, the amount incl. VAT, the contract value and its words as the user types.
 */
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatAmount } from '@sitepay/domain/number-format';
import { type Control, type FieldError, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TaxOption } from './contract.queries.ts';
import { previewContract } from './contract-amounts.ts';

type Bound = {
  control: Control<FieldValues>;
  label: string;
  errorText: (error: FieldError) => string | undefined;
};

export function TaxSelect({
  control,
  label,
  errorText,
  options,
  required,
}: Bound & { options: TaxOption[]; required?: boolean }) {
  const { field, fieldState } = useController({ name: 'tax_id', control });
  const known = options.some((o) => o.id === Number(field.value));
  return (
    <TextField
      select
      label={label}
      required={required}
      name={field.name}
      inputRef={field.ref}
      value={known ? String(field.value) : ''}
      onChange={(e) => field.onChange(Number(e.target.value))}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error ? errorText(fieldState.error) : undefined}
      slotProps={{ htmlInput: { 'data-testid': 'tax-select' } }}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function RetentionPercent({
  control,
  label,
  errorText,
  amountBeforeVat,
  vatRate,
}: Bound & { amountBeforeVat: unknown; vatRate: string | undefined }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name: 'retention_percent', control });
  const percent = typeof field.value === 'string' ? field.value.trim().replace(',', '.') : field.value;
  const { retentionAmount } = previewContract({ amountBeforeVat, vatRate, retentionPercent: percent });
  return (
    <TextField
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(e.target.value.replace(',', '.'))}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={
        fieldState.error
          ? errorText(fieldState.error)
          : retentionAmount
            ? t('contract.form.retentionOf', { percent, amount: formatAmount(retentionAmount) })
            : undefined
      }
      sx={{ flex: 1 }}
      slotProps={{ htmlInput: { inputMode: 'decimal', style: { textAlign: 'right' } } }}
    />
  );
}

export function ContractPreviewBox({
  amountBeforeVat,
  vatRate,
  annexAmount,
}: {
  amountBeforeVat: unknown;
  vatRate: string | undefined;
  /** Annexes already signed (update only): the value shown is then the contract value. */
  annexAmount?: string;
}) {
  const { t } = useTranslation();
  const preview = previewContract({ amountBeforeVat, vatRate, annexAmount });
  const figure = (value: string | null) => (value === null ? '—' : formatAmount(value));
  const hasAnnexes = annexAmount !== undefined && Number(annexAmount) !== 0;
  const line = (labelKey: string, value: string | null, testId: string, strong = false) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary">
        {t(labelKey)}
      </Typography>
      <Typography
        data-testid={testId}
        sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 700 : 400, textAlign: 'right' }}
      >
        {figure(value)}
      </Typography>
    </Box>
  );
  return (
    <Box sx={{ borderRadius: 1, px: 2, py: 1.5, bgcolor: 'action.hover' }} data-testid="contract-preview">
      {vatRate !== undefined &&
        line('resources.contract.fields.vat_amount', preview.vatAmount, 'preview-vat')}
      {line('resources.contract.fields.amount_vat', preview.amountVat, 'preview-amount-vat', !hasAnnexes)}
      {hasAnnexes && (
        <>
          {line('resources.contract.fields.annex_amount', annexAmount ?? null, 'preview-annexes')}
          {line('resources.contract.fields.contract_value', preview.contractValue, 'preview-value', true)}
        </>
      )}
      <Box sx={{ display: 'flex', gap: 1, pt: 0.75, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {t('contract.form.inWords')}:
        </Typography>
        <Typography
          variant="body2"
          sx={{ fontStyle: 'italic', flex: '1 1 240px' }}
          data-testid="preview-words"
        >
          {preview.words || '—'}
        </Typography>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {t('contract.form.estimate')}
      </Typography>
    </Box>
  );
}
