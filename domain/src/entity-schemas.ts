/**
 * The zod schemas of an entity, from its description (`entity.ts`): the input a create takes, the
 * update (the input and the version) and the record the API answers. Each field type reads as the
 * common helpers of `common.schema.ts` read it, so an entity described here refuses what a
 * hand-written schema refuses, with the same reasons.
 */
import { z } from 'zod';
import {
  intField,
  isoDate,
  optionalEmail,
  optionalInt,
  optionalRef,
  optionalText,
  rateField,
  recordMetaSchema,
  requiredRef,
  requiredText,
  specName,
  versionSchema,
} from './common.schema.ts';
import type { Entity, EntityField } from './entity.ts';

/** Exactly `length` digits; blank clears it. */
const digits = (length: number, required: boolean) => {
  const s = z.string().regex(new RegExp(`^\\d{${length}}$`), { error: 'invalid_format' });
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : v),
    required ? z.string({ error: 'required' }).pipe(s) : s.nullable().optional(),
  );
};

function inputOf(f: EntityField): z.ZodType {
  const required = f.required === true;
  switch (f.type) {
    case 'text':
    case 'textarea':
    case 'tel':
      return required ? requiredText(f.max) : optionalText(f.max);
    case 'email':
      return optionalEmail();
    case 'digits':
      return digits(f.length, required);
    case 'integer':
      return required ? intField(f.min, f.max) : optionalInt(f.min, f.max);
    case 'percent':
      return rateField({ min: f.min, max: f.max });
    case 'date':
      return isoDate().nullable().optional();
    case 'boolean':
      return z.boolean().optional();
    case 'choice':
      return z.enum(f.choices as [string, ...string[]], { error: 'required' });
    case 'reference':
      return required ? requiredRef() : optionalRef();
  }
}

function outputOf(f: EntityField): z.ZodType {
  const base =
    f.type === 'integer' || f.type === 'reference'
      ? z.number()
      : f.type === 'boolean'
        ? z.boolean()
        : z.string();
  // what a create must carry is never null; the rest may be, and a computed one may be left out
  if (f.required || f.type === 'boolean' || f.type === 'choice' || f.type === 'percent') return base;
  return f.output ? base.nullable().optional() : base.nullable();
}

export function entitySchemas(entity: Entity) {
  const input: Record<string, z.ZodType> = {};
  const record: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(entity.fields)) {
    record[name] = outputOf(f);
    if (f.type === 'reference' && f.display) record[f.display] = z.string().nullable().optional();
    if (f.output) continue;
    input[name] = f.alias ? specName(f.alias, inputOf(f)) : inputOf(f);
  }
  const inputSchema = z.object(input);
  return {
    input: inputSchema,
    update: inputSchema.extend({ version: versionSchema }),
    record: recordMetaSchema.extend(record),
  };
}
