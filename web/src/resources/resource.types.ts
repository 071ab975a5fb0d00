/**
 * What a resource description says. One object per entity drives the generic list, form and view
 * pages; labels come from i18n keys `resources.<name>.name|plural|fields.<field>`, choice labels from
 * `resources.<name>.choices.<field>.<value>`, flag chips from `resources.<name>.flags.<field>`, extra
 * actions from `resources.<name>.actions|confirm.<key>`, related sections from
 * `resources.<name>.related.<key>.*`.
 */
import type { ComponentType } from 'react';
import type { z } from 'zod';
import type { Lang } from '../i18n/i18n.ts';
import type { AppAbility } from '../lib/ability.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type ChipColor = 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

/** The icon of a flag chip: a lock (closed), a flag (priority), a clock (overdue). */
export type FlagIcon = 'lock' | 'flag' | 'clock' | 'account' | 'person';

/**
 * How a value reads in a list cell or on the view page: `percent` "10%", `choice` the translated
 * label of an enum value, `state` that label as a chip coloured by `colors` (an approval status),
 * `flag` a chip when true (e.g. a closed construction), nothing when false.
 */
export type ColumnKind =
  | 'text'
  | 'date'
  | 'amount'
  | 'number'
  | 'percent'
  | 'status'
  | 'choice'
  | 'state'
  | 'flag';

export type ColumnSpec = {
  field: string;
  kind?: ColumnKind;
  /**
   * The first paint's width in px (else it flexes with `flex`, default 1). Once the list is measured,
   * every column is sized to its header and the page's values and fitted to the window
   * (`list-columns.ts`): long text narrows with "…" (whole on hover), and when even that does not fit,
   * columns leave from the right — never the record's name or link, its status or state, its amount.
   */
  width?: number;
  flex?: number;
  minWidth?: number;
  sortable?: boolean;
  /** Left out on screens narrower than this breakpoint (phones scroll less; `xl`: 1920 px monitors only). */
  hideBelow?: 'sm' | 'md' | 'lg' | 'xl';
  /** `state`: the chip's colour per value (labels: `resources.<name>.choices.<field>.<value>`). */
  colors?: Record<string, ChipColor>;
  /** `flag`: the chip's icon (a lock by default). */
  icon?: FlagIcon;
  /**
   * Boolean fields of the record shown after the cell's value, each as its icon when true (named by
   * `resources.<name>.flags.<field>`): a priority request, an overdue one.
   */
  flags?: {
    field: string;
    icon: FlagIcon;
    /** The flag's words from the record (who changed an account, and when), instead of its name. */
    detail?: (record: ResourceRecord, t: Translate, lang: Lang) => string;
    /** The fields `detail` reads (a list that names its fields asks for them: `list.reads`). */
    reads?: readonly string[];
  }[];
  /** The cell's text from the whole record (two fields read together) instead of the field's value. */
  text?: (record: ResourceRecord, t: Translate, lang: Lang) => string;
  /** Makes the cell a link to this path. */
  link?: (record: ResourceRecord) => string | null;
};

/**
 * Form controls: `integer` and `decimal`/`percent` are typed as text and checked by the schema;
 * `date` accepts DD/MM/YYYY, D/M/YYYY or YYYY-MM-DD and is kept as ISO; `reference` picks a record
 * from an API list (`options`); `references` picks several (an array of ids: a privilege's
 * endpoints); `choice` picks one of `choices`; `boolean` is a switch.
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'tel'
  | 'number'
  | 'integer'
  | 'decimal'
  | 'percent'
  | 'amount'
  | 'date'
  | 'reference'
  | 'references'
  | 'choice'
  | 'boolean'
  | 'password';

/** How a record reads in a picker and on the view page when "code – name" does not fit (a menu). */
export type RecordLabel = (record: Record<string, unknown>, lang: Lang) => string;

/** Where a reference field's options come from: an API list answering an array of records. */
export type ReferenceSource = {
  /** Relative to /api, e.g. 'admin/project/list/all'. */
  endpoint: string;
  /** The option's field the form keeps (`code`: an endpoint's type); `id` by default. */
  valueField?: string;
  /** The option's label; `optionLabel` ("code – name") by default. */
  label?: RecordLabel;
  /**
   * The option's fields searched beside its label (its entity's `search` fields: a bank's short name
   * and BIN), named beside the label when it does not show them (reference-search.ts).
   */
  searchFields?: readonly string[];
};

