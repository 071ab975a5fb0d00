/**
 * What a generic form starts from and how it reads errors, shared by the resource form page and the
 * in-place child forms (a contractor's beneficiaries). Pure, with tests beside it.
 */
import type { z } from 'zod';
import { trimDecimal } from './format-value.ts';
import type { FieldSpec } from './resource.types.ts';

const NUMERIC_KINDS = new Set(['integer', 'decimal', 'percent', 'number', 'amount']);

/** The fields a create or an update form shows (a field marked `only` appears on that one alone). */
export function fieldsFor(fields: FieldSpec[], mode: 'create' | 'update'): FieldSpec[] {
  return fields.filter((f) => !f.only || f.only === mode);
}

/**
 * A form's starting values: the record's, else empty ('' for text, null for an empty date, [] for
 * several references, false for a switch).
 */
export function formDefaults(fields: FieldSpec[], record?: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of fields) {
    const value = record?.[f.name];
    if (f.kind === 'date') values[f.name] = value ?? null;
    else if (f.kind === 'references') values[f.name] = Array.isArray(value) ? value : [];
    else if (f.kind === 'boolean') values[f.name] = value === true;
    else if ((f.kind === 'decimal' || f.kind === 'percent') && typeof value === 'string')
      values[f.name] = trimDecimal(value);
    // a coded number the API answers as 10 or "10.00" is the choice "10" (a bill's VAT rate)
    else if (f.kind === 'choice' && (typeof value === 'number' || typeof value === 'string'))
      values[f.name] = f.choices?.find((c) => c === trimDecimal(String(value))) ?? value;
    else values[f.name] = value ?? '';
  }
  return values;
}

/** Whether a schema field must be filled: it refuses both an empty value and an absent one. */
export function isRequired(schema: z.ZodType, name: string): boolean {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  const field = shape?.[name];
  if (!field) return false;
  return !field.safeParse('').success && !field.safeParse(undefined).success;
}

/** Whether a schema field takes a negative number (typed as text, or as a number). */
export function acceptsNegative(schema: z.ZodType, name: string): boolean {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  const field = shape?.[name];
  return Boolean(field && (field.safeParse('-1').success || field.safeParse(-1).success));
}

/** The first error of each field the form shows, in the server's order (the first gets focus). */
export function serverFieldErrors(
  errors: { field: string; message: string }[],
  fieldNames: string[],
): { field: string; message: string }[] {
  const seen = new Set<string>();
  const result: { field: string; message: string }[] = [];
  for (const item of errors) {
    if (seen.has(item.field) || !fieldNames.includes(item.field)) continue;
    seen.add(item.field);
    result.push(item);
  }
  return result;
}

/**
 * zod's own bounds on a number arrive as issue codes (`too_big`, `too_small`) with English text; for
 * a numeric field they mean "out of range", not "too long", so they become the message keys.
 */
export function numericFieldError<E extends { message?: string; type?: string | number }>(
  kind: FieldSpec['kind'],
  error: E | undefined,
): E | undefined {
  if (!error || !kind || !NUMERIC_KINDS.has(kind)) return error;
  if (error.type === 'too_big' || error.type === 'too_small') return { ...error, message: error.type };
  if (error.type === 'invalid_type' && error.message && !/^[a-z_]+$/.test(error.message))
    return { ...error, message: 'invalid_number' };
  return error;
}

/** A form's reference fields and the lists naming their records, for the change history. */
export function referenceLists(fields: FieldSpec[]): Record<string, string> {
  return Object.fromEntries(
    fields
      .filter(
        (f) => (f.kind === 'reference' || f.kind === 'references') && f.options && !f.options.valueField,
      )
      .map((f) => [f.name, f.options!.endpoint]),
  );
}
