/**
 * The contract form (/management/contract/create, update/:id). Special because the parties are
 * chosen in order — construction, then contractor, then one of that contractor's beneficiaries — and
 * because the VAT, the amount incl. VAT and the value in words follow the amount as it is typed
 * (computed as the server does; the server computes again and is the authority). Sends the version
 * read; a 400 lands on its fields, a 422 refusal (closed construction, inactive contractor) is shown
 * with the server's reason.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type FieldError, type FieldValues, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { constructionsQuery } from '../../app/account.queries.ts';
import { useSelectedConstruction } from '../../app/layout/construction-selector.tsx';
import { AmountField } from '../../components/amount-field.tsx';
import { PickerField, type PickerOption } from '../../components/picker-field.tsx';
import { translateFieldError } from '../../lib/field-errors.ts';
import { FormField } from '../../resources/form-field.tsx';
import { FormSection, FormShell, FULL_ROW, formTitle, useFormRefusal } from '../../resources/form-shell.tsx';
import { useLeaveGuard } from '../../resources/leave-guard.tsx';
import { useSaveRecord } from '../../resources/resource.queries.ts';
import type { ResourceDescription, ResourceRecord } from '../../resources/resource.types.ts';
import { type Mode, RecordFormPage, type RecordFormProps } from '../../resources/resource-form-page.tsx';
import { beneficiariesQuery, contractorsQuery, contractTypesQuery, taxesQuery } from './contract.queries.ts';
import { ContractPreviewBox, RetentionPercent, TaxSelect } from './contract-form-parts.tsx';
import { emptyDatesRequired } from './form-errors.ts';

type RetentionMode = 'percent' | 'amount';
type Form = UseFormReturn<FieldValues>;

const FIELDS = [
  'construction_id',
  'constructor_id',
  'beneficiary_id',
  'contract_type_id',
  'contract_no',
  'signed_date',
  'amount_before_vat',
  'tax_id',
  'settlement_amount',
  'retention_percent',
  'retention_amount',
  'retention_release_date',
  'penalty_amount',
  'note',
] as const;

export function ContractFormPage({ resource, mode }: { resource: ResourceDescription; mode: Mode }) {
  return <RecordFormPage resource={resource} mode={mode} form={ContractForm} skeletonHeight={480} />;
}

function ContractForm({ resource, mode, record, schema }: RecordFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveRecord(resource, mode === 'update' ? String(record?.id) : undefined);
  const defaults = useMemo(() => {
    const values: Record<string, unknown> = {};
    for (const name of FIELDS) values[name] = record?.[name] ?? '';
    if (mode === 'update') values.version = record?.version ?? 0;
    return values;
  }, [record, mode]);
  const form = useForm<FieldValues>({
    resolver: emptyDatesRequired(zodResolver(schema as never) as never, ['signed_date']),
    defaultValues: defaults,
  });
  const refusal = useFormRefusal(form, FIELDS);
  const [retentionMode, setRetentionMode] = useState<RetentionMode>(
    record && record.retention_percent == null && record.retention_amount != null ? 'amount' : 'percent',
  );
  const choices = useContractChoices(form, mode, record);
  const field = useFieldText(form, schema);

  const leave = useLeaveGuard(form.formState.isDirty);

  const submit = form.handleSubmit(async (values) => {
    refusal.clear();
    const body: Record<string, unknown> = { ...values };
    if (retentionMode === 'percent') body.retention_amount = null;
    else body.retention_percent = null;
    if (mode === 'update') body.version = record?.version;
    try {
      const saved = await save.mutateAsync(body);
      leave.release();
      navigate(`${resource.routeBase}/view/${saved.id}`);
    } catch (error) {
      refusal.apply(error);
    }
  });

  const amountBeforeVat = choices.amountBeforeVat;
  return (
    <FormShell
      title={formTitle(t, mode, t('resources.contract.name'))}
      sectioned
      refusal={{ ...refusal, title: t('contract.form.refused'), testId: 'contract-refusal' }}
      onSubmit={submit}
      submitting={form.formState.isSubmitting}
      leave={leave}
    >
      <FormSection title={t('contract.form.parties')}>
        <PartiesFields form={form} choices={choices} field={field} />
      </FormSection>

      <FormSection title={t('contract.form.value')}>
        <AmountField {...field.bind('amount_before_vat')} required words={false} />
        <TaxSelect
          control={form.control}
          options={choices.taxOptions}
          label={field.label('tax_id')}
          required
          errorText={field.errorText('tax_id')}
        />
        <Box sx={FULL_ROW}>
          <ContractPreviewBox
            amountBeforeVat={amountBeforeVat}
            vatRate={choices.vatRate}
            annexAmount={mode === 'update' ? (record?.annex_amount as string | undefined) : undefined}
          />
        </Box>
      </FormSection>

      <FormSection title={t('contract.form.retention')}>
        <AmountField {...field.bind('settlement_amount')} />
        <AmountField {...field.bind('penalty_amount')} />
        <RetentionFields
          form={form}
          field={field}
          mode={retentionMode}
          onMode={setRetentionMode}
          amountBeforeVat={amountBeforeVat}
          vatRate={choices.vatRate}
        />
        {field.text('retention_release_date', 'date')}
      </FormSection>

      <FormSection title={t('contract.form.other')}>{field.text('note', 'textarea')}</FormSection>
    </FormShell>
  );
}

/** Labels, messages and required marks of the contract's fields; `text` a plain one. */
function useFieldText(form: Form, schema: z.ZodType) {
  const { t, i18n } = useTranslation();
  const label = (name: string) => t(`resources.contract.fields.${name}`);
  const required = (name: string) => {
    const shape = (
      schema as unknown as { shape?: Record<string, { safeParse: (v: unknown) => { success: boolean } }> }
    ).shape;
    return shape?.[name] ? !shape[name].safeParse('').success : false;
  };
  const errorText = (name: string) => (error: FieldError) => {
    const key = error.message ?? '';
    return /^[a-z_]+$/.test(key) && i18n.exists(`contract.validation.${key}`)
      ? t(`contract.validation.${key}`, { field: label(name) })
      : translateFieldError(t, label(name), error);
  };
  return {
    label,
    errorText,
    /** A field's name, the form's control, its label and its messages: what every input takes. */
    bind: (name: string) => ({ name, control: form.control, label: label(name), errorText: errorText(name) }),
    text: (name: string, kind?: 'date' | 'textarea') => (
      <FormField
        spec={{ name, kind, width: kind === 'textarea' ? 'full' : 'half' }}
        control={form.control}
        resource="contract"
        label={label(name)}
        required={required(name)}
      />
    ),
  };
}
type FieldText = ReturnType<typeof useFieldText>;

