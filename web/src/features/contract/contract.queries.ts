/**
 * The contract screens' queries: the pickers of the form (constructions, contractors, their
 * beneficiaries, contract types, taxes), a contract's annexes, payment summary and payment check,
 * and the annex and bank guarantee mutations. Keys start with ['resource', 'contract'] so that a saved
 * contract or annex refreshes the list, the record, its summary and its history at once; what else
 * a change refreshes is lib/changed-queries.ts's rule.
 */
import type { Beneficiary, Constructor as Contractor } from '@sitepay/domain/constructor.schema';
import type { ContractAnnex, ContractSummary } from '@sitepay/domain/contract.schema';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';
import { invalidateChanged } from '../../lib/changed-queries.ts';

export type NamedOption = { id: number; name: string; code?: string | null; status?: string };
export type TaxOption = NamedOption & { value: string };
export type PaymentCheck = {
  valid: boolean;
  reasons: { code: string; message: string }[];
  summary: ContractSummary;
};

const CONTRACT = ['resource', 'contract'] as const;
const PICKER_STALE_MS = 60_000;

export const contractorsQuery = queryOptions({
  queryKey: ['picker', 'constructor'],
  queryFn: ({ signal }) => api.get<Contractor[]>('constructor/list', { signal }),
  staleTime: PICKER_STALE_MS,
});

export const beneficiariesQuery = (constructorId: number) =>
  queryOptions({
    queryKey: ['picker', 'beneficiary', constructorId],
    queryFn: ({ signal }) =>
      api.get<Beneficiary[]>(`beneficiary/get-by-constructor/${constructorId}`, { signal }),
    staleTime: 0,
  });

export const contractTypesQuery = queryOptions({
  queryKey: ['picker', 'contract-type'],
  queryFn: ({ signal }) => api.get<NamedOption[]>('contract-type/list/all', { signal }),
  staleTime: PICKER_STALE_MS,
});

export const taxesQuery = queryOptions({
  queryKey: ['picker', 'tax'],
  queryFn: ({ signal }) => api.get<TaxOption[]>('admin/setting/tax', { signal }),
  staleTime: PICKER_STALE_MS,
});

export const contractSummaryQuery = (id: number) =>
  queryOptions({
    queryKey: [...CONTRACT, 'summary', id],
    queryFn: ({ signal }) => api.get<ContractSummary>(`contract/summary/${id}`, { signal }),
    staleTime: 0,
  });

export const paymentCheckQuery = (id: number) =>
  queryOptions({
    queryKey: [...CONTRACT, 'validate', id],
    queryFn: ({ signal }) => api.get<PaymentCheck>(`validate/contract/${id}`, { signal }),
    staleTime: 0,
  });

export const annexesQuery = (contractId: number) =>
  queryOptions({
    queryKey: [...CONTRACT, 'annexes', contractId],
    queryFn: ({ signal }) => api.get<ContractAnnex[]>(`contract-annex/list/${contractId}`, { signal }),
    staleTime: 0,
  });

export type AnnexValues = { annex_no: string; signed_date: string; amount: string; note: string };

/** Create, update (with the version read) or delete an annex; the contract's figures follow. */
export function useAnnexMutations(contractId: number) {
  const client = useQueryClient();
  const { t } = useTranslation();
  const name = t('resources.contract-annex.name');
  const fieldLabel = (field: string) =>
    t(`resources.contract-annex.fields.${field}`, { defaultValue: field });
  const onSuccess = () => invalidateChanged(client, 'contract-annex');
  const save = useMutation({
    mutationFn: ({ annex, values }: { annex?: ContractAnnex; values: AnnexValues }) =>
      annex
        ? api.put<ContractAnnex>(
            `contract-annex/update/${annex.id}`,
            { ...values, version: annex.version },
            { action: t('actions.update', { resource: name }), fieldLabel },
          )
        : api.post<ContractAnnex>(
            'contract-annex/create',
            { ...values, contract_id: contractId },
            { action: t('actions.create', { resource: name }), fieldLabel },
          ),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (annex: ContractAnnex) =>
      api.delete<ContractAnnex>(
        `contract-annex/delete/${annex.id}`,
        { version: annex.version },
        { action: t('actions.delete', { resource: name }) },
      ),
    onSuccess,
  });
  return { save, remove };
}