export type FieldSpec = {
  name: string;
  kind?: FieldKind;
  /** 'full' takes the whole row on wide screens; fields are half width by default. */
  width?: 'half' | 'full';
  /** `reference`: the list to pick from. */
  options?: ReferenceSource;
  /** `reference` (and a bare id): the display column the API adds (`project_name`), for the view page. */
  display?: string;
  /** `choice`: the allowed values, labelled `resources.<name>.choices.<field>.<value>`. */
  choices?: readonly string[];
  /** A placeholder, `resources.<name>.placeholders.<field>` (a role code's "ROLE_…"). */
  placeholder?: boolean;
  /** Only on this form (a user's first password: create only). */
  only?: 'create' | 'update';
  /**
   * A hint under the field (shown while it has no error): `true` reads `resources.<name>.hints.<field>`;
   * a function picks the key under `hints` from the record being edited (undefined on create), or
   * none — an e-mail configuration's "a password is stored; leave empty to keep it".
   */
  hint?: boolean | ((record: Record<string, unknown> | undefined) => string | null);
};

/**
 * API paths relative to /api; `{id}` is replaced. Defaults follow the common spelling of
 * docs/product.md#api-paths.
 */
export type ResourceEndpoints = {
  paging: string;
  get: string;
  create: string;
  update: string;
  active: string;
  deactivate: string;
  delete: string;
};

/**
 * A state change beyond activate/deactivate/delete (closing a construction): one call sending the
 * record's version, asked for with a confirmation, offered on the list row and the view page.
 */
export type RecordAction = {
  /** i18n: `resources.<name>.actions.<key>` (label) and `resources.<name>.confirm.<key>` (question). */
  key: string;
  method: 'PATCH' | 'POST' | 'PUT';
  /** With `{id}`; the body is `{version}`. */
  path: string;
  /** Offered only when this holds (e.g. not closed yet); never on a deleted record. */
  when?: (record: ResourceRecord) => boolean;
  color?: 'primary' | 'warning' | 'error' | 'success';
  icon?: 'lock' | 'lockOpen' | 'send';
  /** The right on the resource it needs: `update` by default, `read` for a read-only screen's action (resend a mail). */
  right?: 'read' | 'update';
  /** Offered on the view page only, not on every list row (a user's sign-in unlock). */
  viewOnly?: boolean;
};

/**
 * Existing records linked to this one (a project's constructions, a company's projects): listed,
 * linked by picking from the candidates and unlinked with a confirmation when `add` / `remove` say
 * how; read only without them. Texts: `resources.<name>.related.<key>.title|add|
 * remove|confirmRemove|pick|empty|none`; column labels from `resources.<childResource>.fields`.
 */
export type LinkedSection = {
  kind: 'linked';
  key: string;
  /** The CASL subject whose read right the section needs (`contract`): hidden from users without it. */
  requires?: string;
  /** The view page's tab it sits in (`resources.<name>.tabs.<tab>`); see `ResourceDescription.related`. */
  tab?: string;
  childResource: string;
  /** The linked records, an array; `{id}` is this record's id. */
  list: string;
  columns: ColumnSpec[];
  titleField: string;
  /** Where a linked record opens, `{id}` its id. */
  viewRoute?: string;
  /** How a candidate reads in the add dialog; `optionLabel` ("code – name") by default. */
  optionLabel?: RecordLabel;
  /**
   * The records of `list` and of the candidates this section is about, when two sections share them
   * (a user's rights roles and data scopes: one picker each).
   */
  only?: (record: ResourceRecord) => boolean;
  add?: {
    /** Records that may be linked, an array; `{id}` is this record's id. */
    candidates: string;
    /** POST (or `method`); `{id}` is this record's id. */
    path: string;
    method?: 'POST' | 'PATCH';
    /** One call per picked record (the API takes one id per call), `body` given `[id]`. */
    each?: boolean;
    body: (parentId: number, ids: number[]) => unknown;
  };
  remove?: {
    /** DELETE; `{id}` is this record's id. */
    path: string;
    body: (parentId: number, child: ResourceRecord) => unknown;
  };
};

/** A form's zod schemas: the body a create sends, and an update's (with the version read). */
export type FormSchemas = { create: z.ZodType; update: z.ZodType };
/**
 * A form's schemas, loaded when a form is shown: a list's first screen loads no zod
 * (docs/adr/0114-schemas-loaded-with-the-form.md).
 */
export type SchemaLoader = () => Promise<FormSchemas>;

/**
 * Records owned by this one and edited in place (a contractor's beneficiaries, a payment request's
 * invoices): listed, created, edited and deleted in a dialog on the view page, each with its own
 * change history — changed only while this record is `changeable`. Texts:
 * `resources.<name>.related.<key>.title|empty|locked` (`locked`: why they cannot change now, shown to
 * whoever could change them otherwise); fields from `resources.<childResource>.fields`.
 */
