/**
 * The payment request form (/management/payment/create, update/:id). Special because the request is
 * written against a contract chosen through its construction, whose parties and money (requested,
 * approved, paid, what may still be requested) are shown as it is picked; because an amount above
 * what the contract may still take is flagged before saving (the server refuses it too, with a 422
 * naming the remaining amount, shown here); and because the documents to hand in follow the
 * transaction type. Update is offered only while the request is created or rejected; its contract is
 * fixed. Sends the version read; a 400 lands on its fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatAmount } from '@sitepay/domain/number-format';
import { type Payment, paymentKindOf } from '@sitepay/domain/payment.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type FieldError, type FieldValues, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { constructionsQuery, profileQuery } from '../../app/account.queries.ts';
import { useSelectedConstruction } from '../../app/layout/construction-selector.tsx';
// shared inputs of the contract screens (amounts typed with separators and read in words, pickers)
import { AmountField } from '../../components/amount-field.tsx';
import { PickerField, type PickerOption } from '../../components/picker-field.tsx';
import { ApiError, errorMessage } from '../../lib/error-catalogue.ts';
import { translateFieldError } from '../../lib/field-errors.ts';
import { FormField } from '../../resources/form-field.tsx';
import { isRequired } from '../../resources/form-values.ts';
import { paymentChangeable } from '../../resources/payment.resource.ts';
import { useSaveRecord } from '../../resources/resource.queries.ts';
import { type Mode, RecordFormPage, type RecordFormProps } from '../../resources/resource-form-page.tsx';
import {
  contractStatusQuery,
  departmentsQuery,
  directorsQuery,
  documentsForTypeQuery,
  invalidatePayments,
  payableContractsQuery,
  paymentDateQuery,
  paymentTypesQuery,
  transactionTypesQuery,
} from './payment.queries.ts';
import { exceeds, requestAllowance } from './payment-allowance.ts';
import { ContractStatusBox, DocumentChecklist, SelectField, SwitchField } from './payment-form-parts.tsx';

const FIELDS = [
  'contract_id',
  'payment_code',
  'transaction_type_id',
  'date',
  'amount',
  'invoice_amount',
  'settlement_amount',
  'guarantee_amount',
  'penalty_amount',
  'advance_recovery',
  'note',
  'internal_note',
  'isPriority',
  'department_id',
  'director_id',
  'attached_documents',
] as const;

const AMOUNTS = ['invoice_amount', 'settlement_amount', 'guarantee_amount', 'penalty_amount'] as const;

export function PaymentFormPage({ resource, mode }: { resource: RecordFormProps['resource']; mode: Mode }) {
  return <RecordFormPage resource={resource} mode={mode} form={PaymentFormGate} skeletonHeight={560} />;
}

/**
 * A request past created / rejected is not edited; a new one waits for the default payment date and
 * the user's department, which its form starts from.
 */
function PaymentFormGate(props: RecordFormProps) {
  const { t } = useTranslation();
  const creating = props.mode === 'create';
  const date = useQuery({ ...paymentDateQuery, enabled: creating });
  const profile = useQuery({ ...profileQuery, enabled: creating });
  if (props.mode === 'update' && props.record && !paymentChangeable(props.record)) {
    return (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to={`/management/payment/view/${props.record.id}`} color="inherit">
            {t('common.view')}
          </Button>
        }
      >
        {t('payment.form.locked')}
      </Alert>
    );
  }
  if (creating && (date.isPending || profile.isPending)) return <Skeleton variant="rounded" height={560} />;
  return (
    <PaymentForm
      {...props}
      defaultDate={date.data?.date ?? null}
      defaultDepartment={profile.data?.department_id ?? null}
    />
  );
}

