/** TanStack Query options and mutations shared by the generic resource pages. */
import type { Page } from '@sitepay/domain/common.schema';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api-client.ts';
import { type ListParams, toApiQuery } from '../lib/list-params.ts';
import { endpointsOf, type ResourceDescription, type ResourceRecord, withId } from './resource.types.ts';

export const resourceListQuery = (resource: ResourceDescription, params: ListParams) =>
  queryOptions({
    queryKey: ['resource', resource.name, 'list', params],
    queryFn: ({ signal }) =>
      api.get<Page<ResourceRecord>>(endpointsOf(resource).paging, {
        query: toApiQuery(params, Boolean(resource.scopedByConstruction)),
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const resourceRecordQuery = (resource: ResourceDescription, id: string) =>
  queryOptions({
    queryKey: ['resource', resource.name, 'record', id],
    queryFn: ({ signal }) => api.get<ResourceRecord>(withId(endpointsOf(resource).get, id), { signal }),
    staleTime: 0,
  });

export type StatusAction = 'active' | 'deactive' | 'delete';

/** Activate, deactivate or delete a record, sending the version it was read at. */
export function useStatusAction(resource: ResourceDescription) {
  const client = useQueryClient();
  const { t } = useTranslation();
  const paths = endpointsOf(resource);
  return useMutation({
    mutationFn: ({ action, record }: { action: StatusAction; record: ResourceRecord }) => {
      const label = t(`actions.${action}`, { resource: t(`resources.${resource.name}.name`) });
      const body = { version: record.version };
      if (action === 'delete')
        return api.delete<ResourceRecord>(withId(paths.delete, record.id), body, { action: label });
      const path = action === 'active' ? paths.active : paths.deactivate;
      return api.patch<ResourceRecord>(withId(path, record.id), body, { action: label });
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['resource', resource.name] }),
  });
}

/** Create, or update with the version read. */
export function useSaveRecord(resource: ResourceDescription, id: string | undefined) {
  const client = useQueryClient();
  const { t } = useTranslation();
  const paths = endpointsOf(resource);
  const fieldLabel = (field: string) =>
    t(`resources.${resource.name}.fields.${field}`, { defaultValue: field });
  return useMutation({
    mutationFn: (values: Record<string, unknown>) => {
      const resourceLabel = t(`resources.${resource.name}.name`);
      if (id === undefined) {
        return api.post<ResourceRecord>(paths.create, values, {
          action: t('actions.create', { resource: resourceLabel }),
          fieldLabel,
        });
      }
      return api.put<ResourceRecord>(withId(paths.update, id), values, {
        action: t('actions.update', { resource: resourceLabel }),
        fieldLabel,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['resource', resource.name] }),
  });
}