export type ChildrenSection = {
  kind: 'children';
  key: string;
  requires?: string;
  tab?: string;
  childResource: string;
  /** The child kind's API base (`beneficiary`): create, update/{id}, delete/{id}, history/{id}. */
  apiBase: string;
  /** The children, an array; `{id}` is this record's id. */
  list: string;
  /** The child's field holding this record's id, sent on create. */
  parentField: string;
  columns: ColumnSpec[];
  titleField: string;
  form: { fields: FieldSpec[]; schemas: SchemaLoader };
  /** Amount columns summed on a totals line (an invoice's amounts). */
  totals?: string[];
  /** A line under the dialog's fields from what is typed (an invoice's VAT and total); null: none. */
  preview?: (values: Record<string, unknown>, t: Translate) => string | null;
  /**
   * Each child keeps files (a guarantee's scanned letter): the shared file routes under this base
   * (`contract-guarantee/file`: `list/{childId}`, `upload` with the field `id`, `download/{fileId}`,
   * `delete/{fileId}`), offered per row in a dialog, changed while the children may change. Texts:
   * `resources.<name>.related.<key>.files`.
   */
  files?: string;
};

/**
 * A read-only paged list about this record (a user's sign-ins, a construction's contracts):
 * `{items, total, …}` read page by page with the paging query, optionally searched; a column's
 * `link` opens a row. Texts: `resources.<name>.related.<key>.title|empty`;
 * column labels from `resources.<childResource>.fields`.
 */
export type PagedSection = {
  kind: 'paged';
  key: string;
  requires?: string;
  tab?: string;
  childResource: string;
  /**
   * A paging endpoint; `{id}` is this record's id. It may carry its own query
   * (`payment-transaction/paging?constructionId={id}`), kept beside the page and search.
   */
  list: string;
  columns: ColumnSpec[];
  search?: boolean;
};

export type RelatedSection = LinkedSection | ChildrenSection | PagedSection;

/**
 * What a list shows beyond the common search and status select. Texts: status chips
 * `resources.<name>.statusFilter.<value>` (else `statusFilter.<value>`), views
 * `resources.<name>.views.<key>`, filters `resources.<name>.filters.<key>`, the highlight
 * `resources.<name>.flags.<field>`.
 */
/**
 * A list filter's control: a choice (its words under `words.<value>`), a day, or a record picked from
 * `endpoint`; `label` is an i18n key.
 */
export type ListFilterField = { key: string; label: string } & (
  | { kind: 'choice'; choices: readonly string[]; words: string }
  | { kind: 'date' }
  | { kind: 'reference'; endpoint: string }
);

export type ListOptions = {
  /** The API's `status` values, offered as chips instead of the select; `[]` offers none. */
  statuses?: readonly string[];
  /**
   * The query key the chips' value goes under when the API filters on another field than the
   * record's `status` (a bill's `state`: open, paid, overdue); `status` is then not sent.
   */
  statusParam?: string;
  /** Quick views: other paging endpoints taking the same query (`payment-transaction/today/paging`). */
  views?: { key: string; paging: string }[];
  /** URL parameters passed to the API as they are (`paymentId`), shown as a chip that removes them. */
  filters?: string[];
  /**
   * Of those, the ones holding a record's id, and how its chip names it: the API read of the record
   * (`payment-transaction/get/{id}`) and the words of it shown (its number, not "#12").
   */
  filterRecords?: Record<string, { get: string; name: (record: ResourceRecord) => string }>;
  /** Of those, the ones offered as controls above the grid (list/list-filters.tsx). */
  filterFields?: readonly ListFilterField[];
  /** The list answers `totals` over its filter (when its count is exact; list/list-totals.tsx). */
  totals?: boolean;
  /** A boolean field that marks its row (an overdue request). */
  highlight?: { field: string; color: 'error' | 'warning' };
  /**
   * The fields the list's own code reads of a row besides its columns, their flags (and what the
   * flags' words read), `highlight`, `phoneCard` and `titleField` (the ticked rows' bar: what a batch
   * line needs). A list that gives it asks the server for those fields alone (`fields`): its rows
   * then hold those and `id`, `version`, `status`, nothing else
   * (docs/adr/0122-a-named-list-answers-only-what-it-names.md); without it, every field.
   */
  reads?: readonly string[];
  /**
   * Left out on phones (below sm); the row number by default. On phones a row's actions fold into
   * one "more" menu; without the actions a column should `link` to the record.
   */
  hideOnPhones?: ('rowNumber' | 'actions')[];
  /**
   * On phones (below sm) each row is a card instead of columns: each entry a line of the card with
   * the cells of those columns side by side, the first line its heading (what a reader needs first,
   * the amount of a request). The columns need not show on phones otherwise.
   */
  phoneCard?: readonly (readonly string[])[];
  /**
   * Rows may be ticked, for those who `may`, and the bar `bar` loads (a chunk of its own) acts on the
   * ticked rows above the list (the payment list's "make a batch"); a page giving its own `selection`
   * (the approval queue) overrides it.
   */
  selection?: {
    may: (ability: AppAbility) => boolean;
    bar: () => Promise<ComponentType<{ rows: ResourceRecord[]; clear: () => void }>>;
  };
};

