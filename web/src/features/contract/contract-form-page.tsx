/**
 * The contract form (/management/contract/create, update/:id). Special because the parties are
 * chosen in order — construction, then contractor, then one of that contractor's beneficiaries — and
 * because the VAT, the amount incl. VAT and the value in words follow the amount as it is typed
 * (computed as the server does; the server computes again and is the authority). Sends the version
 * read; a 400 lands on its fields, a 422 refusal (closed construction, inactive contractor) is shown
 * with the server's reason.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type FieldError, type FieldValues, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { constructionsQuery } from '../../app/account.queries.ts';
import { useSelectedConstruction } from '../../app/layout/construction-selector.tsx';
import { AmountField } from '../../components/amount-field.tsx';
import { PickerField, type PickerOption } from '../../components/picker-field.tsx';
import { ApiError, errorMessage } from '../../lib/error-catalogue.ts';
import { translateFieldError } from '../../lib/field-errors.ts';
import { FormField } from '../../resources/form-field.tsx';
import { useSaveRecord } from '../../resources/resource.queries.ts';
import type { ResourceDescription } from '../../resources/resource.types.ts';
import { type Mode, RecordFormPage, type RecordFormProps } from '../../resources/resource-form-page.tsx';
import { beneficiariesQuery, contractorsQuery, contractTypesQuery, taxesQuery } from './contract.queries.ts';
import { ContractPreviewBox, GuaranteePercent, TaxSelect } from './contract-form-parts.tsx';
import { emptyDatesRequired } from './form-errors.ts';

type GuaranteeMode = 'percent' | 'amount';

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
  'guarantee_percent',
  'guarantee_amount',
  'guarantee_release_date',
  'penalty_amount',
  'note',
] as const;

export function ContractFormPage({ resource, mode }: { resource: ResourceDescription; mode: Mode }) {
  return <RecordFormPage resource={resource} mode={mode} form={ContractForm} skeletonHeight={480} />;
}

function ContractForm({ resource, mode, record }: RecordFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const schema = mode === 'update' ? resource.form.updateSchema : resource.form.createSchema;
  const save = useSaveRecord(resource, mode === 'update' ? String(record?.id) : undefined);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);

  const constructions = useQuery(constructionsQuery);
  const contractors = useQuery(contractorsQuery);
  const types = useQuery(contractTypesQuery);
  const taxes = useQuery(taxesQuery);
  const selected = useSelectedConstruction();

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
  const [guaranteeMode, setGuaranteeMode] = useState<GuaranteeMode>(
    record && record.guarantee_percent == null && record.guarantee_amount != null ? 'amount' : 'percent',
  );

  // Create: start from the construction the top bar shows, when it is a real one still open.
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

  const label = (name: string) => t(`resources.contract.fields.${name}`);
  const errorText = (name: string) => (error: FieldError) => {
    const key = error.message ?? '';
    return /^[a-z_]+$/.test(key) && i18n.exists(`contract.validation.${key}`)
      ? t(`contract.validation.${key}`, { field: label(name) })
      : translateFieldError(t, label(name), error);
  };
  const required = (name: string) => {
    const shape = (
      schema as unknown as { shape?: Record<string, { safeParse: (v: unknown) => { success: boolean } }> }
    ).shape;
    return shape?.[name] ? !shape[name].safeParse('').success : false;
  };

  // Options; a record's current choice stays visible even when it is no longer offered.
  const withCurrent = (options: PickerOption[], id: unknown, name: unknown, code?: unknown) =>
    id && !options.some((o) => o.id === Number(id))
      ? [...options, { id: Number(id), label: String(name ?? id), code: code ? String(code) : null }]
      : options;
  const constructionOptions = withCurrent(
    (constructions.data ?? []).map((c) => ({
      id: c.id,
      code: c.code,
      label: c.name,
      flag: c.closed ? t('contract.form.closed') : undefined,
    })),
    record?.construction_id,
    record?.construction_name,
    record?.construction_code,
  );
  const contractorOptions = withCurrent(
    (contractors.data ?? []).map((c) => ({ id: c.id, code: c.code, label: c.name })),
    record?.constructor_id,
    record?.constructor_name,
    record?.constructor_code,
  );
  const beneficiaryOptions = withCurrent(
    (beneficiaries.data ?? []).map((b) => ({
      id: b.id,
      label: [b.name, b.bank_name, b.account_number].filter(Boolean).join(' · '),
    })),
    Number(constructorId) === record?.constructor_id ? record?.beneficiary_id : null,
    record?.beneficiary_name,
  );
  const typeOptions = withCurrent(
    (types.data ?? []).map((c) => ({ id: c.id, label: c.name })),
    record?.contract_type_id,
    record?.contract_type_name,
  );
  const taxOptions = (taxes.data ?? []).filter((x) => x.status === 'O' || x.id === record?.tax_id);
  const vatRate = taxOptions.find((x) => x.id === Number(taxId))?.value;
  const chosenConstruction = constructions.data?.find((c) => c.id === Number(constructionId));

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    const body: Record<string, unknown> = { ...values };
    if (guaranteeMode === 'percent') body.guarantee_amount = null;
    else body.guarantee_percent = null;
    if (mode === 'update') body.version = record?.version;
    try {
      const saved = await save.mutateAsync(body);
      navigate(`${resource.routeBase}/view/${saved.id}`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 422) {
        setRefusal(errorMessage(error, t));
        requestAnimationFrame(() => refusalRef.current?.focus());
      }
      if (error.status === 400) {
        const seen = new Set<string>();
        for (const item of error.errors) {
          if (seen.has(item.field) || !(FIELDS as readonly string[]).includes(item.field)) continue;
          seen.add(item.field);
          form.setError(
            item.field,
            { type: 'server', message: item.message },
            { shouldFocus: seen.size === 1 },
          );
        }
      }
    }
  });

  const { isSubmitting } = form.formState;
  const resourceName = t('resources.contract.name');
  const grid = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } };
  const full = { gridColumn: { md: '1 / -1' } };
  const section = (title: string) => (
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 3, mb: 2 }}>
      {title}
    </Typography>
  );
  const text = (name: string, kind?: 'date' | 'textarea') => (
    <FormField
      spec={{ name, kind, width: kind === 'textarea' ? 'full' : 'half' }}
      control={form.control}
      resource="contract"
      label={label(name)}
      required={required(name)}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {mode === 'create'
          ? t('actions.create', { resource: resourceName })
          : t('actions.update', { resource: resourceName })}
      </Typography>
      {refusal && (
        <Alert severity="error" ref={refusalRef} tabIndex={-1} sx={{ mt: 2 }} data-testid="contract-refusal">
          <AlertTitle>{t('contract.form.refused')}</AlertTitle>
          {refusal}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={submit}>
        {section(t('contract.form.parties'))}
        <Box sx={grid}>
          <PickerField
            name="construction_id"
            control={form.control}
            label={label('construction_id')}
            options={constructionOptions}
            loading={constructions.isPending}
            required
            autoFocus
            hint={chosenConstruction?.closed ? t('contract.form.closedHint') : undefined}
            noOptionsText={t('contract.form.noOptions')}
            errorText={errorText('construction_id')}
          />
          <PickerField
            name="constructor_id"
            control={form.control}
            label={label('constructor_id')}
            options={contractorOptions}
            loading={contractors.isPending}
            required
            disabled={!constructionId}
            hint={constructionId ? undefined : t('contract.form.chooseConstructionFirst')}
            noOptionsText={t('contract.form.noOptions')}
            errorText={errorText('constructor_id')}
            onPicked={() => form.setValue('beneficiary_id', '')}
          />
          <PickerField
            name="beneficiary_id"
            control={form.control}
            label={label('beneficiary_id')}
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
            errorText={errorText('beneficiary_id')}
          />
          <PickerField
            name="contract_type_id"
            control={form.control}
            label={label('contract_type_id')}
            options={typeOptions}
            loading={types.isPending}
            required
            noOptionsText={t('contract.form.noOptions')}
            errorText={errorText('contract_type_id')}
          />
          {text('contract_no')}
          {text('signed_date', 'date')}
        </Box>

        {section(t('contract.form.value'))}
        <Box sx={grid}>
          <AmountField
            name="amount_before_vat"
            control={form.control}
            label={label('amount_before_vat')}
            required
            words={false}
            errorText={errorText('amount_before_vat')}
          />
          <TaxSelect
            control={form.control}
            options={taxOptions}
            label={label('tax_id')}
            required
            errorText={errorText('tax_id')}
          />
          <Box sx={full}>
            <ContractPreviewBox
              amountBeforeVat={amountBeforeVat}
              vatRate={vatRate}
              annexAmount={mode === 'update' ? (record?.annex_amount as string | undefined) : undefined}
            />
          </Box>
        </Box>

        {section(t('contract.form.guarantee'))}
        <Box sx={grid}>
          <AmountField
            name="settlement_amount"
            control={form.control}
            label={label('settlement_amount')}
            errorText={errorText('settlement_amount')}
          />
          <AmountField
            name="penalty_amount"
            control={form.control}
            label={label('penalty_amount')}
            errorText={errorText('penalty_amount')}
          />
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              value={guaranteeMode}
              onChange={(_, next: GuaranteeMode | null) => next && setGuaranteeMode(next)}
              aria-label={t('contract.form.guaranteeBy')}
              sx={{ height: 40, flexShrink: 0, '& .MuiToggleButton-root': { minWidth: 44, fontWeight: 600 } }}
            >
              <ToggleButton value="percent" aria-label={t('contract.form.byPercent')}>
                %
              </ToggleButton>
              <ToggleButton value="amount" aria-label={t('contract.form.byAmount')}>
                ₫
              </ToggleButton>
            </ToggleButtonGroup>
            {guaranteeMode === 'percent' ? (
              <GuaranteePercent
                control={form.control}
                label={label('guarantee_percent')}
                errorText={errorText('guarantee_percent')}
                amountBeforeVat={amountBeforeVat}
                vatRate={vatRate}
              />
            ) : (
              <AmountField
                name="guarantee_amount"
                control={form.control}
                label={label('guarantee_amount')}
                errorText={errorText('guarantee_amount')}
                sx={{ flex: 1 }}
              />
            )}
          </Box>
          {text('guarantee_release_date', 'date')}
        </Box>

        {section(t('contract.form.other'))}
        <Box sx={grid}>{text('note', 'textarea')}</Box>

        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', mt: 3, flexWrap: 'wrap' }}>
          <Button color="inherit" onClick={() => navigate(-1)} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />}
          >
            {t('common.save')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
