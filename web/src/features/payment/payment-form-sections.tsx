/**
 * The sections of the payment form: the contract (picked through its construction on create, fixed
 * on update, with its parties and figures), the request (type, transaction type, date, priority),
 * the amounts (flagged above what the contract may still take; the invoice amount read only while
 * the request has invoices) and who approves it.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatAmount } from '@sitepay/domain/number-format';
import type { Payment } from '@sitepay/domain/payment.schema';
import type { FieldError, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
// shared inputs of the contract screens (amounts typed with separators and read in words, pickers)
import { AmountField } from '../../components/amount-field.tsx';
import { PickerField } from '../../components/picker-field.tsx';
import { translateFieldError } from '../../lib/field-errors.ts';
import { FormField } from '../../resources/form-field.tsx';
import { FULL_ROW } from '../../resources/form-shell.tsx';
import { isRequired } from '../../resources/form-values.ts';
import { ContractStatusBox, SelectField, SwitchField } from './payment-form-parts.tsx';
import type { PaymentLookups } from './use-payment-form.ts';

type Form = UseFormReturn<FieldValues>;
const AMOUNTS = ['invoice_amount', 'settlement_amount', 'guarantee_amount', 'penalty_amount'] as const;

/** Labels and messages of the payment's fields; `text` a plain field, `money` an amount. */
export function usePaymentFieldText(form: Form, schema: z.ZodType) {
  const { t } = useTranslation();
  const label = (name: string) => t(`resources.payment.fields.${name}`);
  const errorText = (name: string) => (error: FieldError) => {
    if (error.type === 'ceiling') return error.message;
    return translateFieldError(t, label(name), error);
  };
  /** A field's name, the form's control, its label and its messages: what every input takes. */
  const bind = (name: string) => ({
    name,
    control: form.control,
    label: label(name),
    errorText: errorText(name),
  });
  return {
    label,
    errorText,
    bind,
    text: (name: string, kindOf?: 'date' | 'textarea') => (
      <FormField
        spec={{ name, kind: kindOf, width: kindOf === 'textarea' ? 'full' : 'half' }}
        control={form.control}
        resource="payment"
        label={label(name)}
        required={isRequired(schema, name)}
      />
    ),
    money: (name: string, hint?: string, disabled?: boolean) => (
      <AmountField
        key={name}
        {...bind(name)}
        required={isRequired(schema, name)}
        hint={hint}
        disabled={disabled}
      />
    ),
  };
}
export type PaymentFieldText = ReturnType<typeof usePaymentFieldText>;

type SectionProps = { form: Form; look: PaymentLookups; field: PaymentFieldText };

/** Create: the construction, then one of its payable contracts; update: both read only. */
export function ContractFields({
  form,
  look,
  field,
  creating,
  payment,
}: SectionProps & { creating: boolean; payment: Payment | undefined }) {
  const { t } = useTranslation();
  const constructionChosen = Number(look.constructionId) > 0;
  return (
    <>
      {creating ? (
        <>
          <PickerField
            {...field.bind('construction_id')}
            options={look.constructionOptions}
            loading={look.constructions.isPending}
            required
            autoFocus
            noOptionsText={t('payment.form.noOptions')}
            onPicked={() => form.setValue('contract_id', '')}
          />
          <PickerField
            {...field.bind('contract_id')}
            options={look.contractOptions}
            loading={constructionChosen && look.contracts.isPending}
            required
            disabled={!constructionChosen}
            hint={
              !constructionChosen
                ? t('payment.form.chooseConstructionFirst')
                : look.contracts.isSuccess && look.contractOptions.length === 0
                  ? t('payment.form.noContracts')
                  : undefined
            }
            noOptionsText={t('payment.form.noContracts')}
          />
        </>
      ) : (
        <>
          <ReadOnly
            label={field.label('construction_name')}
            value={[payment?.construction_code, payment?.construction_name].filter(Boolean).join(' – ')}
          />
          <ReadOnly label={field.label('contract_no')} value={payment?.contract_no ?? ''} />
        </>
      )}
      {Number(look.contractId) > 0 && (
        <Box sx={FULL_ROW}>
          <ContractStatusBox
            parties={look.parties}
            status={look.contractStatus}
            loading={look.status.isPending}
            requirementNo={payment?.requirement_no ?? look.contractStatus?.next_requirement_no}
          />
        </Box>
      )}
    </>
  );
}

/** The payment type, the transaction type (with its debt age), the date and the priority. */
export function RequestFields({ form, look, field }: SectionProps) {
  const { t } = useTranslation();
  return (
    <>
      <SelectField {...field.bind('payment_code')} options={look.typeOptions} required />
      <SelectField
        {...field.bind('transaction_type_id')}
        options={look.transactionOptions}
        numeric
        required
        hint={look.debtAge != null ? t('payment.form.debtAge', { days: look.debtAge }) : undefined}
      />
      {field.text('date', 'date')}
      <SwitchField
        name="isPriority"
        control={form.control}
        label={field.label('isPriority')}
        hint={t('payment.form.priorityHint')}
      />
    </>
  );
}

/** The amount (what the contract may still take as its hint, flagged above it) and the others. */
export function AmountFields({ look, field }: Omit<SectionProps, 'form'>) {
  const { t } = useTranslation();
  const { allowance, contractStatus, kind } = look;
  return (
    <>
      <Box sx={FULL_ROW}>
        <AmountField {...field.bind('amount')} required hint={look.amountHint} sx={{ width: '100%' }} />
        {look.over && allowance !== null && (
          <Alert severity="warning" sx={{ mt: 1 }} data-testid="over-remaining">
            {t('payment.form.overRemaining', { remaining: formatAmount(allowance) })}
          </Alert>
        )}
        {kind === 'warranty' && contractStatus && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('payment.form.retentionRemaining', {
              amount: formatAmount(contractStatus.retention_remaining),
            })}
          </Typography>
        )}
      </Box>
      {AMOUNTS.map((name) =>
        // the sum of the request's invoices while it has any (docs/adr/0068-payment-invoices.md)
        name === 'invoice_amount' && look.invoiceCount > 0
          ? field.money(name, t('payment.invoices.amountFromInvoices', { count: look.invoiceCount }), true)
          : field.money(name),
      )}
      {(kind === 'progress' || kind === 'settlement') &&
        field.money(
          'advance_recovery',
          contractStatus
            ? t('payment.form.advanceOutstanding', {
                amount: formatAmount(contractStatus.advance_outstanding),
              })
            : undefined,
        )}
    </>
  );
}

/** The department, whose director is proposed as the approver, and the director. */
export function ApproverFields({ form, look, field }: SectionProps) {
  const { t } = useTranslation();
  return (
    <>
      <PickerField
        {...field.bind('department_id')}
        options={look.departmentOptions}
        loading={look.departments.isPending}
        noOptionsText={t('payment.form.noOptions')}
        onPicked={(id) => {
          const director = look.departments.data?.find((d) => d.id === id)?.director_id;
          if (director && !form.getValues('director_id')) form.setValue('director_id', director);
        }}
      />
      <PickerField
        {...field.bind('director_id')}
        options={look.directorOptions}
        loading={look.users.isLoading}
        hint={look.departmentId ? undefined : t('payment.form.directorHint')}
        noOptionsText={t('payment.form.noOptions')}
      />
    </>
  );
}

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ px: 1.75, py: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography sx={{ wordBreak: 'break-word' }}>{value || '—'}</Typography>
    </Box>
  );
}
