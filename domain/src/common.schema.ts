/**
 * What every record schema shares: status codes, the paging query and answer,
 * the error envelope, and the small field helpers (empty string → null, ids, version).
 * An entity schema builds on these so the server and the forms read the same rules.
 */
import { z } from 'zod';
import { AMOUNT_PATTERN, compareAmounts, numberText } from './money.ts';
import { DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE, statusFilters } from './paging.ts';
import { cleanPhoneNumber, isPhoneNumber } from './phone-number.ts';

export type { ListTotals, Page, StatusFilter } from './paging.ts';
// the paging constants and types, in a module without zod that the screens' lists import
export {
  DEFAULT_ITEMS_PER_PAGE,
  EXACT_TOTAL_LIMIT,
  MAX_ITEMS_PER_PAGE,
  MAX_PAGE_OFFSET,
  statusFilters,
} from './paging.ts';

export const recordStatuses = ['O', 'C', 'D'] as const;
export type RecordStatus = (typeof recordStatuses)[number];
export const recordStatusLabels: Record<string, string> = {
  O: 'Active',
  C: 'InActive',
  D: 'Deleted',
};
export const statusLabel = (status: string): string => recordStatusLabels[status] ?? 'Unknow';

/**
 * SPEC's spelling (docs/product.md#terms) of a body field the API names otherwise (SPEC's `roleDefault` for
 * `role_default_id`), declared on the field: every schema built from it (`.extend`, `.pick`) keeps
 * it. The server accepts either spelling (both with different values is a 400) and documents both
 * (server/src/http/strict-body.ts); the forms send the API's name.
 */
export const specNames = z.registry<{ specName: string; former?: boolean }>();
export const specName = <T extends z.ZodType>(name: string, schema: T): T => {
  specNames.add(schema, { specName: name });
  return schema;
};
/**
 * A field's former API name, still accepted the same way as SPEC's spellings (a contract's
 * `guarantee_percent` for `retention_percent`: docs/adr/0069-retention-apart-from-bank-guarantees.md).
 */
export const formerName = <T extends z.ZodType>(name: string, schema: T): T => {
  specNames.add(schema, { specName: name, former: true });
  return schema;
};

/** Turns "" and whitespace-only strings into null, as the API promises for every field. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/**
 * A required text field: trimmed, not blank, at most `max` characters. The string's own message
 * (`required`) would otherwise name a text that is too long too.
 */
export const requiredText = (max = 255) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: 'required' }).min(1, { error: 'required' }).max(max, { error: 'too_long' }),
  );

/**
 * An optional text field: blank becomes null (cleared). Absent stays absent: a create stores
 * null, an update leaves the stored value alone — a client that omits a field never wipes it.
 */
export const optionalText = (max = 1000) =>
  z.preprocess(
    (v) => blankToNull(typeof v === 'string' ? v.trim() : v),
    z.string().max(max).nullable().optional(),
  );

/**
 * A phone number (phone-number.ts): kept as typed, trimmed, refused with `invalid_phone` when its
 * digits are not a number; blank clears an optional one.
 */
export const phoneField = (required: boolean, max = 30) => {
  const phone = z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .max(max, { error: 'too_long' })
    .refine(isPhoneNumber, { error: 'invalid_phone' });
  return z.preprocess(
    (v) => (typeof v === 'string' ? (required ? cleanPhoneNumber(v) : blankToNull(cleanPhoneNumber(v))) : v),
    required ? phone : phone.nullable().optional(),
  );
};

export const optionalEmail = () =>
  z.preprocess(
    (v) => blankToNull(typeof v === 'string' ? v.trim() : v),
    z.email({ error: 'invalid_email' }).max(255).nullable().optional(),
  );

export const MAX_ID = 2_147_483_647; // ids are PostgreSQL integers

/**
 * A whole number as the API reads it: a JSON integer, or text of plain decimal digits (a leading
 * minus where the bounds allow one). Ids and counts in paths and queries are always text, and
 * `Number()` would read "0x10" as 16 and "1e1", " 16", "16.0", "+16" as numbers too: here they stay
 * text and are refused (400 naming the field). The one place the API turns text into a number.
 */
const WHOLE_NUMBER_TEXT = /^-?\d{1,16}$/;
export const wholeNumberText = (v: unknown): unknown =>
  typeof v === 'string' && WHOLE_NUMBER_TEXT.test(v) ? Number(v) : v;
export const wholeNumber = (opts: { min?: number; max?: number; error?: string; minError?: string } = {}) => {
  let n = z.number(opts.error ? { error: opts.error } : undefined).int();
  if (opts.min !== undefined) n = n.min(opts.min, opts.minError ? { error: opts.minError } : undefined);
  if (opts.max !== undefined) n = n.max(opts.max);
  return z.preprocess(wholeNumberText, n);
};

/** A record's id in a path, a query or a body: 1 … MAX_ID. */
export const idParam = wholeNumber({ min: 1, max: MAX_ID });
/**
 * The construction selector (docs/product.md#api-conventions): a construction's id, or -1 for all the user
 * may see.
 */
export const constructionSelector = wholeNumber({ min: -1, max: MAX_ID });

/** A required reference to another record (a select in the form). */
export const requiredRef = () =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    wholeNumber({ error: 'required', min: 1, minError: 'required', max: MAX_ID }),
  );
/** An optional reference: empty becomes null (cleared), absent stays absent. */
export const optionalRef = () =>
  z.preprocess(
    (v) => (v === '' ? null : wholeNumberText(v)),
    z.number().int().positive().max(MAX_ID).nullable().optional(),
  );
