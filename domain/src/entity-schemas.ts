/**
 * The zod schemas of an entity, from its description (`entity.ts`): the input a create takes, the
 * update (the input and the version) and the record the API answers. Each field type reads as the
 * common helpers of `common.schema.ts` read it, so an entity described here refuses what a
 * hand-written schema refuses, with the same reasons.
 */
import { z } from 'zod';
import {
  amountField,
  idParam,
  intField,
  isoDate,
  optionalEmail,
  optionalInt,
  optionalRef,
  optionalText,
  phoneField,
  rateField,
  recordMetaSchema,
  requiredRef,
  requiredText,
  specName,
  versionSchema,
} from './common.schema.ts';
import type { Entity, EntityField, TextFormat } from './entity.ts';

/** Exactly `length` digits; blank clears it. */
const digits = (length: number, required: boolean) => {
  const s = z.string().regex(new RegExp(`^\\d{${length}}$`), { error: 'invalid_format' });
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : v),
    required ? z.string({ error: 'required' }).pipe(s) : s.nullable().optional(),
  );
};

/**
 * A text field with a form: what is typed, less `strip`, trimmed, as `clean` writes it; refused with
 * the format's reason. `lax` (an update of a `keepStored` format) takes any text: the server checks
 * a changed value (`formatErrors`).
 */
function formatted(f: { max?: number; format: TextFormat; upper?: boolean }, required: boolean, lax = false) {
  const { error, strip } = f.format;
  const clean = (v: unknown) => {
    if (typeof v !== 'string') return v;
    let text = strip ? v.replace(strip, '') : v.trim();
    if (f.format.clean) text = f.format.clean(text);
    if (f.upper) text = text.toUpperCase();
    return required || text !== '' ? text : null;
  };
  const valid = (v: string) => lax || formatAccepts(f.format, v);
  let s = z.string({ error: 'required' }).min(1, { error: 'required' });
  if (f.max) s = s.max(f.max);
  const checked = s.refine(valid, { error });
  return z.preprocess(clean, required ? checked : checked.nullable().optional());
}

/** Whether a cleaned text has the format's form. */
export const formatAccepts = (format: TextFormat, text: string): boolean =>
  format.pattern.test(text) && (format.check?.(text) ?? true);

/**
 * The fields of `values` (an update's cleaned input) whose `keepStored` format refuses them while
 * they differ from the `stored` record's: the rule an update's lax schema leaves to the server.
 */
export function formatErrors(
  entity: Pick<Entity, 'fields'>,
  values: Record<string, unknown>,
  stored: Record<string, unknown> | undefined,
): { field: string; message: string }[] {
  return Object.entries(entity.fields).flatMap(([field, f]) => {
    if ((f.type !== 'text' && f.type !== 'textarea') || !f.format?.keepStored) return [];
    const value = values[field];
    if (typeof value !== 'string' || value === stored?.[field]) return [];
    return formatAccepts(f.format, value) ? [] : [{ field, message: f.format.error }];
  });
}

function inputOf(f: EntityField, update = false): z.ZodType {
  const required = f.required === true;
  switch (f.type) {
    case 'tel':
      return phoneField(required, f.max);
    case 'text':
    case 'textarea':
      if (f.format)
        return formatted(
          { max: f.max, format: f.format, upper: f.upper },
          required,
          update && f.format.keepStored === true,
        );
      return required ? requiredText(f.max) : optionalText(f.max);
    case 'email':
      return required ? requiredEmail() : optionalEmail();
    case 'digits':
      return digits(f.length, required);
    case 'integer':
      return required ? intField(f.min, f.max) : optionalInt(f.min, f.max);
    case 'percent':
      return rateField({ min: f.min, max: f.max });
    case 'money': {
      const amount = amountField(f.signed ? {} : { min: 0 });
      return required ? amount : z.preprocess((v) => (v === '' ? null : v), amount.nullable().optional());
    }
    case 'date':
      // blank clears it, as every field
      return z.preprocess((v) => (v === '' ? null : v), isoDate().nullable().optional());
    case 'datetime':
      return z.iso.datetime({ offset: true }).nullable().optional();
    case 'boolean':
      return z.boolean().optional();
    case 'choice': {
      const choice = z.enum(f.choices as [string, ...string[]], { error: 'required' });
      // a defaulted choice may be left out: the table's default fills it (a document's requirement)
      return f.defaulted && !required ? choice.optional() : choice;
    }
    case 'reference':
      return required ? requiredRef() : optionalRef();
    case 'references':
      return z.array(idParam).max(f.max).optional();
  }
}

/** A required e-mail address: blank is missing, anything else must be an address. */
const requiredEmail = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
    z.email({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid_email') }).max(255),
  );

function outputOf(f: EntityField): z.ZodType {
  if (f.type === 'references') return z.array(z.number()).optional();
  const base =
    f.type === 'integer' || f.type === 'reference'
      ? z.number()
      : f.type === 'boolean'
        ? z.boolean()
        : z.string();
  // what a create must carry is never null; the rest may be, and a computed one may be left out
  if (f.mayBeNull) return base.nullable();
  if (f.required || f.defaulted || f.type === 'choice' || f.type === 'percent') return base;
  return f.output ? base.nullable().optional() : base.nullable();
}

type Fields<E extends Entity> = E['fields'];
/** What a field is on the wire. */
type Value<F> = F extends { type: 'integer' | 'reference' }
  ? number
  : F extends { type: 'boolean' }
    ? boolean
    : string;
/** What a record carries: never null when required (or a choice, a rate), else null; a computed one may be absent. */
type Output<F> = F extends { mayBeNull: true }
  ? Value<F> | null
  : F extends { type: 'references' }
    ? Value<F> | undefined
    : F extends { required: true } | { defaulted: true }
      ? Value<F>
      : F extends { type: 'choice' | 'percent' }
        ? Value<F>
        : F extends { output: true }
          ? Value<F> | null | undefined
          : Value<F> | null;
type RecordShape<E extends Entity> = {
  [K in keyof Fields<E>]: z.ZodType<Output<Fields<E>[K]>>;
} & {
  [K in keyof Fields<E> as Fields<E>[K] extends { display: infer D extends string } ? D : never]: z.ZodType<
    string | null | undefined
  >;
};
type InputShape<E extends Entity> = {
  [K in keyof Fields<E> as Fields<E>[K] extends { output: true } ? never : K]: z.ZodType<
    Value<Fields<E>[K]> | null | undefined
  >;
};

export type EntitySchemas<E extends Entity> = {
  input: z.ZodObject<InputShape<E>>;
  update: z.ZodObject<InputShape<E> & { version: typeof versionSchema }>;
  record: z.ZodObject<(typeof recordMetaSchema)['shape'] & RecordShape<E>>;
};

export function entitySchemas<E extends Entity>(entity: E): EntitySchemas<E> {
  const input: Record<string, z.ZodType> = {};
  const update: Record<string, z.ZodType> = {};
  const record: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(entity.fields)) {
    record[name] = outputOf(f);
    if (f.type === 'reference' && f.display) record[f.display] = z.string().nullable().optional();
    if (f.output) continue;
    input[name] = f.alias ? specName(f.alias, inputOf(f)) : inputOf(f);
    update[name] = f.alias ? specName(f.alias, inputOf(f, true)) : inputOf(f, true);
  }
  const inputSchema = z.object(input);
  return {
    input: inputSchema,
    update: z.object(update).extend({ version: versionSchema }),
    record: recordMetaSchema.extend(record),
  } as unknown as EntitySchemas<E>;
}
