/** TanStack Query options and mutations shared by the generic resource pages. */
import type { Page } from '@sitepay/domain/paging';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api-client.ts';
import { invalidateChanged } from '../lib/changed-queries.ts';
import { ApiError } from '../lib/error-catalogue.ts';
import { type ListParams, reachableByNumber, toApiQuery, withStatusParam } from '../lib/list-params.ts';
import {
  endpointsOf,
  type RecordAction,
  type ResourceDescription,
  type ResourceRecord,
  type SchemaLoader,
  withId,
} from './resource.types.ts';

/** A list's answer; `cursorDropped` when the URL's cursor or deep page was refused and replaced. */
export type ListAnswer = Page<ResourceRecord> & { cursorDropped?: boolean };

/** The server refuses a cursor made for another listing, and offsets past MAX_PAGE_OFFSET. */
const isPagingRefusal = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 400 &&
  error.errors.some((e) => e.field === 'cursor' || (e.field === 'page' && e.message === 'too_deep'));

/**
 * The fields a list's screen reads of its rows, comma-separated, for a description that names what
 * its code reads besides its columns (`list.reads`); undefined (every field) without it. The id, the
 * title, each column and its flags with what their words read, the marked rows' field, the phone's
 * card and `reads` (the server adds `version` and `status`).
 */
export function listFields(resource: ResourceDescription): string | undefined {
  const list = resource.list;
  if (!list?.reads) return undefined;
  const fields = new Set(['id', resource.titleField]);
  for (const column of resource.columns) {
    fields.add(column.field);
    for (const flag of column.flags ?? []) {
      fields.add(flag.field);
      for (const field of flag.reads ?? []) fields.add(field);
    }
  }
  if (list.highlight) fields.add(list.highlight.field);
  for (const line of list.phoneCard ?? []) for (const field of line) fields.add(field);
  for (const field of list.reads) fields.add(field);
  return [...fields].join(',');
}

/**
 * One page of a list. A refused cursor (a link made under another sort or construction) or a page
 * too deep to read by number falls back, without a notice, to the same page by number when it can
 * be reached so, else page 1; the page then writes that into the URL.
 */
export const resourceListQuery = (
  resource: ResourceDescription,
  params: ListParams,
  options: { exactTotal?: boolean } = {},
) =>
  queryOptions({
    queryKey: ['resource', resource.name, 'list', params, options.exactTotal === true],
    queryFn: async ({ signal }): Promise<ListAnswer> => {
      const view = resource.list?.views?.find((v) => v.key === params.view);
      const path = view?.paging ?? endpointsOf(resource).paging;
      const query = {
        ...withStatusParam(
          toApiQuery(params, Boolean(resource.scopedByConstruction), options),
          resource.list?.statusParam,
        ),
        fields: listFields(resource),
      };
      try {
        return await api.get<ListAnswer>(path, { query, signal, recovers: isPagingRefusal });
      } catch (error) {
        if (!isPagingRefusal(error)) throw error;
        const page = params.cursor && reachableByNumber(params.page, params.itemsPerPage) ? params.page : 1;
        const answer = await api.get<ListAnswer>(path, {
          query: { ...query, cursor: undefined, page },
          signal,
        });
        return { ...answer, cursorDropped: true };
      }
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const resourceRecordQuery = (resource: ResourceDescription, id: string) =>
  queryOptions({
    queryKey: ['resource', resource.name, 'record', id],
    queryFn: ({ signal }) => api.get<ResourceRecord>(withId(endpointsOf(resource).get, id), { signal }),
    staleTime: 0,
  });

/** A picker's options: an API list answering an array (`admin/project/list/all`). */
export const referenceOptionsQuery = (endpoint: string) =>
  queryOptions({
    queryKey: ['options', endpoint],
    queryFn: ({ signal }) => api.get<ResourceRecord[]>(endpoint, { signal }),
    staleTime: 0,
  });

/** Records listed under a record's view page (a project's constructions, a contractor's beneficiaries). */
export const relatedListQuery = (resourceName: string, key: string, path: string) =>
  queryOptions({
    queryKey: ['resource', resourceName, 'related', key, path],
    queryFn: ({ signal }) => api.get<ResourceRecord[]>(path, { signal }),
    staleTime: 0,
  });

/**
 * A form's schemas, loaded once when a form is first shown (docs/adr/0114-schemas-loaded-with-the-form.md);
 * a module that failed to load (a deploy replaced it) goes to the route's error page, as a page's
 * own code does. `key`: the resource's name, and a section's key for a child's form.
 */
export const formSchemasQuery = (key: readonly string[], load: SchemaLoader) =>
  queryOptions({
    queryKey: ['form-schemas', ...key],
    queryFn: load,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    // zod schemas are class instances: kept as loaded
    structuralSharing: false,
    throwOnError: true,
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
      const path = withId(action === 'active' ? paths.active : paths.deactivate, record.id);
      if (resource.statusMethod === 'PUT') return api.put<ResourceRecord>(path, body, { action: label });
      return api.patch<ResourceRecord>(path, body, { action: label });
    },
    onSettled: () => invalidateResource(client, resource.name),
  });
}

/** A description's own state change (closing a construction…), sending the version read. */
export function useRecordAction(resource: ResourceDescription) {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ action, record }: { action: RecordAction; record: ResourceRecord }) => {
      const label = t(`resources.${resource.name}.actions.${action.key}`);
      const path = withId(action.path, record.id);
      const body = { version: record.version };
      const options = { action: label };
      if (action.method === 'POST') return api.post<ResourceRecord>(path, body, options);
      if (action.method === 'PUT') return api.put<ResourceRecord>(path, body, options);
      return api.patch<ResourceRecord>(path, body, options);
    },
    onSettled: () => invalidateResource(client, resource.name),
  });
}

/**
 * Everything shown of a resource (lists, records, related sections, history), the pickers, and what
 * other screens derive from it (lib/changed-queries.ts).
 */
export function invalidateResource(client: ReturnType<typeof useQueryClient>, name: string) {
  return invalidateChanged(client, name);
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
    onSuccess: () => invalidateResource(client, resource.name),
  });
}
