/**
 * The generic create/update form: fields from the description, validated with the domain's zod
 * schema (labels and messages in the active language), sending the version read; a 400's field
 * errors land on their fields, a 409 tells the user to press F5 (the API client's toast).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useMemo } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { FormShell, formTitle } from './form-shell.tsx';
import { fieldsFor, formDefaults } from './form-values.ts';
import { useLeaveGuard } from './leave-guard.tsx';
import { applyServerErrors, RecordFields } from './record-fields.tsx';
import { formSchemasQuery, resourceRecordQuery, useSaveRecord } from './resource.queries.ts';
import type { FormSchemas, ResourceDescription, ResourceRecord } from './resource.types.ts';

export type Mode = 'create' | 'update';

/** `schema`: the mode's, from the description's `form.schemas`. */
export type RecordFormProps = {
  resource: ResourceDescription;
  mode: Mode;
  record?: ResourceRecord;
  schema: z.ZodType;
};

const noSchemas = (name: string) => (): Promise<FormSchemas> =>
  Promise.reject(new Error(`${name}: a list only read has no form`));

/**
 * A form page's frame: it loads the form's schemas and, on update, the record (a skeleton meanwhile,
 * "not found" if it is gone), then shows `form`, keyed by the record's version so that a reload
 * starts it afresh.
 */
export function RecordFormPage({
  resource,
  mode,
  form: Form,
  skeletonHeight = 320,
}: {
  resource: ResourceDescription;
  mode: Mode;
  form: ComponentType<RecordFormProps>;
  skeletonHeight?: number;
}) {
  const { t } = useTranslation();
  const { id } = useParams();
  const record = useQuery({
    ...resourceRecordQuery(resource, id ?? ''),
    enabled: mode === 'update' && Boolean(id),
  });
  const schemas = useQuery(
    formSchemasQuery([resource.name], resource.form.schemas ?? noSchemas(resource.name)),
  );
  if (mode === 'update') {
    if (record.isPending) return <Skeleton variant="rounded" height={skeletonHeight} />;
    if (!record.data) return <Alert severity="error">{t('errors.causes.notFound')}</Alert>;
  }
  if (!schemas.data) return <Skeleton variant="rounded" height={skeletonHeight} />;
  return (
    <Form
      key={`${id}-${record.data?.version}`}
      resource={resource}
      mode={mode}
      record={record.data}
      schema={mode === 'update' ? schemas.data.update : schemas.data.create}
    />
  );
}

/**
 * `onSaved`: what follows a save instead of going back to the list (a new user's page, after the
 * password the server chose is shown once). `initial`: values a create form starts from instead of
 * empty ones (a bill for the customer whose page it was asked from).
 */
export function ResourceFormPage({
  resource,
  mode,
  onSaved,
  initial,
}: {
  resource: ResourceDescription;
  mode: Mode;
  onSaved?: (saved: ResourceRecord) => void;
  initial?: Record<string, unknown>;
}) {
  const form = useMemo(
    () => (props: RecordFormProps) => <ResourceForm {...props} onSaved={onSaved} initial={initial} />,
    [onSaved, initial],
  );
  return <RecordFormPage resource={resource} mode={mode} form={form} />;
}

function ResourceForm({
  resource,
  mode,
  record,
  schema,
  onSaved,
  initial,
}: RecordFormProps & { onSaved?: (saved: ResourceRecord) => void; initial?: Record<string, unknown> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fields = useMemo(() => fieldsFor(resource.form.fields, mode), [resource, mode]);
  const save = useSaveRecord(resource, mode === 'update' ? String(record?.id) : undefined);
  const defaults = useMemo(() => {
    const values = formDefaults(fields, record);
    if (mode === 'update') values.version = record?.version ?? 0;
    else Object.assign(values, initial);
    return values;
  }, [fields, record, mode, initial]);
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaults,
  });

  const leave = useLeaveGuard(form.formState.isDirty);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(
        mode === 'update' ? { ...values, version: record?.version } : values,
      );
      leave.release();
      if (onSaved) onSaved(saved);
      else navigate(`${resource.routeBase}/list`);
    } catch (error) {
      applyServerErrors(form, error, Object.keys(defaults));
    }
  });

  return (
    <FormShell
      title={formTitle(t, mode, t(`resources.${resource.name}.name`))}
      onSubmit={submit}
      submitting={form.formState.isSubmitting}
      leave={leave}
    >
      <RecordFields resource={resource.name} fields={fields} schema={schema} form={form} record={record} />
    </FormShell>
  );
}