export type ResourceDescription = {
  /** i18n key and CASL subject (the menu name). */
  name: string;
  apiBase: string;
  routeBase: string;
  /** Where a record opens, `{id}` its id; `<routeBase>/view/{id}` by default. */
  viewRoute?: string;
  /** List options beyond search and the status select. */
  list?: ListOptions;
  /**
   * The list's Excel export (`export/contract`, relative to /api), taking the list's own query
   * without its paging: the list then offers "Export to Excel" to users who may read it
   * (`export.*` strings), with the download's progress and a Cancel.
   */
  exportPath?: string;
  /**
   * Whether a record may be edited, activated, deactivated or deleted now (a payment request only
   * while created or rejected); always by default. Permissions still apply.
   */
  changeable?: (record: ResourceRecord) => boolean;
  endpoints?: Partial<ResourceEndpoints>;
  /**
   * The method of `active` and `deactivate`: PATCH by default, PUT for applications
   * (docs/product.md#applications).
   */
  statusMethod?: 'PATCH' | 'PUT';
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
  /** `schemas` none for a list only read (no create or update page). */
  form: { fields: FieldSpec[]; schemas?: SchemaLoader };
  /**
   * Fields the view page shows; defaults to the form's fields. A field the form does not have is
   * named with its kind (`{ name: 'vat_amount', kind: 'amount' }`) when it is not plain text. The
   * change history shows these fields, the form's and the columns' (and no other), read by kind.
   */
  viewFields?: ViewField[];
  /** Boolean fields shown as a chip beside the status on the view page when true (`closed`). */
  flags?: string[];
  /** Actions a row offers; all by default. */
  actions?: { view?: boolean; update?: boolean; status?: boolean; delete?: boolean; create?: boolean };
  /** State changes of this kind beyond the usual ones. */
  recordActions?: RecordAction[];
  /**
   * Sections under the view page's fields. When some name a `tab`, the view page shows tabs: first
   * the record (`resources.<name>.tabs.info`: fields, untabbed sections, files, history), then one
   * per tab in the order first named; the open tab is in the URL (`?tab=`).
   */
  related?: RelatedSection[];
  /**
   * Activation and deletion offered on the view page too (lists always offer them): beside edit, or
   * at the foot of the record's own tab when the page has tabs.
   */
  viewActions?: ('status' | 'delete')[];
  /**
   * The record's files on its view page, through the shared file panel: list
   * `<apiBase>/file/list/{id}`, upload `<apiBase>/file/upload` (multipart, field `id`), download
   * `<apiBase>/file/download/{fileId}`, delete `<apiBase>/file/delete/{fileId}`.
   */
  files?: boolean;
  /** `false`: the API keeps no change history of this kind, so the view page shows none. */
  history?: boolean;
  /**
   * Screens of its own instead of the generic list, form or view (a feature's page in
   * `features/<area>/`), each loaded when first opened.
   */
  pages?: Partial<Record<'list' | 'create' | 'update' | 'view', () => Promise<ResourcePage>>>;
};

/** A screen replacing a generic one: given the description and, for a form, whether it creates or updates. */
export type ResourcePage = ComponentType<{ resource: ResourceDescription; mode: 'create' | 'update' }>;

export type ResourceRecord = { id: number; status: string; version: number } & Record<string, unknown>;

/** A field of the view page: its name, with its kind when the form does not describe it. */
export type ViewField = string | { name: string; kind?: ColumnKind | FieldKind };

/** The view page's fields by name and kind (the view field's own, else the form field's, else the column's). */
export function viewFieldsOf(
  resource: Pick<ResourceDescription, 'viewFields' | 'columns'> & { form: { fields: FieldSpec[] } },
): { name: string; kind?: ColumnKind | FieldKind }[] {
  const kindOf = (name: string) =>
    resource.form.fields.find((f) => f.name === name)?.kind ??
    resource.columns.find((c) => c.field === name)?.kind;
  return (resource.viewFields ?? resource.form.fields.map((f) => f.name)).map((field) =>
    typeof field === 'string'
      ? { name: field, kind: kindOf(field) }
      : { name: field.name, kind: field.kind ?? kindOf(field.name) },
  );
}

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
