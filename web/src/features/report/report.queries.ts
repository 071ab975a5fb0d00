/**
 * The reports' queries (GET /api/report/*, shapes in report.schema.ts) and the pickers of their
 * filters. Keys start with ['report']; a report is read again when the screen comes back to it
 * (staleTime 0) since its figures are sums at the moment of asking.
 */
import type { ContractSummary } from '@sitepay/domain/contract.schema';
import type {
  amountDistributionSchema,
  constructionReportSchema,
  constructorReportSchema,
  contractAnnexCountSchema,
  contractCountSchema,
  contractRankSchema,
  paymentReportSchema,
} from '@sitepay/domain/report.schema';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';

export type PaymentReport = z.infer<typeof paymentReportSchema>;
export type ConstructorReport = z.infer<typeof constructorReportSchema>;
export type ConstructionReport = z.infer<typeof constructionReportSchema>;
export type ContractCount = z.infer<typeof contractCountSchema>;
export type ContractAnnexCount = z.infer<typeof contractAnnexCountSchema>;
export type ContractRank = z.infer<typeof contractRankSchema>;
export type AmountDistribution = z.infer<typeof amountDistributionSchema>;

export type ReportApiQuery = Record<string, string | number>;

/** One report at `path` (payment, constructor, contract/count…) with its query. */
export const reportQueryOptions = <T>(path: string, query: ReportApiQuery) =>
  queryOptions({
    queryKey: ['report', path, query],
    queryFn: ({ signal }) => api.get<T>(`report/${path}`, { query, signal }),
    staleTime: 0,
    // a changed filter keeps the figures shown (dimmed) until the new ones arrive
    placeholderData: keepPreviousData,
  });

/**
 * The receivables dashboard's figures (`GET manage/statistics/billing|customer`): read as a report,
 * under the same ['report'] keys, so recording a receipt (which refreshes the reports) moves them.
 */
export const statisticsQueryOptions = <T>(name: 'billing' | 'customer', query: ReportApiQuery) =>
  queryOptions({
    queryKey: ['report', 'manage/statistics', name, query],
    queryFn: ({ signal }) => api.get<T>(`manage/statistics/${name}`, { query, signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export type NamedRecord = { id: number; code?: string | null; name: string; company_id?: number | null };

const PICKER_STALE_MS = 5 * 60_000;
/** A filter's choices; silent: a user who may not list them simply gets no such filter. */
const picker = (key: string, path: string) =>
  queryOptions({
    queryKey: ['report', 'picker', key],
    queryFn: ({ signal }) => api.get<NamedRecord[]>(path, { signal, silent: true }),
    staleTime: PICKER_STALE_MS,
  });

export const companiesQuery = picker('company', 'admin/company/list/all');
export const projectsQuery = picker('project', 'admin/project/list/all');
export const contractorsQuery = picker('constructor', 'constructor/list');
export const contractTypesQuery = picker('contract-type', 'contract-type/list/all');

/** A contractor's own record, for the heading of a contractor's page without contracts. */
export const contractorQuery = (id: number) =>
  queryOptions({
    queryKey: ['report', 'constructor-record', id],
    queryFn: ({ signal }) => api.get<NamedRecord>(`constructor/get/${id}`, { signal }),
  });

export type ContractRecord = {
  id: number;
  contract_no: string;
  status: string;
  construction_id: number;
  construction_code: string | null;
  construction_name: string | null;
  constructor_id: number;
  constructor_code: string | null;
  constructor_name: string | null;
  contract_type_name: string | null;
  signed_date: string | null;
  contract_value: string | null;
  amount_vat: string;
};

export const contractRecordQuery = (id: number) =>
  queryOptions({
    queryKey: ['report', 'contract', id],
    queryFn: ({ signal }) => api.get<ContractRecord>(`contract/get/${id}`, { signal }),
    staleTime: 0,
  });

export const contractSummaryQuery = (id: number) =>
  queryOptions({
    queryKey: ['report', 'contract-summary', id],
    queryFn: ({ signal }) => api.get<ContractSummary>(`contract/summary/${id}`, { signal }),
    staleTime: 0,
  });

export type ContractPayment = {
  id: number;
  requirement_no: number;
  date: string;
  due_date: string | null;
  amount: string;
  approval_status: string;
  payment_status: string;
  status: string;
  overdue?: boolean;
  note: string | null;
};

/** A contract's payment requests (for users who may read them; silent for the others). */
export const contractPaymentsQuery = (id: number) =>
  queryOptions({
    queryKey: ['report', 'contract-payments', id],
    queryFn: ({ signal }) =>
      api.get<ContractPayment[]>(`payment-transaction/get-by-contract/${id}`, { signal, silent: true }),
    staleTime: 0,
  });
