/**
 * The field grid of a generic form (two columns from md, one on phones) and how a server 400's field
 * errors land on it. Used by the resource form page and the in-place child forms.
 */
import Box from '@mui/material/Box';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../lib/error-catalogue.ts';
import { FormField } from './form-field.tsx';
import { acceptsNegative, isRequired, serverFieldErrors } from './form-values.ts';
import type { FieldSpec } from './resource.types.ts';

type Props = {
  resource: string;
  fields: FieldSpec[];
  schema: z.ZodType;
  form: UseFormReturn<FieldValues>;
  record?: Record<string, unknown>;
  /** Narrow forms (a dialog) keep one column. */
  columns?: 1 | 2;
};

export function RecordFields({ resource, fields, schema, form, record, columns = 2 }: Props) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2.5,
        // minmax(0, …): a long value (a picked endpoint's path) wraps or ellipsizes instead of widening the page
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          md: columns === 2 ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)',
        },
      }}
    >
      {fields.map((spec, index) => (
        <FormField
          key={spec.name}
          spec={spec}
          control={form.control}
          resource={resource}
          record={record}
          label={t(`resources.${resource}.fields.${spec.name}`)}
          required={isRequired(schema, spec.name)}
          negative={acceptsNegative(schema, spec.name)}
          autoFocus={index === 0}
        />
      ))}
    </Box>
  );
}

/** Puts a 400's `errors[]` on the form's fields (first per field; focus on the first). */
export function applyServerErrors(form: UseFormReturn<FieldValues>, error: unknown, fieldNames: string[]) {
  if (!(error instanceof ApiError) || error.status !== 400) return;
  serverFieldErrors(error.errors, fieldNames).forEach((item, index) => {
    form.setError(item.field, { type: 'server', message: item.message }, { shouldFocus: index === 0 });
  });
}