/** A whole number within bounds, typed or pasted as text. */
export const intField = (min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), wholeNumber({ error: 'required', min, max }));
/**
 * An optional whole number within bounds: empty (a form's untouched field) is absent, so a create
 * takes the server's default and an update leaves the stored value alone. (`intField().optional()`
 * refuses '' as "required", because the emptiness is found inside the optional.)
 */
export const optionalInt = (min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), wholeNumber({ min, max }).optional());
/**
 * An exact decimal kept as a string, never a float: exactly the API's amount form (`AMOUNT_PATTERN`,
 * money.ts) or a JSON number whose decimal text has it; anything else is refused with `message`,
 * nothing is trimmed or stripped. Bounds compare exactly (hundredths), not as floats.
 */
const within = (s: string) => AMOUNT_PATTERN.test(s);
const strictDecimal = (message: string, opts: { min?: number; max?: number }) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? (numberText(v) ?? v) : v),
    z
      .string({
        error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : message),
      })
      .min(1, { error: 'required' })
      .regex(AMOUNT_PATTERN, { error: message })
      // zod runs every check: the bounds only judge what has the form
      .refine((s) => !within(s) || opts.min === undefined || compareAmounts(s, opts.min) >= 0, {
        error: 'too_small',
      })
      .refine((s) => !within(s) || opts.max === undefined || compareAmounts(s, opts.max) <= 0, {
        error: 'too_big',
      }),
  );
/** A money field (payment, contract, annex, bill, credit, receipt amounts): malformed is `invalid_amount`. */
export const amountField = (opts: { min?: number; max?: number } = {}) =>
  strictDecimal('invalid_amount', opts);
/** A rate or percentage (VAT, guarantee %, tax value), read as strictly: malformed is `invalid_number`. */
export const rateField = (opts: { min?: number; max?: number } = {}) => strictDecimal('invalid_number', opts);
/** ISO date YYYY-MM-DD, a real calendar day. */
export const isoDate = () => z.iso.date({ error: 'invalid_date' });
export const idParamsSchema = z.object({ id: idParam });
export const versionSchema = wholeNumber({ min: 0 });
export const versionBodySchema = z.object({ version: versionSchema });

/** The list query every paging endpoint accepts (docs/product.md#api-conventions). */
export const pagingQuerySchema = z.object({
  page: wholeNumber({ min: 1 }).default(1),
  itemsPerPage: wholeNumber({ min: 1, max: MAX_ITEMS_PER_PAGE }).default(DEFAULT_ITEMS_PER_PAGE),
  sortBy: z.string().max(64).optional(),
  sortDesc: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .optional(),
  search: z.string().max(200).optional(),
  /**
   * The fields the client will read, comma-separated: the answer's items then hold these and the
   * record's `id`, `version` and `status`, nothing else. Without it, every field.
   */
  fields: z.string().max(2000).optional(),
  status: z.enum(statusFilters).optional(),
  constructionId: constructionSelector.optional(),
  /** `nextCursor` / `prevCursor` of a page already read: the page right after / before it. */
  cursor: z.string().max(2048).optional(),
  /** Count every matching row even past EXACT_TOTAL_LIMIT (slower on large lists). */
  exactTotal: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .optional(),
});
export type PagingQuery = z.infer<typeof pagingQuerySchema>;

/** The fields a page's item holds whatever `fields` names: the record, its version, its state. */
export const LISTED_ALWAYS = ['id', 'version', 'status'] as const;

/**
 * A list's item as its page answers it: `fields` may leave out any field but LISTED_ALWAYS
 * (docs/adr/0122-a-named-list-answers-only-what-it-names.md), so the answer's schema requires those
 * only; the type stays the record's, read by a client for the fields it named.
 */
function listedItem<T extends z.ZodType>(item: T): T {
  if (!(item instanceof z.ZodObject)) return item;
  const always: Record<string, true> = {};
  for (const field of LISTED_ALWAYS) if (field in item.shape) always[field] = true;
  return item.partial().required(always as never) as unknown as T;
}

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(listedItem(item)),
    total: z.number().int(),
    totalExact: z.boolean(),
    page: z.number().int(),
    itemsPerPage: z.number().int(),
    nextCursor: z.string().nullable().optional(),
    prevCursor: z.string().nullable().optional(),
    totals: z
      .object({ count: z.number().int() })
      .catchall(z.union([z.string(), z.number()]))
      .optional()
      .describe('Over every matching row, not the page: the count and the sums of its money'),
  });

/** The answer of a call that has nothing else to say. */
export const okSchema = z.object({ ok: z.boolean() });

/** Columns every mutable record carries. */
export const recordMetaSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
  /** Those two by the full name, on a single record's read (`get/{id}`). */
  created_by_name: z.string().nullable().optional(),
  updated_by_name: z.string().nullable().optional(),
});

export const errorCodes = [
  'bad_request',
  'invalid_token',
  'unknown_application',
  'forbidden',
  'password_change_required',
  'not_found',
  'invalid_version',
  'conflict',
  'invalid_date',
  'unprocessable',
  'too_many_requests',
  'payload_too_large',
  'internal_error',
  'service_unavailable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorEnvelopeSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** The rule that refused (422, 404): a stable key with the values its text needs. */
  reason: z.string().optional(),
  params: z
    .object({})
    .catchall(z.union([z.string(), z.number()]))
    .optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