function PaymentForm({
  resource,
  mode,
  record,
  defaultDate,
  defaultDepartment,
}: RecordFormProps & { defaultDate: string | null; defaultDepartment: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const payment = record as unknown as Payment | undefined;
  const schema = mode === 'update' ? resource.form.updateSchema : resource.form.createSchema;
  const save = useSaveRecord(resource, mode === 'update' ? String(record?.id) : undefined);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  const selected = useSelectedConstruction();
  const constructions = useQuery(constructionsQuery);

  // the form starts once (it is keyed by the record's version); a later change of the selector does
  // not reset what the user typed
  const [defaults] = useState(() => {
    const values: Record<string, unknown> = {};
    for (const name of FIELDS) values[name] = record?.[name] ?? '';
    if (payment) {
      values.construction_id = payment.construction_id;
      values.isPriority = payment.isPriority;
      values.attached_documents = payment.attached_documents ?? [];
      values.version = payment.version;
    } else {
      const fromUrl = Number(params.get('constructionId'));
      values.construction_id = fromUrl > 0 ? fromUrl : selected > 0 ? selected : '';
      values.contract_id = Number(params.get('contractId')) || '';
      values.date = defaultDate;
      values.isPriority = false;
      values.attached_documents = [];
      values.department_id = defaultDepartment ?? '';
    }
    return values;
  });
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaults,
  });
  const [constructionId, contractId, paymentCode, transactionTypeId, amount, penalty, departmentId] =
    useWatch({
      control: form.control,
      name: [
        'construction_id',
        'contract_id',
        'payment_code',
        'transaction_type_id',
        'amount',
        'penalty_amount',
        'department_id',
      ],
    });

  const contracts = useQuery({
    ...payableContractsQuery(Number(constructionId)),
    enabled: mode === 'create' && Number(constructionId) > 0,
  });
  const status = useQuery({ ...contractStatusQuery(Number(contractId)), enabled: Number(contractId) > 0 });
  const paymentTypes = useQuery(paymentTypesQuery);
  const transactionTypes = useQuery(transactionTypesQuery);
  const documents = useQuery({
    ...documentsForTypeQuery(Number(transactionTypeId)),
    enabled: Number(transactionTypeId) > 0,
  });
  const departments = useQuery(departmentsQuery);
  // the users list may be closed to the caller: the director is then named from the record only
  const users = useQuery({
    ...directorsQuery(Number(constructionId)),
    enabled: Number(constructionId) > 0,
  });

  // a document the new transaction type does not ask for is no longer ticked
  useEffect(() => {
    if (!documents.data) return;
    const known = new Set(documents.data.map((d) => d.id));
    const ticked = (form.getValues('attached_documents') as number[] | undefined) ?? [];
    if (ticked.some((id) => !known.has(id)))
      form.setValue(
        'attached_documents',
        ticked.filter((id) => known.has(id)),
      );
  }, [documents.data, form]);

  const label = (name: string) => t(`resources.payment.fields.${name}`);
  const errorText = (name: string) => (error: FieldError) => {
    if (error.type === 'ceiling') return error.message;
    return translateFieldError(t, label(name), error);
  };

  // what the contract may still take, as the server counts it (flagged before saving)
  const kind = paymentKindOf(String(paymentCode ?? ''));
  const contractStatus = status.data;
  const allowance = contractStatus
    ? requestAllowance(contractStatus, { paymentCode, penalty }, payment)
    : null;
  const over = allowance !== null && exceeds(amount, allowance);

  const chosenContract = contracts.data?.find((c) => c.id === Number(contractId));
  const parties = {
    contractor: chosenContract
      ? [chosenContract.constructor_code, chosenContract.constructor_name].filter(Boolean).join(' – ')
      : [payment?.constructor_code, payment?.constructor_name].filter(Boolean).join(' – '),
    beneficiary: chosenContract?.beneficiary_name ?? payment?.beneficiary_name ?? '',
    account: chosenContract
      ? [chosenContract.bank_name, chosenContract.account_number].filter(Boolean).join(' · ')
      : [payment?.bank_name, payment?.account_number].filter(Boolean).join(' · '),
  };

  const constructionOptions: PickerOption[] = (constructions.data ?? []).map((c) => ({
    id: c.id,
    code: c.code,
    label: c.name,
    flag: c.closed ? t('contract.form.closed') : undefined,
  }));
  const contractOptions: PickerOption[] = (contracts.data ?? []).map((c) => ({
    id: c.id,
    code: c.contract_no,
    label: c.constructor_name ?? '',
  }));
  const departmentOptions: PickerOption[] = withCurrent(
    (departments.data ?? []).map((d) => ({ id: d.id, code: d.code, label: d.name })),
    payment?.department_id,
    payment?.department_name,
  );
  const directorOptions: PickerOption[] = withCurrent(
    (users.data ?? []).map((u) => ({ id: u.id, code: u.user_name, label: u.full_name ?? u.user_name })),
    payment?.director_id,
    payment?.director_name,
  );
  const typeOptions = withCurrentChoice(
    (paymentTypes.data ?? [])
      .filter((p) => p.status === undefined || p.status === 'O')
      .map((p) => ({ value: p.code, label: p.name })),
    payment?.payment_code,
    payment?.payment_type_name,
  );
  const transactionOptions = withCurrentChoice(
    (transactionTypes.data ?? [])
      .filter((x) => x.status === undefined || x.status === 'O')
      .map((x) => ({ value: String(x.id), label: x.name })),
    payment ? String(payment.transaction_type_id) : undefined,
    payment?.transaction_type_name,
  );
  const transactionType = transactionTypes.data?.find((x) => x.id === Number(transactionTypeId));
  const debtAge =
    transactionType?.pay_date ??
    (payment?.transaction_type_id === Number(transactionTypeId) ? payment?.pay_date : undefined);

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    if (over && allowance !== null) {
      form.setError(
        'amount',
        { type: 'ceiling', message: t('payment.form.overRemaining', { remaining: formatAmount(allowance) }) },
        { shouldFocus: true },
      );
      return;
    }
    const body: Record<string, unknown> = { ...values };
    delete body.construction_id;
    if (kind !== 'progress' && kind !== 'settlement') body.advance_recovery = null;
    if (mode === 'update') {
      delete body.contract_id;
      body.version = record?.version;
    }
    try {
      const saved = await save.mutateAsync(body);
      await invalidatePayments(client);
      navigate(`${resource.routeBase}/view/${saved.id}`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 422) {
        setRefusal(errorMessage(error, t));
        void status.refetch();
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
  const resourceName = t('resources.payment.name');
  const grid = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } };
  const full = { gridColumn: { md: '1 / -1' } };
  const section = (title: string) => (
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 3, mb: 2 }}>
      {title}
    </Typography>
  );
  const text = (name: string, kindOf?: 'date' | 'textarea') => (
    <FormField
      spec={{ name, kind: kindOf, width: kindOf === 'textarea' ? 'full' : 'half' }}
      control={form.control}
      resource="payment"
      label={label(name)}
      required={isRequired(schema, name)}
    />
  );
  const money = (name: string, hint?: string) => (
    <AmountField
      key={name}
      name={name}
      control={form.control}
      label={label(name)}
      required={isRequired(schema, name)}
      hint={hint}
      errorText={errorText(name)}
    />
  );
  const amountHint =
    allowance !== null && !amount
      ? t('payment.form.remainingHint', { remaining: formatAmount(allowance) })
      : undefined;
  const chosen = Number(contractId) > 0;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {mode === 'create'
          ? t('actions.create', { resource: resourceName })
          : `${t('actions.update', { resource: resourceName })} ${payment?.requirement_no ?? ''}`}
      </Typography>
      {refusal && (
        <Alert severity="error" ref={refusalRef} tabIndex={-1} sx={{ mt: 2 }} data-testid="payment-refusal">
          <AlertTitle>{t('payment.form.refused')}</AlertTitle>
          {refusal}
          {allowance !== null && !status.isFetching && (
            <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }} data-testid="refusal-remaining">
              {t('payment.form.remainingHint', { remaining: formatAmount(allowance) })}
            </Typography>
          )}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={submit}>
        {section(t('payment.form.contract'))}
        <Box sx={grid}>
          {mode === 'create' ? (
            <>
              <PickerField
                name="construction_id"
                control={form.control}
                label={label('construction_id')}
                options={constructionOptions}
                loading={constructions.isPending}
                required
                autoFocus
                noOptionsText={t('payment.form.noOptions')}
                errorText={errorText('construction_id')}
                onPicked={() => form.setValue('contract_id', '')}
              />
              <PickerField
                name="contract_id"
                control={form.control}
                label={label('contract_id')}
                options={contractOptions}
                loading={Number(constructionId) > 0 && contracts.isPending}
                required
                disabled={!(Number(constructionId) > 0)}
                hint={
                  !(Number(constructionId) > 0)
                    ? t('payment.form.chooseConstructionFirst')
                    : contracts.isSuccess && contractOptions.length === 0
                      ? t('payment.form.noContracts')
                      : undefined
                }
                noOptionsText={t('payment.form.noContracts')}
                errorText={errorText('contract_id')}
              />
            </>
          ) : (
            <>
              <ReadOnly
                label={label('construction_name')}
                value={[payment?.construction_code, payment?.construction_name].filter(Boolean).join(' – ')}
              />
              <ReadOnly label={label('contract_no')} value={payment?.contract_no ?? ''} />
            </>
          )}
          {chosen && (
            <Box sx={full}>
              <ContractStatusBox
                parties={parties}
                status={contractStatus}
                loading={status.isPending}
                requirementNo={payment?.requirement_no ?? contractStatus?.next_requirement_no}
              />
            </Box>
          )}
        </Box>

        {section(t('payment.form.request'))}
        <Box sx={grid}>
          <SelectField
            name="payment_code"
            control={form.control}
            label={label('payment_code')}
            options={typeOptions}
            required
            errorText={errorText('payment_code')}
          />
          <SelectField
            name="transaction_type_id"
            control={form.control}
            label={label('transaction_type_id')}
            options={transactionOptions}
            numeric
            required
            hint={debtAge != null ? t('payment.form.debtAge', { days: debtAge }) : undefined}
            errorText={errorText('transaction_type_id')}
          />
          {text('date', 'date')}
          <SwitchField
            name="isPriority"
            control={form.control}
            label={label('isPriority')}
            hint={t('payment.form.priorityHint')}
          />
        </Box>

        {section(t('payment.form.amounts'))}
        <Box sx={grid}>
          <Box sx={full}>
            <AmountField
              name="amount"
              control={form.control}
              label={label('amount')}
              required
              hint={amountHint}
              errorText={errorText('amount')}
              sx={{ width: '100%' }}
            />
            {over && allowance !== null && (
              <Alert severity="warning" sx={{ mt: 1 }} data-testid="over-remaining">
                {t('payment.form.overRemaining', { remaining: formatAmount(allowance) })}
              </Alert>
            )}
            {kind === 'warranty' && contractStatus && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('payment.form.guaranteeRemaining', {
                  amount: formatAmount(contractStatus.guarantee_remaining),
                })}
              </Typography>
            )}
          </Box>
          {AMOUNTS.map((name) => money(name))}
          {(kind === 'progress' || kind === 'settlement') &&
            money(
              'advance_recovery',
              contractStatus
                ? t('payment.form.advanceOutstanding', {
                    amount: formatAmount(contractStatus.advance_outstanding),
                  })
                : undefined,
            )}
        </Box>

        {section(t('payment.form.content'))}
        <Box sx={grid}>
          {text('note', 'textarea')}
          {text('internal_note', 'textarea')}
        </Box>

        {section(t('payment.form.approver'))}
        <Box sx={grid}>
          <PickerField
            name="department_id"
            control={form.control}
            label={label('department_id')}
            options={departmentOptions}
            loading={departments.isPending}
            noOptionsText={t('payment.form.noOptions')}
            errorText={errorText('department_id')}
            onPicked={(id) => {
              const director = departments.data?.find((d) => d.id === id)?.director_id;
              if (director && !form.getValues('director_id')) form.setValue('director_id', director);
            }}
          />
          <PickerField
            name="director_id"
            control={form.control}
            label={label('director_id')}
            options={directorOptions}
            loading={users.isLoading}
            hint={departmentId ? undefined : t('payment.form.directorHint')}
            noOptionsText={t('payment.form.noOptions')}
            errorText={errorText('director_id')}
          />
        </Box>

        {section(t('payment.form.documents'))}
        <DocumentChecklist
          control={form.control}
          documents={documents.data ?? []}
          loading={documents.isPending}
          chosen={Number(transactionTypeId) > 0}
        />

        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', mt: 3, flexWrap: 'wrap' }}>
          <Button
            color="inherit"
            onClick={() => navigate(-1)}
            disabled={isSubmitting}
            startIcon={<ArrowBackIcon />}
          >
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

/** A record's current choice stays offered even when the list no longer has it. */
function withCurrent(
  options: PickerOption[],
  id: number | null | undefined,
  name: string | null | undefined,
) {
  return id && !options.some((o) => o.id === id) ? [...options, { id, label: name ?? `#${id}` }] : options;
}

function withCurrentChoice(
  options: { value: string; label: string }[],
  value: string | null | undefined,
  name: string | null | undefined,
) {
  return value && !options.some((o) => o.value === value)
    ? [...options, { value, label: name ?? value }]
    : options;
}