/** A record's current choice stays visible even when it is no longer offered. */
const withCurrent = (options: PickerOption[], id: unknown, name: unknown, code?: unknown) =>
  id && !options.some((o) => o.id === Number(id))
    ? [...options, { id: Number(id), label: String(name ?? id), code: code ? String(code) : null }]
    : options;

/**
 * What the parties and the value are chosen from: the constructions (on create, the one the top bar
 * shows when it is a real one still open), the contractors, the chosen contractor's beneficiaries,
 * the contract types and the taxes — and the chosen ones.
 */
function useContractChoices(form: Form, mode: Mode, record: ResourceRecord | undefined) {
  const { t } = useTranslation();
  const constructions = useQuery(constructionsQuery);
  const contractors = useQuery(contractorsQuery);
  const types = useQuery(contractTypesQuery);
  const taxes = useQuery(taxesQuery);
  const selected = useSelectedConstruction();
  const constructionId = useWatch({ control: form.control, name: 'construction_id' });
  const constructorId = useWatch({ control: form.control, name: 'constructor_id' });
  const [amountBeforeVat, taxId] = useWatch({ control: form.control, name: ['amount_before_vat', 'tax_id'] });
  const prefilled = useRef(false);
  useEffect(() => {
    if (mode !== 'create' || prefilled.current || !constructions.data) return;
    prefilled.current = true;
    const open = constructions.data.find((c) => c.id === selected && !c.closed);
    if (open && !form.getValues('construction_id')) form.setValue('construction_id', open.id);
  }, [mode, constructions.data, selected, form]);
  const beneficiaries = useQuery({
    ...beneficiariesQuery(Number(constructorId)),
    enabled: Boolean(constructorId),
  });

  const taxOptions = (taxes.data ?? []).filter((x) => x.status === 'O' || x.id === record?.tax_id);
  return {
    constructions,
    contractors,
    types,
    beneficiaries,
    constructionId,
    constructorId,
    amountBeforeVat,
    constructionOptions: withCurrent(
      (constructions.data ?? []).map((c) => ({
        id: c.id,
        code: c.code,
        label: c.name,
        flag: c.closed ? t('contract.form.closed') : undefined,
      })),
      record?.construction_id,
      record?.construction_name,
      record?.construction_code,
    ),
    contractorOptions: withCurrent(
      (contractors.data ?? []).map((c) => ({ id: c.id, code: c.code, label: c.name })),
      record?.constructor_id,
      record?.constructor_name,
      record?.constructor_code,
    ),
    beneficiaryOptions: withCurrent(
      (beneficiaries.data ?? []).map((b) => ({
        id: b.id,
        label: [b.name, b.bank_name, b.account_number].filter(Boolean).join(' · '),
      })),
      Number(constructorId) === record?.constructor_id ? record?.beneficiary_id : null,
      record?.beneficiary_name,
    ),
    typeOptions: withCurrent(
      (types.data ?? []).map((c) => ({ id: c.id, label: c.name })),
      record?.contract_type_id,
      record?.contract_type_name,
    ),
    taxOptions,
    vatRate: taxOptions.find((x) => x.id === Number(taxId))?.value,
    chosenConstruction: constructions.data?.find((c) => c.id === Number(constructionId)),
  };
}

