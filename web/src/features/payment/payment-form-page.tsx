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
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatAmount } from '@sitepay/domain/number-format';
import type { Payment } from '@sitepay/domain/payment.schema';
import { paymentChangeable } from '@sitepay/domain/payment-workflow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { profileQuery } from '../../app/account.queries.ts';
import { useSelectedConstruction } from '../../app/layout/construction-selector.tsx';
import { FormSection, FormShell, formTitle, useFormRefusal } from '../../resources/form-shell.tsx';
import { useLeaveGuard } from '../../resources/leave-guard.tsx';
import { useSaveRecord } from '../../resources/resource.queries.ts';
import { type Mode, RecordFormPage, type RecordFormProps } from '../../resources/resource-form-page.tsx';
import { invalidatePayments, paymentDateQuery } from './payment.queries.ts';
import { DocumentChecklist } from './payment-form-parts.tsx';
import {
  AmountFields,
  ApproverFields,
  ContractFields,
  RequestFields,
  usePaymentFieldText,
} from './payment-form-sections.tsx';
import { FIELDS, paymentBody, paymentDefaults, usePaymentLookups } from './use-payment-form.ts';

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
  schema,
  defaultDate,
  defaultDepartment,
}: RecordFormProps & { defaultDate: string | null; defaultDepartment: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const payment = record as unknown as Payment | undefined;
  const save = useSaveRecord(resource, mode === 'update' ? String(record?.id) : undefined);
  const selected = useSelectedConstruction();
  // the form starts once (it is keyed by the record's version); a later change of the selector does
  // not reset what the user typed
  const [defaults] = useState(() =>
    paymentDefaults(payment, params, selected, defaultDate, defaultDepartment),
  );
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaults,
  });
  const look = usePaymentLookups(form, mode, payment);
  const field = usePaymentFieldText(form, schema);
  const refusal = useFormRefusal(form, FIELDS, () => void look.status.refetch());
  const { allowance } = look;

  const leave = useLeaveGuard(form.formState.isDirty);

  const submit = form.handleSubmit(async (values) => {
    refusal.clear();
    if (look.over && allowance !== null) {
      form.setError(
        'amount',
        { type: 'ceiling', message: t('payment.form.overRemaining', { remaining: formatAmount(allowance) }) },
        { shouldFocus: true },
      );
      return;
    }
    try {
      const saved = await save.mutateAsync(paymentBody(values, mode, look.kind, record?.version));
      await invalidatePayments(client);
      leave.release();
      navigate(`${resource.routeBase}/view/${saved.id}`);
    } catch (error) {
      refusal.apply(error);
    }
  });

  const sections = { form, look, field };
  return (
    <FormShell
      title={formTitle(t, mode, t('resources.payment.name'), payment?.requirement_no ?? '')}
      sectioned
      refusal={{
        ...refusal,
        title: t('payment.form.refused'),
        testId: 'payment-refusal',
        extra: allowance !== null && !look.status.isFetching && (
          <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }} data-testid="refusal-remaining">
            {t('payment.form.remainingHint', { remaining: formatAmount(allowance) })}
          </Typography>
        ),
      }}
      onSubmit={submit}
      submitting={form.formState.isSubmitting}
      leave={leave}
      cancelIcon={<ArrowBackIcon />}
    >
      <FormSection title={t('payment.form.contract')}>
        <ContractFields {...sections} creating={mode === 'create'} payment={payment} />
      </FormSection>
      <FormSection title={t('payment.form.request')}>
        <RequestFields {...sections} />
      </FormSection>
      <FormSection title={t('payment.form.amounts')}>
        <AmountFields {...sections} />
      </FormSection>
      <FormSection title={t('payment.form.content')}>
        {field.text('note', 'textarea')}
        {field.text('internal_note', 'textarea')}
      </FormSection>
      <FormSection title={t('payment.form.approver')}>
        <ApproverFields {...sections} />
      </FormSection>
      <FormSection title={t('payment.form.documents')} grid={false}>
        <DocumentChecklist
          control={form.control}
          documents={look.documents.data ?? []}
          loading={look.documents.isPending}
          chosen={Number(look.transactionTypeId) > 0}
        />
      </FormSection>
    </FormShell>
  );
}
