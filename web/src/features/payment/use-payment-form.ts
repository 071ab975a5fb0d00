/**
 * The payment form's state beyond its fields: the values it starts from, and what it watches and
 * looks up as it is filled — the construction's payable contracts, the chosen contract's figures and
 * what it may still take (`payment-allowance.ts`), the types, the documents the transaction type asks
 * for, the departments and directors, the request's invoices — with the options the pickers offer.
 */
import { formatAmount } from '@sitepay/domain/number-format';
import { type Payment, paymentKindOf } from '@sitepay/domain/payment.schema';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { constructionsQuery } from '../../app/account.queries.ts';
import type { PickerOption } from '../../components/picker-field.tsx';
import { relatedListQuery } from '../../resources/resource.queries.ts';
import type { Mode } from '../../resources/resource-form-page.tsx';
import {
  contractStatusQuery,
  departmentsQuery,
  directorsQuery,
  documentsForTypeQuery,
  payableContractsQuery,
  paymentTypesQuery,
  transactionTypesQuery,
} from './payment.queries.ts';
import { exceeds, requestAllowance } from './payment-allowance.ts';

export const FIELDS = [
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

/**
 * The values the form starts from: the request's own; a new one's construction from the URL, else
 * the top bar's; its contract from the URL; the default payment date and the user's department.
 */
export function paymentDefaults(
  payment: Payment | undefined,
  params: URLSearchParams,
  selected: number,
  defaultDate: string | null,
  defaultDepartment: number | null,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const record = payment as unknown as Record<string, unknown> | undefined;
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
}

/**
 * The body a request is saved with: the construction only picks the contract; advance recovery only
 * on a progress or settlement payment; an update keeps its contract and sends the version read.
 */
export function paymentBody(
  values: FieldValues,
  mode: Mode,
  kind: ReturnType<typeof paymentKindOf>,
  version: unknown,
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...values };
  delete body.construction_id;
  if (kind !== 'progress' && kind !== 'settlement') body.advance_recovery = null;
  if (mode === 'update') {
    delete body.contract_id;
    body.version = version;
  }
  return body;
}

/** A record's current choice stays offered even when the list no longer has it. */
export function withCurrent(
  options: PickerOption[],
  id: number | null | undefined,
  name: string | null | undefined,
) {
  return id && !options.some((o) => o.id === id) ? [...options, { id, label: name ?? `#${id}` }] : options;
}

export function withCurrentChoice(
  options: { value: string; label: string }[],
  value: string | null | undefined,
  name: string | null | undefined,
) {
  return value && !options.some((o) => o.value === value)
    ? [...options, { value, label: name ?? value }]
    : options;
}

/** The form's watched values and lookups (see the file's head). */
export function usePaymentLookups(
  form: UseFormReturn<FieldValues>,
  mode: Mode,
  payment: Payment | undefined,
) {
  const { t } = useTranslation();
  const constructions = useQuery(constructionsQuery);
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
  // a request with VAT invoices takes its invoice amount from them (the view page's list, shared)
  const invoices = useQuery({
    ...relatedListQuery('payment', 'invoices', `payment-invoice/list/${payment?.id}`),
    enabled: mode === 'update' && Boolean(payment),
  });
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

  // what the contract may still take, as the server counts it (flagged before saving)
  const contractStatus = status.data;
  const allowance = contractStatus
    ? requestAllowance(contractStatus, { paymentCode, penalty }, payment)
    : null;
  const chosenContract = contracts.data?.find((c) => c.id === Number(contractId));
  const transactionType = transactionTypes.data?.find((x) => x.id === Number(transactionTypeId));

  return {
    constructionId,
    contractId,
    transactionTypeId,
    amount,
    departmentId,
    constructions,
    contracts,
    status,
    documents,
    departments,
    users,
    kind: paymentKindOf(String(paymentCode ?? '')),
    invoiceCount: invoices.data?.length ?? 0,
    contractStatus,
    allowance,
    over: allowance !== null && exceeds(amount, allowance),
    amountHint:
      allowance !== null && !amount
        ? t('payment.form.remainingHint', { remaining: formatAmount(allowance) })
        : undefined,
    parties: {
      contractor: chosenContract
        ? [chosenContract.constructor_code, chosenContract.constructor_name].filter(Boolean).join(' – ')
        : [payment?.constructor_code, payment?.constructor_name].filter(Boolean).join(' – '),
      beneficiary: chosenContract?.beneficiary_name ?? payment?.beneficiary_name ?? '',
      account: chosenContract
        ? [chosenContract.bank_name, chosenContract.account_number].filter(Boolean).join(' · ')
        : [payment?.bank_name, payment?.account_number].filter(Boolean).join(' · '),
    },
    constructionOptions: (constructions.data ?? []).map<PickerOption>((c) => ({
      id: c.id,
      code: c.code,
      label: c.name,
      flag: c.closed ? t('contract.form.closed') : undefined,
    })),
    contractOptions: (contracts.data ?? []).map<PickerOption>((c) => ({
      id: c.id,
      code: c.contract_no,
      label: c.constructor_name ?? '',
    })),
    departmentOptions: withCurrent(
      (departments.data ?? []).map((d) => ({ id: d.id, code: d.code, label: d.name })),
      payment?.department_id,
      payment?.department_name,
    ),
    directorOptions: withCurrent(
      (users.data ?? []).map((u) => ({ id: u.id, code: u.user_name, label: u.full_name ?? u.user_name })),
      payment?.director_id,
      payment?.director_name,
    ),
    typeOptions: withCurrentChoice(
      (paymentTypes.data ?? [])
        .filter((p) => p.status === undefined || p.status === 'O')
        .map((p) => ({ value: p.code, label: p.name })),
      payment?.payment_code,
      payment?.payment_type_name,
    ),
    transactionOptions: withCurrentChoice(
      (transactionTypes.data ?? [])
        .filter((x) => x.status === undefined || x.status === 'O')
        .map((x) => ({ value: String(x.id), label: x.name })),
      payment ? String(payment.transaction_type_id) : undefined,
      payment?.transaction_type_name,
    ),
    debtAge:
      transactionType?.pay_date ??
      (payment?.transaction_type_id === Number(transactionTypeId) ? payment?.pay_date : undefined),
  };
}

export type PaymentLookups = ReturnType<typeof usePaymentLookups>;