/** The parties, in order (construction, contractor, beneficiary), the type, number and signing date. */
function PartiesFields({
  form,
  choices,
  field,
}: {
  form: Form;
  choices: ReturnType<typeof useContractChoices>;
  field: FieldText;
}) {
  const { t } = useTranslation();
  const { constructionId, constructorId, beneficiaries, beneficiaryOptions } = choices;
  return (
    <>
      <PickerField
        {...field.bind('construction_id')}
        options={choices.constructionOptions}
        loading={choices.constructions.isPending}
        required
        autoFocus
        hint={choices.chosenConstruction?.closed ? t('contract.form.closedHint') : undefined}
        noOptionsText={t('contract.form.noOptions')}
      />
      <PickerField
        {...field.bind('constructor_id')}
        options={choices.contractorOptions}
        loading={choices.contractors.isPending}
        required
        disabled={!constructionId}
        hint={constructionId ? undefined : t('contract.form.chooseConstructionFirst')}
        noOptionsText={t('contract.form.noOptions')}
        onPicked={() => form.setValue('beneficiary_id', '')}
      />
      <PickerField
        {...field.bind('beneficiary_id')}
        options={beneficiaryOptions}
        loading={Boolean(constructorId) && beneficiaries.isPending}
        disabled={!constructorId}
        hint={
          !constructorId
            ? t('contract.form.chooseConstructorFirst')
            : beneficiaries.isSuccess && beneficiaryOptions.length === 0
              ? t('contract.form.noBeneficiaries')
              : undefined
        }
        noOptionsText={t('contract.form.noBeneficiaries')}
      />
      <PickerField
        {...field.bind('contract_type_id')}
        options={choices.typeOptions}
        loading={choices.types.isPending}
        required
        noOptionsText={t('contract.form.noOptions')}
      />
      {field.text('contract_no')}
      {field.text('signed_date', 'date')}
    </>
  );
}

/** The guarantee, by percentage (with what it comes to) or by amount. */
function RetentionFields({
  form,
  field,
  mode,
  onMode,
  amountBeforeVat,
  vatRate,
}: {
  form: Form;
  field: FieldText;
  mode: RetentionMode;
  onMode: (mode: RetentionMode) => void;
  amountBeforeVat: unknown;
  vatRate: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={mode}
        onChange={(_, next: RetentionMode | null) => next && onMode(next)}
        aria-label={t('contract.form.retentionBy')}
        sx={{ height: 40, flexShrink: 0, '& .MuiToggleButton-root': { minWidth: 44, fontWeight: 600 } }}
      >
        <ToggleButton value="percent" aria-label={t('contract.form.byPercent')}>
          %
        </ToggleButton>
        <ToggleButton value="amount" aria-label={t('contract.form.byAmount')}>
          ₫
        </ToggleButton>
      </ToggleButtonGroup>
      {mode === 'percent' ? (
        <RetentionPercent
          control={form.control}
          label={field.label('retention_percent')}
          errorText={field.errorText('retention_percent')}
          amountBeforeVat={amountBeforeVat}
          vatRate={vatRate}
        />
      ) : (
        <AmountField {...field.bind('retention_amount')} sx={{ flex: 1 }} />
      )}
    </Box>
  );
}
