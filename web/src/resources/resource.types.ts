/**
 * What a resource description says. One object per entity drives the generic list, form and view
 * pages; labels come from i18n keys `resources.<name>.name|plural|fields.<field>`.
 */
import type { z } from 'zod';

export type ColumnKind = 'text' | 'date' | 'amount' | 'number' | 'status';

export type ColumnSpec = {
  field: string;
  kind?: ColumnKind;
  /** Fixed width in px; otherwise the column flexes with `flex` (default 1). */
  width?: number;
  flex?: number;
  minWidth?: number;
  sortable?: boolean;
  /** Left out on screens narrower than this breakpoint (phones scroll less). */
  hideBelow?: 'sm' | 'md';
};

export type FieldKind = 'text' | 'textarea' | 'email' | 'tel' | 'number' | 'amount' | 'date';

export type FieldSpec = {
  name: string;
  kind?: FieldKind;
  /** 'full' takes the whole row on wide screens; fields are half width by default. */
  width?: 'half' | 'full';
};

/** API paths relative to /api; `{id}` is replaced. Defaults follow SPEC §7's common spelling. */
export type ResourceEndpoints = {
  paging: string;
  get: string;
  create: string;
  update: string;
  active: string;
  deactivate: string;
  delete: string;
};

export type ResourceDescription = {
  /** i18n key and CASL subject (the menu name). */
  name: string;
  apiBase: string;
  routeBase: string;
  endpoints?: Partial<ResourceEndpoints>;
  /** The field that names a record in confirmations and the view title. */
  titleField: string;
  /**
   * How the top bar's construction selector filters the list: `true` sends its value (the query's
   * constructionId, else the first construction); `'explicit'` only a constructionId the URL carries
   * (a choice the user made), so records tied to no construction yet stay in sight by default.
   */
  scopedByConstruction?: boolean | 'explicit';
  columns: ColumnSpec[];
  defaultSort?: { field: string; desc: boolean };
  form: {
    fields: FieldSpec[];
    createSchema: z.ZodType;
    updateSchema: z.ZodType;
  };
  /** Fields the view page shows; defaults to the form's fields. */
  viewFields?: string[];
  /** Actions a row offers; all by default. */
  actions?: { view?: boolean; update?: boolean; status?: boolean; delete?: boolean; create?: boolean };
};

export type ResourceRecord = { id: number; status: string; version: number } & Record<string, unknown>;

export function endpointsOf(resource: ResourceDescription): ResourceEndpoints {
  const base = resource.apiBase.replace(/\/+$/, '');
  return {
    paging: `${base}/paging`,
    get: `${base}/get/{id}`,
    create: `${base}/create`,
    update: `${base}/update/{id}`,
    active: `${base}/active/{id}`,
    deactivate: `${base}/deactivate/{id}`,
    delete: `${base}/delete/{id}`,
    ...resource.endpoints,
  };
}

export const withId = (path: string, id: number | string) =>
  path.replace('{id}', encodeURIComponent(String(id)));
