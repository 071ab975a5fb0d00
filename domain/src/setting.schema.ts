/**
 * The settings (danh mục): small lists every contract and payment request points at.
 * Each is name + code plus what is special to it.
 */
import { z } from 'zod';
import {
  intField,
  optionalRef,
  optionalText,
  rateField,
  recordMetaSchema,
  requiredText,
  versionSchema,
} from './common.schema.ts';

const named = { name: requiredText(255), code: requiredText(50) };
const namedOut = { name: z.string(), code: z.string() };

const kind = <I extends z.ZodRawShape, O extends z.ZodRawShape>(input: I, output: O) => {
  const inputSchema = z.object({ ...named, ...input });
  return {
    input: inputSchema,
    update: inputSchema.extend({ version: versionSchema }),
    record: recordMetaSchema.extend({ ...namedOut, ...output }),
  };
};

export const documentAttachmentTypes = ['original', 'copy'] as const;

/** A bank's NAPAS BIN (Vietcombank 970436): six digits, for VietQR codes; blank clears it. */
const napasBin = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : v),
    z
      .string()
      .regex(/^\d{6}$/, { error: 'invalid_format' })
      .nullable()
      .optional(),
  );

export const settingSchemas = {
  bank: kind(
    { short_name: optionalText(50), bin: napasBin() },
    { short_name: z.string().nullable(), bin: z.string().nullable() },
  ),
  tax: kind({ value: rateField({ min: 0, max: 100 }) }, { value: z.string() }),
  'contract-type': kind({ note: optionalText(500) }, { note: z.string().nullable() }),
  'construction-item': kind({ note: optionalText(500) }, { note: z.string().nullable() }),
  'document-attachment': kind(
    {
      type: z.enum(documentAttachmentTypes, { error: 'required' }),
      quantity: intField(1, 1000),
      ordered: intField(0, 10000),
      transaction_type_id: optionalRef(),
    },
    {
      type: z.string(),
      quantity: z.number(),
      ordered: z.number(),
      transaction_type_id: z.number().nullable(),
      transaction_type_name: z.string().nullable().optional(),
    },
  ),
  'transaction-type': kind({ pay_date: intField(0, 3650) }, { pay_date: z.number() }),
  'constructor-type': kind({ note: optionalText(500) }, { note: z.string().nullable() }),
  'payment-type': kind({ note: optionalText(500) }, { note: z.string().nullable() }),
  'payment-method': kind({ note: optionalText(500) }, { note: z.string().nullable() }),
  'payment-date': kind({ day_of_month: intField(1, 31) }, { day_of_month: z.number() }),
} as const;

export type SettingName = keyof typeof settingSchemas;
