/**
 * Pieces of the payment request form: the chosen contract's parties and money (what has been
 * requested, approved and paid, and what may still be requested), a plain choice bound to the form,
 * the priority switch, and the document checklist of the transaction type.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { compareAmounts } from '@sitepay/domain/money';
import { formatAmount } from '@sitepay/domain/number-format';
import type { PaymentContractStatus } from '@sitepay/domain/payment.schema';
import { type Control, type FieldError, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DocumentItem } from './payment.queries.ts';

const SUMMARY_KEYS = ['contract_value', 'ceiling', 'requested', 'approved', 'paid', 'remaining'] as const;

export type ContractParties = {
  contractor: string;
  beneficiary: string;
  account: string;
};

/** The contract's parties and figures; a contract that cannot take a request says why. */
export function ContractStatusBox({
  parties,
  status,
  loading,
  requirementNo,
}: {
  parties: ContractParties;
  status: PaymentContractStatus | undefined;
  loading: boolean;
  requirementNo: number | undefined;
}) {
  const { t } = useTranslation();
  const line = (label: string, value: string, testId?: string) => (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, columnGap: 2, py: 0.25 }}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }} data-testid={testId}>
        {value || '—'}
      </Typography>
    </Box>
  );
  return (
    <Box sx={{ borderRadius: 1, px: 2, py: 1.5, bgcolor: 'action.hover' }} data-testid="contract-status">
      {requirementNo !== undefined && (
        <Typography sx={{ fontWeight: 600, mb: 0.75 }} data-testid="requirement-no">
          {t('payment.form.nextNo', { no: requirementNo })}
        </Typography>
      )}
      {line(t('resources.payment.fields.constructor_name'), parties.contractor, 'contract-contractor')}
      {line(t('resources.payment.fields.beneficiary_name'), parties.beneficiary)}
      {parties.account && line(t('resources.payment.fields.account_number'), parties.account)}
      {loading && <Skeleton variant="rounded" height={64} sx={{ mt: 1 }} />}
      {status && (
        <Box
          sx={{
            mt: 1.25,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' },
          }}
        >
          {SUMMARY_KEYS.map((key) => (
            <Box key={key} sx={{ minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary" component="p">
                {t(`payment.summary.${key}`)}
              </Typography>
              <Typography
                data-testid={`status-${key}`}
                sx={{
                  fontVariantNumeric: 'tabular-nums',
                  fontWeight: key === 'remaining' ? 700 : 500,
                  wordBreak: 'break-all',
                }}
              >
                {formatAmount(status.summary[key])}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {status && compareAmounts(status.advance_outstanding, '0') > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('payment.form.advanceOutstanding', { amount: formatAmount(status.advance_outstanding) })}
        </Typography>
      )}
      {status && !status.can_request && (
        <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="cannot-request">
          {t('payment.form.cannotRequest')}
          {status.reasons.map((reason) => (
            <Typography key={reason.code} variant="body2" component="span" sx={{ display: 'block' }}>
              {t(`contract.view.reasons.${reason.code}`, { defaultValue: reason.message })}
            </Typography>
          ))}
        </Alert>
      )}
    </Box>
  );
}

type Bound = {
  name: string;
  control: Control<FieldValues>;
  label: string;
  errorText: (error: FieldError) => string | undefined;
};

/** A choice among a short list (payment type by code, transaction type by id). */
export function SelectField({
  name,
  control,
  label,
  errorText,
  options,
  required,
  hint,
  numeric,
}: Bound & {
  options: { value: string; label: string }[];
  required?: boolean;
  hint?: string;
  /** The value is an id: kept as a number. */
  numeric?: boolean;
}) {
  const { field, fieldState } = useController({ name, control });
  const value = field.value === null || field.value === undefined ? '' : String(field.value);
  const known = options.some((o) => o.value === value);
  return (
    <TextField
      select
      label={label}
      required={required}
      name={field.name}
      inputRef={field.ref}
      value={known ? value : ''}
      onChange={(e) => field.onChange(numeric ? Number(e.target.value) : e.target.value)}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error ? errorText(fieldState.error) : hint}
      slotProps={{ htmlInput: { 'data-testid': `select-${name}` } }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function SwitchField({
  name,
  control,
  label,
  hint,
}: {
  name: string;
  control: Control<FieldValues>;
  label: string;
  hint?: string;
}) {
  const { field } = useController({ name, control });
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={field.value === true}
            onChange={(e) => field.onChange(e.target.checked)}
            name={field.name}
            slotProps={{ input: { ref: field.ref } }}
          />
        }
        label={label}
      />
      {hint && <FormHelperText sx={{ mt: 0, ml: 0 }}>{hint}</FormHelperText>}
    </Box>
  );
}

/** "Bản gốc × 1": what of a document is to be handed in. */
export function documentNeed(
  t: (key: string, options?: Record<string, unknown>) => string,
  doc: DocumentItem,
) {
  return t('payment.docQuantity', {
    type: t(`payment.docType.${doc.type}`, { defaultValue: doc.type }),
    quantity: doc.quantity,
  });
}

/** The documents a transaction type asks for; the ones ticked are sent as `attached_documents`. */
export function DocumentChecklist({
  control,
  documents,
  loading,
  chosen,
}: {
  control: Control<FieldValues>;
  documents: DocumentItem[];
  loading: boolean;
  /** Whether a transaction type is chosen. */
  chosen: boolean;
}) {
  const { t } = useTranslation();
  const { field } = useController({ name: 'attached_documents', control });
  const ticked = new Set<number>(Array.isArray(field.value) ? (field.value as number[]) : []);
  if (!chosen)
    return <Typography color="text.secondary">{t('payment.form.chooseTransactionType')}</Typography>;
  if (loading) return <Skeleton variant="rounded" height={72} />;
  if (!documents.length)
    return <Typography color="text.secondary">{t('payment.form.noDocuments')}</Typography>;
  const count = documents.filter((d) => ticked.has(d.id)).length;
  return (
    <Box role="group" aria-label={t('payment.form.documents')} data-testid="document-checklist">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('payment.form.documentsTicked', { count, total: documents.length })}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
        {documents.map((doc) => (
          <FormControlLabel
            key={doc.id}
            sx={{ alignItems: 'flex-start', mr: 0, py: 0.25 }}
            control={
              <Checkbox
                sx={{ pt: 0.5 }}
                checked={ticked.has(doc.id)}
                onChange={(e) => {
                  const next = new Set(ticked);
                  if (e.target.checked) next.add(doc.id);
                  else next.delete(doc.id);
                  field.onChange(documents.filter((d) => next.has(d.id)).map((d) => d.id));
                }}
              />
            }
            label={
              <Box sx={{ pt: 0.5 }}>
                <Typography component="span">{doc.name}</Typography>
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {[doc.code, documentNeed(t, doc)].filter(Boolean).join(' · ')}
                </Typography>
              </Box>
            }
          />
        ))}
      </Box>
    </Box>
  );
}
